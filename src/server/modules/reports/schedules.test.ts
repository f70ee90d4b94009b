import { createHash } from 'node:crypto';

import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { DashboardView } from '@shared/api/dashboard';
import type { Report, ReportData, ReportSectionData } from '@shared/api/reports';
import {
  type ReportDelivery,
  type ReportDeliveryDetail,
  type ReportSchedule,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_VALIDATION,
} from '@shared/api/reportSchedules';
import { reportMoney } from '@shared/reportFormat';
import { desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText } from 'unpdf';

import { outbox, reportDeliveries, reportSchedules, users, workspaceBranding } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { attachmentsOf } from '../../mail/mailer';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { call, joinAs, memberCalls, personalWorkspaceOf, relogin, userIdOf } from '../workspaces/workspaces.fixtures';

const headlineOf = (data: ReportData) =>
  data.sections.find((s) => s.key === 'headline') as Extract<ReportSectionData, { key: 'headline' }>;

describe('scheduled client reports: schedule, review before send, delivery and history', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let client: TestUser;
  let clientId: string;
  let ownerId: string;
  let viewer: TestUser;
  let workspace: string;
  let report: Report;
  // Runs are made by moving this clock to them.
  const clock = manualClock(SANDBOX_TEST_START);
  const meta = () => ({ lastTry: false, log: t.app.log });

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 37, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      clock,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    const tenant = await syncedTenant(t, sandbox, 'google', 0);
    owner = tenant.user;
    workspace = await personalWorkspaceOf(t.app, owner);
    client = await joinAs(t.app, owner, workspace, 'client', 'Cleo Client');
    viewer = await joinAs(t.app, owner, workspace, 'viewer', 'Vera Viewer');
    clientId = await userIdOf(t.app, client);
    ownerId = await userIdOf(t.app, owner);
    // The runs below span weeks: past the trial, the agency plan keeps the figures open.
    await t.app.ctx.db.update(users).set({ plan: 'agency' }).where(eq(users.id, ownerId));
    expect(
      (
        await as(owner).put('workspace/branding/', {
          name: 'Northwind Agency',
          primary_color: '#1a4d8f',
          sender_name: 'Northwind Reports',
          reply_to: 'team@northwind.example',
        })
      ).statusCode,
    ).toBe(200);
    const made = await as(owner).post('reports/', {
      name: 'Acme performance',
      sections: ['headline', 'chart', 'platforms'],
      period: 'last_week',
      currency: 'USD',
    });
    expect(made.statusCode).toBe(201);
    report = made.json();
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const as = (user: TestUser) => memberCalls(t.app, user, workspace);
  const weekly = {
    frequency: 'weekly',
    weekday: 1,
    hour: 8,
    time_zone: 'Europe/Paris',
    members: [] as string[],
    emails: ['cfo@acme.example'],
    review: true,
    enabled: true,
  };
  const mailsTo = async (address: string) =>
    (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, address))).filter((row) =>
      row.subject.includes('Acme performance'),
    );
  const runDueAt = async (schedule: ReportSchedule) => {
    clock.set(new Date(schedule.next_run_at!).getTime() + 60_000);
    // Sessions are short-lived on the moved clock too.
    for (const user of [owner, client, viewer]) await relogin(t.app, user);
    expect(await t.app.services.reportSchedules.runDue()).toBe(1);
    const [newest] = await t.app.ctx.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, schedule.id))
      .orderBy(desc(reportDeliveries.createdAt))
      .limit(1);
    return newest;
  };

  it('refuses bad schedules with every bad address named, and saves nothing', async () => {
    const url = `reports/${report.id}/schedule/`;
    const bad = await as(owner).put(url, { ...weekly, emails: ['ok@acme.example', 'bob@', 'not an address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(SCHEDULE_VALIDATION.badEmails(['bob@', 'not an address']));
    const many = Array.from({ length: SCHEDULE_LIMITS.maxRecipients + 1 }, (_, i) => `c${i}@acme.example`);
    expect((await as(owner).put(url, { ...weekly, emails: many })).json().detail).toBe(
      SCHEDULE_VALIDATION.tooManyRecipients,
    );
    expect((await as(owner).put(url, { ...weekly, emails: [] })).json().detail).toBe(SCHEDULE_VALIDATION.noRecipients);
    expect((await as(owner).put(url, { ...weekly, time_zone: 'Mars/Olympus' })).json().detail).toBe(
      SCHEDULE_VALIDATION.badTimeZone,
    );
    expect((await as(owner).put(url, { ...weekly, weekday: 9 })).json().detail).toBe(SCHEDULE_VALIDATION.badWeekday);
    expect((await as(owner).put(url, { ...weekly, frequency: 'monthly', day_of_month: 31 })).json().detail).toBe(
      SCHEDULE_VALIDATION.badDayOfMonth,
    );
    // Someone outside the workspace is no member to send to.
    const stranger = await signUp(t.app, { email: 'stranger@example.com', fullName: 'Stan Ger' });
    const outsider = await as(owner).put(url, { ...weekly, members: [await userIdOf(t.app, stranger)] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ detail: SCHEDULE_MESSAGES.memberNotFound, field: 'members' });
    // Only owners and managers schedule.
    expect((await as(client).put(url, weekly)).statusCode).toBe(403);
    expect((await as(viewer).put(url, weekly)).statusCode).toBe(403);
    expect((await as(owner).get(url)).json()).toEqual({ schedule: null });
    expect(await t.app.ctx.db.select().from(reportSchedules)).toEqual([]);
  });

  it('drafts a weekly run once, waits for review, and sends the approved draft with its comment once', async () => {
    const saved = await as(owner).put(`reports/${report.id}/schedule/`, { ...weekly, members: [clientId] });
    expect(saved.statusCode).toBe(200);
    const schedule: ReportSchedule = saved.json();
    expect(schedule).toMatchObject({
      frequency: 'weekly',
      weekday: 1,
      day_of_month: null,
      hour: 8,
      time_zone: 'Europe/Paris',
      emails: ['cfo@acme.example'],
      review: true,
      enabled: true,
    });
    expect(schedule.members).toEqual([{ user_id: clientId, name: 'Cleo Client', email: client.email }]);
    expect(schedule.reviewer).toEqual({ user_id: ownerId, name: owner.fullName });
    // Next Monday 08:00 in Paris.
    const next = new Date(schedule.next_run_at!);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Monday 08:00');
    expect((await as(client).get(`reports/${report.id}/schedule/`)).json()).toEqual({ schedule });

    const run = await runDueAt(schedule);
    // A second look at the same minute finds nothing due: the schedule moved a week on.
    expect(await t.app.services.reportSchedules.runDue()).toBe(0);
    expect(run).toMatchObject({
      status: 'generating',
      review: true,
      recipients: [client.email, 'cfo@acme.example'],
      periodKind: 'last_week',
    });
    await t.app.services.reportSchedules.deliver(run.id, meta());
    await t.app.services.reportSchedules.deliver(run.id, meta());

    // The reviewer gets one mail with the link; nobody else gets anything yet.
    const reviews = (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, owner.email))).filter((row) =>
      row.subject.startsWith('Review before sending'),
    );
    expect(reviews).toHaveLength(1);
    expect(reviews[0].textBody).toContain(`http://localhost:3000/reports/review/${run.id}`);
    expect(await mailsTo('cfo@acme.example')).toEqual([]);

    const history: ReportDelivery[] = (await as(viewer).get('reports/deliveries/')).json();
    expect(history).toEqual([
      expect.objectContaining({
        id: run.id,
        status: 'awaiting_review',
        report_name: 'Acme performance',
        has_pdf: true,
      }),
    ]);
    // A client sees the history but not who else receives it.
    expect((await as(client).get('reports/deliveries/')).json()).toEqual([{ ...history[0], recipients: [] }]);
    expect(history[0].recipients).toEqual([
      { address: client.email, status: 'pending' },
      { address: 'cfo@acme.example', status: 'pending' },
    ]);

    // The draft's figures are the dashboard's for its days and currency.
    const detail: ReportDeliveryDetail = (await as(owner).get(`reports/deliveries/${run.id}/`)).json();
    expect(detail.data!.period).toMatchObject({ kind: 'last_week', from: run.periodFrom, to: run.periodTo, days: 7 });
    const dashboard: DashboardView = (
      await as(owner).get(`dashboard/?from=${run.periodFrom}&to=${run.periodTo}&currency=USD`)
    ).json();
    expect(headlineOf(detail.data!)).toMatchObject({
      summary: dashboard.summary,
      previous: dashboard.previous,
      change: dashboard.change,
    });

    // Only a manager or owner reviews; a comment past the limit is refused and changes nothing.
    expect((await as(client).post(`reports/deliveries/${run.id}/approve/`, {})).statusCode).toBe(403);
    expect(
      (
        await as(owner).post(`reports/deliveries/${run.id}/approve/`, {
          comment: 'x'.repeat(SCHEDULE_LIMITS.commentMax + 1),
        })
      ).json().detail,
    ).toBe(SCHEDULE_VALIDATION.commentTooLong);
    const approved = await as(owner).post(`reports/deliveries/${run.id}/approve/`, {
      comment: 'Spend held steady; we moved budget to search.',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      comment: 'Spend held steady; we moved budget to search.',
      reviewed_by: owner.fullName,
    });
    expect((await as(owner).post(`reports/deliveries/${run.id}/approve/`, {})).json()).toMatchObject({
      detail: SCHEDULE_MESSAGES.notAwaitingReview,
    });
    expect((await as(owner).post(`reports/deliveries/${run.id}/skip/`)).statusCode).toBe(409);

    // A retried job sends nothing twice.
    await t.app.services.reportSchedules.deliver(run.id, meta());
    await t.app.services.reportSchedules.deliver(run.id, meta());
    const [mail] = await mailsTo('cfo@acme.example');
    expect(await mailsTo('cfo@acme.example')).toHaveLength(1);
    expect(await mailsTo(client.email)).toHaveLength(1);
    expect(mail).toMatchObject({ fromName: 'Northwind Reports', replyTo: 'team@northwind.example' });
    expect(mail.textBody).toContain('Spend held steady; we moved budget to search.');
    expect(mail.htmlBody).toContain('cid:spend-chart');
    const files = await attachmentsOf(t.app.ctx.db, mail.id);
    expect(files.map((file) => [file.contentType, file.contentId])).toEqual([
      ['application/pdf', null],
      ['image/png', 'spend-chart'],
    ]);
    const { text } = await extractText(new Uint8Array(files[0].content), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Spend held steady; we moved budget to search.');
    expect(flat).toContain(reportMoney(dashboard.summary.spend, 'USD'));

    const sent: ReportDelivery = (await as(owner).get('reports/deliveries/')).json()[0];
    expect(sent).toMatchObject({ status: 'sent', comment: 'Spend held steady; we moved budget to search.' });
    expect(sent.recipients.map((r) => r.address).sort()).toEqual([client.email, 'cfo@acme.example'].sort());
    const pdf = await as(owner).get(`reports/deliveries/${run.id}/pdf/`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.rawPayload, files[0].content)).toBe(0);
  });

  it('never sends a skipped draft, and sends at once without review', async () => {
    const schedule: ReportSchedule = (await as(owner).get(`reports/${report.id}/schedule/`)).json().schedule;
    const run = await runDueAt(schedule);
    await t.app.services.reportSchedules.deliver(run.id, meta());
    const before = (await mailsTo('cfo@acme.example')).length;
    expect((await as(owner).post(`reports/deliveries/${run.id}/skip/`)).json()).toMatchObject({
      status: 'skipped',
      reviewed_by: owner.fullName,
    });
    await t.app.services.reportSchedules.deliver(run.id, meta());
    expect(await mailsTo('cfo@acme.example')).toHaveLength(before);

    const direct: ReportSchedule = (
      await as(owner).put(`reports/${report.id}/schedule/`, { ...weekly, review: false })
    ).json();
    const next = await runDueAt(direct);
    await t.app.services.reportSchedules.deliver(next.id, meta());
    expect(await mailsTo('cfo@acme.example')).toHaveLength(before + 1);
    const [row] = await t.app.ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.id, next.id));
    expect(row.status).toBe('sent');
  });

  it('marks a run failed after its last try, with what went wrong, and keeps the schedule', async () => {
    const schedule: ReportSchedule = (await as(owner).get(`reports/${report.id}/schedule/`)).json().schedule;
    const run = await runDueAt(schedule);
    const draft = jest.spyOn(t.app.services.reports, 'draft').mockRejectedValue(new Error('renderer crashed'));
    try {
      await expect(t.app.services.reportSchedules.deliver(run.id, meta())).rejects.toThrow('renderer crashed');
      expect((await as(owner).get(`reports/deliveries/${run.id}/`)).json()).toMatchObject({
        status: 'generating',
        error: null,
      });
      await expect(t.app.services.reportSchedules.deliver(run.id, { ...meta(), lastTry: true })).rejects.toThrow(
        'renderer crashed',
      );
    } finally {
      draft.mockRestore();
    }
    expect((await as(owner).get(`reports/deliveries/${run.id}/`)).json()).toMatchObject({
      status: 'failed',
      error: SCHEDULE_MESSAGES.deliveryFailed,
      has_pdf: false,
    });
    // A failed run is final: a late retry does nothing.
    await t.app.services.reportSchedules.deliver(run.id, meta());
    expect((await as(owner).get(`reports/deliveries/${run.id}/`)).json().status).toBe('failed');
    expect((await as(owner).get(`reports/${report.id}/schedule/`)).json().schedule.enabled).toBe(true);

    // Once the plan has lapsed, a run is not retried: it fails at once and says why.
    await t.app.ctx.db.update(users).set({ plan: 'starter' }).where(eq(users.id, ownerId));
    try {
      const lapsed = await runDueAt((await as(owner).get(`reports/${report.id}/schedule/`)).json().schedule);
      await t.app.services.reportSchedules.deliver(lapsed.id, meta());
      expect((await as(owner).get(`reports/deliveries/${lapsed.id}/`)).json()).toMatchObject({
        status: 'failed',
        error: SCHEDULE_MESSAGES.planLapsed,
      });
    } finally {
      await t.app.ctx.db.update(users).set({ plan: 'agency' }).where(eq(users.id, ownerId));
    }
  });

  it('sends the mail with the logo drawn small, even one stored before the size check, and without (logged) a logo it cannot draw', async () => {
    const brandingRow = eq(workspaceBranding.workspaceId, workspace);
    // Straight into the row, past the upload's checks, as logos saved before them were.
    const store = (logo: Buffer) =>
      t.app.ctx.db
        .update(workspaceBranding)
        .set({
          logo,
          logoType: 'image/svg+xml',
          logoSha256: createHash('sha256').update(logo).digest('hex'),
          logoWidth: null,
          logoHeight: null,
        })
        .where(brandingRow);
    const sendOne = async () => {
      const schedule: ReportSchedule = (
        await as(owner).put(`reports/${report.id}/schedule/`, { ...weekly, review: false })
      ).json();
      const run = await runDueAt(schedule);
      await t.app.services.reportSchedules.deliver(run.id, meta());
      const [row] = await t.app.ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.id, run.id));
      expect(row.status).toBe('sent');
      const files = await attachmentsOf(t.app.ctx.db, row.outboxIds[0]);
      expect(files[0].contentType).toBe('application/pdf');
      return {
        logo: files.find((file) => file.contentId === 'brand-logo'),
        pdfHasImage: files[0].content.includes(Buffer.from('/Subtype /Image')),
      };
    };
    const warn = jest.spyOn(t.app.log, 'warn');
    const logoWarnings = () =>
      (warn.mock.calls as unknown[][]).filter(([, message]) => String(message).includes('logo'));
    try {
      await store(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
        ),
      );
      const drawn = await sendOne();
      expect(drawn.pdfHasImage).toBe(true);
      expect(await sharp(drawn.logo!.content).metadata()).toMatchObject({ format: 'png', width: 128, height: 128 });
      expect(logoWarnings()).toEqual([]);

      await store(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><rect width="1" height="1"/></svg>'),
      );
      expect(await sendOne()).toEqual({ logo: undefined, pdfHasImage: false });
      // Once for the PDF, once for the mail.
      expect(logoWarnings().map(([fields]) => fields)).toEqual([
        expect.objectContaining({ workspaceId: workspace, logoType: 'image/svg+xml' }),
        expect.objectContaining({ workspaceId: workspace }),
      ]);
    } finally {
      warn.mockRestore();
      await t.app.ctx.db
        .update(workspaceBranding)
        .set({ logo: null, logoType: null, logoSha256: null })
        .where(brandingRow);
    }
  });

  it('keeps the history when the schedule goes, and answers another workspace’s ids as unknown', async () => {
    const ids = (await t.app.ctx.db.select({ id: reportDeliveries.id }).from(reportDeliveries)).map((row) => row.id);
    expect((await as(owner).del(`reports/${report.id}/schedule/`)).statusCode).toBe(204);
    expect((await as(owner).del(`reports/${report.id}/schedule/`)).json()).toMatchObject({
      detail: SCHEDULE_MESSAGES.scheduleNotFound,
    });
    expect(
      await t.app.ctx.db
        .select({ id: reportDeliveries.id })
        .from(reportDeliveries)
        .where(inArray(reportDeliveries.id, ids)),
    ).toHaveLength(ids.length);

    const other = await signUp(t.app, { email: 'other-agency@example.com', fullName: 'Otto Other' });
    const otherWorkspace = await personalWorkspaceOf(t.app, other);
    for (const url of [
      `reports/deliveries/${ids[0]}/`,
      `reports/deliveries/${ids[0]}/pdf/`,
      `reports/${report.id}/schedule/`,
    ]) {
      expect((await call(t.app, other, 'GET', url, { workspace: otherWorkspace })).statusCode).toBe(404);
    }
    expect(
      (await call(t.app, other, 'POST', `reports/deliveries/${ids[0]}/skip/`, { workspace: otherWorkspace }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, other, 'GET', 'reports/deliveries/', { workspace: otherWorkspace })).json()).toEqual([]);
  });

  it('previews unsaved edits without saving them', async () => {
    const before = (await as(owner).get('reports/')).json().length;
    const res = await as(owner).post('reports/preview/', {
      name: 'Draft',
      sections: ['headline'],
      period: 'last_month',
      currency: 'USD',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ report: { name: 'Draft', currency: 'USD' }, period: { kind: 'last_month' } });
    expect(
      (await as(owner).post('reports/preview/', { name: '', sections: [], period: 'last_month', currency: 'USD' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await as(client).post('reports/preview/', {
          name: 'Draft',
          sections: ['headline'],
          period: 'last_month',
          currency: 'USD',
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(owner).get('reports/')).json()).toHaveLength(before);
  });
});
