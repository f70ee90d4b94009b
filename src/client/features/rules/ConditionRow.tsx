import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import {
  MONEY_METRICS,
  RULE_COMPARE_KINDS,
  RULE_METRIC_LABELS,
  RULE_METRICS,
  RULE_OPERATORS,
  RULE_WINDOWS,
  type RuleCompareKind,
  type RuleCondition,
  type RuleDefinition,
  type RuleMetric,
  type RuleOperator,
  type RuleWindow,
} from '@shared/api/rules';
import { getIn, useFormikContext } from 'formik';

import { FormikNumberField, FormikSelect, type SelectOption } from './RuleFields';
import { comparandOfKind, isStateMetric } from './ruleForm';
import { COMPARE_KIND_LABELS, OPERATOR_LABELS, WINDOW_OPTION_LABELS } from './ruleFormat';

const WINDOW_OPTIONS: SelectOption<RuleWindow>[] = RULE_WINDOWS.map((window) => ({
  value: window,
  label: WINDOW_OPTION_LABELS[window],
}));
const AVERAGE_WINDOW_OPTIONS = WINDOW_OPTIONS.filter(
  (option) => option.value === 'last_n_days' || option.value === 'lifetime',
);
const OPERATOR_OPTIONS: SelectOption<RuleOperator>[] = RULE_OPERATORS.map((operator) => ({
  value: operator,
  label: OPERATOR_LABELS[operator],
}));
/** Days a "last N days" window starts with when chosen. */
const DEFAULT_DAYS = 7;
const FIELD_WIDTH = { minWidth: 150 };
const NUMBER_WIDTH = { width: 130 };

/** What the number of a condition is in: the account's currency, percent, a multiple. */
function valueHint(metric: RuleMetric): string | undefined {
  if (MONEY_METRICS.includes(metric)) return 'In each account’s currency';
  if (metric === 'ctr') return 'In percent';
  if (metric === 'roas') return 'A multiple: 3 for 3×';
  return undefined;
}

/** The metrics a condition may use at the rule's level: a daily budget is a campaign's (one chosen already stays listed, with its error). */
function metricOptions(campaignLevel: boolean, chosen: (RuleMetric | null)[]): SelectOption<RuleMetric>[] {
  return RULE_METRICS.filter((metric) => metric !== 'budget' || campaignLevel || chosen.includes(metric)).map(
    (metric) => ({ value: metric, label: RULE_METRIC_LABELS[metric] }),
  );
}

/** Props of ConditionRow. */
export interface ConditionRowProps {
  groupIndex: number;
  index: number;
  /** False for a group's only condition: an empty group would match everything. */
  canRemove: boolean;
  onRemove: () => void;
}

/** The label of a condition's remove button: 'Remove condition 2 of group 1'. */
export const removeConditionLabel = (groupIndex: number, index: number) =>
  `Remove condition ${index + 1} of group ${groupIndex + 1}`;

/**
 * One condition: the metric, its window (with the days of "last N days"; none for a state such as
 * the daily budget), the comparison, and what it is compared with (a number, another metric × a
 * factor, or the entity's own average × a factor) with the inputs that choice needs.
 */
