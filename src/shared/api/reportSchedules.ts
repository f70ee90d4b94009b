import type { IsoDay } from '../days';
import type { ReportData } from './reports';

/**
 * Scheduled client reports (issue 17): a report's schedule, its drafts for review and the sent
 * history. Under the API base, in the current workspace (X-Workspace-Id); reads need
 * 'reports:read', everything else 'reports:write' (owners and managers).
 *
 * GET    reports/<id>/schedule/              -> ReportScheduleView      { schedule: null } when none
 * PUT    reports/<id>/schedule/  ReportScheduleInput -> ReportSchedule  creates or replaces it
 * DELETE reports/<id>/schedule/              -> 204
 * GET    reports/deliveries/                 -> ReportDelivery[]        the workspace's history, newest first
 * GET    reports/deliveries/<id>/            -> ReportDeliveryDetail    with the draft's data (the review page)
 * GET    reports/deliveries/<id>/pdf/        -> application/pdf         the PDF as sent (or as it will be sent)
 * POST   reports/deliveries/<id>/approve/  ReportReviewInput -> ReportDelivery   sends it (with the comment)
 * POST   reports/deliveries/<id>/skip/       -> ReportDelivery          it is never sent
 * POST   reports/preview/        ReportInput -> ReportData              the live preview of unsaved edits
 *
 * A scheduled run covers the last whole week (Monday to Sunday) before its day for a weekly
 * schedule, the last calendar month for a monthly one, in the schedule's time zone; the report's
 * own period is what its preview, PDF and links use. A run is made once per (schedule, period).
 */

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly (covers the last Monday to Sunday)',
  monthly: 'Monthly (covers the last calendar month)',
};

/** ISO weekdays, Monday 1 … Sunday 7. */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const SCHEDULE_LIMITS = {
  /** Members and outside addresses together. */
  maxRecipients: 50,
  /** The last day of the month a monthly schedule may pick (every month has it). */
  maxDayOfMonth: 28,
  commentMax: 2_000,
  /** Deliveries the history lists. */
  historySize: 100,
} as const;

/** PUT reports/<id>/schedule/. */
export interface ReportScheduleInput {
  frequency: ReportFrequency;
  /** Weekly: ISO weekday, Monday 1 … Sunday 7. */
  weekday?: number | null;
  /** Monthly: 1 … 28. */
  day_of_month?: number | null;
  /** Local hour the run starts, 0 … 23. */
  hour: number;
  /** IANA time zone of the days and the hour. */
  time_zone: string;
  /** Members of the workspace (user ids) who receive it. */
  members: string[];
  /** Outside addresses (client contacts) who receive it. */
  emails: string[];
  /** Review before send: the draft waits for a manager's approval; unapproved drafts are never sent. */
  review: boolean;
  /** Off keeps the schedule without running it. */
  enabled: boolean;
}

export interface ReportScheduleMember {
  user_id: string;
  name: string;
  email: string;
}

export interface ReportSchedule {
  id: string;
  report_id: string;
  frequency: ReportFrequency;
  weekday: number | null;
  day_of_month: number | null;
  hour: number;
  time_zone: string;
  members: ReportScheduleMember[];
  emails: string[];
  review: boolean;
  /** Who is asked to review (the manager who saved the schedule). */
  reviewer: { user_id: string; name: string } | null;
  enabled: boolean;
  /** When it runs next (null when off). */
  next_run_at: string | null;
  updated_at: string;
}

/** GET reports/<id>/schedule/. */
export interface ReportScheduleView {
  schedule: ReportSchedule | null;
}

export const DELIVERY_STATUSES = ['generating', 'awaiting_review', 'approved', 'sent', 'skipped', 'failed'] as const;
export type ReportDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<ReportDeliveryStatus, string> = {
  generating: 'Being prepared',
  awaiting_review: 'Waiting for review',
  approved: 'Approved, sending',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** One recipient of a sent report: 'outbox' means kept in the development mailbox (no SMTP configured). */
export interface ReportDeliveryRecipient {
  address: string;
  status: 'pending' | 'sending' | 'sent' | 'outbox' | 'failed';
}

export interface ReportDelivery {
  id: string;
  report_id: string | null;
  report_name: string;
  schedule_id: string | null;
  from: IsoDay;
  to: IsoDay;
  status: ReportDeliveryStatus;
  review: boolean;
  comment: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** Resolved when the draft was made; empty for the client role (a client is not shown who else receives it). */
  recipients: ReportDeliveryRecipient[];
  /** What went wrong, once the last try failed. */
  error: string | null;
  has_pdf: boolean;
  created_at: string;
  sent_at: string | null;
}

/** GET reports/deliveries/<id>/: the draft as it will be sent. */
export interface ReportDeliveryDetail extends ReportDelivery {
  data: ReportData | null;
}

/** POST reports/deliveries/<id>/approve/. */
export interface ReportReviewInput {
  comment?: string | null;
}

export const SCHEDULE_MESSAGES = {
  scheduleNotFound: 'This report has no schedule.',
  deliveryNotFound: 'That sent report was not found.',
  notAwaitingReview: 'This draft is no longer waiting for review.',
  memberNotFound: 'One of the chosen members is no longer in this workspace.',
  noPdfYet: 'This report has no PDF yet: it is still being prepared.',
  planLapsed: 'Not sent: the workspace has no active trial or plan.',
  deliveryFailed: 'The report could not be prepared or sent after several tries.',
  reviewSubject: (report: string, range: string) => `Review before sending: ${report} (${range})`,
  sentSubject: (report: string, range: string) => `${report}: ${range}`,
} as const;

/** The user-facing validation messages of ../validation/reportSchedules. */
export const SCHEDULE_VALIDATION = {
  badFrequency: 'Choose weekly or monthly.',
  badWeekday: 'Choose a day of the week.',
  badDayOfMonth: `Choose a day of the month from 1 to ${SCHEDULE_LIMITS.maxDayOfMonth}.`,
  badHour: 'Choose an hour from 0 to 23.',
  badTimeZone: 'Choose a time zone from the list.',
  badEmails: (values: string[]) =>
    values.length === 1
      ? `"${values[0]}" is not an e-mail address.`
      : `${values.map((value) => `"${value}"`).join(', ')} are not e-mail addresses.`,
  badMember: 'A member must be chosen from the workspace.',
  duplicate: (value: string) => `"${value}" is listed twice.`,
  noRecipients: 'Add at least one recipient.',
  tooManyRecipients: `A report goes to at most ${SCHEDULE_LIMITS.maxRecipients} recipients.`,
  commentTooLong: `The comment can be at most ${SCHEDULE_LIMITS.commentMax} characters.`,
} as const;
