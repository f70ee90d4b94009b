import { Box, Stack, Tooltip, Typography } from '@mui/material';
import type { CreativeAnalyzeInput, CreativeField, CreativeSpan } from '@shared/api/creative';

import { fieldName, segmentText } from './creativeFormat';

export const HIGHLIGHTS_HEADING = 'Your copy, marked up';
export const HIGHLIGHTS_LEGEND =
  'Green underline: earned points. Red wavy underline: cost points. Hover or focus a marked stretch for the reason.';

const FIELDS: CreativeField[] = ['headline', 'primary_text', 'description', 'cta', 'landing_url'];

/** Every field as sent, in order, with its index among the headlines. */
function fieldsOf(input: CreativeAnalyzeInput): { field: CreativeField; index: number; text: string }[] {
  return FIELDS.flatMap((field): { field: CreativeField; index: number; text: string }[] =>
    field === 'headline'
      ? input.headlines.map((text, index) => ({ field, index, text }))
      : [{ field, index: 0, text: input[field] }],
  ).filter((entry) => entry.text !== '');
}

/** One field's text with the spans that earned (green) or cost (red) points; each reason is the stretch's description. */
export function HighlightedText({ text, spans }: { text: string; spans: CreativeSpan[] }) {
  return (
    <Typography component="p" variant="body1" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
      {segmentText(text, spans).map((segment, index) =>
        segment.kind === null ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <Tooltip key={index} title={segment.reasons.join(' ')} describeChild>
            <Box
              component="mark"
              tabIndex={0}
              data-kind={segment.kind}
              sx={{
                bgcolor: 'transparent',
                color: 'inherit',
                textDecorationLine: 'underline',
                textDecorationThickness: 2,
                textDecorationStyle: segment.kind === 'cost' ? 'wavy' : 'solid',
                textDecorationColor: (theme) =>
                  segment.kind === 'cost' ? theme.palette.error.main : theme.palette.success.main,
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              {segment.text}
            </Box>
          </Tooltip>
        ),
      )}
    </Typography>
  );
}

/** Each field of the copy as sent, with its highlights. */
export function HighlightedCopy({ input, spans }: { input: CreativeAnalyzeInput; spans: CreativeSpan[] }) {
  const fields = fieldsOf(input);
  if (fields.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-label={HIGHLIGHTS_HEADING}>
      <Typography variant="h3">{HIGHLIGHTS_HEADING}</Typography>
      <Typography variant="body2" color="text.secondary">
        {HIGHLIGHTS_LEGEND}
      </Typography>
      {fields.map(({ field, index, text }) => (
        <Box key={`${field}-${index}`}>
          <Typography variant="subtitle2">{fieldName(field, index)}</Typography>
          <HighlightedText text={text} spans={spans.filter((span) => span.field === field && span.index === index)} />
        </Box>
      ))}
    </Stack>
  );
}
