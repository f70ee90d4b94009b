import { array, type InferType, mixed, number, object, string } from 'yup';

import { DASHBOARD_MESSAGES, DISPLAY_CURRENCIES, type DisplayCurrency } from '../api/dashboard';
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_PERIODS,
  REPORT_SECTIONS,
  REPORT_VALIDATION,
  type ReportPeriodKind,
  type ReportSectionKey,
} from '../api/reports';
import type { IsoDay } from '../days';
import { isCalendarDay } from '../days';
import { isDashboardDay, rangeProblem } from './dashboard';

/**
 * POST reports/ and PUT reports/<id>/ (contract: ../api/reports), run by the server's routes and
 * the report builder's form alike. A custom period's days are checked here (real days, from on or
 * before to, at most a year); that it does not end in the future needs today, which the server
 * knows from its clock and passes as `context.today` (the form passes the browser's day).
 */

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const day = (required: string) =>
  string()
    .trim()
    .transform(emptyToUndefined)
    .when('period', ([period], schema) => (period === 'custom' ? schema.required(required) : schema.strip()))
    .test('day', DASHBOARD_MESSAGES.badDate, (value) => value === undefined || isCalendarDay(value))
    .test(
      'day-in-range',
      DASHBOARD_MESSAGES.dayOutOfRange,
      (value) => value === undefined || !isCalendarDay(value) || isDashboardDay(value),
    );

export const reportSchema = object({
  name: string()
    .trim()
    .required(REPORT_VALIDATION.nameRequired)
    .max(REPORT_LIMITS.nameMax, REPORT_VALIDATION.nameTooLong),
  sections: array()
    .of(string().required(REPORT_VALIDATION.sectionsRequired))
    .typeError(REPORT_VALIDATION.sectionsRequired)
    .required(REPORT_VALIDATION.sectionsRequired)
    .min(1, REPORT_VALIDATION.sectionsRequired)
    .test('known', function known(value) {
      const unknown = (value ?? []).find((section) => !(REPORT_SECTIONS as readonly string[]).includes(section));
      return unknown === undefined || this.createError({ message: REPORT_VALIDATION.unknownSection(String(unknown)) });
    })
    .test('unique', function unique(value) {
      const seen = new Set<string>();
      const twice = (value ?? []).find((section) => (seen.has(section) ? true : (seen.add(section), false)));
      return twice === undefined || this.createError({ message: REPORT_VALIDATION.duplicateSection(twice) });
    }),
  period: mixed<ReportPeriodKind>()
    .oneOf(REPORT_PERIODS, REPORT_VALIDATION.badPeriod)
    .required(REPORT_VALIDATION.badPeriod),
  from: day(REPORT_VALIDATION.customNeedsFrom),
  to: day(REPORT_VALIDATION.customNeedsTo).test('not-future', REPORT_MESSAGES.futurePeriod, function notFuture(value) {
    const today = (this.options.context as { today?: IsoDay } | undefined)?.today;
    return value === undefined || today === undefined || !isCalendarDay(value) || value <= today;
  }),
  currency: string()
    .trim()
    .uppercase()
    .oneOf(DISPLAY_CURRENCIES, REPORT_VALIDATION.badCurrency)
    .required(REPORT_VALIDATION.badCurrency),
}).test('range', function range(value) {
  const { period, from, to } = (value ?? {}) as { period?: string; from?: unknown; to?: unknown };
  if (period !== 'custom' || !isDashboardDay(from) || !isDashboardDay(to)) return true;
  const problem = rangeProblem(from, to);
  return problem === null || this.createError({ path: 'from', message: problem });
});

export interface ReportInputValidated {
  name: string;
  sections: ReportSectionKey[];
  period: ReportPeriodKind;
  from?: IsoDay;
  to?: IsoDay;
  currency: DisplayCurrency;
}
export type ReportSchemaOutput = InferType<typeof reportSchema>;

/** POST reports/<id>/share/. */
export const reportShareSchema = object({
  expires_in_days: number()
    .typeError(REPORT_VALIDATION.badShareDays)
    .integer(REPORT_VALIDATION.badShareDays)
    .min(REPORT_LIMITS.minShareDays, REPORT_VALIDATION.badShareDays)
    .max(REPORT_LIMITS.maxShareDays, REPORT_VALIDATION.badShareDays)
    .default(REPORT_LIMITS.shareDays),
});
export type ReportShareInputValidated = InferType<typeof reportShareSchema>;
