import { ErrorCode } from '@shared/api/errors';
import type { ReportData } from '@shared/api/reports';
import { REPORT_MESSAGES } from '@shared/api/reports';
import {
  type ReportDelivery,
  type ReportDeliveryDetail,
  type ReportSchedule,
  type ReportScheduleView,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
} from '@shared/api/reportSchedules';
import { reportRange } from '@shared/reportFormat';
import type { ReportReviewInputValidated, ReportScheduleInputValidated } from '@shared/validation/reportSchedules';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import type { JobMeta } from '../../jobs/queue';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { workspaceEntitlements } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { BrandingService } from '../branding/branding.service';
import { logoPng } from '../branding/logoPng';
import { reportEmail } from './delivery.email';
import { fixedPeriod } from './report.period';
import * as reportQueries from './reports.queries';
import type { ReportsService } from './reports.service';
import { nextRunAfter, runPeriod } from './schedule.timing';
import { presentDelivery, presentSchedule } from './schedules.presenter';
import * as queries from './schedules.queries';

export const REPORT_SCHEDULE_JOB = 'reports.schedule';
export const REPORT_DELIVER_JOB = 'reports.deliver';
/** Schedules one run of the schedule job takes on; the rest wait a minute. */
const DUE_BATCH = 50;
/** Tries of a delivery's job before it is shown as failed (pg-boss backs off between them). */
export const DELIVER_RETRIES = 3;

const scheduleNotFound = () => notFound(SCHEDULE_MESSAGES.scheduleNotFound);
const deliveryNotFound = () => notFound(SCHEDULE_MESSAGES.deliveryNotFound);

/**
 * Scheduled client reports (issue 17): a report's schedule, the job that makes each run's draft
 * (once per schedule and period), review before send, and delivery through the mailer.
 *
 * A run moves generating → awaiting_review → approved → sent (or skipped), or generating → sent
 * without review. Every move is a compare-and-set on the status, and the mails are written to the
 * outbox in the same transaction as the move to sent: a retried job, a second worker or a second
 * click never sends twice. A run whose last try fails is marked failed with what went wrong.
 */
