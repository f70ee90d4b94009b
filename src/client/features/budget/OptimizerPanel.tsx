import { errorMessage, partiallyAppliedAction } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { ConversionBasisNote } from '@client/features/firstParty/ConversionBasisSetting';
import { paths } from '@client/lib/paths';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  BUDGET_MESSAGES,
  MAX_STEP_BOUNDS,
  OPTIMIZER_HOLD_LABELS,
  OPTIMIZER_OBJECTIVE_LABELS,
  OPTIMIZER_OBJECTIVES,
  type OptimizerObjective,
  type OptimizerPlanView,
} from '@shared/api/budgets';
import { PLATFORM_LABELS } from '@shared/constants';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ApplyPlanDialog } from './ApplyPlanDialog';
import {
  budgetChangeText,
  capsText,
  conversionsText,
  cpaText,
  formatMinor,
  gainText,
  minorRangeText,
  planChanges,
  stepsToTargetText,
  valueGainText,
} from './budgetFormat';
import { useListBudgetAccountsQuery } from './budgets.api';
import { FollowedPlansCard } from './FollowedPlansCard';
import { FollowingStatus } from './FollowingStatus';
import type { OptimizerState } from './optimizer.machine';
import { useOptimizerFlow } from './useOptimizerFlow';

/** The section's heading and the line under it. */
export const OPTIMIZER_HEADING = 'Budget optimizer';
export const OPTIMIZER_INTRO =
  'Moves daily budget from campaigns whose next conversion costs more to those where it costs less, keeping the total the same. Nothing changes until you apply the plan.';
/** The controls' words. */
export const ACCOUNT_LABEL = 'Ad account';
export const MAX_STEP_LABEL = 'Largest step';
export const OBJECTIVE_LABEL = 'Objective';
export const PROPOSE_LABEL = 'Propose a plan';
export const APPLY_PLAN_LABEL = 'Apply plan…';
export const PROPOSE_AGAIN_LABEL = 'Propose a new plan';
/** A campaign's lock box: 'Lock Brand search'. */
export const lockLabel = (name: string) => `Lock ${name}`;
/** Said under the objective when the value objective cannot be had. */
export const NO_VALUE_HELP = 'This account reports no conversion value: only conversions can be maximised.';
/** Said when a plan cannot be proposed and the server gave no reason. */
export const PLAN_FAILED = 'Unable to propose a plan right now.';
/** Said when new options were refused and the server gave no reason. */
export const OPTIONS_FAILED = 'Unable to propose a plan with these options. The previous ones are back.';
/** Said when an apply was refused and the server gave no reason. */
export const APPLY_FAILED = 'Unable to apply the plan. Nothing was changed.';
/** After a plan the platform took only in part: where to finish or set it back. */
export const PARTIAL_PLAN_LINK = 'Retry or undo it in Actions and results.';
/** Said under a stale plan's refusal: the plan below is new. */
export const STALE_REPROPOSED = 'A fresh plan was proposed from the budgets as they are now: check it before applying.';
/** Said when the accounts cannot be listed, or there is none. */
export const OPTIMIZER_ACCOUNTS_FAILED = 'Unable to load your ad accounts right now.';
export const OPTIMIZER_NO_ACCOUNTS = 'Connect an ad account to use the optimizer.';
/** The applied summary's title, and its link to the actions log. */
export const PLAN_APPLIED_TITLE = 'Plan applied';
export const ACTIONS_LINK_TEXT = 'See it in the actions log';
/** The plan table's caption. */
export const planCaption = (plan: Pick<OptimizerPlanView, 'account'>) =>
  `Proposed daily budgets for ${plan.account.name} (${PLATFORM_LABELS[plan.account.platform]})`;

/** The largest steps offered, as fractions (0.3: ±30%). */
export const MAX_STEP_CHOICES = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1].filter(
  (step) => step >= MAX_STEP_BOUNDS.min && step <= MAX_STEP_BOUNDS.max,
);
/** A largest step in words: 0.3 -> '±30% a day'. */
export const maxStepText = (step: number) => `±${Math.round(step * 100)}% a day`;

/** The states in which the plan's options cannot change (the apply is being confirmed or written). */
const APPLY_STATES: readonly OptimizerState[] = ['confirming', 'applying'];
/** The states after an apply: its summary is shown instead of the plan. */
const AFTER_APPLY_STATES: readonly OptimizerState[] = ['applied', 'following', 'stopping', 'stopped', 'ended'];

