import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { adAccountBody, api, FAKE_OTP, fakeAdAccountsServer, recordBeacons } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import {
  type ConnectedAdAccount,
  INVITE_STATUS_KEY,
  type StartConnectionResult,
  TWITTER_CODE_VERIFIER_KEY,
} from '@shared/api/adAccounts';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { OTP_MESSAGE } from '@shared/validation/otp';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, type HttpHandler, HttpResponse } from 'msw';

import { NEEDS_RECONNECT_EXPLANATION, NO_ACCOUNTS_MESSAGE } from './AdAccountList';
import { browserLocation } from './browserLocation';
import { expiryWarningText } from './expiryWarning';
import { CONNECT_RESULT_KEY, INVITE_MESSAGES } from './inviteStatus';
import { GOOGLE_ADS_URL } from './InviteStatusNotice';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const HEADING = 'Connected Ad Accounts';
const HELP_BOX = 'How to accept the Google Ads invitation';

interface SetupOptions {
  route?: string;
  /** Handlers that answer before the fake ad-accounts server. */
  overrides?: HttpHandler[];
}

/** The page for a signed-in user whose connected accounts are `accounts`; the browser never really leaves. */
async function setup(
  accounts: ConnectedAdAccount[] = [],
  { route = paths.connectedAccounts, overrides = [] }: SetupOptions = {},
) {
  const fake = fakeAdAccountsServer(accounts);
  const beacons = recordBeacons();
  server.use(...fake.handlers, beacons.handler);
  server.use(...overrides);
  const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  const rendered = renderWithProviders(<AppRouter />, { route, preloadedState: { session: signedInSession() } });
  expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
  return { ...rendered, fake, beacons, assign, replace };
}

/** The list of connected accounts, once loaded. */
const accountList = () => screen.findByRole('list', { name: 'Your connected accounts' });

/** Stores a status (and its details) as the callback would have, then opens the page. */
function storeCallback(status: string, details: Record<string, string> = {}) {
  localStorage.setItem(INVITE_STATUS_KEY, status);
  sessionStorage.setItem(CONNECT_RESULT_KEY, JSON.stringify(details));
}

afterEach(() => jest.restoreAllMocks());

