import { Button, Stack, Typography } from '@mui/material';

/** Said when the workspace has no alerts at all. */
export const NO_ALERTS_TEXT =
  'No alerts. We check every account after each sync and tell you when something moves outside its normal range.';
/** Said when filters hide every alert. */
export const NONE_MATCH_TEXT = 'No alerts match these filters.';
/** The button that sets every filter back to all. */
export const CLEAR_FILTERS_LABEL = 'Clear filters';

/** Props of AlertsEmpty. */
export interface AlertsEmptyProps {
  /** Whether filters narrowed the list: then the way out is clearing them. */
  filtered: boolean;
  onClearFilters: () => void;
}

/** Why the list is empty: nothing has moved out of range yet, or the filters hide everything. */
export function AlertsEmpty({ filtered, onClearFilters }: AlertsEmptyProps) {
  if (!filtered) {
    return (
      <Typography role="status" color="text.secondary">
        {NO_ALERTS_TEXT}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} role="status" sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{NONE_MATCH_TEXT}</Typography>
      <Button variant="outlined" size="small" onClick={onClearFilters}>
        {CLEAR_FILTERS_LABEL}
      </Button>
    </Stack>
  );
}
