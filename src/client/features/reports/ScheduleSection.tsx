import { errorField, errorMessage } from '@client/api/errors';
import { FormFooter } from '@client/components/FormFooter';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { Report } from '@shared/api/reports';
import {
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type ReportFrequency,
  type ReportSchedule,
  type ReportScheduleInput,
  SCHEDULE_LIMITS,
  WEEKDAY_LABELS,
} from '@shared/api/reportSchedules';
import { reportScheduleSchema } from '@shared/validation/reportSchedules';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { ValidationError } from 'yup';

import {
  useDeleteReportScheduleMutation,
  useGetReportScheduleQuery,
  useListWorkspaceMembersQuery,
  useSaveReportScheduleMutation,
} from './reports.api';

export const SCHEDULE_HEADING = 'Schedule';
export const EMAILS_LABEL = 'Outside e-mail addresses';
export const REVIEW_LABEL = 'Review before sending';
export const REVIEW_HELP =
  'You (the manager saving this schedule) get an e-mail to approve or skip each draft before it goes out. A draft nobody approves is never sent.';
export const SCHEDULE_SAVED = 'Schedule saved.';
export const SCHEDULE_REMOVED = 'Schedule removed.';

interface ScheduleValues {
  frequency: ReportFrequency;
  weekday: number;
  day_of_month: number;
  hour: number;
  time_zone: string;
  members: string[];
  /** As typed: one address per line, or separated by commas. */
  emails: string;
  review: boolean;
  enabled: boolean;
}

/** The browser's time zone, the default of a new schedule. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The addresses in what was typed: split on new lines, commas and semicolons, trimmed, empties dropped. */
export const splitEmails = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');

const valuesOf = (schedule: ReportSchedule | null): ScheduleValues => ({
  frequency: schedule?.frequency ?? 'weekly',
  weekday: schedule?.weekday ?? 1,
  day_of_month: schedule?.day_of_month ?? 1,
  hour: schedule?.hour ?? 9,
  time_zone: schedule?.time_zone ?? browserTimeZone(),
  members: schedule?.members.map((member) => member.user_id) ?? [],
  emails: schedule?.emails.join('\n') ?? '',
  review: schedule?.review ?? false,
  enabled: schedule?.enabled ?? true,
});

export const scheduleInputOf = (values: ScheduleValues): ReportScheduleInput => ({
  frequency: values.frequency,
  weekday: values.frequency === 'weekly' ? values.weekday : null,
  day_of_month: values.frequency === 'monthly' ? values.day_of_month : null,
  hour: values.hour,
  time_zone: values.time_zone,
  members: values.members,
  emails: splitEmails(values.emails),
  review: values.review,
  enabled: values.enabled,
});