describe('ConnectedAccountsPage: the list', () => {
  it('shows a skeleton while the list loads, then says no account is connected', async () => {
    server.use(
      http.get(api('ad-accounts/'), async () => {
        await delay(50);
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<AppRouter />, {
      route: paths.connectedAccounts,
      preloadedState: { session: signedInSession() },
    });
    expect(await screen.findByRole('status', { name: 'Loading connected accounts' })).toBeInTheDocument();
    expect(await screen.findByText(NO_ACCOUNTS_MESSAGE)).toBeInTheDocument();
    expect(NO_ACCOUNTS_MESSAGE).toBe('No accounts connected yet');
    expect(screen.queryByRole('status', { name: 'Loading connected accounts' })).not.toBeInTheDocument();
  });

  it('lists each account: platform in upper case, account id, name and currency, and a Disconnect button', async () => {
    await setup([
      adAccountBody(),
      adAccountBody({ id: 'conn-2', platform: 'google', account_id: '1234567890', name: 'Brand', currency: 'USD' }),
    ]);
    const items = within(await accountList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    expect(items[0]).toHaveTextContent('META');
    expect(items[0]).toHaveTextContent('act_1234567890');
    expect(items[0]).toHaveTextContent('Main store · INR');
    expect(
      within(items[0]).getByRole('button', { name: 'Disconnect META account act_1234567890' }),
    ).toBeInTheDocument();
    expect(within(items[0]).queryByText('Needs reconnect')).not.toBeInTheDocument();

    expect(items[1]).toHaveTextContent('GOOGLE');
    expect(items[1]).toHaveTextContent('Brand · USD');
    expect(within(items[1]).getByRole('button', { name: /^Disconnect GOOGLE/ })).toBeInTheDocument();
    expect(screen.queryByText(NO_ACCOUNTS_MESSAGE)).not.toBeInTheDocument();
  });

  it('marks a connection that needs reconnecting, explains it, and Reconnect starts that platform', async () => {
    server.use(
      http.get(api('auth/linkedin/'), () =>
        HttpResponse.json({ auth_url: 'https://linkedin.example/consent?state=s1' } satisfies StartConnectionResult),
      ),
    );
    const { user, assign } = await setup([
      adAccountBody({ platform: 'linkedin', account_id: 'urn:li:1', status: 'needs_reconnect' }),
    ]);
    const [item] = within(await accountList()).getAllByRole('listitem');
    expect(within(item).getByText('Needs reconnect')).toBeInTheDocument();
    expect(within(item).getByText(NEEDS_RECONNECT_EXPLANATION)).toBeInTheDocument();
    expect(NEEDS_RECONNECT_EXPLANATION).toBe(
      'The platform ended this connection. Reconnect to resume syncing; your data is kept.',
    );

    await user.click(within(item).getByRole('button', { name: 'Reconnect LinkedIn' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://linkedin.example/consent?state=s1'));
  });

  it('warns about a connection that ends within a week, with its date, and Reconnect (by keyboard) starts that platform', async () => {
    server.use(
      http.get(api('auth/meta/'), () =>
        HttpResponse.json({ auth_url: 'https://meta.example/consent?state=s2' } satisfies StartConnectionResult),
      ),
    );
    const { user, assign } = await setup([
      adAccountBody({ expires_at: '2030-01-07T12:00:00.000Z', expiring: true }),
      adAccountBody({ id: 'conn-2', platform: 'google', account_id: '123-456-7890' }),
    ]);
    const [item, other] = within(await accountList()).getAllByRole('listitem');
    const warning = expiryWarningText('meta', '2030-01-07T12:00:00.000Z');
    expect(warning).toBe('Reconnect Meta before 7 Jan 2030 to keep data flowing');
    expect(within(item).getByText(warning)).toBeInTheDocument();
    expect(within(item).getByText('Expires soon')).toBeInTheDocument();
    // Still working: not marked as needing a reconnect, and the other connection shows nothing.
    expect(within(item).queryByText('Needs reconnect')).not.toBeInTheDocument();
    expect(within(other).queryByText(/Expires soon|keep data flowing/)).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();

    const reconnect = within(item).getByRole('button', { name: 'Reconnect Meta' });
    expect(reconnect).toHaveAccessibleDescription(warning);
    reconnect.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://meta.example/consent?state=s2'));
  });

  it('shows no expiry warning for a connection that already needs reconnecting (it says so instead)', async () => {
    await setup([adAccountBody({ status: 'needs_reconnect', expires_at: '2030-01-07T12:00:00.000Z', expiring: true })]);
    const [item] = within(await accountList()).getAllByRole('listitem');
    expect(within(item).getByText('Needs reconnect')).toBeInTheDocument();
    expect(within(item).queryByText('Expires soon')).not.toBeInTheDocument();
    expect(within(item).getAllByRole('button', { name: 'Reconnect Meta' })).toHaveLength(1);
  });

  it('on a failure says so (once, with the fallback) and Retry loads the list', async () => {
    let fail = true;
    const { user } = await setup([], {
      overrides: [
        http.get(api('ad-accounts/'), () =>
          fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([adAccountBody()]),
        ),
      ],
    });
    // Inline and the toast (both are alerts; which one renders first is a race).
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((el) => el.textContent?.includes('Unable to load ad accounts right now.')),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByText('Unable to load ad accounts right now.')).toHaveLength(2));

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await accountList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('prefers the server detail when the list fails', async () => {
    await setup([], {
      overrides: [
        http.get(api('ad-accounts/'), () =>
          HttpResponse.json({ detail: 'Accounts are being migrated.' }, { status: 503 }),
        ),
      ],
    });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((el) => el.textContent?.includes('Accounts are being migrated.'))).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.getAllByText('Accounts are being migrated.')).toHaveLength(2));
  });
});

describe('ConnectedAccountsPage: connecting', () => {
  it('offers a Connect button per platform, in order, under the Secure OAuth badge', async () => {
    await setup();
    const section = screen.getByRole('region', { name: 'Connect a platform' });
    expect(within(section).getByText('Secure OAuth')).toBeInTheDocument();
    const buttons = within(section)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(PLATFORMS.map((platform) => `Connect ${PLATFORM_LABELS[platform]}`));
  });

  it('calls auth/<platform>/, sends the connect-click beacon and goes to the consent page (TikTok like the others)', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(api('auth/tiktok/'), async () => {
        await answered;
        return HttpResponse.json({
          auth_url: 'https://tiktok.example/consent?state=t1',
        } satisfies StartConnectionResult);
      }),
    );
    const { user, assign, beacons } = await setup();
    const button = screen.getByRole('button', { name: 'Connect TikTok' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(assign).not.toHaveBeenCalled();

    answer();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://tiktok.example/consent?state=t1'));
    expect(assign).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(beacons.sent).toEqual([{ name: 'connect-click', body: { platform: 'tiktok', ts: expect.any(Number) } }]),
    );
    expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBeNull();
  });

  it("keeps X's code verifier before leaving", async () => {
    server.use(
      http.get(api('auth/x/'), () =>
        HttpResponse.json({ auth_url: 'https://x.example/authorize', code_verifier: 'verifier-123' }),
      ),
    );
    const { user, assign } = await setup();
    await user.click(screen.getByRole('button', { name: 'Connect Twitter' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://x.example/authorize'));
    expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBe('verifier-123');
  });

  it("toasts a failed start once, with the platform's fallback, and stays", async () => {
    server.use(http.get(api('auth/meta/'), () => new HttpResponse(null, { status: 502 })));
    const { user, assign } = await setup();
    await user.click(screen.getByRole('button', { name: 'Connect Meta' }));
    expect(await screen.findByText('Failed to start Meta connection')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to start Meta connection')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect Meta' })).toBeEnabled());
    expect(assign).not.toHaveBeenCalled();
  });

  it('prefers the server detail when the start fails', async () => {
    server.use(
      http.get(api('auth/google/'), () =>
        HttpResponse.json({ detail: 'Google Ads is not configured.' }, { status: 503 }),
      ),
    );
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Connect Google Ads' }));
    expect(await screen.findByText('Google Ads is not configured.')).toBeInTheDocument();
  });
});

describe('ConnectedAccountsPage: the OAuth callback', () => {
  it('keeps invite_status and the other parameters, then reloads at the clean address', async () => {
    const { replace, fake } = await setup([], {
      route: `${paths.connectedAccounts}?invite_status=FAILED&platform=google&reason=plan_limit&plan=pro&limit=5&connected=0&other=x`,
    });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/connected-accounts'));
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBe('FAILED');
    expect(JSON.parse(sessionStorage.getItem(CONNECT_RESULT_KEY) ?? 'null')).toEqual({
      platform: 'google',
      reason: 'plan_limit',
      connected: '0',
      plan: 'pro',
      limit: '5',
    });
    expect(fake.requests.listed).toBe(0);
  });

  it("drops X's code verifier as soon as the browser is back, whatever the outcome or platform", async () => {
    for (const query of [
      'invite_status=ALREADY_LINKED&platform=x&connected=1',
      'invite_status=FAILED&platform=x&reason=denied',
      'invite_status=PENDING&platform=google',
    ]) {
      localStorage.setItem(TWITTER_CODE_VERIFIER_KEY, 'verifier-123');
      const { replace, unmount } = await setup([], { route: `${paths.connectedAccounts}?${query}` });
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/connected-accounts'));
      expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBeNull();
      unmount();
      jest.restoreAllMocks();
    }
  });

  it('keeps it while no callback has come back (the browser may still be at the consent page)', async () => {
    localStorage.setItem(TWITTER_CODE_VERIFIER_KEY, 'verifier-123');
    await setup();
    await screen.findByText(NO_ACCOUNTS_MESSAGE);
    expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBe('verifier-123');
  });

  it('says why when the callback came back to another browser', async () => {
    storeCallback('FAILED', { platform: 'linkedin', reason: 'wrong_browser' });
    await setup();
    expect(screen.getByText('Please finish connecting in the same browser you started from.')).toBeInTheDocument();
  });

  it('keeps no unknown status, but still cleans the address', async () => {
    const { replace } = await setup([], { route: `${paths.connectedAccounts}?invite_status=HACKED` });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/connected-accounts'));
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBeNull();
  });

  it('shows FAILED with the help box, which can be dismissed (forgetting the status)', async () => {
    storeCallback('FAILED');
    const { user } = await setup();
    expect(screen.getByText('Please contact support—something went wrong.')).toBeInTheDocument();
    expect(INVITE_MESSAGES.FAILED).toBe('Please contact support—something went wrong.');
    const help = screen.getByRole('region', { name: HELP_BOX });
    expect(help).toHaveTextContent('Admin > Access and Security');
    expect(within(help).getByRole('link', { name: 'ads.google.com' })).toHaveAttribute('href', GOOGLE_ADS_URL);

    await user.click(within(help).getByRole('button', { name: 'Dismiss the Google Ads help' }));
    expect(screen.queryByRole('region', { name: HELP_BOX })).not.toBeInTheDocument();
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBeNull();
    expect(sessionStorage.getItem(CONNECT_RESULT_KEY)).toBeNull();
  });

  it('shows PENDING with the help box, and keeps it for the next visit', async () => {
    storeCallback('PENDING', { platform: 'google' });
    await setup();
    expect(
      screen.getByText('Invitation sent. Please accept it in Google Ads → Access & Security.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: HELP_BOX })).toBeInTheDocument();
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBe('PENDING');
  });

  it('shows ALREADY_LINKED once, without the help box, and forgets it', async () => {
    storeCallback('ALREADY_LINKED', { platform: 'meta', connected: '2' });
    await setup();
    expect(screen.getByText('Hurray! Account linked successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HELP_BOX })).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(INVITE_STATUS_KEY)).toBeNull());
    expect(sessionStorage.getItem(CONNECT_RESULT_KEY)).toBeNull();
  });

  it('shows nothing without a stored status', async () => {
    await setup();
    await screen.findByText(NO_ACCOUNTS_MESSAGE);
    for (const message of Object.values(INVITE_MESSAGES)) expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HELP_BOX })).not.toBeInTheDocument();
  });

  it.each([
    [
      { reason: 'plan_limit', plan: 'pro', limit: '5' },
      'Your Pro plan allows 5 connected ad accounts. Disconnect one or upgrade to connect more.',
    ],
    [
      { reason: 'plan_limit', plan: 'starter', limit: '1' },
      'Your Starter plan allows 1 connected ad account. Disconnect one or upgrade to connect more.',
    ],
    [{ reason: 'denied' }, 'You cancelled the connection, so nothing was changed.'],
    [{ reason: 'expired_state' }, 'That connection attempt expired or was already used. Please try again.'],
    [{ reason: 'no_accounts' }, 'No ad accounts were shared. Connect again and pick at least one account.'],
    [
      { reason: 'platform_error', platform: 'linkedin' },
      'LinkedIn did not complete the connection. Please try again in a moment.',
    ],
  ])('says why a connection failed: %j', async (details, line) => {
    storeCallback('FAILED', details);
    await setup();
    expect(screen.getByText('Please contact support—something went wrong.')).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
  });
});

describe('ConnectedAccountsPage: disconnecting', () => {
  /** Opens the dialog for the first account and sends the OTP. */
  async function toOtpStep(user: Awaited<ReturnType<typeof setup>>['user']) {
    const [item] = within(await accountList()).getAllByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Disconnect/ }));
    const sendStep = await screen.findByRole('dialog', { name: "Verify it's you" });
    await user.click(within(sendStep).getByRole('button', { name: 'Send OTP' }));
    return screen.findByRole('dialog', { name: 'Enter OTP' });
  }

  const digitBox = (dialog: HTMLElement, n: number) => within(dialog).getByRole('textbox', { name: `Digit ${n} of 6` });

  it('sends an OTP, verifies it, confirms, and the account is gone', async () => {
    const { user, fake } = await setup([adAccountBody(), adAccountBody({ id: 'conn-2', account_id: 'act_999' })]);
    const otpStep = await toOtpStep(user);
    expect(await screen.findByText('OTP sent to your email.')).toBeInTheDocument();
    expect(fake.requests.otpsSent).toBe(1);
    expect(digitBox(otpStep, 1)).toHaveFocus();
    expect(within(otpStep).getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

    // Six digits are needed before anything is sent.
    await user.click(within(otpStep).getByRole('button', { name: 'Verify OTP' }));
    expect(await within(otpStep).findByText(OTP_MESSAGE)).toBeInTheDocument();
    expect(fake.requests.verified).toEqual([]);

    await user.click(digitBox(otpStep, 1));
    await user.keyboard(FAKE_OTP);
    expect(within(otpStep).queryByText(OTP_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(otpStep).getByRole('button', { name: 'Verify OTP' }));

    const confirm = await screen.findByRole('dialog', { name: 'Disconnect account?' });
    expect(await screen.findByText('OTP verified.')).toBeInTheDocument();
    expect(fake.requests.verified).toEqual([{ otp: FAKE_OTP }]);
    expect(confirm).toHaveTextContent('META account act_1234567890');

    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Account disconnected.')).toBeInTheDocument();
    expect(fake.requests.deleted).toEqual([{ accid: 'conn-1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your connected accounts' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByText('act_1234567890')).not.toBeInTheDocument();
    expect(screen.getByText('act_999')).toBeInTheDocument();
  });

  it('fills the boxes from a pasted code', async () => {
    const { user } = await setup([adAccountBody()]);
    const otpStep = await toOtpStep(user);
    await user.paste(FAKE_OTP);
    expect([1, 2, 3, 4, 5, 6].map((n) => (digitBox(otpStep, n) as HTMLInputElement).value).join('')).toBe(FAKE_OTP);
  });

  it('stays on the OTP step with the error when the OTP is wrong', async () => {
    const { user, fake } = await setup([adAccountBody()]);
    const otpStep = await toOtpStep(user);
    await user.click(digitBox(otpStep, 1));
    await user.keyboard('000000');
    await user.click(within(otpStep).getByRole('button', { name: 'Verify OTP' }));

    expect(await within(otpStep).findByRole('alert')).toHaveTextContent('Invalid OTP.');
    expect(screen.getByRole('dialog', { name: 'Enter OTP' })).toBe(otpStep);
    expect(fake.requests.deleted).toEqual([]);
    expect(screen.getAllByText('Invalid OTP.')).toHaveLength(2); // inline and the toast
  });

  it("shows the server's reason when an OTP was asked for too soon", async () => {
    const { user } = await setup([adAccountBody()], {
      overrides: [
        http.post(api('generate-otp/'), () =>
          HttpResponse.json({ detail: 'Please wait 12 seconds.', code: 'rate_limited' }, { status: 429 }),
        ),
      ],
    });
    const [item] = within(await accountList()).getAllByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Disconnect/ }));
    const sendStep = await screen.findByRole('dialog', { name: "Verify it's you" });
    await user.click(within(sendStep).getByRole('button', { name: 'Send OTP' }));
    expect(await within(sendStep).findByRole('alert')).toHaveTextContent('Please wait 12 seconds.');
  });

  it('stays on the confirmation with the error when the disconnect fails', async () => {
    const { user } = await setup([adAccountBody()]);
    server.use(http.post(api('delete-connected-account/'), () => new HttpResponse(null, { status: 500 })));
    const otpStep = await toOtpStep(user);
    await user.click(digitBox(otpStep, 1));
    await user.keyboard(FAKE_OTP);
    await user.click(within(otpStep).getByRole('button', { name: 'Verify OTP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to delete account.');
    expect(screen.getByRole('dialog', { name: 'Disconnect account?' })).toBeInTheDocument();
    // The page behind the modal is hidden from the accessibility tree, but still there.
    expect(
      within(screen.getByRole('list', { name: 'Your connected accounts', hidden: true })).getAllByRole('listitem', {
        hidden: true,
      }),
    ).toHaveLength(1);
  });

  it('closes on Cancel and on Escape, and starts over at the Send step', async () => {
    const { user } = await setup([adAccountBody()]);
    const otpStep = await toOtpStep(user);
    await user.click(within(otpStep).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Disconnect META/ }));
    const sendStep = await screen.findByRole('dialog', { name: "Verify it's you" });
    // The resend lock outlives Cancel, as the server's cooldown does.
    expect(within(sendStep).getByRole('button', { name: /^Send OTP in \d+s$/ })).toBeDisabled();
    await waitFor(() => expect(sendStep).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ConnectedAccountsPage for a visitor', () => {
  it('asks to log in and loads nothing', async () => {
    const fake = fakeAdAccountsServer([adAccountBody()]);
    server.use(...fake.handlers);
    renderWithProviders(<AppRouter />, { route: paths.connectedAccounts });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
    expect(screen.queryByRole('button', { name: /^Connect/ })).not.toBeInTheDocument();
    expect(fake.requests.listed).toBe(0);
  });
});

describe('ConnectedAccountsPage: what each role sees', () => {
  /** The page for `role` in the current workspace, which the workspace list confirms. */
  async function setupAs(role: Role) {
    const fake = fakeAdAccountsServer([
      adAccountBody(),
      adAccountBody({ id: 'conn-2', platform: 'google', account_id: '123-456-7890', status: 'needs_reconnect' }),
    ]);
    server.use(...fake.handlers, ...fakeWorkspacesServer({ workspaces: [workspaceBody({ role })] }).handlers);
    renderWithProviders(<AppRouter />, {
      route: paths.connectedAccounts,
      preloadedState: { session: signedInSession({ workspace: { id: PERSONAL_WORKSPACE_ID, role } }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    return fake;
  }

  it.each<Role>(['owner', 'manager'])('a %s connects, reconnects and disconnects', async (role) => {
    await setupAs(role);
    const items = within(await accountList()).getAllByRole('listitem');
    expect(within(items[0]).getByRole('button', { name: /^Disconnect META/ })).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Reconnect Google Ads' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
  });

  it('a viewer sees the accounts and nothing that changes them', async () => {
    await setupAs('viewer');
    const items = within(await accountList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^(Disconnect|Reconnect|Connect)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect a platform' })).not.toBeInTheDocument();
  });

  it('a client is told the role does not allow it, and the list is not asked for', async () => {
    const fake = await setupAs('client');
    expect(await screen.findByText(WORKSPACE_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your connected accounts' })).not.toBeInTheDocument();
    expect(fake.requests.listed).toBe(0);
  });
});
