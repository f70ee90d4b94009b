import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { TRIAL_ENDED_MESSAGE } from '@client/components/TrialCountdown';
import { paths } from '@client/lib/paths';
import { activeTrialBody, api, recordBeacons, userInfoBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { TRIAL_DURATION_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { START_TRIAL_LABEL, TRIAL_STARTED_MESSAGE } from './TrialCallToAction';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const HOME_TITLE = 'Every ad platform in one dashboard';

async function homeSignedIn() {
  const rendered = renderWithProviders(<AppRouter />, {
    route: paths.home,
    preloadedState: { session: signedInSession() },
  });
  expect(await screen.findByRole('heading', { level: 1, name: HOME_TITLE })).toBeInTheDocument();
  return rendered;
}

/** The home hero, named by its h1 (the page repeats the trial offer at its end). */
const hero = () => within(screen.getByRole('region', { name: HOME_TITLE }));

/** The hero's start button once user-info has answered (until then it waits, busy). */
const readyStartButton = () => hero().findByRole('button', { name: START_TRIAL_LABEL, busy: false });

/** The days shown by the hero's countdown. */
function countdownDays(): number {
  const timer = hero().getByRole('timer', { name: 'Trial time left' });
  return Number(timer.textContent?.match(/^(\d+)Days/)?.[1]);
}

describe('the home page trial control', () => {
  it('sends a visitor to /login', async () => {
    const { user } = renderWithProviders(<AppRouter />, { route: paths.home });
    await screen.findByRole('heading', { level: 1, name: HOME_TITLE });
    await user.click(hero().getByRole('button', { name: START_TRIAL_LABEL }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(START_TRIAL_LABEL).toBe('Start your 7-day free trial');
  });

  it('starts the trial, says so, and shows the countdown in place of the button', async () => {
    let trialStarted = false;
    const bodies: unknown[] = [];
    const beacons = recordBeacons();
    const endsAt = new Date(Date.now() + TRIAL_DURATION_MS).toISOString();
    server.use(
      http.post(api('start-trial/'), async ({ request }) => {
        bodies.push(await request.json());
        trialStarted = true;
        return HttpResponse.json({ is_trial: true, trial_ends_at: endsAt });
      }),
      http.get(api('user-info/'), () =>
        HttpResponse.json(
          trialStarted
            ? userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at: endsAt } })
            : userInfoBody(),
        ),
      ),
      beacons.handler,
    );
    const { user, store } = await homeSignedIn();

    await user.click(await readyStartButton());

    expect(await screen.findByText(TRIAL_STARTED_MESSAGE)).toBeInTheDocument();
    expect(TRIAL_STARTED_MESSAGE).toBe('Your 7-day trial has started. Make the most of it!');
    expect(await hero().findByRole('timer', { name: 'Trial time left' })).toBeInTheDocument();
    expect(countdownDays()).toBe(6);
    expect(screen.queryByRole('button', { name: START_TRIAL_LABEL })).not.toBeInTheDocument();
    expect(bodies).toEqual([{}]);
    await waitFor(() => expect(beacons.sent).toEqual([{ name: 'start-trial', body: { ts: expect.any(Number) } }]));
    // user-info is fetched again, and with it the dashboard appears in the top bar.
    await waitFor(() =>
      expect(store.getState().api.queries['getUserInfo(undefined)']?.data).toMatchObject({ trial: { is_trial: true } }),
    );
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', paths.dashboard);
  });

  it('counts 7 days from now when the start reports no end and user-info has not caught up', async () => {
    server.use(http.post(api('start-trial/'), () => HttpResponse.json({ is_trial: true })));
    const { user } = await homeSignedIn();
    await user.click(await readyStartButton());
    expect(await hero().findByRole('timer', { name: 'Trial time left' })).toBeInTheDocument();
    // Now + 7 days shows as 6 days and 23 hours and some.
    expect(countdownDays()).toBe(Math.floor(TRIAL_DURATION_MS / DAY_MS) - 1);
  });

  it("keeps the button and says 'Failed to start trial' when the start fails", async () => {
    server.use(http.post(api('start-trial/'), () => new HttpResponse(null, { status: 500 })));
    const { user } = await homeSignedIn();
    await user.click(await readyStartButton());
    expect(await screen.findByText('Failed to start trial')).toBeInTheDocument();
    expect(await readyStartButton()).toBeEnabled();
    expect(hero().queryByRole('timer')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the trial was already used", async () => {
    server.use(
      http.post(api('start-trial/'), () =>
        HttpResponse.json({ detail: AUTH_MESSAGES.trialAlreadyUsed, code: 'conflict' }, { status: 409 }),
      ),
    );
    const { user } = await homeSignedIn();
    await user.click(await readyStartButton());
    expect(await screen.findByText(AUTH_MESSAGES.trialAlreadyUsed)).toBeInTheDocument();
  });

  it('shows the countdown, not the button, on an active trial', async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json(activeTrialBody())));
    await homeSignedIn();
    expect(await hero().findByRole('timer', { name: 'Trial time left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: START_TRIAL_LABEL })).not.toBeInTheDocument();
  });

  it("says 'Your Trial has ended!' once the trial is over, with no way to start again", async () => {
    server.use(
      http.get(api('user-info/'), () =>
        HttpResponse.json(
          userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at: '2000-01-01T00:00:00.000Z' } }),
        ),
      ),
    );
    await homeSignedIn();
    expect(await hero().findByText(TRIAL_ENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: START_TRIAL_LABEL })).not.toBeInTheDocument();
  });
});

describe('the home page progress block', () => {
  it("shows a signed-in user's streak and points", async () => {
    server.use(
      http.get(api('user-info/'), () => HttpResponse.json(userInfoBody({ gamification: { points: 120, streak: 4 } }))),
    );
    await homeSignedIn();
    const block = await screen.findByRole('region', { name: 'Your progress' });
    expect(block).toHaveTextContent('Streak: 4 days');
    expect(block).toHaveTextContent('Points: 120');
  });

  it('is not shown to a visitor', async () => {
    renderWithProviders(<AppRouter />, { route: paths.home });
    await screen.findByRole('heading', { level: 1, name: HOME_TITLE });
    expect(hero().getByRole('button', { name: START_TRIAL_LABEL })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your progress' })).not.toBeInTheDocument();
  });
});
