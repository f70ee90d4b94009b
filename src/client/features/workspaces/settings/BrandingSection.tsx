import { errorMessage } from '@client/api/errors';
import { FormFooter } from '@client/components/FormFooter';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { BRANDING_LIMITS, BRANDING_MESSAGES, BRANDING_TEXT_COLOUR, type WorkspaceBranding } from '@shared/api/branding';
import { contrastRatio, formatRatio, HEX_COLOUR_PATTERN, WCAG_AA_NORMAL_TEXT } from '@shared/contrast';
import { brandingSchema } from '@shared/validation/branding';
import { Form, Formik, type FormikHelpers, useField } from 'formik';
import { type ChangeEvent, useId, useRef, useState } from 'react';

import { useGetBrandingQuery, useRemoveBrandingLogoMutation, useSaveBrandingMutation } from '../branding.api';

export const BRANDING_SAVED = 'Branding saved.';
export const BRANDING_SAVE_FAILED = 'Unable to save the branding. Please try again.';
export const BRANDING_LOAD_FAILED = 'Unable to load the branding right now.';
export const LOGO_REMOVED = 'Logo removed.';
export const BRANDING_NOT_SET =
  'No branding yet: reports and the dashboard use the workspace’s name and the product’s colours.';
export const BRANDING_MANAGERS_ONLY = 'Only an owner or a manager can change the branding.';
/** The colour the form starts from when the workspace has none (white text on it passes AA). */
export const DEFAULT_BRAND_COLOUR = '#1a4fa0';

const HEADING_ID = 'workspace-branding-heading';
const FAILURE_ID = 'workspace-branding-failure';

/** The form's values: the contract's input, with a chosen file's base64 (and its preview) in `logo`. */
interface BrandingValues {
  name: string;
  primary_color: string;
  sender_name: string;
  reply_to: string;
  logo: string | null;
}

/** "7.12:1, passes WCAG AA" or why it does not. */
export function contrastVerdict(colour: string): { ok: boolean; text: string } | null {
  if (!HEX_COLOUR_PATTERN.test(colour.trim())) return null;
  const ratio = contrastRatio(colour.trim(), BRANDING_TEXT_COLOUR)!;
  const ok = ratio >= WCAG_AA_NORMAL_TEXT;
  return {
    ok,
    text: ok
      ? `White text on this colour: ${formatRatio(ratio)}, passes WCAG AA (${WCAG_AA_NORMAL_TEXT}:1).`
      : `White text on this colour: ${formatRatio(ratio)}, fails WCAG AA (needs ${WCAG_AA_NORMAL_TEXT}:1). Choose a darker colour.`,
  };
}

/** The hex field, a native colour picker beside it, and the live contrast verdict on a preview swatch. */
function ColourField() {
  const [field, , helpers] = useField<string>('primary_color');
  const verdictId = useId();
  const verdict = contrastVerdict(field.value);
  const swatch = verdict ? field.value.trim() : '#ffffff';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormikTextField
          id="branding-primary-color"
          name="primary_color"
          label="Primary colour"
          autoComplete="off"
          required
          helperText="A hex colour such as #1a4fa0; white text must stay readable on it."
          slotProps={{ htmlInput: { 'aria-describedby': verdictId, spellCheck: false } }}
          sx={{ flexGrow: 1 }}
        />
        <Box
          component="input"
          type="color"
          aria-label="Pick the primary colour"
          value={verdict ? swatch : DEFAULT_BRAND_COLOUR}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            void helpers.setValue(event.target.value);
            void helpers.setTouched(true, false);
          }}
          sx={{
            width: 56,
            height: 56,
            p: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            cursor: 'pointer',
          }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            bgcolor: swatch,
            color: BRANDING_TEXT_COLOUR,
            px: 2,
            py: 1,
            borderRadius: 1,
            fontWeight: 700,
            border: 1,
            borderColor: 'divider',
          }}
        >
          Aa
        </Box>
        <Typography
          id={verdictId}
          role="status"
          aria-live="polite"
          color={verdict && !verdict.ok ? 'error' : 'text.secondary'}
          variant="body2"
        >
          {verdict?.text ?? 'Enter a colour to see its contrast with white text.'}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Reads a chosen file as base64 (without the data: prefix) and a preview URL; refuses one over the limit. */
