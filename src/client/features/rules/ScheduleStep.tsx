import { FormikCheckbox } from '@client/components/FormikCheckbox';
import { FormikTextField } from '@client/components/FormikTextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { MAX_SCHEDULE_TIMES, type RuleDefinition, type RuleScheduleKind } from '@shared/api/rules';
import { getIn, useFormikContext } from 'formik';

/** The schedule's choices and buttons. */
export const SCHEDULE_LABELS: Record<RuleScheduleKind, string> = {
  after_sync: 'After each sync',
  times: 'At set times',
};
export const ADD_TIME_LABEL = 'Add a time';
export const removeTimeLabel = (index: number) => `Remove time ${index + 1}`;
export const ENABLED_LABEL = 'Turn the rule on when it is saved';

/** The time a new entry of the list starts at. */
const DEFAULT_TIME = '09:00';

/**
 * The builder's third step: the rule runs after each sync of the workspace, or at set times of
 * day (HH:MM in a time zone, the browser's to start with); and whether it is on once saved.
 */
export function ScheduleStep() {
  const { values, errors, setFieldValue } = useFormikContext<RuleDefinition>();
  const { schedule } = values;
  const timesError: unknown = getIn(errors, 'schedule.times');

  const chooseKind = (kind: RuleScheduleKind) => {
    void setFieldValue('schedule', {
      ...schedule,
      kind,
      times: kind === 'times' && schedule.times.length === 0 ? [DEFAULT_TIME] : schedule.times,
    });
  };
  const setTimes = (times: string[]) => void setFieldValue('schedule.times', times);

  return (
    <Stack spacing={2.5}>
      <FormControl component="fieldset">
        <FormLabel component="legend">When it runs</FormLabel>
        <RadioGroup
          name="schedule.kind"
          value={schedule.kind}
          onChange={(event) => chooseKind(event.target.value as RuleScheduleKind)}
        >
          {(Object.keys(SCHEDULE_LABELS) as RuleScheduleKind[]).map((kind) => (
            <FormControlLabel key={kind} value={kind} control={<Radio />} label={SCHEDULE_LABELS[kind]} />
          ))}
        </RadioGroup>
        {schedule.kind === 'after_sync' && (
          <FormHelperText>Once per new data: two syncs finishing together run it once.</FormHelperText>
        )}
      </FormControl>
      {schedule.kind === 'times' && (
        <Stack spacing={1.5}>
          {schedule.times.map((_, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <FormikTextField
                name={`schedule.times[${index}]`}
                label={`Time ${index + 1}`}
                placeholder="HH:MM"
                size="small"
                helperText="24-hour, e.g. 07:30"
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                sx={{ width: 180 }}
              />
              <IconButton
                aria-label={removeTimeLabel(index)}
                disabled={schedule.times.length <= 1}
                onClick={() => setTimes(schedule.times.filter((__, other) => other !== index))}
                sx={{ mt: 0.5 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Stack>
          ))}
          {typeof timesError === 'string' && <FormHelperText error>{timesError}</FormHelperText>}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon aria-hidden />}
              disabled={schedule.times.length >= MAX_SCHEDULE_TIMES}
              onClick={() => setTimes([...schedule.times, DEFAULT_TIME])}
            >
              {ADD_TIME_LABEL}
            </Button>
          </Box>
          <FormikTextField
            name="schedule.time_zone"
            label="Time zone"
            size="small"
            helperText="e.g. Europe/Paris"
            sx={{ maxWidth: 320 }}
          />
        </Stack>
      )}
      <FormikCheckbox name="enabled" label={ENABLED_LABEL} />
    </Stack>
  );
}
