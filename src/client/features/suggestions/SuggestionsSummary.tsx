import { Box, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { type Suggestion, SUGGESTION_TYPE_LABELS } from '@shared/api/suggestions';
import { useId, useMemo } from 'react';

import { formatConversionsPerWeek, formatImpactTotal, formatOverlap, formatSuggestionCount } from './suggestionFormat';
import { SUGGESTION_GROUPINGS, type SuggestionGrouping, summariseSuggestions } from './suggestionSummary';

/** The summary's heading. */
export const SUMMARY_TITLE = 'Summary';
/** How the summed range is read. */
export const SUMMARY_RANGE_NOTE =
  'The range runs from every suggestion at the low end of its own range to every one at the high end.';
/** The grouping toggle's label and its choices' words. */
export const GROUPING_LABEL = 'Group by';
export const GROUPING_LABELS: Record<SuggestionGrouping, string> = {
  none: 'Best first',
  account: 'Account',
  type: 'Type',
};

/**
 * The top of the /suggestions page: how many suggestions are listed, the conversions a week they
 * are expected to bring if all are applied (with the range), and the same per type.
 */
export function SuggestionsSummary({ suggestions }: { suggestions: readonly Suggestion[] }) {
  const titleId = useId();
  const summary = useMemo(() => summariseSuggestions(suggestions), [suggestions]);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {SUMMARY_TITLE}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {formatSuggestionCount(summary.count)}: {formatConversionsPerWeek(summary.conversionsPerWeek)} if all are
        applied
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, '& > li': { mb: 0.25 } }}>
        {summary.byType.map((total) => (
          <Typography component="li" variant="body2" key={total.type}>
            {SUGGESTION_TYPE_LABELS[total.type]}: {formatImpactTotal(total)}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {summary.overlapping > 0 && `${formatOverlap(summary.overlapping)} `}
        {SUMMARY_RANGE_NOTE}
      </Typography>
    </Paper>
  );
}

/** The labelled Best first / Account / Type switch of the cards' grouping (toggle buttons: aria-pressed). */
export function GroupingToggle({
  grouping,
  onChange,
}: {
  grouping: SuggestionGrouping;
  onChange: (grouping: SuggestionGrouping) => void;
}) {
  const labelId = useId();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {GROUPING_LABEL}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={grouping}
        aria-labelledby={labelId}
        // Pressing the chosen button again gives null: a grouping is always chosen.
        onChange={(_event, next: SuggestionGrouping | null) => {
          if (next !== null) onChange(next);
        }}
      >
        {SUGGESTION_GROUPINGS.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2, textTransform: 'none' }}>
            {GROUPING_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
