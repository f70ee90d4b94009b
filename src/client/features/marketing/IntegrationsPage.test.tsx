import { browserLocation } from '@client/features/adAccounts/browserLocation';
import { paths } from '@client/lib/paths';
import { adAccountBody, api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { StartConnectionResult } from '@shared/api/adAccounts';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { PLATFORM_INFO, SYNC_BACKFILL_DAYS, SYNC_RESTATEMENT_DAYS } from '@shared/platformInfo';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { IntegrationsPage, PLAN_LIMITS_TEXT } from './IntegrationsPage';
import { connectionStatusText } from './IntegrationsPlatformCard';
import { platformAnchor } from './MarketingPlatformList';
import { expectOrderedHeadings, watchConsole } from './MarketingTestUtils';

const card = (platform: Platform) => screen.getByRole('article', { name: PLATFORM_LABELS[platform] });
const others = PLATFORMS.filter((platform) => platform !== 'meta');

function renderSignedIn(route: string = paths.integrations) {
  return renderWithProviders(<IntegrationsPage />, { route, preloadedState: { session: signedInSession() } });
}

describe('IntegrationsPage for a signed-in user', () => {
  it('shows Meta connected with Manage, and Connect for the other four', async () => {
    const consoleWatch = watchConsole();
    server.use(http.get(api('ad-accounts/'), () => HttpResponse.json([adAccountBody({ platform: 'meta' })])));
    renderSignedIn();

    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your connections…');

    const meta = within(card('meta'));
    expect(await meta.findByText('Connected (1 account)')).toBeInTheDocument();
    expect(meta.getByRole('link', { name: 'Manage Meta accounts' })).toHaveAttribute('href', paths.connectedAccounts);
    expect(meta.queryByRole('button', { name: /^Connect/ })).not.toBeInTheDocument();

    for (const platform of others) {
      const other = within(card(platform));
      expect(other.getByText('Not connected')).toBeInTheDocument();
      expect(other.getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}` })).toBeEnabled();
      expect(other.queryByRole('link', { name: /^Manage/ })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage connected accounts' })).toHaveAttribute(
      'href',
      paths.connectedAccounts,
    );
    expect(screen.queryByRole('link', { name: /Log in to connect/ })).not.toBeInTheDocument();

    expectOrderedHeadings();
    consoleWatch.expectNone();
  });

  it('counts several accounts and offers a reconnect when the platform ended one', async () => {
    server.use(
      http.get(api('ad-accounts/'), () =>
        HttpResponse.json([
          adAccountBody({ id: 'g1', platform: 'google', account_id: '1111111111' }),
          adAccountBody({ id: 'g2', platform: 'google', account_id: '2222222222', status: 'needs_reconnect' }),
        ]),
      ),
    );
    renderSignedIn();
    const google = within(card('google'));
    expect(await google.findByText('Connected (2 accounts)')).toBeInTheDocument();
    expect(google.getByText('Needs reconnect')).toBeInTheDocument();
    expect(google.getByRole('button', { name: 'Reconnect Google Ads' })).toBeInTheDocument();
    expect(google.getByRole('link', { name: 'Manage Google Ads accounts' })).toBeInTheDocument();
    expect(within(card('meta')).getByText('Not connected')).toBeInTheDocument();
  });

  it('starts the OAuth connection from a Connect button', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get(api('ad-accounts/'), () => HttpResponse.json([])),
      http.get(api('auth/tiktok/'), () =>
        HttpResponse.json({ auth_url: 'https://tiktok.example/portal/auth?state=s1' } satisfies StartConnectionResult),
      ),
    );
    const { user } = renderSignedIn();

    await user.click(await within(card('tiktok')).findByRole('button', { name: 'Connect TikTok' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://tiktok.example/portal/auth?state=s1'));
    assign.mockRestore();
  });

  it('says when the status cannot be read, still offers Connect, and retries', async () => {
    let fail = true;
    server.use(
      http.get(api('ad-accounts/'), () =>
        fail
          ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json([adAccountBody()]),
      ),
    );
    const { user } = renderSignedIn();

    // The error channel toasts the failure too; this is the page's own alert.
    const alert = (await screen.findByText(/Your connection status is unknown/)).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('Database unavailable');
    for (const platform of PLATFORMS) {
      expect(
        within(card(platform)).getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}` }),
      ).toBeInTheDocument();
      expect(within(card(platform)).queryByText(/^(Connected \(|Not connected)/)).not.toBeInTheDocument();
    }

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card('meta')).findByText('Connected (1 account)')).toBeInTheDocument();
    expect(screen.queryByText(/Your connection status is unknown/)).not.toBeInTheDocument();
  });

  it('scrolls to the platform named in the address', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    server.use(http.get(api('ad-accounts/'), () => HttpResponse.json([])));
    try {
      renderSignedIn(`${paths.integrations}#${platformAnchor('tiktok')}`);
      await waitFor(() => expect(scrolled).toEqual([platformAnchor('tiktok')]));
      expect(card('tiktok')).toHaveAttribute('id', platformAnchor('tiktok'));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('IntegrationsPage for a visitor', () => {
  it('offers Log in to connect and the free trial instead of a status, and asks the server nothing', async () => {
    let asked = 0;
    server.use(
      http.get(api('ad-accounts/'), () => {
        asked += 1;
        return HttpResponse.json([]);
      }),
    );
    const consoleWatch = watchConsole();
    renderWithProviders(<IntegrationsPage />, { route: paths.integrations });

    expect(screen.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', paths.register);
    expect(screen.getByRole('link', { name: 'Log in to connect' })).toHaveAttribute('href', paths.login);
    for (const platform of PLATFORMS) {
      const platformCard = within(card(platform));
      expect(
        platformCard.getByRole('link', { name: `Log in to connect ${PLATFORM_LABELS[platform]}` }),
      ).toHaveAttribute('href', paths.login);
      expect(platformCard.queryByRole('button')).not.toBeInTheDocument();
      expect(platformCard.queryByText(/^(Connected \(|Not connected)/)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);

    expectOrderedHeadings();
    consoleWatch.expectNone();
  });

  it('says what each platform brings, how connecting works, what is stored and how to revoke', () => {
    renderWithProviders(<IntegrationsPage />, { route: paths.integrations });

    for (const platform of PLATFORMS) {
      const details = card(platform);
      expect(details).toHaveTextContent(`${PLATFORM_INFO[platform].levels[0]} and`);
      expect(details).toHaveTextContent('spend, impressions, clicks, conversions and conversion value');
      expect(details).toHaveTextContent('CTR and CPC are worked out from them.');
      expect(details).toHaveTextContent('Pause and resume campaigns');
      expect(details).toHaveTextContent(PLATFORM_INFO[platform].revokeAt);
    }
    expect(card('google')).toHaveTextContent('PKCE');
    expect(card('x')).toHaveTextContent('PKCE');
    expect(card('meta')).not.toHaveTextContent('PKCE');
    expect(card('google')).toHaveTextContent('Admin > Access and Security');
    expect(card('linkedin')).toHaveTextContent('Campaigns and creatives');

    const how = screen.getByRole('region', { name: 'How connecting works' });
    expect(how).toHaveTextContent('OAuth');
    expect(how).toHaveTextContent('encrypted at rest');
    expect(how).toHaveTextContent('Disconnect');
    expect(how).toHaveTextContent('one-time code we e-mail you');
    expect(how).toHaveTextContent(PLAN_LIMITS_TEXT);
    expect(PLAN_LIMITS_TEXT).toBe(
      'Starter: 1 ad account; Pro: 5 ad accounts; Agency: no fixed cap. A running trial counts as Pro.',
    );

    const synced = screen.getByRole('region', { name: 'What is synced, and when' });
    expect(synced).toHaveTextContent(`the last ${SYNC_BACKFILL_DAYS} days`);
    expect(synced).toHaveTextContent(`every hour, the last ${SYNC_RESTATEMENT_DAYS} days`);
    expect(synced).toHaveTextContent('Refresh');
  });
});

describe('connectionStatusText', () => {
  it.each([
    [0, 'Not connected'],
    [1, 'Connected (1 account)'],
    [3, 'Connected (3 accounts)'],
  ])('%i accounts read "%s"', (count, text) => {
    expect(connectionStatusText(count)).toBe(text);
  });
});
