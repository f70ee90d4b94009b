import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { BUDGET_MESSAGES, MAX_STEP_BOUNDS, OPTIMIZER_HOLD_LABELS, type OptimizerPlanView } from '@shared/api/budgets';
import { PLATFORM_LABELS } from '@shared/constants';
import { errorMessage } from '@client/api/errors';
import { paths } from '@client/app/paths';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { ApplyPlanDialog } from './ApplyPlanDialog';
import { budgetChangeText, conversionsText, cpaText, formatMinor, gainText, planChanges } from './budgetFormat';
import { useListBudgetAccountsQuery } from './budgets.api';
import type { OptimizerState } from './optimizer.machine';
import { useOptimizerFlow } from './useOptimizerFlow';

/** The section's heading and the line under it. */
export const OPTIMIZER_HEADING = 'Budget optimizer';
export const OPTIMIZER_INTRO =
  'Moves daily budget from campaigns whose next conversion costs more to those where it costs less, keeping the total the same. Nothing changes until you apply the plan.';
/** The controls' words. */
export const ACCOUNT_LABEL = 'Ad account';
export const MAX_STEP_LABEL = 'Largest step';
export const PROPOSE_LABEL = 'Propose a plan';
export const APPLY_PLAN_LABEL = 'Apply plan…';
export const PROPOSE_AGAIN_LABEL = 'Propose a new plan';
/** Said when a plan cannot be proposed and the server gave no reason. */
export const PLAN_FAILED = 'Unable to propose a plan right now.';
/** Said when an apply was refused and the server gave no reason. */
export const APPLY_FAILED = 'Unable to apply the plan. Nothing was changed.';
/** Said under a stale plan's refusal: the plan below is new. */
export const STALE_REPROPOSED = 'A fresh plan was proposed from the budgets as they are now: check it before applying.';
/** Said when the accounts cannot be listed, or there is none. */
export const OPTIMIZER_ACCOUNTS_FAILED = 'Unable to load your ad accounts right now.';
export const OPTIMIZER_NO_ACCOUNTS = 'Connect an ad account to use the optimizer.';
/** The applied summary's title, and its link to the actions log. */
export const PLAN_APPLIED_TITLE = 'Plan applied';
export const ACTIONS_LINK_TEXT = 'See it in the actions log';
/** The plan table's caption. */
export const planCaption = (plan: Pick<OptimizerPlanView, 'account'>) => `Proposed daily budgets for ${plan.account.name} (${PLATFORM_LABELS[plan.account.platform]})`;

/** The largest steps offered, as fractions (0.3: ±30%). */
export const MAX_STEP_CHOICES = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1].filter((step) => step >= MAX_STEP_BOUNDS.min && step <= MAX_STEP_BOUNDS.max);
/** A largest step in words: 0.3 -> '±30% a day'. */
export const maxStepText = (step: number) => `±${Math.round(step * 100)}% a day`;

