import { array, boolean, type InferType, mixed, number, object, string } from 'yup';

import { REPORT_FREQUENCIES, type ReportFrequency, SCHEDULE_LIMITS, SCHEDULE_VALIDATION } from '../api/reportSchedules';
import { EMAIL_MAX_LENGTH } from './auth';
import { isUuid } from './uuid';

/**
 * PUT reports/<id>/schedule/ and POST reports/deliveries/<id>/approve/ (contract:
 * ../api/reportSchedules), run by the server's routes and the schedule form alike. That the
 * members belong to the workspace is the server's check.
 */

const anEmail = string().max(EMAIL_MAX_LENGTH).email().required();
export const isEmailAddress = (value: string) => anEmail.isValidSync(value);

/** A known IANA zone (the runtime's tables, in the browser and on the server alike). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const firstRepeat = (values: string[]) => {
  const seen = new Set<string>();
  return values.find((value) => (seen.has(value) ? true : (seen.add(value), false)));
};

const wholeNumber = (message: string, min: number, max: number) =>
  number().typeError(message).integer(message).min(min, message).max(max, message);

export const reportScheduleSchema = object({
  frequency: mixed<ReportFrequency>()
    .oneOf(REPORT_FREQUENCIES, SCHEDULE_VALIDATION.badFrequency)
    .required(SCHEDULE_VALIDATION.badFrequency),
  weekday: wholeNumber(SCHEDULE_VALIDATION.badWeekday, 1, 7)
    .nullable()
    .when('frequency', ([frequency], schema) =>
      frequency === 'weekly' ? schema.required(SCHEDULE_VALIDATION.badWeekday) : schema.strip(),
    ),
  day_of_month: wholeNumber(SCHEDULE_VALIDATION.badDayOfMonth, 1, SCHEDULE_LIMITS.maxDayOfMonth)
    .nullable()
    .when('frequency', ([frequency], schema) =>
      frequency === 'monthly' ? schema.required(SCHEDULE_VALIDATION.badDayOfMonth) : schema.strip(),
    ),
  hour: wholeNumber(SCHEDULE_VALIDATION.badHour, 0, 23).required(SCHEDULE_VALIDATION.badHour),
  time_zone: string()
    .trim()
    .required(SCHEDULE_VALIDATION.badTimeZone)
    .test('zone', SCHEDULE_VALIDATION.badTimeZone, (value) => isTimeZone(value)),
  members: array()
    .of(string().trim().lowercase().required(SCHEDULE_VALIDATION.badMember))
    .typeError(SCHEDULE_VALIDATION.badMember)
    .default([])
    .test('uuids', SCHEDULE_VALIDATION.badMember, (value) => (value ?? []).every((id) => isUuid(id)))
    .test('unique', SCHEDULE_VALIDATION.badMember, (value) => firstRepeat(value ?? []) === undefined),
  emails: array()
    .of(string().trim().lowercase().required())
    .typeError(SCHEDULE_VALIDATION.badEmails(['']))
    .default([])
    // Every bad address is named in one message, so a pasted list is fixed in one go.
    .test('emails', function emails(value) {
      const bad = (value ?? []).filter((address) => !isEmailAddress(address));
      return bad.length === 0 || this.createError({ message: SCHEDULE_VALIDATION.badEmails(bad) });
    })
    .test('unique', function unique(value) {
      const twice = firstRepeat(value ?? []);
      return twice === undefined || this.createError({ message: SCHEDULE_VALIDATION.duplicate(twice) });
    }),
  review: boolean().typeError('Review before send is on or off.').default(false),
  enabled: boolean().typeError('The schedule is on or off.').default(true),
}).test('recipients', function recipients(value) {
  const count = (value?.members?.length ?? 0) + (value?.emails?.length ?? 0);
  if (count === 0) return this.createError({ path: 'emails', message: SCHEDULE_VALIDATION.noRecipients });
  if (count > SCHEDULE_LIMITS.maxRecipients)
    return this.createError({ path: 'emails', message: SCHEDULE_VALIDATION.tooManyRecipients });
  return true;
});
export type ReportScheduleInputValidated = InferType<typeof reportScheduleSchema>;

/** POST reports/deliveries/<id>/approve/. */
export const reportReviewSchema = object({
  comment: string().trim().nullable().default(null).max(SCHEDULE_LIMITS.commentMax, SCHEDULE_VALIDATION.commentTooLong),
});
export type ReportReviewInputValidated = InferType<typeof reportReviewSchema>;
