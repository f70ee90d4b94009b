import { FormikCheckbox } from '@client/components/FormikCheckbox';
import { Stack, Typography } from '@mui/material';
import { RULE_ACTION_LABELS, RULE_LEVEL_LABELS, type RuleActionKind, type RuleDefinition } from '@shared/api/rules';
import { useFormikContext } from 'formik';

import { FormikNumberField, FormikSelect } from './RuleFields';
import { actionsForLevel, isBudgetAction } from './ruleForm';

/** The labels of the action step's checkboxes. */
export const APPROVAL_LABEL = 'Ask me to approve each change';
export const REVIVE_LABEL = 'Revive what it paused when late conversions arrive';

const NUMBER_WIDTH = { width: 220 };

/**
 * The builder's second step: what the rule does (only what its level allows: budgets are a
 * campaign's, accounts are only watched), a budget change's size, floor and cap, whether each
 * change waits for approval, revive for a pausing rule, and the safety limits: the cooldown, the
 * most actions per run and the minimum data an entity needs before it is judged.
 */
export function ActionStep() {
  const { values, setFieldValue } = useFormikContext<RuleDefinition>();
  const { kind } = values.action;
  const allowed = actionsForLevel(values.level);
  const options = (allowed.includes(kind) ? allowed : [...allowed, kind]).map((action) => ({
    value: action,
    label: RULE_ACTION_LABELS[action],
  }));

  const chooseAction = (next: RuleActionKind) => {
    const budget = isBudgetAction(next);
    void setFieldValue('action', {
      kind: next,
      percent: budget ? (values.action.percent ?? 10) : null,
      floor: budget ? values.action.floor : null,
      cap: budget ? values.action.cap : null,
    });
    if (next !== 'pause' && values.revive) void setFieldValue('revive', false);
    if (next === 'notify' && values.approval) void setFieldValue('approval', false);
  };

  return (
    <Stack spacing={2.5}>
      <Stack spacing={0.5}>
        <FormikSelect
          name="action.kind"
          label="Action"
          options={options}
          onValueChange={chooseAction}
          sx={{ maxWidth: 320 }}
        />
        <Typography variant="body2" color="text.secondary">
          For {RULE_LEVEL_LABELS[values.level].toLowerCase()}:{' '}
          {allowed.map((action) => RULE_ACTION_LABELS[action]).join(', ')}.
        </Typography>
      </Stack>
      {isBudgetAction(kind) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <FormikNumberField name="action.percent" label="Budget change (%)" sx={NUMBER_WIDTH} />
          <FormikNumberField
            name="action.floor"
            label="Lowest daily budget"
            helperText={kind === 'budget_down' ? 'Required: never below this' : 'Optional'}
            sx={NUMBER_WIDTH}
          />
          <FormikNumberField
            name="action.cap"
            label="Highest daily budget"
            helperText={kind === 'budget_up' ? 'Required: never above this' : 'Optional'}
            sx={NUMBER_WIDTH}
          />
        </Stack>
      )}
      {kind !== 'notify' && (
        <Stack>
          <FormikCheckbox name="approval" label={APPROVAL_LABEL} />
          {kind === 'pause' && <FormikCheckbox name="revive" label={REVIVE_LABEL} />}
        </Stack>
      )}
      <Typography variant="subtitle2" component="h3">
        Safety limits
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormikNumberField
          name="cooldown_hours"
          label="Cooldown (hours)"
          helperText="Leaves an entity alone this long after acting"
          sx={NUMBER_WIDTH}
        />
        <FormikNumberField name="max_actions_per_run" label="Most actions per run" sx={NUMBER_WIDTH} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormikNumberField
          name="guard.min_impressions"
          label="Minimum impressions"
          helperText="Judged only with at least this much data"
          sx={NUMBER_WIDTH}
        />
        <FormikNumberField
          name="guard.min_spend"
          label="Minimum spend"
          helperText="In each account’s currency"
          sx={NUMBER_WIDTH}
        />
      </Stack>
    </Stack>
  );
}