export function ConditionRow({ groupIndex, index, canRemove, onRemove }: ConditionRowProps) {
  const { values, errors, setFieldValue } = useFormikContext<RuleDefinition>();
  const path = `groups[${groupIndex}].conditions[${index}]`;
  const condition: RuleCondition = values.groups[groupIndex].conditions[index];
  const { compare } = condition;
  const legend = `Group ${groupIndex + 1}, condition ${index + 1}`;
  // A message about the condition as a whole (a budget at the wrong level, an average of a state).
  const rowError: unknown = getIn(errors, path);
  const state = isStateMetric(condition.metric);
  const campaignLevel = values.level === 'campaign';
  const compareKinds = RULE_COMPARE_KINDS.filter((kind) => kind !== 'average' || !state || compare.kind === 'average');
  const set = (next: RuleCondition) => void setFieldValue(path, next);

  const chooseMetric = (metric: RuleMetric) => {
    const toState = isStateMetric(metric);
    set({
      ...condition,
      metric,
      // A state has no window: it is what it is now.
      window: toState ? 'today' : condition.window,
      days: toState ? null : condition.days,
      compare: toState && compare.kind === 'average' ? comparandOfKind('value', compare) : compare,
    });
  };
  const chooseWindow = (window: RuleWindow) =>
    set({ ...condition, window, days: window === 'last_n_days' ? (condition.days ?? DEFAULT_DAYS) : null });
  const chooseCompareKind = (kind: RuleCompareKind) => set({ ...condition, compare: comparandOfKind(kind, compare) });
  const chooseCompareMetric = (metric: RuleMetric) =>
    set({
      ...condition,
      compare: {
        ...compare,
        metric,
        window: isStateMetric(metric) ? 'today' : (compare.window ?? 'today'),
        days: isStateMetric(metric) ? null : compare.days,
      },
    });
  const chooseCompareWindow = (window: RuleWindow) =>
    set({
      ...condition,
      compare: { ...compare, window, days: window === 'last_n_days' ? (compare.days ?? DEFAULT_DAYS) : null },
    });

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <FormikSelect
          name={`${path}.metric`}
          label="Metric"
          options={metricOptions(campaignLevel, [condition.metric])}
          onValueChange={chooseMetric}
          sx={FIELD_WIDTH}
        />
        {!state && (
          <FormikSelect
            name={`${path}.window`}
            label="Window"
            options={WINDOW_OPTIONS}
            onValueChange={chooseWindow}
            sx={FIELD_WIDTH}
          />
        )}
        {!state && condition.window === 'last_n_days' && (
          <FormikNumberField name={`${path}.days`} label="Days" sx={NUMBER_WIDTH} />
        )}
        <FormikSelect name={`${path}.operator`} label="Comparison" options={OPERATOR_OPTIONS} sx={FIELD_WIDTH} />
        <FormikSelect
          name={`${path}.compare.kind`}
          label="Compare with"
          options={compareKinds.map((kind) => ({ value: kind, label: COMPARE_KIND_LABELS[kind] }))}
          onValueChange={chooseCompareKind}
          sx={{ minWidth: 220 }}
        />
        {compare.kind === 'value' && (
          <FormikNumberField
            name={`${path}.compare.value`}
            label="Value"
            helperText={valueHint(condition.metric)}
            sx={{ width: 180 }}
          />
        )}
        {compare.kind === 'metric' && (
          <>
            <FormikSelect
              name={`${path}.compare.metric`}
              label="Other metric"
              placeholder="Choose a metric"
              options={metricOptions(campaignLevel, [compare.metric])}
              onValueChange={chooseCompareMetric}
              sx={FIELD_WIDTH}
            />
            {!isStateMetric(compare.metric) && (
              <FormikSelect
                name={`${path}.compare.window`}
                label="Its window"
                options={WINDOW_OPTIONS}
                onValueChange={chooseCompareWindow}
                sx={FIELD_WIDTH}
              />
            )}
            {!isStateMetric(compare.metric) && compare.window === 'last_n_days' && (
              <FormikNumberField name={`${path}.compare.days`} label="Its days" sx={NUMBER_WIDTH} />
            )}
          </>
        )}
        {compare.kind === 'average' && (
          <>
            <FormikSelect
              name={`${path}.compare.window`}
              label="Average over"
              options={AVERAGE_WINDOW_OPTIONS}
              onValueChange={chooseCompareWindow}
              sx={FIELD_WIDTH}
            />
            {compare.window === 'last_n_days' && (
              <FormikNumberField name={`${path}.compare.days`} label="Average days" sx={NUMBER_WIDTH} />
            )}
          </>
        )}
        {compare.kind !== 'value' && (
          <FormikNumberField
            name={`${path}.compare.factor`}
            label="Factor"
            helperText="e.g. 1.5 for 150%"
            sx={NUMBER_WIDTH}
          />
        )}
        <IconButton
          aria-label={removeConditionLabel(groupIndex, index)}
          onClick={onRemove}
          disabled={!canRemove}
          sx={{ mt: 0.5 }}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Stack>
      {typeof rowError === 'string' && <FormHelperText error>{rowError}</FormHelperText>}
    </Box>
  );
}
