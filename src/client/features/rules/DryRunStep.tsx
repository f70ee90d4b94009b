import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { formatCount, formatDayWithYear, formatMoney } from '@client/lib/format';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DRY_RUN_EFFECT_DAYS, type DryRun, RULE_ACTION_LABELS } from '@shared/api/rules';
import { PLATFORM_LABELS } from '@shared/constants';
import { type ReactNode, useId } from 'react';

import type { RuleFormStep } from './ruleBuilder.machine';
import { errorField, STEP_TITLES, stepOfField } from './ruleForm';
import { DRY_RUN_INTRO, dryRunHeadline, skippedText } from './ruleFormat';
import type { RuleBuilderFlow } from './useRuleBuilderFlow';

/** Said when the dry run fails and the server gave no reason. */
export const DRY_RUN_FAILED = 'Unable to run the dry run right now.';
/** Said when the save fails and the server gave no reason. */
export const SAVE_FAILED = 'Unable to save the rule. Please try again.';
/** Said while the dry run runs. */
export const DRY_RUN_RUNNING = 'Replaying the rule on the last days of data…';
/** Said of a result the rule changed after. */
export const DRY_RUN_STALE =
  'The dry run is out of date: the rule changed after it ran. Run again to see what it would do now, or save it as it is.';
/** The firings table's name. */
export const FIRINGS_TABLE_LABEL = 'What the rule would have done';
/** The buttons of the step. */
export const RUN_AGAIN_LABEL = 'Run again';

const COLUMNS = [
  'Day',
  'Platform',
  'Account',
  'Entity',
  'Action',
  'Why',
  `Spend in the ${DRY_RUN_EFFECT_DAYS} days after`,
  `Conversions in the ${DRY_RUN_EFFECT_DAYS} days after`,
] as const;

/** The step index of each form step, for "Go to". */
const STEP_INDEX: Record<RuleFormStep, number> = { conditions: 0, actions: 1, schedule: 2 };

function Firings({ dryRun }: { dryRun: DryRun }) {
  if (dryRun.firings.length === 0) return null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={FIRINGS_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {dryRun.firings.map((firing, index) => (
            <TableRow key={`${firing.day}-${firing.entity_id}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={firing.day}>{formatDayWithYear(firing.day)}</time>
              </TableCell>
              <TableCell>{PLATFORM_LABELS[firing.platform]}</TableCell>
              <TableCell>{firing.account.name}</TableCell>
              <TableCell>{firing.entity_name}</TableCell>
              <TableCell>{RULE_ACTION_LABELS[firing.kind]}</TableCell>
              <TableCell>{firing.reasons.join('; ')}</TableCell>
              <TableCell>{formatMoney(firing.after.spend, firing.account.currency)}</TableCell>
              <TableCell>{formatCount(firing.after.conversions, firing.account.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A dry run's result: the sentence, the firings, what was held back, the effect and what it could not replay. */
export function DryRunResult({ dryRun }: { dryRun: DryRun }) {
  const effectId = useId();
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }}>{dryRunHeadline(dryRun)}</Typography>
      <Firings dryRun={dryRun} />
      <Typography variant="body2" color="text.secondary">
        {skippedText(dryRun.skipped)}
      </Typography>
      {dryRun.effect.length > 0 && (
        <Box component="section" aria-labelledby={effectId}>
          <Typography id={effectId} variant="subtitle2" component="h3">
            What they did after
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {dryRun.effect.map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {dryRun.caveats.length > 0 && (
        <Alert severity="info">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {dryRun.caveats.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

/** A failure's message, with a way to the step holding the field it names. */
function Failure({
  error,
  fallback,
  onGoTo,
  action,
}: {
  error: unknown;
  fallback: string;
  onGoTo: (step: RuleFormStep) => void;
  action?: ReactNode;
}) {
  const step = stepOfField(errorField(error));
  return (
    <Alert
      severity="error"
      action={
        <Stack direction="row" spacing={1}>
          {step && (
            <Button color="inherit" size="small" onClick={() => onGoTo(step)}>
              Go to {STEP_TITLES[STEP_INDEX[step]]}
            </Button>
          )}
          {action}
        </Stack>
      }
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}

/** Props of DryRunStep. */
export interface DryRunStepProps extends RuleBuilderFlow {
  /** Editing an existing rule: the button says "Save changes". */
  editing: boolean;
  onGoTo: (step: RuleFormStep) => void;
}

/**
 * The builder's last step: the dry run runs on entering it (what the rule would have done over
 * the last days), then shows its result, with Run again and Save; a failure says why (and where,
 * for a field), with Run again. A rule changed after its dry run says that the result is out of date.
 */
export function DryRunStep({ snapshot, send, editing, onGoTo }: DryRunStepProps) {
  const { dryRun, dryRunError, dryRunStale, saveError } = snapshot.context;
  const running = snapshot.matches({ dryRun: 'running' });
  const saving = snapshot.matches('saving') || snapshot.matches('saved');
  const saveLabel = editing ? 'Save changes' : 'Save rule';

  if (running) {
    return (
      <Stack spacing={1} role="status" aria-label="Running the dry run">
        <Typography color="text.secondary">{DRY_RUN_RUNNING}</Typography>
        <LinearProgress aria-hidden />
      </Stack>
    );
  }
  if (snapshot.matches({ dryRun: 'failed' })) {
    return (
      <Failure
        error={dryRunError}
        fallback={DRY_RUN_FAILED}
        onGoTo={onGoTo}
        action={
          <Button color="inherit" size="small" onClick={() => send({ type: 'RUN_AGAIN' })}>
            {RUN_AGAIN_LABEL}
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{DRY_RUN_INTRO}</Typography>
      {dryRunStale && <Alert severity="warning">{DRY_RUN_STALE}</Alert>}
      {dryRun && <DryRunResult dryRun={dryRun} />}
      {saveError !== null && <Failure error={saveError} fallback={SAVE_FAILED} onGoTo={onGoTo} />}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={saving} onClick={() => send({ type: 'RUN_AGAIN' })}>
          {RUN_AGAIN_LABEL}
        </Button>
        <LoadingButton variant="contained" loading={saving} onClick={() => send({ type: 'SAVE' })}>
          {saveLabel}
        </LoadingButton>
      </Stack>
    </Stack>
  );
}
