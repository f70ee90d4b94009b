import { useId, useState } from 'react';
import { Box, Chip, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, type ChipProps } from '@mui/material';
import { ACTION_HORIZON_DAYS, SUGGESTION_TYPE_LABELS, VERDICT_LABELS, type ActionRecord, type TypeRecord, type Verdict } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { useCan } from '@client/features/session/useCan';
import { formatExactTime } from '@client/lib/format';
import { NotForRoleNotice } from './SuggestionsEmpty';
import { useListActionsQuery } from './suggestions.api';
import { formatConversionsPerWeek, formatDate, formatTypeRecord } from './suggestionFormat';
import { UNDO_LABEL, useUndo } from './undoToast';

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

/** Who made the change: the person who applied it, or the automated rule ('By rule “Pause the losers”'). */
function appliedByText(action: Pick<ActionRecord, 'rule' | 'applied_by'>): string {
  return action.rule ? `By rule “${action.rule.name}”` : action.applied_by.name;
}

/** What was observed: the measured effect, when it will be measured, or that it was undone. */
function observedText(action: ActionRecord): string {
  if (action.status === 'undone') return 'Undone';
  if (action.outcome) return formatConversionsPerWeek(action.outcome.observed);
  return `Measured on ${formatDate(action.due_at)}`;
}

function Ranking({ ranking }: { ranking: readonly TypeRecord[] }) {
  const headingId = useId();
  // Only suggestion types are ranked: a type without a label (a rule's changes, 'rule') is left out.
  const measured = ranking.filter((record) => record.measured > 0 && Object.hasOwn(SUGGESTION_TYPE_LABELS, record.type));
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

function ActionRow({ action, canUndo, undoing, onUndo }: { action: ActionRecord; canUndo: boolean; undoing: boolean; onUndo: () => void }) {
  const headlineId = useId();
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={action.applied_at}>{formatExactTime(action.applied_at)}</time>
      </TableCell>
      <TableCell>
        <Typography id={headlineId} variant="body2" sx={{ fontWeight: 600 }}>
          {action.headline}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {action.change_lines.map((line) => (
            <Typography component="li" variant="body2" color="text.secondary" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      </TableCell>
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
        {action.outcome ? (
          <Chip size="small" label={VERDICT_LABELS[action.outcome.verdict]} color={VERDICT_COLORS[action.outcome.verdict]} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {action.status === 'undone' ? '—' : 'Pending'}
          </Typography>
        )}
      </TableCell>
      {canUndo && (
        <TableCell>
          {action.can_undo && (
            <LoadingButton size="small" variant="outlined" loading={undoing} onClick={onUndo} aria-describedby={headlineId}>
              {UNDO_LABEL}
            </LoadingButton>
          )}
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

function ActionsLog() {
  const { data, error, isError, isFetching, refetch } = useListActionsQuery();
  const canUndo = useCan('suggestions:apply');
  const { undo } = useUndo();
  const [undoing, setUndoing] = useState<string | null>(null);

  const undoRow = async (action: ActionRecord) => {
    setUndoing(action.id);
    await undo(action.id);
    setUndoing(null);
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
              {canUndo && (
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
              <ActionRow key={action.id} action={action} canUndo={canUndo} undoing={undoing === action.id} onUndo={() => void undoRow(action)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/**
 * The actions log (/actions): every applied suggestion with who applied it, what it was expected
 * to bring and what it brought once measured (with a verdict), Undo while that is possible, and
 * how often each kind of suggestion has worked in this workspace.
 */
export function ActionsPage() {
  const canRead = useCan('suggestions:read');
  return (
    <SimplePage title={TITLE} intro={INTRO}>
      {canRead ? <ActionsLog /> : <NotForRoleNotice />}
    </SimplePage>
  );
}
