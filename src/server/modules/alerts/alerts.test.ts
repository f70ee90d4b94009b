import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { ALERT_MESSAGES, type AlertList, type AlertSensitivitySetting } from '@shared/api/alerts';
import { ALERT_VALIDATION } from '@shared/validation/alerts';
import { eq, sql } from 'drizzle-orm';

import { accountAlerts, ALERT_PARAMS, SERIES_PER_ENTITY } from '../../analysis/accountAlerts';
import { sensitivityChoice } from '../../analysis/noiseBudget';
import { executeRows } from '../../db/connect';
import { alertPreferences, alerts, connectedAdAccounts, outbox } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import type { TestUser } from '../../test/factories';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { ALERTS_JOB } from './alerts.service';
import { ALERT_WEBHOOK_JOB } from './alerts.webhook';

describe('Alerts', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let other: TestUser;
  const clock = manualClock(SANDBOX_TEST_START);
  const PLATFORM = 'meta';

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, sleep: async () => {}, now: () => clock.now() });
    t = await buildTestApp({
      workers: false,
      clock,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = (await syncedTenant(t, sandbox, PLATFORM, 0)).user;
    other = (await syncedTenant(t, sandbox, PLATFORM, 1)).user;
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user.auth, payload });
  const accountOf = async (user: TestUser) => {
    const connection = await connectionOf(t.app, user, PLATFORM);
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.connectionId, connection.id));
    return account;
  };
  /** An alert stored as a run of the checks would store it. */
  const plant = async (user: TestUser, key: string, severity: 'warning' | 'critical', minutesAgo: number) => {
    const account = await accountOf(user);
    const [row] = await t.app.ctx.db
      .insert(alerts)
      .values({
        workspaceId: account.workspaceId,
        accountRef: account.id,
        platform: PLATFORM,
        key,
        kind: 'anomaly',
        severity,
        metric: 'spend',
        direction: 'high',
        level: 'campaign',
        entityId: 'c1',
        entityName: 'Brand',
        day: '2026-11-25',
        headline: `Spend in Brand was high (${key})`,
        observed: 300_000,
        expected: 100_000,
        low: 60_000,
        high: 160_000,
        createdAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
      })
      .returning({ id: alerts.id });
    return row.id;
  };

  it('a successful sync queues the alert checks in its own final transaction', async () => {
    const connection = await connectionOf(t.app, owner, PLATFORM);
    await t.app.ctx.db.execute(sql`delete from pgboss.job where name = ${ALERTS_JOB}`);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });
    const jobs = await executeRows<{ data: { connectionId: string } }>(
      t.app.ctx.db,
      sql`select data from pgboss.job where name = ${ALERTS_JOB}`,
    );
    expect(jobs.map((job) => job.data.connectionId)).toEqual([connection.id]);
  });

  it('alerts on a campaign whose spend jumped yesterday, and stores each alert once however often the checks run', async () => {
    const account = await accountOf(owner);
    const world = sandbox.world;
    const live = world.accounts(PLATFORM)[0].campaigns.filter((c) => world.status(PLATFORM, c.id) === 'ACTIVE');
    const campaign = live[0];
    // Five times the budget from today at the platform; a day later, yesterday's spend is far above its range.
    world.setDailyBudget(PLATFORM, campaign.id, world.dailyBudgetMinor(PLATFORM, campaign.id) * 5);
    clock.advance(86_400_000);
    const connection = await connectionOf(t.app, owner, PLATFORM);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });

    const { series, lag } = await loadAccountSeries(t.app.ctx.db, account, clock.now());
    // Judged at the workspace's sensitivity, its false-alarm budget shared by every series it watches.
    const watch = await t.app.services.alerts.sensitivity.watchOf(account.workspaceId);
    expect(watch.sensitivity).toBe('balanced');
    expect(watch.watchedSeries).toBe(
      (1 + series.campaigns.filter((c) => c.days.some((d) => d.impressions > 0 || d.spend > 0)).length) *
        SERIES_PER_ENTITY,
    );
    const expected = accountAlerts(series, lag, ALERT_PARAMS, watch);
    expect(expected).toContainEqual(
      expect.objectContaining({
        kind: 'anomaly',
        metric: 'spend',
        direction: 'high',
        level: 'campaign',
        entityId: campaign.id,
      }),
    );
    expect(await t.app.services.alerts.evaluateConnection(connection.id)).toBe(expected.length);
    expect(await t.app.services.alerts.evaluateConnection(connection.id)).toBe(0);
    const stored = await t.app.ctx.db.select({ key: alerts.key }).from(alerts).where(eq(alerts.accountRef, account.id));
    expect(stored.map((r) => r.key).sort()).toEqual(expected.map((f) => f.key).sort());
    // Back to the hour the users signed in (their access tokens are short-lived).
    clock.advance(-86_400_000);
    const listed: AlertList = (await get(owner, 'alerts/?kind=anomaly')).json();
    expect(listed.alerts.find((a) => a.entity_id === campaign.id && a.metric === 'spend')?.headline).toMatch(
      new RegExp(`^Spend in ${campaign.name} was [\\d.,]+ \\w+ on \\d{4}-\\d{2}-\\d{2}, above its normal range`),
    );
  });

  it('lists newest first with the account, the band in the account’s money, the read state and the unread count', async () => {
    await t.app.ctx.db.delete(alerts);
    const older = await plant(owner, 'a', 'warning', 30);
    const newer = await plant(owner, 'b', 'critical', 5);
    const list: AlertList = (await get(owner, 'alerts/')).json();
    expect(list.alerts.map((a) => a.id)).toEqual([newer, older]);
    expect(list).toMatchObject({ total: 2, unread: 2 });
    expect(list.alerts[0]).toMatchObject({
      severity: 'critical',
      metric: 'spend',
      observed: 3000,
      expected: 1000,
      band: { low: 600, high: 1600 },
      read: false,
    });
    expect(list.alerts[0].account).toMatchObject({ platform: PLATFORM });
    expect((await get(owner, 'alerts/?severity=warning')).json().alerts.map((a: { id: string }) => a.id)).toEqual([
      older,
    ]);
    expect((await get(owner, 'alerts/unread/')).json()).toEqual({ count: 2 });
  });

  it('marks alerts read for the caller only, one or all', async () => {
    await t.app.ctx.db.delete(alerts);
    const first = await plant(owner, 'a', 'warning', 30);
    await plant(owner, 'b', 'critical', 5);
    const marked = await post(owner, 'alerts/read/', { ids: [first] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ marked: 1, unread: 1 });
    expect((await get(owner, 'alerts/?unread=true')).json()).toMatchObject({ total: 1, unread: 1 });
    expect((await get(owner, 'alerts/?unread=false')).json().alerts.map((a: { id: string }) => a.id)).toEqual([first]);
    expect((await post(owner, 'alerts/read/', { all: true })).json()).toEqual({ marked: 1, unread: 0 });
    // Marking again changes nothing.
    expect((await post(owner, 'alerts/read/', { all: true })).json()).toEqual({ marked: 0, unread: 0 });
  });

  it('keeps each workspace to its own alerts', async () => {
    await t.app.ctx.db.delete(alerts);
    const mine = await plant(owner, 'a', 'warning', 1);
    const theirs = await plant(other, 'z', 'warning', 1);
    expect((await get(owner, 'alerts/')).json().alerts.map((a: { id: string }) => a.id)).toEqual([mine]);
    const refused = await post(owner, 'alerts/read/', { ids: [theirs] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(ALERT_MESSAGES.notFound);
    expect((await get(other, 'alerts/unread/')).json()).toEqual({ count: 1 });
    expect((await get(owner, `alerts/?account=${(await accountOf(other)).id}`)).statusCode).toBe(404);
  });

  it('streams alerts as they are raised, and a reconnect with Last-Event-ID gets what it missed, once and in order', async () => {
    await t.app.ctx.db.delete(alerts);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const workspaceId = (await accountOf(owner)).workspaceId;
    /** Opens the stream and returns a reader of its `alert` events. */
    const open = async (lastEventId?: string) => {
      const controller = new AbortController();
      const res = await fetch(`${address}/api/alerts/stream/`, {
        headers: {
          ...owner.auth,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const events: { id: string; alert: { id: string } }[] = [];
      return {
        async next(count: number) {
          while (events.length < count) {
            const { value, done } = await reader.read();
            if (done) throw new Error('the stream ended');
            buffer += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const lines = Object.fromEntries(
                block
                  .split('\n')
                  .filter((l) => /^(id|event|data): /.test(l))
                  .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
              );
              if (lines.event === 'alert') events.push({ id: lines.id, alert: JSON.parse(lines.data) });
            }
          }
          return events.splice(0, count);
        },
        close: () => controller.abort(),
      };
    };

    const first = await open();
    const a = await plant(owner, 'stream-a', 'critical', 0);
    t.app.services.alerts.events.emit('raised', workspaceId);
    const [seen] = await first.next(1);
    expect(seen.alert.id).toBe(a);
    first.close();

    // Raised while the user was away: the reconnect gets exactly those, in order.
    const b = await plant(owner, 'stream-b', 'warning', 0);
    const c = await plant(owner, 'stream-c', 'warning', 0);
    const again = await open(seen.id);
    expect((await again.next(2)).map((e) => e.alert.id)).toEqual([b, c]);
    // Another workspace's alert never shows, and one raised later still arrives (by the poll, no wake-up).
    await plant(other, 'stream-other', 'critical', 0);
    const d = await plant(owner, 'stream-d', 'warning', 0);
    expect((await again.next(1)).map((e) => e.alert.id)).toEqual([d]);
    again.close();

    // A caller that does not ask for an event stream gets one look: what was raised since its id, and the end.
    const once = await get(owner, 'alerts/stream/');
    expect(once.statusCode).toBe(200);
    // Nothing new, and the position to ask from next time (the newest alert's sequence number).
    expect(once.body).toMatch(/^retry: 3000\n: connected\n\nid: \d+\nevent: cursor\ndata:\n\n$/);
    const since = await t.app.inject({
      method: 'GET',
      url: '/api/alerts/stream/',
      headers: { ...owner.auth, 'last-event-id': seen.id },
    });
    expect([...since.body.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]).id)).toEqual([b, c, d]);
  });

  /** Alert mails to the user, newest last. */
  const alertMails = async (user: TestUser) =>
    (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email)).orderBy(outbox.createdAt)).filter(
      (m) => /alert/i.test(m.subject),
    );
  const clearMail = async () => {
    await t.app.ctx.db.delete(outbox);
    await t.app.ctx.db.delete(alertPreferences);
  };

  it('mails a critical alert at once to the members who read alerts, unless they turned it off', async () => {
    await t.app.ctx.db.delete(alerts);
    await clearMail();
    const account = await accountOf(owner);
    await plant(owner, 'mail-critical', 'critical', 0);
    await plant(owner, 'mail-warning', 'warning', 0);
    const rows = await t.app.ctx.db.select().from(alerts).where(eq(alerts.workspaceId, account.workspaceId));
    await t.app.ctx.db.transaction((tx) =>
      t.app.services.alerts.mail.mailCritical(tx, account.workspaceId, account, rows),
    );
    const [mail, ...more] = await alertMails(owner);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Critical alert in .+: Spend in Brand was high \(mail-critical\)$/);
    expect(mail.textBody).toContain('[critical] Spend in Brand was high (mail-critical)');
    expect(mail.textBody).not.toContain('mail-warning');
    expect(mail.textBody).toMatch(/\/api\/alerts\/unsubscribe\/\?user=[0-9a-f-]{36}&token=[\w-]+/);

    // Turned off: nothing more.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/alerts/settings/',
          headers: owner.auth,
          payload: { email_critical: false },
        })
      ).json(),
    ).toEqual({ email_critical: false, email_digest: true });
    await t.app.ctx.db.transaction((tx) =>
      t.app.services.alerts.mail.mailCritical(tx, account.workspaceId, account, rows),
    );
    expect(await alertMails(owner)).toHaveLength(1);
  });

  it('mails a daily digest of the warnings each user has not read, once', async () => {
    await t.app.ctx.db.delete(alerts);
    await clearMail();
    const read = await plant(owner, 'digest-read', 'warning', 60);
    await plant(owner, 'digest-unread', 'warning', 30);
    await plant(owner, 'digest-critical', 'critical', 30);
    await post(owner, 'alerts/read/', { ids: [read] });
    expect(await t.app.services.alerts.mail.sendDigests()).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await alertMails(owner);
    expect(more).toEqual([]);
    expect(digest.subject).toBe('Your Adwise alerts: 1 you have not read');
    expect(digest.textBody).toContain('(digest-unread)');
    expect(digest.textBody).not.toContain('digest-read)');
    expect(digest.textBody).not.toContain('digest-critical');
    // The next run starts where this one ended.
    await t.app.services.alerts.mail.sendDigests();
    expect(await alertMails(owner)).toHaveLength(1);
    // Turned off: none.
    await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/settings/',
      headers: owner.auth,
      payload: { email_digest: false },
    });
    await plant(owner, 'digest-later', 'warning', 0);
    clock.advance(60_000);
    await t.app.services.alerts.mail.sendDigests();
    clock.advance(-60_000);
    expect(await alertMails(owner)).toHaveLength(1);
  });

  it('stops alert mail from the link in a mail: the GET only asks, the POST stops both, a forged link changes nothing', async () => {
    await t.app.ctx.db.delete(alerts);
    await clearMail();
    const account = await accountOf(owner);
    await plant(owner, 'unsubscribe', 'critical', 0);
    const rows = await t.app.ctx.db.select().from(alerts).where(eq(alerts.workspaceId, account.workspaceId));
    await t.app.ctx.db.transaction((tx) =>
      t.app.services.alerts.mail.mailCritical(tx, account.workspaceId, account, rows),
    );
    const [mail] = await alertMails(owner);
    const link = new URL(/https?:\/\/\S+\/api\/alerts\/unsubscribe\/\S+/.exec(mail.textBody)![0]);
    const path = `${link.pathname}${link.search}`;
    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post"');
    expect((await get(owner, 'alerts/settings/')).json()).toEqual({ email_critical: true, email_digest: true });

    const forgedPath = path.replace(/token=[\w-]+/, 'token=forged');
    const forged = await t.app.inject({ method: 'POST', url: forgedPath, headers: { accept: 'text/html' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(ALERT_MESSAGES.badUnsubscribeLink);
    // Not from a browser: the API's own error shape.
    const forgedJson = await t.app.inject({ method: 'POST', url: forgedPath });
    expect(forgedJson.statusCode).toBe(400);
    expect(forgedJson.json().detail).toBe(ALERT_MESSAGES.badUnsubscribeLink);
    expect((await get(owner, 'alerts/settings/')).json()).toEqual({ email_critical: true, email_digest: true });

    const stopped = await t.app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('Alert e-mails stopped');
    expect((await get(owner, 'alerts/settings/')).json()).toEqual({ email_critical: false, email_digest: false });
  });

  describe('the sensitivity', () => {
    const put = (user: TestUser, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/alerts/sensitivity/', headers: user.auth, payload: payload as object });

    it('says what each choice means for the workspace: the monthly budget shared by the series it watches', async () => {
      const res = await get(owner, 'alerts/sensitivity/');
      expect(res.statusCode).toBe(200);
      const setting: AlertSensitivitySetting = res.json();
      const watch = await t.app.services.alerts.sensitivity.watchOf((await accountOf(owner)).workspaceId);
      expect(setting.sensitivity).toBe('balanced');
      expect(setting.watched_series).toBe(watch.watchedSeries);
      expect(setting.watched_series).toBeGreaterThan(SERIES_PER_ENTITY);
      expect(setting.choices.map((c) => c.sensitivity)).toEqual(['fewer', 'balanced', 'more']);
      for (const choice of setting.choices)
        expect(choice).toEqual(sensitivityChoice(choice.sensitivity, watch.watchedSeries));
      expect(setting.anomalies_last_30_days).toEqual(expect.any(Number));
    });

    it('changes for the whole workspace and the checks judge at it; refuses anything but the three choices without losing the saved one', async () => {
      const saved = await put(owner, { sensitivity: 'fewer' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ sensitivity: 'fewer' });
      const workspaceId = (await accountOf(owner)).workspaceId;
      expect((await t.app.services.alerts.sensitivity.watchOf(workspaceId)).sensitivity).toBe('fewer');
      for (const bad of [{ sensitivity: 'loud' }, { sensitivity: 3 }, {}]) {
        const refused = await put(owner, bad);
        expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({
          status: 400,
          detail: ALERT_VALIDATION.badSensitivity,
        });
      }
      expect((await get(owner, 'alerts/sensitivity/')).json().sensitivity).toBe('fewer');
      // Another workspace keeps its own.
      expect((await get(other, 'alerts/sensitivity/')).json().sensitivity).toBe('balanced');
      expect((await put(owner, { sensitivity: 'balanced' })).statusCode).toBe(200);
    });

    it('counts the anomaly alerts raised in the last 30 days', async () => {
      await t.app.ctx.db.delete(alerts);
      await plant(owner, 'recent', 'warning', 60);
      await plant(owner, 'old', 'warning', 31 * 24 * 60);
      expect((await get(owner, 'alerts/sensitivity/')).json().anomalies_last_30_days).toBe(1);
    });
  });

  describe('the webhook', () => {
    let receiver: Server;
    let url = '';
    /** What the receiver got, and how it answers the next call. */
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let answer = 200;
    beforeAll(async () => {
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(answer).end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/adwise`;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const put = (user: TestUser, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/alerts/webhook/', headers: user.auth, payload });
    const verify = (call: { headers: IncomingHttpHeaders; body: string }, secret: string) =>
      call.headers['x-adwise-signature'] ===
      `v1=${createHmac('sha256', secret).update(`${call.headers['x-adwise-timestamp']}.${call.body}`).digest('hex')}`;

    it('is set by a manager, shows its signing secret once, signs every call and records how the receiver answered', async () => {
      await t.app.ctx.db.delete(alerts);
      const created = await put(owner, { url });
      expect(created.statusCode).toBe(200);
      const { secret } = created.json();
      expect(secret).toMatch(/^[\w-]{40,}$/);
      expect((await get(owner, 'alerts/webhook/')).json()).toEqual(
        expect.not.objectContaining({ secret: expect.anything() }),
      );

      received.length = 0;
      expect((await post(owner, 'alerts/webhook/test/', {})).json()).toMatchObject({
        url,
        last_status: 200,
        last_error: null,
      });
      expect(received).toHaveLength(1);
      expect(verify(received[0], secret)).toBe(true);
      expect(JSON.parse(received[0].body).text).toMatch(/^Adwise test message/);

      // New alerts: one Slack-compatible message, signed.
      const id = await plant(owner, 'hook-a', 'critical', 0);
      await t.app.services.alerts.webhook.deliver((await accountOf(owner)).workspaceId, [id]);
      const message = JSON.parse(received[1].body);
      expect(message.text).toMatch(/^A new alert in .+: Spend in Brand was high \(hook-a\)$/);
      expect(message.blocks[0]).toEqual({
        type: 'section',
        text: { type: 'mrkdwn', text: expect.stringMatching(/^\*Critical\* · Spend in Brand was high \(hook-a\)/) },
      });
      expect(verify(received[1], secret)).toBe(true);
      // A signature under another secret does not verify.
      expect(verify(received[1], 'someone-elses-secret')).toBe(false);

      // The receiver failing: recorded, thrown (the queue retries it a few times with back-off), and the test says why.
      answer = 500;
      await expect(t.app.services.alerts.webhook.deliver((await accountOf(owner)).workspaceId, [id])).rejects.toThrow(
        'answered HTTP 500',
      );
      const failed = await post(owner, 'alerts/webhook/test/', {});
      expect(failed.statusCode).toBe(502);
      expect(failed.json().detail).toBe(`${ALERT_MESSAGES.webhookFailed}: answered HTTP 500.`);
      expect((await get(owner, 'alerts/webhook/')).json()).toMatchObject({
        last_status: 500,
        last_error: 'answered HTTP 500',
      });
      answer = 200;
    });

    it('is queued in the transaction that stores new alerts, and only for a workspace that has one', async () => {
      const workspaceId = (await accountOf(owner)).workspaceId;
      await t.app.ctx.db.execute(sql`delete from pgboss.job where name = ${ALERT_WEBHOOK_JOB}`);
      const id = await plant(owner, 'hook-queued', 'warning', 0);
      await t.app.ctx.db.transaction((tx) => t.app.services.alerts.webhook.queueDelivery(tx, workspaceId, [id]));
      const otherWorkspace = (await accountOf(other)).workspaceId;
      await t.app.ctx.db.transaction((tx) => t.app.services.alerts.webhook.queueDelivery(tx, otherWorkspace, [id]));
      const jobs = await executeRows<{ data: { workspaceId: string; alertIds: string[] } }>(
        t.app.ctx.db,
        sql`select data from pgboss.job where name = ${ALERT_WEBHOOK_JOB}`,
      );
      expect(jobs.map((job) => job.data)).toEqual([{ workspaceId, alertIds: [id] }]);
    });

    it('never points inside the network, and is removed on request', async () => {
      for (const inside of [
        'http://10.0.0.5/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/hook',
        'http://192.168.1.20/hook',
      ]) {
        const res = await put(owner, { url: inside });
        expect({ inside, status: res.statusCode, detail: res.json().detail }).toEqual({
          inside,
          status: 400,
          detail: ALERT_MESSAGES.webhookPrivate,
        });
      }
      const bad = await put(owner, { url: 'ftp://example.com/x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(ALERT_VALIDATION.badWebhookUrl);
      // The refused addresses changed nothing.
      expect((await get(owner, 'alerts/webhook/')).json().url).toBe(url);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/alerts/webhook/', headers: owner.auth })).statusCode,
      ).toBe(204);
      expect((await get(owner, 'alerts/webhook/')).statusCode).toBe(404);
    });
  });

  it('refuses bad filters and bodies with a detail naming the problem', async () => {
    const bad = async (url: string, detail: string) => {
      const res = await get(owner, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(detail);
    };
    await bad('alerts/?severity=loud', ALERT_VALIDATION.badSeverity);
    await bad('alerts/?kind=odd', ALERT_VALIDATION.badKind);
    await bad('alerts/?limit=0', ALERT_VALIDATION.badLimit);
    await bad('alerts/?unread=maybe', ALERT_VALIDATION.badUnread);
    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { all: 'yes' }]) {
      const res = await post(owner, 'alerts/read/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(ALERT_VALIDATION.badIds);
    }
    for (const [body, detail] of [
      [{}, ALERT_VALIDATION.noSetting],
      [{ email_critical: 'no' }, ALERT_VALIDATION.badSetting],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/alerts/settings/',
        headers: owner.auth,
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
  });
});
