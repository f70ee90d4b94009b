import { errorMessage } from '@client/api/errors';
import { DeleteDialog } from '@client/components/ConfirmDialog';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { Budget } from '@shared/api/budgets';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@shared/api/dashboard';
import { useId, useState } from 'react';

import { BudgetCard, BudgetCardSkeleton } from './BudgetCard';
import { BudgetDialog } from './BudgetDialog';
import { useDeleteBudgetMutation, useListBudgetsQuery } from './budgets.api';
import { ADD_BUDGET_LABEL, BUDGETS_READ_ONLY, BudgetsEmpty, NotForRoleNotice } from './BudgetsEmpty';
import { OptimizerPanel } from './OptimizerPanel';

const TITLE = 'Budgets';
/** The line under the title. */
export const BUDGETS_INTRO =
  'Track each month’s spend against its budget, and move daily budget to where it converts best.';
/** The budgets section's heading. */
export const BUDGETS_HEADING = 'Monthly budgets';
/** Said when the list cannot be loaded and the server gave no reason. */
export const BUDGETS_FAILED = 'Unable to load your budgets right now.';
/** The delete dialog's title and text, and the toast once deleted. */
export const deleteTitle = (label: string) => `Delete the budget for ${label}?`;
export const DELETE_TEXT = 'Its pacing stops being tracked. Nothing changes at the ad platforms.';
export const deletedText = (label: string) => `Budget deleted: ${label}.`;
/** The currency a new budget starts in when there is no budget to take it from. */
const FALLBACK_CURRENCY: DisplayCurrency = 'USD';
const SKELETONS = 2;

/** Asks before deleting a budget; what it covers is in the title. */
function DeleteBudgetDialog({ budget, onClose }: { budget: Budget | null; onClose: () => void }) {
  const [deleteBudget, { isLoading }] = useDeleteBudgetMutation();
  return (
    <DeleteDialog
      item={budget}
      title={(shown) => deleteTitle(shown.label)}
      text={DELETE_TEXT}
      remove={(item) => deleteBudget(item.id).unwrap()}
      busy={isLoading}
      deleted={(item) => deletedText(item.label)}
      onClose={onClose}
    />
  );
}

function MonthlyBudgets({ writes }: { writes: boolean }) {
  const headingId = useId();
  const { data, error, isError, isFetching, refetch } = useListBudgetsQuery();
  const [form, setForm] = useState<{ open: boolean; budget: Budget | null }>({ open: false, budget: null });
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const openForm = (budget: Budget | null) => setForm({ open: true, budget });
  const budgets = data?.budgets;

  let content;
  if (isError && !data) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, BUDGETS_FAILED)}
      </RetryAlert>
    );
  } else if (!budgets) {
    content = (
      <Stack spacing={1.5} role="status" aria-label="Loading budgets">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <BudgetCardSkeleton key={index} />
        ))}
      </Stack>
    );
  } else if (budgets.length === 0) {
    content = <BudgetsEmpty writes={writes} onAdd={() => openForm(null)} />;
  } else {
    content = (
      <Stack
        component="ul"
        spacing={1.5}
        aria-labelledby={headingId}
        aria-busy={isFetching}
        sx={{ m: 0, p: 0, listStyle: 'none' }}
      >
        {budgets.map((budget) => (
          <BudgetCard
            key={budget.id}
            budget={budget}
            writes={writes}
            onEdit={() => openForm(budget)}
            onDelete={() => setDeleting(budget)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="h2">
            {BUDGETS_HEADING}
          </Typography>
          {writes && budgets !== undefined && budgets.length > 0 && (
            <Button variant="contained" onClick={() => openForm(null)} startIcon={<AddIcon aria-hidden />}>
              {ADD_BUDGET_LABEL}
            </Button>
          )}
        </Stack>
        {content}
      </Stack>
      {writes && (
        <>
          <BudgetDialog
            open={form.open}
            budget={form.budget}
            defaultCurrency={DISPLAY_CURRENCIES.find((c) => c === budgets?.[0]?.currency) ?? FALLBACK_CURRENCY}
            onClose={() => setForm((current) => ({ ...current, open: false }))}
          />
          <DeleteBudgetDialog budget={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Box>
  );
}

/** Props of BudgetPage. */
export interface BudgetPageProps {
  /** Whether the role reads budgets ('dashboard:read'); the app decides, as features do not read each other's state. */
  readsBudgets?: boolean;
  /** Whether the role reads the optimizer ('suggestions:read'): the team running the ads, not a client. */
  readsOptimizer?: boolean;
  /** Whether the role changes budgets and applies plans ('budgets:write'). */
  writesBudgets?: boolean;
}

/**
 * Budgets (/budget): every monthly budget with its pacing this month (status and band, spend so
 * far, projected month-end, advice and the pacing chart), Add budget, Edit and Delete; and the
 * budget optimizer. A viewer sees it all read-only; a role outside the team running the ads (a
 * client) is told the tools are not for its role, and nothing is asked.
 */
export function BudgetPage({ readsBudgets = true, readsOptimizer = true, writesBudgets = false }: BudgetPageProps) {
  return (
    <SimplePage title={TITLE} intro={BUDGETS_INTRO}>
      {readsBudgets && readsOptimizer ? (
        <Stack spacing={5}>
          {!writesBudgets && (
            <Typography variant="body2" color="text.secondary">
              {BUDGETS_READ_ONLY}
            </Typography>
          )}
          <MonthlyBudgets writes={writesBudgets} />
          <OptimizerPanel writes={writesBudgets} />
        </Stack>
      ) : (
        <NotForRoleNotice />
      )}
    </SimplePage>
  );
}
