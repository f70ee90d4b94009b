import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { formatExactTime } from '@client/lib/format';
import { useCan } from '@client/session/useCan';
import {
  Alert,
  Box,
  Chip,
  type ChipProps,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ACTION_HORIZON_DAYS,
  type ActionRecord,
  type ActionStatus,
  type StepState,
  type Verdict,
  VERDICT_LABELS,
} from '@shared/api/actions';
import { SUGGESTION_TYPE_LABELS, type TypeRecord } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { useEffect, useId, useState } from 'react';

import { RETRY_LABEL, useRepairAction } from './actionRepair';
import { formatConversionsPerWeek, formatDate, formatTypeRecord } from './suggestionFormat';
import { useListActionsQuery } from './suggestions.api';
import { NotForRoleNotice } from './SuggestionsEmpty';
import { UNDO_LABEL } from './undoToast';

const TITLE = 'Actions and results';
const INTRO = 'What we did and did it work';
/** Said when the log cannot be loaded and the server gave no reason. */
export const ACTIONS_FAILED = 'Unable to load the actions log right now.';
/** The empty log. */
export const NO_ACTIONS = `Nothing applied yet. Applied suggestions appear here with their results after ${ACTION_HORIZON_DAYS} days.`;
/** The table's name. */
export const ACTIONS_TABLE_LABEL = 'Applied suggestions';
/** The ranking's heading. */
export const RANKING_HEADING = 'What has worked here';

const VERDICT_COLORS: Record<Verdict, ChipProps['color']> = {
  worked: 'success',
  no_clear_effect: 'default',
  backfired: 'error',
};

const COLUMNS = ['When', 'What', 'Platform and account', 'Applied by', 'Expected', 'Observed', 'Verdict'] as const;

/** How a change that did not (all) land stands, where the verdict would be. */
export const STATUS_LABELS: Partial<Record<ActionStatus, { label: string; color: ChipProps['color'] }>> = {
  applying: { label: 'Being written', color: 'info' },
  undoing: { label: 'Being undone', color: 'info' },
  failed: { label: 'Not applied', color: 'default' },
  partially_applied: { label: 'Applied in part', color: 'warning' },
};
/** Each step's place at the platform, in the step list of a change that did not all land. */
const STEP_WORDS: Record<StepState, string> = {
  done: 'done',
  not_done: 'not done',
  unknown: 'being checked',
  changed_outside: 'changed outside Adwise',
};

/** Who made the change: the person who applied it (through a connected app: 'By Claude for Asha Rao'), or the automated rule ('By rule “Pause the losers”'). */
function appliedByText(action: Pick<ActionRecord, 'rule' | 'applied_by' | 'via'>): string {
  if (action.rule) return `By rule “${action.rule.name}”`;
  return action.via ? `By ${action.via} for ${action.applied_by.name}` : action.applied_by.name;
}

/** What was observed: the measured effect, when it will be measured, or that it was undone. */
function observedText(action: ActionRecord): string {
  if (action.status === 'undone') return 'Undone';
  if (action.status === 'failed') return 'Nothing changed';
  if (action.status !== 'applied') return '—';
  if (action.outcome) return formatConversionsPerWeek(action.outcome.observed);
  return `Measured on ${formatDate(action.due_at)}`;
}

