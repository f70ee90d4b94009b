import { Box, Button, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { CREATIVE_LIMITS } from '@shared/api/creative';
import { useId, useRef, useState } from 'react';

/** The image input's label, and what it takes. */
export const IMAGE_LABEL = 'Image (PNG, JPEG or WebP, up to 10 MB)';
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const REMOVE_IMAGE_LABEL = 'Remove image';
export const IMAGE_TOO_LARGE = 'The image is larger than 10 MB.';
export const IMAGE_UNREADABLE = 'The image could not be read. Try another file.';

/** A chosen image: its name, the data URL to preview it, and the base64 the API takes. */
export interface ChosenImage {
  name: string;
  dataUrl: string;
  base64: string;
}

/** Reads a file as a data URL with FileReader. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(IMAGE_UNREADABLE));
    reader.readAsDataURL(file);
  });
}

export interface ImageFieldProps {
  image: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  /** A refusal to show under the input (the server's, or a local check's). */
  error?: string | null;
  disabled?: boolean;
}

/** The image file input: shows the chosen file's name with Remove; the file is read as base64. */
export function ImageField({ image, onChange, error, disabled }: ImageFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error ?? null;

  const choose = async (file: File | undefined) => {
    setLocalError(null);
    if (!file) return;
    if (file.size > CREATIVE_LIMITS.maxImageBytes) {
      setLocalError(IMAGE_TOO_LARGE);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      onChange({ name: file.name, dataUrl, base64: dataUrl.slice(dataUrl.indexOf(',') + 1) });
    } catch {
      setLocalError(IMAGE_UNREADABLE);
    }
  };

  const remove = () => {
    onChange(null);
    setLocalError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <Stack spacing={1}>
      <FormLabel htmlFor={inputId} error={Boolean(shownError)}>
        {IMAGE_LABEL}
      </FormLabel>
      <Box
        component="input"
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={Boolean(shownError)}
        aria-describedby={shownError ? helpId : undefined}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => void choose(event.target.files?.[0])}
      />
      {image && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{image.name}</Typography>
          <Button size="small" onClick={remove} disabled={disabled} aria-label={`${REMOVE_IMAGE_LABEL} ${image.name}`}>
            Remove
          </Button>
        </Stack>
      )}
      {shownError && (
        <FormHelperText id={helpId} error>
          {shownError}
        </FormHelperText>
      )}
    </Stack>
  );
}
