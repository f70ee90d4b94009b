import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api, recordBeacons } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { type StartConnectionResult, TWITTER_CODE_VERIFIER_KEY } from '@shared/api/adAccounts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { browserLocation } from './browserLocation';
import { START_X_CONNECTION_LABEL } from './XConnectTestPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

/** The developer page, signed in or not; the browser never really leaves. */
async function setup({ signedIn = true }: { signedIn?: boolean } = {}) {
  const beacons = recordBeacons();
  server.use(beacons.handler);
  const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  const rendered = renderWithProviders(<AppRouter />, {
    route: paths.xConnectTest,
    preloadedState: signedIn ? { session: signedInSession() } : undefined,
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'X connection test' })).toBeInTheDocument();
  return { ...rendered, assign, beacons, button: () => screen.getByRole('button', { name: START_X_CONNECTION_LABEL }) };
}

afterEach(() => jest.restoreAllMocks());

describe('XConnectTestPage', () => {
  it('explains what the button does', async () => {
    await setup();
    expect(screen.getByText(/keeps the PKCE code verifier in this browser/)).toBeInTheDocument();
    expect(START_X_CONNECTION_LABEL).toBe('Start X connection');
  });

  it('starts the X connection: keeps the code verifier, sends the beacon and goes to the consent page', async () => {
    const requests: string[] = [];
    server.use(
      http.get(api('auth/x/'), ({ request }) => {
        requests.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({
          auth_url: 'https://x.example/i/oauth2/authorize?state=x1',
          code_verifier: 'pkce-verifier',
        } satisfies StartConnectionResult);
      }),
    );
    const { user, assign, beacons, button } = await setup();
    await user.click(button());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://x.example/i/oauth2/authorize?state=x1'));
    expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBe('pkce-verifier');
    expect(requests).toEqual(['Bearer access-token-1']);
    expect(button()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() =>
      expect(beacons.sent).toEqual([{ name: 'connect-click', body: { platform: 'x', ts: expect.any(Number) } }]),
    );
  });

  it("says 'Failed to start Twitter connection' on a failure, keeps nothing and stays", async () => {
    server.use(http.get(api('auth/x/'), () => new HttpResponse(null, { status: 500 })));
    const { user, assign, button } = await setup();
    await user.click(button());
    expect(await screen.findByText('Failed to start Twitter connection')).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(localStorage.getItem(TWITTER_CODE_VERIFIER_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('is disabled for a visitor, who is asked to log in', async () => {
    const { button } = await setup({ signedIn: false });
    expect(button()).toBeDisabled();
    expect(screen.getByText(/Log in first/)).toBeInTheDocument();
  });
});
