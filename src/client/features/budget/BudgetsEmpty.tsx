import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Stack, Typography } from '@mui/material';

/** The empty list's first line. */
export const NO_BUDGETS = 'No monthly budget yet…';
/** What a budget is for, under the empty list's first line. */
export const NO_BUDGETS_TEXT =
  'A monthly budget tracks the month’s spend against its target, forecasts the month-end and says how to change daily budgets to land on it.';
/** The button that opens the Add budget dialog. */
export const ADD_BUDGET_LABEL = 'Add budget';
/** Said to a role that reads budgets but may not change them (a viewer). */
export const BUDGETS_READ_ONLY = 'Only an owner or a manager can add or change budgets, or apply a plan.';
/** Said to a role that does not see the budget tools (a client). */
export const BUDGETS_NOT_FOR_ROLE = 'Budget tools are for the team running the ads: your role does not include them.';

/** Props of BudgetsEmpty. */
export interface BudgetsEmptyProps {
  /** Whether the role may add budgets: then it is offered Add budget. */
  writes: boolean;
  onAdd: () => void;
}

/** Why the list is empty, and (for a writer) Add budget. */
export function BudgetsEmpty({ writes, onAdd }: BudgetsEmptyProps) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={0.5} role="status">
        <Typography sx={{ fontWeight: 600 }}>{NO_BUDGETS}</Typography>
        <Typography color="text.secondary">{NO_BUDGETS_TEXT}</Typography>
      </Stack>
      {writes && (
        <Button variant="contained" onClick={onAdd} startIcon={<AddIcon aria-hidden />}>
          {ADD_BUDGET_LABEL}
        </Button>
      )}
    </Stack>
  );
}

/** Shown instead of the budget tools to a role that does not read them (a client). */
export function NotForRoleNotice() {
  return <Alert severity="info">{BUDGETS_NOT_FOR_ROLE}</Alert>;
}
