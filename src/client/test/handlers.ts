import { http, HttpResponse } from 'msw';
import type { ConnectedAdAccount, DeleteConnectedAccountResult, GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import type { AccountInfo } from '@shared/api/auth';
import type { UserInfo } from '@shared/api/userInfo';
import { DAY_MS, RESEND_LOCK_SECONDS } from '@shared/constants';
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

/** A connected ad account body; by default an active Meta account. */
export function adAccountBody(overrides: Partial<ConnectedAdAccount> = {}): ConnectedAdAccount {
  return {
    id: 'conn-1',
    platform: 'meta',
    account_id: 'act_1234567890',
    name: 'Main store',
    currency: 'INR',
    status: 'active',
    connected_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The OTP the fake ad-accounts server accepts. */
export const FAKE_OTP = '123456';

/**
 * The ad-accounts endpoints as the contract describes them, with state: the list, an OTP
 * that must be verified before a disconnect, and the disconnect itself. Tests add
 * `fake.handlers` with `server.use` and read what was asked of it from `fake.requests`.
 */
export function fakeAdAccountsServer(initial: ConnectedAdAccount[] = []) {
  let accounts = [...initial];
  let verified = false;
  const requests = { listed: 0, otpsSent: 0, verified: [] as unknown[], deleted: [] as unknown[] };
  const handlers = [
    http.get(api('ad-accounts/'), () => {
      requests.listed += 1;
      return HttpResponse.json(accounts);
    }),
    http.post(api('generate-otp/'), () => {
      requests.otpsSent += 1;
      return HttpResponse.json({ sent: true, resend_after_seconds: RESEND_LOCK_SECONDS, expires_in_seconds: 600 } satisfies GenerateOtpResult);
    }),
    http.post(api('verify-otp/'), async ({ request }) => {
      const body = (await request.json()) as { otp?: unknown };
      requests.verified.push(body);
      if (body.otp !== FAKE_OTP) return HttpResponse.json({ detail: 'Invalid OTP.', code: 'validation_failed' }, { status: 400 });
      verified = true;
      return HttpResponse.json({ verified: true, expires_in_seconds: 300 } satisfies VerifyOtpResult);
    }),
    http.post(api('delete-connected-account/'), async ({ request }) => {
      const body = (await request.json()) as { accid?: unknown };
      requests.deleted.push(body);
      if (!verified) return HttpResponse.json({ detail: 'Verify the OTP first.', code: 'forbidden' }, { status: 403 });
      accounts = accounts.filter((account) => account.id !== body.accid);
      verified = false;
      return HttpResponse.json({ deleted: true, id: String(body.accid) } satisfies DeleteConnectedAccountResult);
    }),
  ];
  return { handlers, requests, accounts: () => accounts };
}