function readFile(file: File): Promise<{ base64: string; preview: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ base64: url.slice(url.indexOf(',') + 1), preview: url });
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function LogoField({ branding }: { branding: WorkspaceBranding }) {
  const [field, meta, helpers] = useField<string | null>('logo');
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removeLogo, removing] = useRemoveBrandingLogoMutation();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();
  const shown = field.value ? preview : (branding.logo?.url ?? null);
  const error = problem ?? (meta.touched ? meta.error : undefined) ?? null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > BRANDING_LIMITS.logoMaxBytes) {
      setProblem(BRANDING_MESSAGES.logoTooLarge(file.size));
      return;
    }
    const { base64, preview: url } = await readFile(file);
    setPreview(url);
    await helpers.setValue(base64);
  };

  const remove = async () => {
    setProblem(null);
    if (field.value) {
      // A file chosen but not saved yet: forget it, the saved logo stays.
      setPreview(null);
      await helpers.setValue(null);
      return;
    }
    try {
      await removeLogo().unwrap();
      notify(LOGO_REMOVED, 'success');
    } catch (failure) {
      setProblem(errorMessage(failure, BRANDING_SAVE_FAILED));
    }
  };

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Logo
      </Typography>
      <Typography variant="body2" color="text.secondary">
        PNG or SVG, up to {Math.round(BRANDING_LIMITS.logoMaxBytes / 1000).toLocaleString('en-US')} KB. SVG files are
        checked: no scripts, event handlers or outside references.
      </Typography>
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={field.value ? 'Preview of the chosen logo' : 'The current logo'}
          sx={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      ) : (
        <Typography variant="body2">No logo yet.</Typography>
      )}
      <Stack direction="row" spacing={1}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/svg+xml,.png,.svg"
          hidden
          onChange={(event) => void choose(event)}
          aria-describedby={error ? problemId : undefined}
        />
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {shown ? 'Replace logo' : 'Upload logo'}
        </Button>
        {shown && (
          <LoadingButton variant="text" color="error" loading={removing.isLoading} onClick={() => void remove()}>
            Remove logo
          </LoadingButton>
        )}
      </Stack>
      {error && (
        <Alert severity="error" id={problemId}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function BrandingForm({ branding }: { branding: WorkspaceBranding }) {
  const [saveBranding] = useSaveBrandingMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues: BrandingValues = {
    name: branding.name,
    primary_color: branding.primary_color ?? DEFAULT_BRAND_COLOUR,
    sender_name: branding.sender_name ?? '',
    reply_to: branding.reply_to ?? '',
    logo: null,
  };

  const submit = async (values: BrandingValues, helpers: FormikHelpers<BrandingValues>) => {
    setFailure(null);
    try {
      const saved = await saveBranding(brandingSchema.cast(values)).unwrap();
      helpers.resetForm({
        values: {
          name: saved.name,
          primary_color: saved.primary_color ?? DEFAULT_BRAND_COLOUR,
          sender_name: saved.sender_name ?? '',
          reply_to: saved.reply_to ?? '',
          logo: null,
        },
      });
      notify(BRANDING_SAVED, 'success');
    } catch (error) {
      setFailure(errorMessage(error, BRANDING_SAVE_FAILED));
    }
  };

  return (
    <Formik<BrandingValues>
      initialValues={initialValues}
      validationSchema={brandingSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-labelledby={HEADING_ID} aria-describedby={failure ? FAILURE_ID : undefined}>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <FormikTextField
              id="branding-name"
              name="name"
              label="Name on reports"
              autoComplete="organization"
              required
              fullWidth
              helperText={`Up to ${BRANDING_LIMITS.nameMax} characters.`}
            />
            <ColourField />
            <LogoField branding={branding} />
            <FormikTextField
              id="branding-sender-name"
              name="sender_name"
              label="Sender name of report e-mails"
              autoComplete="off"
              fullWidth
              helperText="Left empty: the name on reports."
            />
            <FormikTextField
              id="branding-reply-to"
              name="reply_to"
              label="Reply-to address of report e-mails"
              type="email"
              autoComplete="email"
              fullWidth
              helperText="Where replies to report e-mails go (optional)."
            />
            <FormFooter failure={failure} failureId={FAILURE_ID}>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting} disabled={!dirty}>
                Save branding
              </LoadingButton>
            </FormFooter>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** The branding as it is; a role that may change it opens the form from here. */
function BrandingSummary({ branding, onEdit }: { branding: WorkspaceBranding; onEdit?: () => void }) {
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 560 }}>
      {branding.logo && (
        <Box
          component="img"
          src={branding.logo.url}
          alt={`${branding.name} logo`}
          sx={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      )}
      {!branding.configured && <Typography>{BRANDING_NOT_SET}</Typography>}
      {branding.configured && (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dd': { m: 0 } }}
        >
          <Typography component="dt" color="text.secondary">
            Name on reports
          </Typography>
          <Typography component="dd">{branding.name}</Typography>
          <Typography component="dt" color="text.secondary">
            Primary colour
          </Typography>
          <Typography component="dd">{branding.primary_color ?? 'The product’s own colours'}</Typography>
        </Box>
      )}
      {onEdit ? (
        <Stack direction="row">
          <Button variant="outlined" onClick={onEdit}>
            Edit branding
          </Button>
        </Stack>
      ) : (
        <Alert severity="info">{BRANDING_MANAGERS_ONLY}</Alert>
      )}
    </Stack>
  );
}

/** The Branding section of the workspace settings page (issue 17): owners and managers edit it, everyone sees it. */
export function BrandingSection() {
  const canManage = useCan('branding:manage');
  const { data, error, isLoading } = useGetBrandingQuery();
  const [editing, setEditing] = useState(false);
  let content;
  if (data)
    content =
      canManage && editing ? (
        <BrandingForm branding={data} />
      ) : (
        <BrandingSummary branding={data} onEdit={canManage ? () => setEditing(true) : undefined} />
      );
  else if (isLoading)
    content = <Skeleton variant="rounded" height={120} sx={{ maxWidth: 560 }} aria-label="Loading the branding" />;
  else content = <Alert severity="error">{errorMessage(error, BRANDING_LOAD_FAILED)}</Alert>;
  return (
    <Stack component="section" spacing={2} aria-labelledby={HEADING_ID}>
      <Typography id={HEADING_ID} variant="h2">
        Branding
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        How reports and the dashboard look for this workspace&apos;s team and clients.
      </Typography>
      {content}
    </Stack>
  );
}
