import { formatMoney } from '@client/lib/format';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { type Budget, PACING_STATUS_LABELS, type PacingStatus } from '@shared/api/budgets';
import { useId } from 'react';

import { projectedText, spentText, toleranceText } from './budgetFormat';
import { PacingChart } from './PacingChart';

/** The words of a card's buttons. */
export const EDIT_LABEL = 'Edit';
export const DELETE_LABEL = 'Delete';

const STATUS_COLORS: Record<PacingStatus, 'success' | 'warning' | 'error'> = {
  on_track: 'success',
  under: 'warning',
  over: 'error',
};

/** Props of BudgetCard. */
export interface BudgetCardProps {
  budget: Budget;
  /** Whether the role changes budgets: Edit and Delete. */
  writes: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One monthly budget as a list item: what it covers, the amount, its pacing status with the band
 * it is judged against, the month's spend so far, the projected month-end with its range, the
 * advice, and the pacing chart; Edit and Delete for a role that changes budgets.
 */
export function BudgetCard({ budget, writes, onEdit, onDelete }: BudgetCardProps) {
  const labelId = useId();
  const { pacing, currency } = budget;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={labelId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            id={labelId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', flexGrow: 1 }}
          >
            {budget.label}
          </Typography>
          <Chip size="small" label={PACING_STATUS_LABELS[pacing.status]} color={STATUS_COLORS[pacing.status]} />
          <Typography variant="body2" color="text.secondary">
            {toleranceText(pacing.tolerance)}
          </Typography>
        </Stack>
        <Typography variant="h3" component="p">
          {formatMoney(budget.amount, currency)} a month{' '}
          <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
            ({currency})
          </Box>
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            Month to date
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {spentText(pacing, currency)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            Projected month-end
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {projectedText(pacing, currency)}
          </Typography>
        </Box>
        <Typography variant="body2">{pacing.advice}</Typography>
        <PacingChart budget={budget} />
        {writes && (
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={onEdit} aria-describedby={labelId}>
              {EDIT_LABEL}
            </Button>
            <Button size="small" color="error" onClick={onDelete} aria-describedby={labelId}>
              {DELETE_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A card's placeholder while the budgets load. */
export function BudgetCardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="text" width="25%" />
      <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
    </Paper>
  );
}