function Ranking({ ranking }: { ranking: readonly TypeRecord[] }) {
  const headingId = useId();
  // Only suggestion types are ranked: a type without a label (a rule's changes, 'rule') is left out.
  const measured = ranking.filter(
    (record) => record.measured > 0 && Object.hasOwn(SUGGESTION_TYPE_LABELS, record.type),
  );
  if (measured.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 1 }}>
        {RANKING_HEADING}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {measured.map((record) => (
          <Typography component="li" variant="body2" key={record.type}>
            {formatTypeRecord(record)}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}

/** The change, line by line; for one that did not all land, each step with where it stands, and what went wrong. */
function ChangeCell({ action, headlineId }: { action: ActionRecord; headlineId: string }) {
  const settledWhole = action.status === 'applied' || action.status === 'undone';
  return (
    <TableCell>
      <Typography id={headlineId} variant="body2" sx={{ fontWeight: 600 }}>
        {action.headline}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {settledWhole || action.steps.length === 0
          ? action.change_lines.map((line) => (
              <Typography component="li" variant="body2" color="text.secondary" key={line}>
                {line}
              </Typography>
            ))
          : action.steps.map((step) => (
              <Typography component="li" variant="body2" color="text.secondary" key={step.line}>
                {step.line} ({STEP_WORDS[step.state]})
              </Typography>
            ))}
      </Box>
      {action.problem && (
        <Alert severity={action.status === 'failed' ? 'info' : 'warning'} sx={{ mt: 1 }}>
          {action.problem}
        </Alert>
      )}
      {action.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {action.note}
        </Typography>
      )}
    </TableCell>
  );
}

function VerdictCell({ action }: { action: ActionRecord }) {
  const status = STATUS_LABELS[action.status];
  if (status) return <Chip size="small" label={status.label} color={status.color} />;
  if (action.outcome)
    return (
      <Chip
        size="small"
        label={VERDICT_LABELS[action.outcome.verdict]}
        color={VERDICT_COLORS[action.outcome.verdict]}
      />
    );
  return (
    <Typography variant="body2" color="text.secondary">
      {action.status === 'undone' ? '—' : 'Pending'}
    </Typography>
  );
}

interface ActionRowProps {
  action: ActionRecord;
  canChange: boolean;
  busy: 'undo' | 'retry' | null;
  onUndo: () => void;
  onRetry: () => void;
}

function ActionRow({ action, canChange, busy, onUndo, onRetry }: ActionRowProps) {
  const headlineId = useId();
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={action.applied_at}>{formatExactTime(action.applied_at)}</time>
      </TableCell>
      <ChangeCell action={action} headlineId={headlineId} />
      <TableCell>
        {PLATFORM_LABELS[action.platform]}
        <Typography variant="body2" color="text.secondary">
          {action.account.name}
        </Typography>
      </TableCell>
      <TableCell>{appliedByText(action)}</TableCell>
      <TableCell>{formatConversionsPerWeek(action.forecast)}</TableCell>
      <TableCell>{observedText(action)}</TableCell>
      <TableCell>
        <VerdictCell action={action} />
      </TableCell>
      {canChange && (
        <TableCell>
          <Stack direction="row" spacing={1}>
            {action.can_retry && (
              <LoadingButton
                size="small"
                variant="contained"
                loading={busy === 'retry'}
                disabled={busy !== null}
                onClick={onRetry}
                aria-describedby={headlineId}
              >
                {RETRY_LABEL}
              </LoadingButton>
            )}
            {action.can_undo && (
              <LoadingButton
                size="small"
                variant="outlined"
                loading={busy === 'undo'}
                disabled={busy !== null}
                onClick={onUndo}
                aria-describedby={headlineId}
              >
                {UNDO_LABEL}
              </LoadingButton>
            )}
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}

function TableSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading the actions log">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

/** While a change is being written or checked, the log looks again this often. */
const RUNNING_POLL_MS = 5_000;

function ActionsLog() {
  const [polling, setPolling] = useState(false);
  const { data, error, isError, isFetching, refetch } = useListActionsQuery(undefined, {
    pollingInterval: polling ? RUNNING_POLL_MS : 0,
  });
  const running = data?.items.some((action) => action.status === 'applying' || action.status === 'undoing') ?? false;
  useEffect(() => setPolling(running), [running]);
  const canChange = useCan('suggestions:apply');
  const repair = useRepairAction();
  const [busy, setBusy] = useState<{ id: string; how: 'undo' | 'retry' } | null>(null);

  const mend = async (action: ActionRecord, how: 'undo' | 'retry') => {
    setBusy({ id: action.id, how });
    await repair[how](action.id);
    setBusy(null);
  };

  if (isError && !data) {
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, ACTIONS_FAILED)}
      </RetryAlert>
    );
  }
  if (!data) return <TableSkeleton />;
  if (data.items.length === 0) {
    return (
      <Typography role="status" color="text.secondary">
        {NO_ACTIONS}
      </Typography>
    );
  }
  return (
    <>
      <Ranking ranking={data.ranking} />
      <TableContainer component={Paper} variant="outlined" aria-busy={isFetching}>
        <Table aria-label={ACTIONS_TABLE_LABEL}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} scope="col">
                  {column}
                </TableCell>
              ))}
              {canChange && (
                <TableCell scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    {UNDO_LABEL}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((action) => (
              <ActionRow
                key={action.id}
                action={action}
                canChange={canChange}
                busy={busy?.id === action.id ? busy.how : null}
                onUndo={() => void mend(action, 'undo')}
                onRetry={() => void mend(action, 'retry')}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/**
 * The actions log (/actions): every change Adwise made at a platform (applied suggestions, rules,
 * budget plans, pauses from the dashboard) with who asked for it, what it was expected to bring
 * and what it brought once measured (with a verdict), Undo while that is possible, and how often
 * each kind of suggestion has worked in this workspace. A change the platform took only in part
 * shows each step with where it stands and what is at the platform, with Retry and Undo; one
 * being written or checked is looked at again until it ends.
 */
export function ActionsPage() {
  const canRead = useCan('suggestions:read');
  return (
    <SimplePage title={TITLE} intro={INTRO}>
      {canRead ? <ActionsLog /> : <NotForRoleNotice />}
    </SimplePage>
  );
}
