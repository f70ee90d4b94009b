import {
  type Alert,
  ALERT_MESSAGES,
  ALERT_SENSITIVITIES,
  type AlertList,
  type AlertReadResult,
  type AlertSensitivity,
  type AlertSensitivitySetting,
  type AlertSettings,
  type AlertWebhook,
} from '@shared/api/alerts';
import {
  ALERT_VALIDATION,
  alertQuerySchema,
  alertReadSchema,
  alertSensitivitySchema,
  alertSettingsSchema,
  alertWebhookSchema,
} from '@shared/validation/alerts';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';
import { BRAND_ACCOUNT, STORE_ACCOUNT } from './suggestions.handlers';

/** The page the server gives when the request names no limit. */
const DEFAULT_LIMIT = 50;

/** An alert; by default a critical, unread anomaly: the Meta store account spent twice its normal day. */
export function alertBody(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '00000000-0000-4000-8000-500000000001',
    kind: 'anomaly',
    severity: 'critical',
    metric: 'spend',
    direction: 'high',
    level: 'account',
    entity_id: STORE_ACCOUNT.id,
    entity_name: STORE_ACCOUNT.name,
    account: { ...STORE_ACCOUNT, platform: 'meta' },
    day: '2030-01-07',
    headline: 'Spend on Main store was twice its usual day',
    observed: 18500,
    expected: 9200,
    band: { low: 7000, high: 11500 },
    created_at: '2030-01-07T09:05:00.000Z',
    read: false,
    ...overrides,
  };
}

/** A warning, unread: a Google campaign of the Brand account had no conversions. */
export const zeroConversionsAlertBody = (overrides: Partial<Alert> = {}) =>
  alertBody({
    id: '00000000-0000-4000-8000-500000000002',
    kind: 'zero_conversions',
    severity: 'warning',
    metric: 'conversions',
    direction: 'low',
    level: 'campaign',
    entity_id: 'cmp-2',
    entity_name: 'Brand Search',
    account: { ...BRAND_ACCOUNT, platform: 'google' },
    day: '2030-01-06',
    headline: '“Brand Search” had no conversions yesterday',
    observed: 0,
    expected: 6.4,
    band: null,
    created_at: '2030-01-06T09:05:00.000Z',
    ...overrides,
  });

/** A critical alert, already read: the Brand account's ads stopped delivering. */
export const deliveryStoppedAlertBody = (overrides: Partial<Alert> = {}) =>
  alertBody({
    id: '00000000-0000-4000-8000-500000000003',
    kind: 'delivery_stopped',
    severity: 'critical',
    metric: null,
    direction: null,
    level: 'account',
    entity_id: BRAND_ACCOUNT.id,
    entity_name: BRAND_ACCOUNT.name,
    account: { ...BRAND_ACCOUNT, platform: 'google' },
    day: '2030-01-05',
    headline: 'Brand stopped delivering: no impressions since yesterday',
    observed: null,
    expected: null,
    band: null,
    created_at: '2030-01-05T09:05:00.000Z',
    read: true,
    ...overrides,
  });

/** The three alerts the fake server starts from: two unread, one read. */
export const sampleAlerts = () => [alertBody(), zeroConversionsAlertBody(), deliveryStoppedAlertBody()];

/** A new user's e-mail settings, as the server starts them: both on. */
export const alertSettingsBody = (overrides: Partial<AlertSettings> = {}): AlertSettings => ({
  email_critical: true,
  email_digest: true,
  ...overrides,
});

/** The signing secret the fake webhook server gives a new webhook. */
export const FAKE_WEBHOOK_SECRET = 'whsec_4f9c2b7a1e8d6053c4b2a9f7e1d8c6b5';

/** A webhook as the server shows it; by default a Slack one, created on 6 Jan 2030, never delivered to. */
export function alertWebhookBody(overrides: Partial<AlertWebhook> = {}): AlertWebhook {
  return {
    url: 'https://hooks.slack.com/services/T000/B000/XXXX',
    created_at: '2030-01-06T10:00:00.000Z',
    last_delivery_at: null,
    last_status: null,
    last_error: null,
    ...overrides,
  };
}

/** Options of fakeAlertWebhookServer. */
export interface FakeAlertWebhookOptions {
  /** The webhook there is at first; none by default. */
  initial?: AlertWebhook | null;
  /** The receiver's reason to refuse the test message (the server answers 502); null: it takes it. */
  testFailure?: string | null;
}

const badRequest = (detail: string) => HttpResponse.json({ detail, code: 'validation_failed' }, { status: 400 });
const newestFirst = (a: Alert, b: Alert) => b.created_at.localeCompare(a.created_at);

/**
 * The alerts endpoints as the contract describes them, with state: the list with the server's
 * filters, validation and offset paging (newest first), the unread count, mark as read (some
 * or all) and the user's e-mail settings. Tests add `fake.handlers` with `server.use` and read
 * what was asked in `fake.requests`.
 */
