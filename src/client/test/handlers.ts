import { http, HttpResponse } from 'msw';
import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import { DAY_MS } from '@shared/constants';
import { API_BASE_URL } from '@client/app/config';

/** The absolute URL msw should match for an API path, e.g. `api('user-info/')`. */
export function api(path: string): string {
  return new URL(path, API_BASE_URL).toString();
}

/** A user-info body; by default a user whose trial is not started. */
export function userInfoBody(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    fullName: 'Asha Rao',
    username: 'asha@example.com',
    is_trial: false,
    trial: { is_trial: false, trial_ends_at: null },
    gamification: { points: 0, streak: 0 },
    ...overrides,
  };
}

/** A user-info body of a user whose trial ends in a day. */
export function activeTrialBody(): UserInfo {
  const trial_ends_at = new Date(Date.now() + DAY_MS).toISOString();
  return userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at } });
}

/** An account-info body. */
export function accountInfoBody(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    memberSince: '2030-01-01T00:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    newsletter: true,
    ...overrides,
  };
}

/** Handlers for calls any screen may make; tests override them per case. */
export const defaultHandlers = [
  http.get(api('user-info/'), () => HttpResponse.json(userInfoBody())),
  http.get(api('account-info/'), () => HttpResponse.json(accountInfoBody())),
  http.post(api('analytics/:beacon'), () => new HttpResponse(null, { status: 204 })),
];

/** Records the beacons a test sends: `server.use(beacons.handler)`, then read `beacons.sent`. */
export function recordBeacons() {
  const sent: { name: string; body: unknown }[] = [];
  return {
    sent,
    handler: http.post(api('analytics/:beacon'), async ({ request, params }) => {
      sent.push({ name: String(params.beacon), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  };
}