interface PlanTableProps {
  plan: OptimizerPlanView;
  /** The campaigns locked by the user (the boxes' state). */
  locked: readonly string[];
  lockDisabled: boolean;
  onToggleLock: (campaignId: string) => void;
}

const HeaderCell = ({ children }: { children: string }) => (
  <TableCell component="th" scope="col">
    {children}
  </TableCell>
);

function PlanTable({ plan, locked, lockDisabled, onToggleLock }: PlanTableProps) {
  const currency = plan.account.currency;
  const showsValue = plan.objective === 'value';
  const valueCell = (
    now: OptimizerPlanView['campaigns'][number]['value_now'],
    after: OptimizerPlanView['campaigns'][number]['value_after'],
  ) => (now && after ? `${minorRangeText(now, currency)} → ${minorRangeText(after, currency)}` : '—');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <caption>{planCaption(plan)}</caption>
        <TableHead>
          <TableRow>
            <HeaderCell>Campaign</HeaderCell>
            <HeaderCell>Daily budget</HeaderCell>
            <HeaderCell>Change</HeaderCell>
            <HeaderCell>Target</HeaderCell>
            <HeaderCell>Daily bounds</HeaderCell>
            <HeaderCell>Marginal CPA</HeaderCell>
            <HeaderCell>Conversions a day</HeaderCell>
            {showsValue ? <HeaderCell>Conversion value a day</HeaderCell> : null}
            <HeaderCell>Note</HeaderCell>
            <HeaderCell>Lock</HeaderCell>
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
              <TableCell>{formatMinor(campaign.target, currency)}</TableCell>
              <TableCell>{capsText(campaign, currency)}</TableCell>
              <TableCell>
                {cpaText(campaign.marginal_cpa_now, currency)} → {cpaText(campaign.marginal_cpa_after, currency)}
              </TableCell>
              <TableCell>
                {conversionsText(campaign.conversions_now)} → {conversionsText(campaign.conversions_after)}
              </TableCell>
              {showsValue ? <TableCell>{valueCell(campaign.value_now, campaign.value_after)}</TableCell> : null}
              <TableCell>{campaign.hold ? OPTIMIZER_HOLD_LABELS[campaign.hold] : ''}</TableCell>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={locked.includes(campaign.campaign_id)}
                  disabled={lockDisabled}
                  onChange={() => onToggleLock(campaign.campaign_id)}
                  slotProps={{ input: { 'aria-label': lockLabel(campaign.name) } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface PlanReviewProps extends Omit<PlanTableProps, 'lockDisabled'> {
  applyError: unknown;
  optionsError: unknown;
  writes: boolean;
  /** A new plan is on its way. */
  proposing: boolean;
  /** The apply is being confirmed or written. */
  applying: boolean;
  onApply: () => void;
}

function PlanReview({
  plan,
  applyError,
  optionsError,
  writes,
  proposing,
  applying,
  locked,
  onToggleLock,
  onApply,
}: PlanReviewProps) {
  const currency = plan.account.currency;
  const moves = planChanges(plan).length > 0;
  const busy = proposing || applying;
  return (
    <Stack spacing={1.5} aria-busy={busy} sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <Typography>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Expected gain:
        </Box>{' '}
        {gainText(plan)}
      </Typography>
      {plan.objective === 'value' && plan.value && (
        <Typography>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Expected value gain:
          </Box>{' '}
          {valueGainText(plan.value.gain, currency)}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        Conversions a day {conversionsText(plan.now)} now → {conversionsText(plan.after)} after. Total daily budget{' '}
        {formatMinor(plan.total_budget, currency)}, the same before and after; no campaign moves more than{' '}
        {maxStepText(plan.max_step)}.
      </Typography>
      {plan.objective === 'value' && plan.value && (
        <Typography variant="body2" color="text.secondary">
          Conversion value a day {minorRangeText(plan.value.now, currency)} now →{' '}
          {minorRangeText(plan.value.after, currency)} after.
        </Typography>
      )}
      {plan.steps_to_target > 0 && <Typography variant="body2">{stepsToTargetText(plan)}</Typography>}
      {plan.note && <Alert severity="info">{plan.note}</Alert>}
      {optionsError !== null && <Alert severity="error">{errorMessage(optionsError, OPTIONS_FAILED)}</Alert>}
      {/* Locks stay usable while a plan is proposed again: a new tick asks again with it. */}
      <PlanTable plan={plan} locked={locked} lockDisabled={applying} onToggleLock={onToggleLock} />
      {applyError !== null && (
        <Alert severity={partiallyAppliedAction(applyError) ? 'warning' : 'error'}>
          {errorMessage(applyError, APPLY_FAILED)}
          {partiallyAppliedAction(applyError) && (
            <>
              {' '}
              <Link component={RouterLink} to={paths.actions}>
                {PARTIAL_PLAN_LINK}
              </Link>
            </>
          )}
        </Alert>
      )}
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
  /** Whether the role applies plans and stops followed ones ('budgets:write'). */
  writes: boolean;
}

/**
 * The budget optimizer: pick an ad account, the largest step and the objective, Propose a plan,
 * and review it campaign by campaign (budget now → proposed, its target and bounds, marginal CPA,
 * conversions and, for the value objective, conversion value now → after, why a campaign is
 * held) with the total expected gain; locking a campaign proposes again without moving it. A
 * writer applies it after a confirmation listing every change, optionally following the plan to
 * its targets; done, a toast offers Undo, the changes written are listed here, and a followed plan
 * is watched. The account's followed plans are listed under it. A plan gone stale is said and
 * proposed again; any other refusal is said on the review.
 */
export function OptimizerPanel({ writes }: OptimizerPanelProps) {
  const headingId = useId();
  const accounts = useListBudgetAccountsQuery();
  const { snapshot, send, actor } = useOptimizerFlow();
  const { context } = snapshot;
  const state = snapshot.value as OptimizerState;
  const firstAccount = accounts.data?.[0]?.id;
  const [confirmStop, setConfirmStop] = useState(false);

  // The first account is chosen for a start, unless the user has picked one since this render: the
  // machine is asked as it is now, not as this render saw it (a pick made between the render and
  // this effect would otherwise be overwritten).
  useEffect(() => {
    if (firstAccount !== undefined && actor.getSnapshot().context.account === null)
      send({ type: 'SET_ACCOUNT', account: firstAccount });
  }, [actor, context.account, firstAccount, send]);

  const proposing = state === 'proposing';
  const applying = APPLY_STATES.includes(state);
  const afterApply = AFTER_APPLY_STATES.includes(state);
  const showPlan = context.plan !== null && !afterApply && state !== 'idle';
  // Without conversion value the value objective can only be refused: it is offered disabled, with why.
  const noValue = context.plan !== null && context.plan.value === null;

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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          id="optimizer-account"
          label={ACCOUNT_LABEL}
          value={context.account ?? ''}
          disabled={!accounts.data || applying}
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
          disabled={applying}
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
        <TextField
          select
          size="small"
          id="optimizer-objective"
          label={OBJECTIVE_LABEL}
          value={context.objective}
          disabled={applying}
          onChange={(event) => send({ type: 'SET_OBJECTIVE', objective: event.target.value as OptimizerObjective })}
          helperText={noValue ? NO_VALUE_HELP : undefined}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220, maxWidth: { sm: 280 } }}
        >
          {OPTIMIZER_OBJECTIVES.map((objective) => (
            <option key={objective} value={objective} disabled={objective === 'value' && noValue}>
              {OPTIMIZER_OBJECTIVE_LABELS[objective]}
            </option>
          ))}
        </TextField>
        <LoadingButton
          variant="outlined"
          loading={proposing}
          disabled={context.account === null || applying}
          onClick={() => send({ type: 'PROPOSE' })}
        >
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
        <ConversionBasisNote />
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
          <PlanReview
            plan={context.plan}
            applyError={context.applyError}
            optionsError={context.optionsError}
            writes={writes}
            proposing={proposing}
            applying={applying}
            locked={context.locked}
            onToggleLock={(campaignId) => send({ type: 'TOGGLE_LOCK', campaignId })}
            onApply={() => send({ type: 'APPLY' })}
          />
        )}
        {afterApply && context.result && (
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
        {afterApply && context.result?.plan_id && (
          <FollowingStatus
            state={state}
            plan={context.followedPlan}
            followError={context.followError}
            stopError={context.stopError}
            writes={writes}
            confirming={confirmStop}
            onAskStop={() => setConfirmStop(true)}
            onCancelStop={() => setConfirmStop(false)}
            onStop={() => {
              setConfirmStop(false);
              send({ type: 'STOP' });
            }}
          />
        )}
        {context.account !== null && (
          <FollowedPlansCard
            account={context.account}
            writes={writes}
            shownAbove={afterApply ? (context.result?.plan_id ?? null) : null}
          />
        )}
      </Stack>
      <ApplyPlanDialog
        plan={applying ? context.plan : null}
        busy={state === 'applying'}
        follow={context.follow}
        onFollowChange={(follow) => send({ type: 'SET_FOLLOW', follow })}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </Box>
  );
}