export function fakeAlertsServer(
  initial: Alert[] = sampleAlerts(),
  initialSettings: AlertSettings = alertSettingsBody(),
) {
  let alerts = [...initial];
  // Per fake, like the alerts: every test starts from its own settings.
  let settings = { ...initialSettings };
  const requests = {
    lists: [] as URLSearchParams[],
    unreadCounts: 0,
    reads: [] as unknown[],
    settingsReads: 0,
    settingsUpdates: [] as unknown[],
  };
  const unread = () => alerts.filter((alert) => !alert.read).length;

  const handlers = [
    http.get(api('alerts/'), async ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.lists.push(params);
      let query;
      try {
        query = await alertQuerySchema.validate(Object.fromEntries(params));
      } catch (error) {
        return badRequest((error as Error).message);
      }
      const found = alerts
        .filter(
          (alert) =>
            (!query.kind || alert.kind === query.kind) &&
            (!query.severity || alert.severity === query.severity) &&
            (!query.account || alert.account?.id === query.account) &&
            (!query.unread || alert.read === (query.unread === 'false')),
        )
        .sort(newestFirst);
      const offset = query.offset ?? 0;
      const page = found.slice(offset, offset + (query.limit ?? DEFAULT_LIMIT));
      return HttpResponse.json({ alerts: page, total: found.length, unread: unread() } satisfies AlertList);
    }),
    http.get(api('alerts/unread/'), () => {
      requests.unreadCounts += 1;
      return HttpResponse.json({ count: unread() });
    }),
    http.post(api('alerts/read/'), async ({ request }) => {
      const body = await request.json();
      requests.reads.push(body);
      if (!alertReadSchema.isValidSync(body)) return badRequest(ALERT_VALIDATION.badIds);
      const { ids, all } = body as { ids?: string[]; all?: boolean };
      if (!all && ids!.some((id) => !alerts.some((alert) => alert.id === id))) {
        return HttpResponse.json({ detail: ALERT_MESSAGES.notFound, code: 'not_found' }, { status: 404 });
      }
      const marks = (alert: Alert) => !alert.read && (all === true || ids!.includes(alert.id));
      const marked = alerts.filter(marks).length;
      alerts = alerts.map((alert) => (marks(alert) ? { ...alert, read: true } : alert));
      return HttpResponse.json({ marked, unread: unread() } satisfies AlertReadResult);
    }),
    http.get(api('alerts/settings/'), () => {
      requests.settingsReads += 1;
      return HttpResponse.json(settings);
    }),
    http.put(api('alerts/settings/'), async ({ request }) => {
      const body = await request.json();
      requests.settingsUpdates.push(body);
      let changes;
      try {
        changes = await alertSettingsSchema.validate(body);
      } catch (error) {
        // The server's detail is the schema's message, e.g. ALERT_VALIDATION.noSetting.
        return badRequest((error as Error).message);
      }
      settings = {
        email_critical: changes.email_critical ?? settings.email_critical,
        email_digest: changes.email_digest ?? settings.email_digest,
      };
      return HttpResponse.json(settings);
    }),
  ];
  return { handlers, requests, alerts: () => alerts, settings: () => settings };
}

/** The instant the fake webhook server gives every webhook it creates and every delivery it records. */
export const FAKE_DELIVERY_AT = '2030-01-07T09:30:00.000Z';

/**
 * The workspace's alert webhook as the contract describes it, with state: GET (404 when there is
 * none), PUT (validated like the server, a private address refused, the secret only in the answer
 * that creates it), DELETE and the test message, which the receiver takes (200) or refuses with
 * `testFailure` (502, the failure recorded either way). Tests add `fake.handlers` with
 * `server.use`, read `fake.requests`, and may change `fake.setTestFailure` between steps.
 */