function PlanTable({ plan }: { plan: OptimizerPlanView }) {
  const currency = plan.account.currency;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <caption>{planCaption(plan)}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Campaign
            </TableCell>
            <TableCell component="th" scope="col">
              Daily budget
            </TableCell>
            <TableCell component="th" scope="col">
              Change
            </TableCell>
            <TableCell component="th" scope="col">
              Marginal CPA
            </TableCell>
            <TableCell component="th" scope="col">
              Conversions a day
            </TableCell>
            <TableCell component="th" scope="col">
              Note
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.campaigns.map((campaign) => (
            <TableRow key={campaign.campaign_id}>
              <TableCell component="th" scope="row">
                {campaign.name}
              </TableCell>
              <TableCell>
                {formatMinor(campaign.from, currency)} → {formatMinor(campaign.to, currency)}
              </TableCell>
              <TableCell>{budgetChangeText(campaign)}</TableCell>
              <TableCell>
                {cpaText(campaign.marginal_cpa_now, currency)} → {cpaText(campaign.marginal_cpa_after, currency)}
              </TableCell>
              <TableCell>
                {conversionsText(campaign.conversions_now)} → {conversionsText(campaign.conversions_after)}
              </TableCell>
              <TableCell>{campaign.hold ? OPTIMIZER_HOLD_LABELS[campaign.hold] : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PlanReview({ plan, applyError, writes, busy, onApply }: { plan: OptimizerPlanView; applyError: unknown; writes: boolean; busy: boolean; onApply: () => void }) {
  const currency = plan.account.currency;
  const moves = planChanges(plan).length > 0;
  return (
    <Stack spacing={1.5} aria-busy={busy} sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <Typography>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Expected gain:
        </Box>{' '}
        {gainText(plan)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Conversions a day {conversionsText(plan.now)} now → {conversionsText(plan.after)} after. Total daily budget {formatMinor(plan.total_budget, currency)}, the same before
        and after; no campaign moves more than {maxStepText(plan.max_step)}.
      </Typography>
      {plan.note && <Alert severity="info">{plan.note}</Alert>}
      <PlanTable plan={plan} />
      {applyError !== null && <Alert severity="error">{errorMessage(applyError, APPLY_FAILED)}</Alert>}
      {writes && moves && (
        <Box>
          <Button variant="contained" onClick={onApply} disabled={busy}>
            {APPLY_PLAN_LABEL}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Props of OptimizerPanel. */
export interface OptimizerPanelProps {
  /** Whether the role applies plans ('budgets:write'). */
  writes: boolean;
}

/**
 * The budget optimizer: pick an ad account and the largest step, Propose a plan, and review it
 * campaign by campaign (budget now → proposed, marginal CPA and conversions a day now → after,
 * why a campaign is held) with the total expected gain. A writer applies it after a confirmation
 * listing every change; done, a toast offers Undo and the changes written are listed here. A plan
 * gone stale is said and proposed again; any other refusal is said on the review.
 */
export function OptimizerPanel({ writes }: OptimizerPanelProps) {
  const headingId = useId();
  const accounts = useListBudgetAccountsQuery();
  const { snapshot, send } = useOptimizerFlow();
  const { context } = snapshot;
  const state = snapshot.value as OptimizerState;
  const firstAccount = accounts.data?.[0]?.id;

  // The first account is chosen for a start.
  useEffect(() => {
    if (context.account === null && firstAccount !== undefined) send({ type: 'SET_ACCOUNT', account: firstAccount });
  }, [context.account, firstAccount, send]);

  const proposing = state === 'proposing';
  const locked = state === 'confirming' || state === 'applying';
  const showPlan = context.plan !== null && state !== 'applied' && state !== 'idle';

  let picker;
  if (accounts.isError && !accounts.data) {
    picker = (
      <RetryAlert retrying={accounts.isFetching} onRetry={() => void accounts.refetch()}>
        {errorMessage(accounts.error, OPTIMIZER_ACCOUNTS_FAILED)}
      </RetryAlert>
    );
  } else if (accounts.data && accounts.data.length === 0) {
    picker = <Alert severity="info">{OPTIMIZER_NO_ACCOUNTS}</Alert>;
  } else {
    picker = (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          id="optimizer-account"
          label={ACCOUNT_LABEL}
          value={context.account ?? ''}
          disabled={!accounts.data || locked}
          onChange={(event) => send({ type: 'SET_ACCOUNT', account: event.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          {context.account === null && (
            <option value="" disabled>
              Choose…
            </option>
          )}
          {(accounts.data ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {`${account.name} (${PLATFORM_LABELS[account.platform]})`}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="optimizer-max-step"
          label={MAX_STEP_LABEL}
          value={String(context.maxStep)}
          disabled={locked}
          onChange={(event) => send({ type: 'SET_MAX_STEP', maxStep: Number(event.target.value) })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          {MAX_STEP_CHOICES.map((step) => (
            <option key={step} value={String(step)}>
              {maxStepText(step)}
            </option>
          ))}
        </TextField>
        <LoadingButton variant="outlined" loading={proposing} disabled={context.account === null || locked} onClick={() => send({ type: 'PROPOSE' })}>
          {PROPOSE_LABEL}
        </LoadingButton>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h2">
          {OPTIMIZER_HEADING}
        </Typography>
        <Typography color="text.secondary">{OPTIMIZER_INTRO}</Typography>
        {picker}
        {context.staleError !== null && (
          <Alert severity="warning">
            {errorMessage(context.staleError, BUDGET_MESSAGES.stale)} {STALE_REPROPOSED}
          </Alert>
        )}
        {state === 'proposeFailed' && (
          <RetryAlert retrying={false} onRetry={() => send({ type: 'PROPOSE' })}>
            {errorMessage(context.proposeError, PLAN_FAILED)}
          </RetryAlert>
        )}
        {proposing && context.plan === null && (
          <Typography role="status" color="text.secondary">
            Proposing a plan…
          </Typography>
        )}
        {showPlan && context.plan && (
          <PlanReview plan={context.plan} applyError={context.applyError} writes={writes} busy={proposing || locked} onApply={() => send({ type: 'APPLY' })} />
        )}
        {state === 'applied' && context.result && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" size="small" onClick={() => send({ type: 'PROPOSE' })}>
                {PROPOSE_AGAIN_LABEL}
              </Button>
            }
          >
            <AlertTitle>{PLAN_APPLIED_TITLE}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {context.result.change_lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
            <Link component={RouterLink} to={paths.actions}>
              {ACTIONS_LINK_TEXT}
            </Link>
          </Alert>
        )}
      </Stack>
      <ApplyPlanDialog
        plan={locked ? context.plan : null}
        busy={state === 'applying'}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </Box>
  );
}