export function createReportSchedulesService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'queue' | 'mailer' | 'log'>,
  deps: { reports: Pick<ReportsService, 'draft' | 'pdfOfData'>; branding: Pick<BrandingService, 'get'> },
) {
  const { db, clock, config, queue, mailer } = ctx;
  const reviewUrl = (deliveryId: string) => `${config.publicUrl}/reports/review/${deliveryId}`;

  async function reportOf(principal: Principal, reportId: string) {
    const row = isUuid(reportId)
      ? await reportQueries.findReport(db, principal.workspaceId, reportId.toLowerCase())
      : undefined;
    if (!row) throw notFound(REPORT_MESSAGES.notFound);
    return row;
  }

  async function present(schedule: queries.ScheduleRow): Promise<ReportSchedule> {
    const members = await queries.membersAmong(db, schedule.workspaceId, schedule.memberIds);
    const reviewer = schedule.reviewerId ? await queries.userById(db, schedule.reviewerId) : undefined;
    return presentSchedule(schedule, members, reviewer);
  }

  async function deliveryOf(principal: Principal, id: string) {
    const row = isUuid(id) ? await queries.deliveryOf(db, principal.workspaceId, id.toLowerCase()) : undefined;
    if (!row) throw deliveryNotFound();
    return row;
  }

  /** A delivery as `principal` may see it: the client role is not shown who else receives it. */
  async function presentMany(principal: Principal, rows: queries.DeliverySummary[]): Promise<ReportDelivery[]> {
    // Two queries for the whole list: every outbox row and every reviewer's name at once.
    const [statuses, reviewers] = await Promise.all([
      queries.outboxStatuses(
        db,
        rows.flatMap((row) => row.outboxIds),
      ),
      queries.userNames(db, [...new Set(rows.flatMap((row) => (row.reviewedBy ? [row.reviewedBy] : [])))]),
    ]);
    return rows.map((row) => {
      const delivery = presentDelivery(row, statuses, row.reviewedBy ? (reviewers.get(row.reviewedBy) ?? null) : null);
      return principal.role === 'client' ? { ...delivery, recipients: [] } : delivery;
    });
  }
  const presentOne = async (principal: Principal, row: queries.DeliverySummary) =>
    (await presentMany(principal, [row]))[0];

  /** Who a run acts as when it reads the workspace's figures: the schedule's reviewer (a manager), as a manager. */
  const runner = (delivery: queries.DeliveryRow): Principal => ({
    userId: delivery.reviewerId ?? '',
    workspaceId: delivery.workspaceId,
    role: 'manager',
  });

  /** Makes a due schedule's run over its period (once: the unique (schedule, period)) and moves the schedule to its next run. */
  async function startRun({
    schedule,
    report,
  }: Awaited<ReturnType<typeof queries.dueSchedules>>[number]): Promise<boolean> {
    const runAt = schedule.nextRunAt!;
    const period = runPeriod(schedule.frequency, runAt, schedule.timeZone);
    const timing = {
      frequency: schedule.frequency,
      weekday: schedule.weekday,
      dayOfMonth: schedule.dayOfMonth,
      hour: schedule.hour,
      timeZone: schedule.timeZone,
    };
    // A run missed while the product was down is made once; the ones between are not caught up.
    const next = nextRunAfter(timing, new Date(Math.max(runAt.getTime(), clock.now().getTime())));
    return db.transaction(async (tx) => {
      if (!(await queries.advanceSchedule(tx, schedule.id, runAt, next))) return false;
      const members = await queries.membersAmong(tx, schedule.workspaceId, schedule.memberIds);
      const recipients = [...new Set([...members.map((member) => member.email), ...schedule.emails])];
      const delivery = await queries.insertDelivery(tx, {
        workspaceId: schedule.workspaceId,
        scheduleId: schedule.id,
        reportId: report.id,
        reportName: report.name,
        periodKind: period.kind,
        periodFrom: period.from,
        periodTo: period.to,
        status: 'generating',
        review: schedule.review,
        reviewerId: schedule.reviewerId,
        recipients,
        createdAt: clock.now(),
      });
      if (delivery)
        await queue.send(REPORT_DELIVER_JOB, { deliveryId: delivery.id }, { tx, singletonKey: delivery.id });
      return true;
    });
  }

  /** Asks the reviewer to approve or skip a draft, in the transaction that marks it waiting. */
  async function askForReview(delivery: queries.DeliveryRow, tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) {
    const reviewer = delivery.reviewerId ? await queries.userById(tx, delivery.reviewerId) : undefined;
    if (!reviewer) return;
    const range = reportRange(delivery.periodFrom, delivery.periodTo);
    const link = reviewUrl(delivery.id);
    await mailer.send(
      {
        to: reviewer.email,
        userId: reviewer.id,
        subject: SCHEDULE_MESSAGES.reviewSubject(delivery.reportName, range),
        text: [
          `Hello ${reviewer.name},`,
          '',
          `The draft of "${delivery.reportName}" for ${range} is ready for your review.`,
          `Read it, add a comment for your client if you like, then approve or skip it:`,
          link,
          '',
          `Until someone approves it, it is not sent to its ${delivery.recipients.length} recipient${delivery.recipients.length === 1 ? '' : 's'}.`,
        ].join('\n'),
      },
      tx,
    );
  }

  /** Sends an approved (or unreviewed) draft: one mail per recipient, written with the move to sent. */
  async function send(delivery: queries.DeliveryRow) {
    const principal = runner(delivery);
    let data = delivery.data as ReportData;
    let pdf = delivery.pdf!;
    if (delivery.comment) {
      // The reviewer's note goes into the PDF too.
      data = { ...data, comment: delivery.comment };
      pdf = await deps.reports.pdfOfData(principal, data);
    }
    const branding = await deps.branding.get(principal);
    // Inline in the mail as PNG: many mail clients do not draw SVG.
    const logo = branding.logo ? await logoPng(db, delivery.workspaceId, ctx.log) : null;
    const email = await reportEmail({
      data,
      logoPng: logo,
      pdf: { fileName: delivery.pdfFileName ?? 'report.pdf', bytes: pdf },
    });
    await db.transaction(async (tx) => {
      const moved = await queries.moveDelivery(tx, delivery.id, ['generating', 'approved'], {
        status: 'sent',
        sentAt: clock.now(),
        pdf,
        lastError: null,
      });
      if (!moved) return;
      const outboxIds: string[] = [];
      for (const address of delivery.recipients) {
        outboxIds.push(
          await mailer.send(
            { ...email, to: address, fromName: branding.sender_name ?? branding.name, replyTo: branding.reply_to },
            tx,
          ),
        );
      }
      await queries.moveDelivery(tx, delivery.id, ['sent'], { outboxIds });
    });
  }

  /** One step of a run, as the deliver job makes it. */
  async function deliver(deliveryId: string, meta: Pick<JobMeta, 'lastTry' | 'log'>) {
    let delivery = await queries.deliveryById(db, deliveryId);
    if (!delivery || !['generating', 'approved'].includes(delivery.status)) return;
    try {
      const entitlements = await workspaceEntitlements(db, delivery.workspaceId, clock.now());
      if (!entitlements.dashboard) {
        // Not worth a retry: the plan decides, not the network.
        await queries.moveDelivery(db, delivery.id, ['generating', 'approved'], {
          status: 'failed',
          lastError: SCHEDULE_MESSAGES.planLapsed,
        });
        return;
      }
      if (delivery.status === 'generating' && !delivery.pdf) {
        const report = delivery.reportId
          ? await reportQueries.findReport(db, delivery.workspaceId, delivery.reportId)
          : undefined;
        if (!report) {
          await queries.moveDelivery(db, delivery.id, ['generating'], {
            status: 'failed',
            lastError: REPORT_MESSAGES.notFound,
          });
          return;
        }
        const draft = await deps.reports.draft(
          runner(delivery),
          report,
          fixedPeriod(delivery.periodKind, delivery.periodFrom, delivery.periodTo),
        );
        await queries.saveDraft(db, delivery.id, { data: draft.data, pdf: draft.pdf, pdfFileName: draft.fileName });
        delivery = { ...delivery, data: draft.data, pdf: draft.pdf, pdfFileName: draft.fileName };
      }
      if (delivery.status === 'generating' && delivery.review) {
        const waiting = delivery;
        await db.transaction(async (tx) => {
          if (await queries.moveDelivery(tx, waiting.id, ['generating'], { status: 'awaiting_review' }))
            await askForReview(waiting, tx);
        });
        return;
      }
      await send(delivery);
    } catch (error) {
      if (meta.lastTry) {
        meta.log.error({ err: error, deliveryId }, 'report delivery failed after its last try');
        await queries.moveDelivery(db, deliveryId, ['generating', 'approved'], {
          status: 'failed',
          lastError: SCHEDULE_MESSAGES.deliveryFailed,
        });
      }
      throw error;
    }
  }

  /** Starts the due runs, one after the other (each in its own short transaction). */
  async function runDue(): Promise<number> {
    let started = 0;
    for (const due of await queries.dueSchedules(db, clock.now(), DUE_BATCH)) if (await startRun(due)) started += 1;
    return started;
  }

  return {
    /** Starts the due runs now (the schedule job's work, also called by tests). */
    runDue,
    deliver,

    /** GET reports/<id>/schedule/. */
    async get(principal: Principal, reportId: string): Promise<ReportScheduleView> {
      const report = await reportOf(principal, reportId);
      const schedule = await queries.scheduleOf(db, principal.workspaceId, report.id);
      return { schedule: schedule ? await present(schedule) : null };
    },

    /** PUT reports/<id>/schedule/: the saver becomes the reviewer; members must belong to the workspace (400, nothing saved). */
    async save(principal: Principal, reportId: string, input: ReportScheduleInputValidated): Promise<ReportSchedule> {
      const report = await reportOf(principal, reportId);
      const memberIds = input.members ?? [];
      const members = await queries.membersAmong(db, principal.workspaceId, memberIds);
      if (members.length !== memberIds.length) throw badRequest(SCHEDULE_MESSAGES.memberNotFound, 'members');
      const timing = {
        frequency: input.frequency,
        weekday: input.frequency === 'weekly' ? input.weekday! : null,
        dayOfMonth: input.frequency === 'monthly' ? input.day_of_month! : null,
        hour: input.hour,
        timeZone: input.time_zone,
      };
      const now = clock.now();
      const saved = await queries.upsertSchedule(db, {
        reportId: report.id,
        workspaceId: principal.workspaceId,
        ...timing,
        memberIds,
        emails: input.emails ?? [],
        review: input.review,
        reviewerId: principal.userId,
        enabled: input.enabled,
        nextRunAt: input.enabled ? nextRunAfter(timing, now) : null,
        updatedBy: principal.userId,
        updatedAt: now,
      });
      return present(saved);
    },

    /** DELETE reports/<id>/schedule/: runs already made stay in the history. */
    async remove(principal: Principal, reportId: string): Promise<void> {
      const report = await reportOf(principal, reportId);
      if (!(await queries.deleteSchedule(db, principal.workspaceId, report.id))) throw scheduleNotFound();
    },

    /** GET reports/deliveries/. */
    async history(principal: Principal): Promise<ReportDelivery[]> {
      return presentMany(
        principal,
        await queries.listDeliveries(db, principal.workspaceId, SCHEDULE_LIMITS.historySize),
      );
    },

    /** GET reports/deliveries/<id>/. */
    async detail(principal: Principal, id: string): Promise<ReportDeliveryDetail> {
      const row = await deliveryOf(principal, id);
      const data = row.data ? { ...(row.data as ReportData), comment: row.comment } : null;
      return { ...(await presentOne(principal, { ...row, hasPdf: row.pdf !== null })), data };
    },

    /** GET reports/deliveries/<id>/pdf/. */
    async pdf(principal: Principal, id: string): Promise<{ bytes: Buffer; fileName: string }> {
      const row = await deliveryOf(principal, id);
      if (!row.pdf) throw notFound(SCHEDULE_MESSAGES.noPdfYet);
      return { bytes: row.pdf, fileName: row.pdfFileName ?? 'report.pdf' };
    },

    /** POST reports/deliveries/<id>/approve/: 409 unless it waits for review; the send is the deliver job's. */
    async approve(principal: Principal, id: string, input: ReportReviewInputValidated): Promise<ReportDelivery> {
      const row = await deliveryOf(principal, id);
      const moved = await db.transaction(async (tx) => {
        const approved = await queries.moveDelivery(tx, row.id, ['awaiting_review'], {
          status: 'approved',
          comment: input.comment || null,
          reviewedBy: principal.userId,
          reviewedAt: clock.now(),
        });
        if (approved) await queue.send(REPORT_DELIVER_JOB, { deliveryId: row.id }, { tx, singletonKey: row.id });
        return approved;
      });
      if (!moved) throw new HttpError(409, SCHEDULE_MESSAGES.notAwaitingReview, ErrorCode.Conflict);
      return presentOne(principal, { ...moved, hasPdf: moved.pdf !== null });
    },

    /** POST reports/deliveries/<id>/skip/: the draft is never sent. */
    async skip(principal: Principal, id: string): Promise<ReportDelivery> {
      const row = await deliveryOf(principal, id);
      const moved = await queries.moveDelivery(db, row.id, ['awaiting_review'], {
        status: 'skipped',
        reviewedBy: principal.userId,
        reviewedAt: clock.now(),
      });
      if (!moved) throw new HttpError(409, SCHEDULE_MESSAGES.notAwaitingReview, ErrorCode.Conflict);
      return presentOne(principal, { ...moved, hasPdf: moved.pdf !== null });
    },
  };
}
export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;