export function fakeAlertWebhookServer({ initial = null, testFailure = null }: FakeAlertWebhookOptions = {}) {
  let webhook: AlertWebhook | null = initial && { ...initial };
  let failure = testFailure;
  const requests = { reads: 0, saves: [] as unknown[], deletes: 0, tests: 0 };
  const noWebhook = () => HttpResponse.json({ detail: ALERT_MESSAGES.noWebhook, code: 'not_found' }, { status: 404 });

  const handlers = [
    http.get(api('alerts/webhook/'), () => {
      requests.reads += 1;
      return webhook ? HttpResponse.json(webhook) : noWebhook();
    }),
    http.put(api('alerts/webhook/'), async ({ request }) => {
      const body = await request.json();
      requests.saves.push(body);
      let url;
      try {
        ({ url } = await alertWebhookSchema.validate(body));
      } catch (error) {
        return badRequest((error as Error).message);
      }
      if (!url.toLowerCase().startsWith('https://')) return badRequest(ALERT_MESSAGES.webhookNotHttps);
      // What the server's address check refuses, roughly: local names and private ranges.
      if (/^https:\/\/(localhost|127\.|10\.|192\.168\.|169\.254\.)/i.test(url))
        return badRequest(ALERT_MESSAGES.webhookPrivate);
      if (webhook) {
        // A new address starts a new delivery record; the secret stays, and is not said again.
        webhook = { ...webhook, url, last_delivery_at: null, last_status: null, last_error: null };
        return HttpResponse.json(webhook);
      }
      webhook = alertWebhookBody({ url, created_at: FAKE_DELIVERY_AT });
      return HttpResponse.json({ ...webhook, secret: FAKE_WEBHOOK_SECRET } satisfies AlertWebhook);
    }),
    http.delete(api('alerts/webhook/'), () => {
      requests.deletes += 1;
      if (!webhook) return noWebhook();
      webhook = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(api('alerts/webhook/test/'), () => {
      requests.tests += 1;
      if (!webhook) return noWebhook();
      if (failure !== null) {
        webhook = { ...webhook, last_delivery_at: FAKE_DELIVERY_AT, last_status: null, last_error: failure };
        return HttpResponse.json(
          { detail: `${ALERT_MESSAGES.webhookFailed}: ${failure}.`, code: 'delivery_failed' },
          { status: 502 },
        );
      }
      webhook = { ...webhook, last_delivery_at: FAKE_DELIVERY_AT, last_status: 200, last_error: null };
      return HttpResponse.json(webhook);
    }),
  ];
  return {
    handlers,
    requests,
    webhook: () => webhook,
    setTestFailure: (reason: string | null) => {
      failure = reason;
    },
  };
}

/**
 * The workspace's anomaly sensitivity as the server presents it: 103 watched series (3 accounts
 * and 100 campaigns would be 515; this is 20 accounts and campaigns), the choices worked out as
 * the server's budget does (at most 1, 4 or 12 noise alerts a month, never more readily than once
 * in 365, 90 or 30 days per series).
 */
export function alertSensitivityBody(
  sensitivity: AlertSensitivity = 'balanced',
  overrides: Partial<AlertSensitivitySetting> = {},
): AlertSensitivitySetting {
  const watched = overrides.watched_series ?? 100;
  const budget = { fewer: 1, balanced: 4, more: 12 } as const;
  const floor = { fewer: 365, balanced: 90, more: 30 } as const;
  return {
    sensitivity,
    watched_series: watched,
    choices: ALERT_SENSITIVITIES.map((choice) => {
      const onceInDays = Math.max(floor[choice], (30 * watched) / budget[choice]);
      return {
        sensitivity: choice,
        noise_alerts_a_month: Number(((watched * 30) / onceInDays).toFixed(1)),
        once_in_days: Math.round(onceInDays),
      };
    }),
    anomalies_last_30_days: 3,
    ...overrides,
  };
}

/** The workspace's sensitivity with state: GET, and PUT validated like the server. Tests read `fake.requests`. */
export function fakeAlertSensitivityServer(initial: AlertSensitivitySetting = alertSensitivityBody()) {
  let setting = { ...initial };
  const requests = { reads: 0, saves: [] as unknown[] };
  const handlers = [
    http.get(api('alerts/sensitivity/'), () => {
      requests.reads += 1;
      return HttpResponse.json(setting);
    }),
    http.put(api('alerts/sensitivity/'), async ({ request }) => {
      const body = await request.json();
      requests.saves.push(body);
      try {
        const { sensitivity } = await alertSensitivitySchema.validate(body);
        setting = { ...setting, sensitivity };
      } catch (error) {
        return badRequest((error as Error).message);
      }
      return HttpResponse.json(setting);
    }),
  ];
  return { handlers, requests, setting: () => setting };
}

/** The bell of any signed-in screen asks for the unread count: by default there are no alerts, and the e-mail settings are a new user's. */
export const defaultAlertHandlers = [
  http.get(api('alerts/'), () => HttpResponse.json({ alerts: [], total: 0, unread: 0 } satisfies AlertList)),
  http.get(api('alerts/unread/'), () => HttpResponse.json({ count: 0 })),
  // The alerts page of another screen's test (the router's) shows the e-mail settings too.
  http.get(api('alerts/settings/'), () => HttpResponse.json(alertSettingsBody())),
  // An owner's alerts page asks for the webhook too: by default the workspace has none.
  http.get(api('alerts/webhook/'), () =>
    HttpResponse.json({ detail: ALERT_MESSAGES.noWebhook, code: 'not_found' }, { status: 404 }),
  ),
  // The alerts page shows the workspace's anomaly sensitivity to every reader.
  http.get(api('alerts/sensitivity/'), () => HttpResponse.json(alertSensitivityBody())),
];
