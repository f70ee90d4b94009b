import { Box, Typography } from '@mui/material';
import type { CreativeImageAnalysis } from '@shared/api/creative';

export const imagePreviewLabel = (count: number) => `Image preview with ${count} marked area${count === 1 ? '' : 's'}`;
/** The widest the preview is drawn. */
const PREVIEW_WIDTH = 360;

/** The image as sent, with the overlay's rectangles drawn over it, scaled to the preview (positions in % of the image's pixels). */
export function ImagePreview({ src, image }: { src: string; image: CreativeImageAnalysis }) {
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <Box
      role="group"
      aria-label={imagePreviewLabel(image.overlay.length)}
      sx={{ position: 'relative', width: '100%', maxWidth: PREVIEW_WIDTH, lineHeight: 0 }}
    >
      <Box component="img" src={src} alt="The image as sent" sx={{ width: '100%', height: 'auto', display: 'block' }} />
      {image.overlay.map((rect, index) => (
        <Box
          key={index}
          data-kind={rect.kind}
          sx={{
            position: 'absolute',
            left: pct(rect.x, image.width),
            top: pct(rect.y, image.height),
            width: pct(rect.width, image.width),
            height: pct(rect.height, image.height),
            border: '2px dashed',
            borderColor: rect.kind === 'unsafe_band' ? 'warning.main' : 'error.main',
            bgcolor: rect.kind === 'unsafe_band' ? 'rgba(255, 152, 0, 0.15)' : 'rgba(211, 47, 47, 0.15)',
            boxSizing: 'border-box',
            overflow: 'hidden',
            lineHeight: 1.2,
          }}
        >
          <Typography variant="caption" sx={{ bgcolor: 'background.paper', px: 0.5 }}>
            {rect.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
