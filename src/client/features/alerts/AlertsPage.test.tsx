import { paths } from '@client/lib/paths';
import {
  alertBody,
  deliveryStoppedAlertBody,
  fakeAlertsServer,
  sampleAlerts,
  zeroConversionsAlertBody,
} from '@client/test/alerts.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { BRAND_ACCOUNT } from '@client/test/suggestions.handlers';
import type { Alert } from '@shared/api/alerts';
import { PLATFORM_LABELS } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { ALERT_EMAIL_LABELS } from './AlertEmailSettings';
import { ALERT_FILTER_LABELS } from './AlertFilterBar';
import { LOAD_MORE_LABEL } from './AlertList';
import { MARK_READ_LABEL, UNREAD_LABEL } from './AlertRow';
import { AlertsBell } from './AlertsBell';
import { CLEAR_FILTERS_LABEL, NO_ALERTS_TEXT, NONE_MATCH_TEXT } from './AlertsEmpty';
import { ALERTS_FAILED, ALERTS_NOT_FOR_ROLE, AlertsPage, MARK_ALL_READ_LABEL } from './AlertsPage';

const ANOMALY = alertBody();
const ZERO = zeroConversionsAlertBody();
const STOPPED = deliveryStoppedAlertBody();

interface SetupOptions {
  route?: string;
  alerts?: Alert[];
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The page (with the top bar's bell beside it) for a signed-in user, against a fake server with the three sample alerts. */
function setup({ route = paths.alerts, alerts = sampleAlerts(), overrides = [] }: SetupOptions = {}) {
  const fake = fakeAlertsServer(alerts);
  server.use(...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(
    <>
      <AlertsBell />
      <AlertsPage />
    </>,
    { route, preloadedState: { session: signedInSession() } },
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
  return { ...rendered, fake };
}

const row = (headline: string) => screen.findByRole('listitem', { name: headline });
const headlines = () =>
  within(screen.getByRole('list', { name: 'Alerts' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const params = () => new URLSearchParams(window.location.search);

describe('AlertsPage: the list', () => {
  it('shows a loading state, then every alert newest first with its severity, place, day and figures', async () => {
    // Handed over oldest first: the order on screen is the server's, newest first.
    setup({ alerts: [STOPPED, ZERO, ANOMALY] });
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();

    const anomaly = await row(ANOMALY.headline);
    expect(headlines()).toEqual([ANOMALY.headline, ZERO.headline, STOPPED.headline]);
    expect(within(anomaly).getByText('Critical')).toBeInTheDocument();
    expect(within(anomaly).getByText('Anomaly')).toBeInTheDocument();
    expect(within(anomaly).getByText(`Main store · ${PLATFORM_LABELS.meta}`)).toBeInTheDocument();
    expect(within(anomaly).getByText('7 Jan 2030')).toHaveAttribute('datetime', '2030-01-07');
    expect(
      within(anomaly).getByText('Observed ₹18,500.00, expected ₹9,200.00 (normal range ₹7,000.00–₹11,500.00)'),
    ).toBeInTheDocument();

    const zero = await row(ZERO.headline);
    expect(within(zero).getByText('Warning')).toBeInTheDocument();
    expect(within(zero).getByText(`Brand · ${PLATFORM_LABELS.google}`)).toBeInTheDocument();
    expect(within(zero).getByText('Campaign: Brand Search')).toBeInTheDocument();
    // Only an anomaly compares figures.
    expect(within(zero).queryByText(/^Observed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading alerts' })).not.toBeInTheDocument();
  });

  it('shows an alert about no single account (a workspace budget pacing off its band) by what it is about', async () => {
    const pacing = alertBody({
      id: '00000000-0000-4000-8000-500000000009',
      kind: 'pacing',
      severity: 'warning',
      level: 'budget',
      account: null,
      entity_id: '00000000-0000-4000-8000-600000000001',
      entity_name: 'Budget: The whole workspace',
      headline:
        'Budget “The whole workspace” is projected to end January 30% under its USD 31,000 (about USD 21,700): raise daily budgets by about 45% (to about USD 1,480 a day).',
      observed: null,
      expected: null,
      band: null,
    });
    setup({ alerts: [pacing, ANOMALY] });
    const item = await row(pacing.headline);
    expect(within(item).getByText('Budget pacing')).toBeInTheDocument();
    expect(within(item).getByText('Budget: The whole workspace')).toBeInTheDocument();
    expect(within(item).queryByText(/^Observed/)).not.toBeInTheDocument();
  });

  it('sets unread alerts apart, each with Mark as read, and counts them', async () => {
    setup();
    const anomaly = await row(ANOMALY.headline);
    const stopped = await row(STOPPED.headline);
    expect(within(anomaly).getByText(UNREAD_LABEL)).toBeInTheDocument();
    expect(within(anomaly).getByRole('heading', { level: 2 })).toHaveStyle({ fontWeight: 700 });
    expect(within(anomaly).getByRole('button', { name: MARK_READ_LABEL })).toHaveAccessibleDescription(
      ANOMALY.headline,
    );
    expect(within(stopped).queryByText(UNREAD_LABEL)).not.toBeInTheDocument();
    expect(within(stopped).getByRole('heading', { level: 2 })).toHaveStyle({ fontWeight: 400 });
    expect(within(stopped).queryByRole('button', { name: MARK_READ_LABEL })).not.toBeInTheDocument();
    expect(screen.getByText('2 unread alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MARK_ALL_READ_LABEL })).toBeEnabled();
  });

  it("shows the user's alert e-mail settings above the filters", async () => {
    setup();
    const settings = screen.getByRole('region', { name: ALERT_EMAIL_LABELS.title });
    expect(await within(settings).findByRole('switch', { name: ALERT_EMAIL_LABELS.email_critical })).toBeChecked();
    expect(
      settings.compareDocumentPosition(screen.getByRole('group', { name: 'Filters' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says there are no alerts yet, with Mark all as read disabled', async () => {
    setup({ alerts: [] });
    expect(await screen.findByText(NO_ALERTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLEAR_FILTERS_LABEL })).not.toBeInTheDocument();
    expect(screen.getByText('No unread alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MARK_ALL_READ_LABEL })).toBeDisabled();
  });

  it('says why the list failed, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({
      overrides: [
        http.get(api('alerts/'), () =>
          fail ? HttpResponse.json({ detail: 'Alerts are being recomputed.' }, { status: 503 }) : undefined,
        ),
      ],
    });
    expect(await screen.findByText('Alerts are being recomputed.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row(ANOMALY.headline)).toBeInTheDocument();
  });

  it('tells a role without alerts (a client) that they are not part of it, and asks nothing', () => {
    const fake = fakeAlertsServer();
    server.use(...fake.handlers);
    renderWithProviders(<AlertsPage readsAlerts={false} />, {
      route: paths.alerts,
      preloadedState: { session: signedInSession() },
    });
    expect(screen.getByText(ALERTS_NOT_FOR_ROLE)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(fake.requests.lists).toEqual([]);
    expect(screen.queryByRole('region', { name: ALERT_EMAIL_LABELS.title })).not.toBeInTheDocument();
    expect(fake.requests.settingsReads).toBe(0);
  });

  it('falls back to its own words when the server gives no reason', async () => {
    setup({ overrides: [http.get(api('alerts/'), () => new HttpResponse(null, { status: 500 }))] });
    expect(await screen.findByText(ALERTS_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('AlertsPage: mark as read', () => {
  it('marks one alert read: its row, the count and the bell follow', async () => {
    const { user, fake } = setup();
    expect(await screen.findByRole('link', { name: 'Alerts, 2 unread' })).toBeInTheDocument();
    const anomaly = await row(ANOMALY.headline);

    await user.click(within(anomaly).getByRole('button', { name: MARK_READ_LABEL }));
    await waitFor(() => expect(fake.requests.reads).toEqual([{ ids: [ANOMALY.id] }]));
    await waitFor(() =>
      expect(within(anomaly).queryByRole('button', { name: MARK_READ_LABEL })).not.toBeInTheDocument(),
    );
    expect(within(anomaly).queryByText(UNREAD_LABEL)).not.toBeInTheDocument();
    expect(await screen.findByText('1 unread alert')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
    // Focus stays in the list once the button is gone.
    expect(anomaly).toHaveFocus();
    expect(within(await row(ZERO.headline)).getByRole('button', { name: MARK_READ_LABEL })).toBeInTheDocument();
  });

  it('marks every alert read at once', async () => {
    const { user, fake } = setup();
    await row(ANOMALY.headline);

    await user.click(screen.getByRole('button', { name: MARK_ALL_READ_LABEL }));
    await waitFor(() => expect(fake.requests.reads).toEqual([{ all: true }]));
    expect(await screen.findByText('No unread alerts')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: MARK_READ_LABEL })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: MARK_ALL_READ_LABEL })).toBeDisabled();
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeInTheDocument();
    expect(headlines()).toHaveLength(3);
  });

  it('says so when marking fails, and leaves the alert unread', async () => {
    const { user } = setup({
      overrides: [
        http.post(api('alerts/read/'), () =>
          HttpResponse.json({ detail: 'No such alert in this workspace.' }, { status: 404 }),
        ),
      ],
    });
    const anomaly = await row(ANOMALY.headline);
    await user.click(within(anomaly).getByRole('button', { name: MARK_READ_LABEL }));
    expect(await screen.findByText('No such alert in this workspace.')).toBeInTheDocument();
    expect(within(anomaly).getByRole('button', { name: MARK_READ_LABEL })).toBeEnabled();
    expect(screen.getByText('2 unread alerts')).toBeInTheDocument();
  });
});

describe('AlertsPage: filters', () => {
  it('asks again with ?kind=, ?severity=, ?account= and ?unread=true and keeps them in the address', async () => {
    const { user, fake } = setup();
    await row(ANOMALY.headline);

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Delivery stopped' }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('kind')).toBe('delivery_stopped'));
    expect(params().get('kind')).toBe('delivery_stopped');
    await waitFor(() => expect(headlines()).toEqual([STOPPED.headline]));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: ALERT_FILTER_LABELS.kind }));
    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(screen.getByRole('option', { name: 'Critical' }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('severity')).toBe('critical'));
    expect(fake.requests.lists.at(-1)?.has('kind')).toBe(false);
    expect(params().get('severity')).toBe('critical');
    await waitFor(() => expect(headlines()).toEqual([ANOMALY.headline, STOPPED.headline]));

    // The accounts come from the alerts themselves, whatever the filters.
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      ALERT_FILTER_LABELS.account,
      `Brand (${PLATFORM_LABELS.google})`,
      `Main store (${PLATFORM_LABELS.meta})`,
    ]);
    await user.click(screen.getByRole('option', { name: `Brand (${PLATFORM_LABELS.google})` }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('account')).toBe(BRAND_ACCOUNT.id));
    expect(params().get('account')).toBe(BRAND_ACCOUNT.id);
    await waitFor(() => expect(headlines()).toEqual([STOPPED.headline]));

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(screen.getByRole('option', { name: ALERT_FILTER_LABELS.severity }));
    await user.click(screen.getByRole('switch', { name: ALERT_FILTER_LABELS.unreadOnly }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('unread')).toBe('true'));
    expect(params().get('unread')).toBe('true');
    await waitFor(() => expect(headlines()).toEqual([ZERO.headline]));
    // Every request is one the server accepts (the fake validates like it), 50 at a time.
    expect(fake.requests.lists.every((asked) => asked.get('limit') === '50')).toBe(true);
  });

  it('reads the filters from the address, ignoring unknown values', async () => {
    const { fake } = setup({ route: `${paths.alerts}?kind=zero_conversions&severity=loud` });
    expect(await row(ZERO.headline)).toBeInTheDocument();
    expect(
      fake.requests.lists.some((asked) => asked.get('kind') === 'zero_conversions' && !asked.has('severity')),
    ).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('No conversions');
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveTextContent(ALERT_FILTER_LABELS.severity);
    expect(headlines()).toEqual([ZERO.headline]);
  });

  it('says when the filters hide every alert, and Clear filters shows them all again', async () => {
    const { user } = setup({ route: `${paths.alerts}?kind=delivery_stopped&unread=true` });
    expect(await screen.findByText(NONE_MATCH_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(NO_ALERTS_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: ALERT_FILTER_LABELS.unreadOnly })).toBeChecked();
    // The unread count is the workspace's, whatever the filters show.
    expect(screen.getByText('2 unread alerts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: CLEAR_FILTERS_LABEL }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await row(ANOMALY.headline)).toBeInTheDocument();
    expect(headlines()).toHaveLength(3);
  });
});

describe('AlertsPage: paging', () => {
  /** 120 unread anomalies, 'Alert 1' the newest. */
  const many = Array.from({ length: 120 }, (_, index) =>
    alertBody({
      id: `00000000-0000-4000-8000-6${String(index).padStart(11, '0')}`,
      headline: `Alert ${index + 1}`,
      created_at: new Date(Date.UTC(2030, 0, 7, 9) - index * 60_000).toISOString(),
    }),
  );
  // Counted and found without role queries: naming a hundred rows each time is slow in jsdom.
  const shown = () => screen.getByRole('list', { name: 'Alerts' }).children.length;
  const rowOf = (headline: string) => screen.getByText(headline).closest('li');

  it('shows 50 at a time, with Load more until every alert is shown', async () => {
    // Read ones: fewer buttons to search through.
    const { user, fake } = setup({ alerts: many.map((alert) => ({ ...alert, read: true })) });
    await screen.findByText('Alert 1');
    expect(shown()).toBe(50);
    expect(screen.getByText('Showing 50 of 120')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: LOAD_MORE_LABEL }));
    await screen.findByText('Alert 100');
    expect(shown()).toBe(100);
    // The keyboard lands on the first new alert.
    await waitFor(() => expect(rowOf('Alert 51')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: LOAD_MORE_LABEL }));
    await screen.findByText('Alert 120');
    expect(shown()).toBe(120);
    expect(screen.getByText('Showing 120 of 120')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOAD_MORE_LABEL })).not.toBeInTheDocument();
    expect(fake.requests.lists.map((asked) => asked.get('offset'))).toEqual(expect.arrayContaining(['0', '50', '100']));
  });

  it('refetches every loaded page after marking read, so nothing shown goes stale', async () => {
    const { user } = setup({ alerts: many });
    await screen.findByText('Alert 1');
    await user.click(screen.getByText(LOAD_MORE_LABEL));
    await screen.findByText('Alert 100');

    await user.click(screen.getByText(MARK_ALL_READ_LABEL));
    await waitFor(() => expect(screen.queryByText(MARK_READ_LABEL)).not.toBeInTheDocument());
    expect(shown()).toBe(100);
  });
});
