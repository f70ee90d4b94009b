import type { ReportDelivery, ReportDeliveryRecipient, ReportSchedule } from '@shared/api/reportSchedules';

import type { DeliverySummary, ScheduleRow } from './schedules.queries';

/** Rows of report_schedules and report_deliveries as the API shows them (contract: @shared/api/reportSchedules). */

export function presentSchedule(
  row: ScheduleRow,
  members: { userId: string; name: string; email: string }[],
  reviewer: { id: string; name: string } | undefined,
): ReportSchedule {
  return {
    id: row.id,
    report_id: row.reportId,
    frequency: row.frequency,
    weekday: row.weekday,
    day_of_month: row.dayOfMonth,
    hour: row.hour,
    time_zone: row.timeZone,
    members: members.map((member) => ({ user_id: member.userId, name: member.name, email: member.email })),
    emails: row.emails,
    review: row.review,
    reviewer: reviewer ? { user_id: reviewer.id, name: reviewer.name } : null,
    enabled: row.enabled,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A delivery with where each recipient's mail stands: from its outbox rows once sent, else the
 * addresses it will go to (pending).
 */
export function presentDelivery(
  row: DeliverySummary,
  outbox: Map<string, { address: string; status: string }>,
  reviewedBy: string | null,
): ReportDelivery {
  const sent = row.outboxIds.map((id) => outbox.get(id)).filter((mail) => mail !== undefined);
  const recipients: ReportDeliveryRecipient[] =
    sent.length > 0
      ? sent.map((mail) => ({ address: mail.address, status: mail.status as ReportDeliveryRecipient['status'] }))
      : row.recipients.map((address) => ({ address, status: 'pending' }));
  return {
    id: row.id,
    report_id: row.reportId,
    report_name: row.reportName,
    schedule_id: row.scheduleId,
    from: row.periodFrom,
    to: row.periodTo,
    status: row.status,
    review: row.review,
    comment: row.comment,
    reviewed_by: reviewedBy,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    recipients,
    error: row.lastError,
    has_pdf: row.hasPdf,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