/** A form field a schema path belongs to: `emails[2]` is the e-mail field's, `members[0]` the members'. */
const fieldOf = (path: string | null | undefined) => (path ?? '').replace(/\[.*$/, '').replace(/\..*$/, '');

function validate(values: ScheduleValues): Partial<Record<keyof ScheduleValues, string>> {
  try {
    reportScheduleSchema.validateSync(scheduleInputOf(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<keyof ScheduleValues, string>> = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      const field = (fieldOf(inner.path) || 'emails') as keyof ScheduleValues;
      errors[field] ??= inner.message;
    }
    return errors;
  }
}

/** The days a monthly schedule may run on, as value and label. */
const MONTH_DAYS: [number, string][] = Array.from({ length: SCHEDULE_LIMITS.maxDayOfMonth }, (_, index) => [
  index + 1,
  String(index + 1),
]);

interface DaySelectProps {
  label: string;
  name: string;
  value: number;
  options: [number, string][];
  error: string | undefined;
  onPick: (day: number) => void;
}

/** The day a schedule runs on: a weekday or a day of the month. */
function DaySelect({ label, name, value, options, error, onPick }: DaySelectProps) {
  return (
    <TextField
      select
      label={label}
      name={name}
      value={value}
      onChange={(event) => onPick(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 180 }}
    >
      {options.map(([day, text]) => (
        <MenuItem key={day} value={day}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Monday, 17 March 2030 at 09:00 (Europe/Berlin)": an instant in the schedule's own zone. */
export function formatRunTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  try {
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(at);
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    return `${day} at ${time} (${timeZone})`;
  } catch {
    return at.toISOString();
  }
}

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

interface ScheduleFormProps {
  report: Report;
  schedule: ReportSchedule | null;
  /** What the last save or removal did (kept above the form, which starts afresh from the saved schedule). */
  setNotice: (notice: string | null) => void;
}

function ScheduleForm({ report, schedule, setNotice }: ScheduleFormProps) {
  const team = useListWorkspaceMembersQuery();
  const [save, saved] = useSaveReportScheduleMutation();
  const [remove, removed] = useDeleteReportScheduleMutation();
  const formik = useFormik<ScheduleValues>({
    initialValues: valuesOf(schedule),
    validate,
    onSubmit: async (values) => {
      setNotice(null);
      removed.reset();
      const result = await save({ reportId: report.id, input: scheduleInputOf(values) });
      if ('data' in result) setNotice(SCHEDULE_SAVED);
    },
  });
  const { values, errors, touched } = formik;
  const zones = useMemo(() => timeZones(values.time_zone), [values.time_zone]);
  const id = (name: string) => `schedule-${report.id}-${name}`;

  // A refusal about one field shows under it; anything else under the buttons.
  const refusedField = saved.isError ? fieldOf(errorField(saved.error)) : null;
  const refusal = saved.isError
    ? errorMessage(saved.error, 'The schedule could not be saved. Please try again.')
    : null;
  const fieldRefusal = (field: keyof ScheduleValues) => (refusal && refusedField === field ? refusal : null);
  const footerRefusal =
    refusal && !['emails', 'members', 'time_zone', 'hour', 'weekday', 'day_of_month'].includes(refusedField ?? '')
      ? refusal
      : removed.isError
        ? errorMessage(removed.error, 'The schedule could not be removed. Please try again.')
        : null;
  const shown = (field: keyof ScheduleValues) =>
    fieldRefusal(field) ??
    (touched[field] || formik.submitCount > 0 ? (errors[field] as string | undefined) : undefined);

  const emailsError = shown('emails');
  const membersError = shown('members');

  const toggleMember = (userId: string) => {
    void formik.setFieldTouched('members', true, false);
    void formik.setFieldValue(
      'members',
      values.members.includes(userId) ? values.members.filter((m) => m !== userId) : [...values.members, userId],
    );
  };

  const removeSchedule = async () => {
    setNotice(null);
    saved.reset();
    const result = await remove(report.id);
    if (!('error' in result)) setNotice(SCHEDULE_REMOVED);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={`Schedule of ${report.name}`}
      aria-describedby={footerRefusal ? id('failure') : undefined}
    >
      <Stack spacing={2}>
        {schedule && (
          <Typography variant="body2">
            {schedule.enabled && schedule.next_run_at
              ? `Next run: ${formatRunTime(schedule.next_run_at, schedule.time_zone)}.`
              : 'The schedule is off: it keeps its settings and does not run.'}
          </Typography>
        )}
        <FormControl component="fieldset">
          <FormLabel component="legend" id={id('frequency')}>
            How often
          </FormLabel>
          <RadioGroup
            aria-labelledby={id('frequency')}
            name="frequency"
            value={values.frequency}
            onChange={formik.handleChange}
          >
            {REPORT_FREQUENCIES.map((frequency) => (
              <FormControlLabel
                key={frequency}
                value={frequency}
                control={<Radio />}
                label={REPORT_FREQUENCY_LABELS[frequency]}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {values.frequency === 'weekly' ? (
            <DaySelect
              label="Day of the week"
              name="weekday"
              value={values.weekday}
              options={WEEKDAY_LABELS.map((label, index) => [index + 1, label])}
              error={shown('weekday')}
              onPick={(day) => void formik.setFieldValue('weekday', day)}
            />
          ) : (
            <DaySelect
              label="Day of the month"
              name="day_of_month"
              value={values.day_of_month}
              options={MONTH_DAYS}
              error={shown('day_of_month')}
              onPick={(day) => void formik.setFieldValue('day_of_month', day)}
            />
          )}
          <TextField
            select
            label="Hour"
            name="hour"
            value={values.hour}
            onChange={(event) => void formik.setFieldValue('hour', Number(event.target.value))}
            error={Boolean(shown('hour'))}
            helperText={shown('hour')}
            sx={{ minWidth: 120 }}
          >
            {Array.from({ length: 24 }, (_, hour) => hour).map((hour) => (
              <MenuItem key={hour} value={hour}>
                {hourLabel(hour)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={zones}
            value={values.time_zone}
            disableClearable
            autoHighlight
            onChange={(_event, zone) => void formik.setFieldValue('time_zone', zone)}
            sx={{ minWidth: 260, flex: 1 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                name="time_zone"
                error={Boolean(shown('time_zone'))}
                helperText={shown('time_zone')}
              />
            )}
          />
        </Stack>
        <FormControl component="fieldset" error={Boolean(membersError)}>
          <FormLabel component="legend">Members who receive it</FormLabel>
          {team.isLoading && <CircularProgress size={20} aria-label="Loading the members" />}
          {team.isError && (
            <FormHelperText>{errorMessage(team.error, 'The members could not be loaded.')}</FormHelperText>
          )}
          <FormGroup>
            {(team.data ?? []).map((member) => (
              <FormControlLabel
                key={member.user_id}
                control={
                  <Checkbox
                    checked={values.members.includes(member.user_id)}
                    onChange={() => toggleMember(member.user_id)}
                  />
                }
                label={`${member.full_name} (${member.email})`}
              />
            ))}
          </FormGroup>
          {membersError && <FormHelperText>{membersError}</FormHelperText>}
        </FormControl>
        <TextField
          label={EMAILS_LABEL}
          name="emails"
          multiline
          minRows={2}
          value={values.emails}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(emailsError)}
          helperText={emailsError ?? 'Client contacts: one address per line, or separated by commas.'}
        />
        <FormControl>
          <FormControlLabel
            control={
              <Switch
                name="review"
                checked={values.review}
                onChange={formik.handleChange}
                slotProps={{ input: { 'aria-describedby': id('review-help') } }}
              />
            }
            label={REVIEW_LABEL}
          />
          <FormHelperText id={id('review-help')} sx={{ mt: 0 }}>
            {REVIEW_HELP}
            {schedule?.review && schedule.reviewer ? ` Drafts now go to ${schedule.reviewer.name}.` : ''}
          </FormHelperText>
        </FormControl>
        <FormControl>
          <FormControlLabel
            control={
              <Switch
                name="enabled"
                checked={values.enabled}
                onChange={formik.handleChange}
                slotProps={{ input: { 'aria-describedby': id('enabled-help') } }}
              />
            }
            label="On"
          />
          <FormHelperText id={id('enabled-help')} sx={{ mt: 0 }}>
            Off keeps the schedule and its recipients without sending anything.
          </FormHelperText>
        </FormControl>
        <FormFooter failure={footerRefusal} failureId={id('failure')}>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={saved.isLoading}>
              Save schedule
            </Button>
            {schedule && (
              <Button color="error" onClick={() => void removeSchedule()} disabled={removed.isLoading}>
                Remove schedule
              </Button>
            )}
          </Stack>
        </FormFooter>
      </Stack>
    </Box>
  );
}

/** A report's schedule (issue 17): when it is made and sent, to whom, and whether a manager reviews each draft first. For owners and managers. */
export function ScheduleSection({ report }: { report: Report }) {
  const { data, isLoading, isError, error } = useGetReportScheduleQuery(report.id);
  const schedule = data?.schedule ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Stack spacing={1} component="section" aria-label={SCHEDULE_HEADING}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem' }}>
        {SCHEDULE_HEADING}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Send this report by e-mail every week or month, with its PDF attached.
      </Typography>
      {isLoading && <CircularProgress size={20} aria-label="Loading the schedule" />}
      {isError && (
        <Alert severity="error">{errorMessage(error, 'The schedule could not be loaded. Please try again.')}</Alert>
      )}
      {notice && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
      {data && (
        <ScheduleForm
          key={`${report.id}:${schedule?.updated_at ?? 'none'}`}
          report={report}
          schedule={schedule}
          setNotice={setNotice}
        />
      )}
    </Stack>
  );
}
