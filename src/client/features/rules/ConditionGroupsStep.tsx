import { FormikTextField } from '@client/components/FormikTextField';
import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  MAX_CONDITIONS_PER_GROUP,
  MAX_GROUPS,
  RULE_ACTION_LEVELS,
  RULE_LEVEL_LABELS,
  RULE_LEVELS,
  type RuleDefinition,
  type RuleLevel,
  type RuleMatch,
} from '@shared/api/rules';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { getIn, useFormikContext } from 'formik';

import { ConditionRow } from './ConditionRow';
import { FormikSelect, type SelectOption } from './RuleFields';
import { newCondition } from './ruleForm';

const LEVEL_OPTIONS: SelectOption<RuleLevel>[] = RULE_LEVELS.map((level) => ({
  value: level,
  label: RULE_LEVEL_LABELS[level],
}));
const GROUPS_MATCH_OPTIONS: SelectOption<RuleMatch>[] = [
  { value: 'all', label: 'every group matches' },
  { value: 'any', label: 'any group matches' },
];
const GROUP_MATCH_OPTIONS: SelectOption<RuleMatch>[] = [
  { value: 'all', label: 'all of its conditions' },
  { value: 'any', label: 'any of its conditions' },
];

/** The labels of the group buttons. */
export const addConditionLabel = (groupIndex: number) => `Add a condition to group ${groupIndex + 1}`;
export const removeGroupLabel = (groupIndex: number) => `Remove group ${groupIndex + 1}`;
export const ADD_GROUP_LABEL = 'Add a group';

/** The platforms the rule looks at, as checkboxes: none ticked means every platform. */
function PlatformsField() {
  const { values, setFieldValue } = useFormikContext<RuleDefinition>();
  const chosen = values.scope.platforms;
  const toggle = (platform: Platform, on: boolean) =>
    void setFieldValue(
      'scope.platforms',
      PLATFORMS.filter((candidate) => (candidate === platform ? on : chosen.includes(candidate))),
    );
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Platforms</FormLabel>
      <FormGroup row>
        {PLATFORMS.map((platform) => (
          <FormControlLabel
            key={platform}
            label={PLATFORM_LABELS[platform]}
            control={
              <Checkbox
                checked={chosen.includes(platform)}
                onChange={(event) => toggle(platform, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>None ticked: every platform.</FormHelperText>
    </FormControl>
  );
}

/**
 * The builder's first step: the rule's name, what it looks at (accounts, campaigns or ads, on
 * which platforms, whose name contains what) and its conditions, in groups: each group matches
 * when all (or any) of its conditions hold, and the rule when every (or any) group does.
 */
export function ConditionGroupsStep() {
  const { values, errors, setFieldValue } = useFormikContext<RuleDefinition>();
  const groupsError: unknown = getIn(errors, 'groups');

  // A level the action cannot act on falls back to a notice (budgets are a campaign's; accounts are only watched).
  const chooseLevel = (level: RuleLevel) => {
    void setFieldValue('level', level);
    if (!RULE_ACTION_LEVELS[values.action.kind].includes(level)) {
      void setFieldValue('action', { kind: 'notify', percent: null, floor: null, cap: null });
      void setFieldValue('revive', false);
      void setFieldValue('approval', false);
    }
  };
  const setConditions = (groupIndex: number, conditions: RuleDefinition['groups'][number]['conditions']) =>
    void setFieldValue(`groups[${groupIndex}].conditions`, conditions);
  const addGroup = () =>
    void setFieldValue('groups', [...values.groups, { match: 'all', conditions: [newCondition()] }]);
  const removeGroup = (groupIndex: number) =>
    void setFieldValue(
      'groups',
      values.groups.filter((_, index) => index !== groupIndex),
    );

  return (
    <Stack spacing={2.5}>
      <FormikTextField name="name" label="Rule name" required fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <FormikSelect
          name="level"
          label="Applies to"
          options={LEVEL_OPTIONS}
          onValueChange={chooseLevel}
          sx={{ minWidth: 200 }}
        />
        <FormikTextField
          name="scope.name_contains"
          label="Name contains"
          helperText="Empty: every name"
          size="small"
          sx={{ minWidth: 260 }}
        />
      </Stack>
      <PlatformsField />
      {values.groups.length > 1 && (
        <FormikSelect
          name="match"
          label="The rule matches when"
          options={GROUPS_MATCH_OPTIONS}
          sx={{ maxWidth: 320 }}
        />
      )}
      {values.groups.map((group, groupIndex) => (
        <Paper key={groupIndex} component="fieldset" variant="outlined" sx={{ p: 2, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            Group {groupIndex + 1}
          </Typography>
          <Stack spacing={2}>
            <FormikSelect
              name={`groups[${groupIndex}].match`}
              label={`Group ${groupIndex + 1} matches when`}
              options={GROUP_MATCH_OPTIONS}
              sx={{ maxWidth: 320 }}
            />
            {group.conditions.map((_, index) => (
              <ConditionRow
                key={index}
                groupIndex={groupIndex}
                index={index}
                canRemove={group.conditions.length > 1}
                onRemove={() =>
                  setConditions(
                    groupIndex,
                    group.conditions.filter((__, other) => other !== index),
                  )
                }
              />
            ))}
            {typeof getIn(errors, `groups[${groupIndex}].conditions`) === 'string' && (
              <FormHelperText error>{getIn(errors, `groups[${groupIndex}].conditions`)}</FormHelperText>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                size="small"
                startIcon={<AddIcon aria-hidden />}
                aria-label={addConditionLabel(groupIndex)}
                disabled={group.conditions.length >= MAX_CONDITIONS_PER_GROUP}
                onClick={() => setConditions(groupIndex, [...group.conditions, newCondition()])}
              >
                Add a condition
              </Button>
              <Button
                size="small"
                color="inherit"
                aria-label={removeGroupLabel(groupIndex)}
                disabled={values.groups.length <= 1}
                onClick={() => removeGroup(groupIndex)}
              >
                Remove group
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {typeof groupsError === 'string' && <FormHelperText error>{groupsError}</FormHelperText>}
      <Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddIcon aria-hidden />}
          disabled={values.groups.length >= MAX_GROUPS}
          onClick={addGroup}
        >
          {ADD_GROUP_LABEL}
        </Button>
      </Box>
    </Stack>
  );
}
