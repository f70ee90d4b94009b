import type { ConnectedAdAccount, StartConnectionResult } from '@shared/api/adAccounts';
import type { UserInfo } from '@shared/api/userInfo';
import type { Platform } from '@shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { users } from '../db/schema';
import { browserCookieName } from '../modules/adAccounts/browserBinding';
import { DEMO_USER } from '../modules/users/users.service';
import { type ConsentFetch, walkSandboxConsent } from './sandboxConsent';

/** What the demo account has connected at start: the first sandbox account of each. */
export const DEMO_PLATFORMS: readonly Platform[] = ['google', 'meta', 'linkedin'];

/** The app's own routes as a fetch: the in-process sandbox's consent pages answer without a network round trip. */
function injectFetch(app: FastifyInstance): ConsentFetch {
  return async (url, init) => {
    const { pathname, search } = new URL(url);
    const response = await app.inject({
      method: init?.method ?? 'GET',
      url: `${pathname}${search}`,
      ...(init
        ? { payload: init.body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    });
    const location = response.headers.location;
    return {
      status: response.statusCode,
      text: response.body,
      location: typeof location === 'string' ? location : undefined,
    };
  };
}

/** The `name=value` of one cookie from a reply's Set-Cookie headers. */
function cookieFrom(setCookie: string | string[] | undefined, name: string): string {
  const found = [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0];
}

/** How the demo account pays: a running trial (the default), or the Pro plan (DEMO_PLAN=pro), which outlasts a trip a week ahead with the development clock. */
export type DemoPlan = 'trial' | 'pro';

/** DEMO_PLAN as main.ts reads it: unset or empty is the trial; anything but 'trial' or 'pro' is refused. */
export function demoPlanFrom(value: string | undefined): DemoPlan | null {
  if (value === undefined || value === '' || value === 'trial') return 'trial';
  return value === 'pro' ? 'pro' : null;
}

/**
 * Development only (`npm start`): gives the demo account a running trial (or the Pro plan) and
 * three sandbox platforms connected through their consent pages, exactly as a person would, so
 * their 90-day backfill runs at once and whoever logs in sees a full dashboard. Does nothing once
 * the demo has accounts, so a restart keeps whatever was changed in the demo since.
 */
export async function seedDemoData(app: FastifyInstance, plan: DemoPlan = 'trial'): Promise<'seeded' | 'kept'> {
  const api = app.ctx.config.apiBase;
  const login = await app.inject({
    method: 'POST',
    url: `${api}/login/`,
    payload: { username: DEMO_USER.email, password: DEMO_USER.password },
  });
  if (login.statusCode !== 200) throw new Error(`demo login answered ${login.statusCode}`);
  const auth = { authorization: `Bearer ${(login.json() as { access: string }).access}` };

  const accounts = (
    await app.inject({ method: 'GET', url: `${api}/ad-accounts/`, headers: auth })
  ).json() as ConnectedAdAccount[];
  if (accounts.length > 0) return 'kept';

  const info = (await app.inject({ method: 'GET', url: `${api}/user-info/`, headers: auth })).json() as UserInfo;
  if (!info.trial.is_trial)
    await app.inject({ method: 'POST', url: `${api}/start-trial/`, headers: auth, payload: {} });
  // There is no billing yet: the Pro demo is set straight in the table (development only).
  if (plan === 'pro') await app.ctx.db.update(users).set({ plan: 'pro' }).where(eq(users.email, DEMO_USER.email));

  for (const platform of DEMO_PLATFORMS) {
    const started = await app.inject({ method: 'GET', url: `${api}/auth/${platform}/`, headers: auth });
    if (started.statusCode !== 200)
      throw new Error(`auth/${platform}/ answered ${started.statusCode}: ${started.body}`);
    const query = await walkSandboxConsent(injectFetch(app), (started.json() as StartConnectionResult).auth_url);
    const callback = await app.inject({
      method: 'GET',
      url: `${api}/oauth/${platform}/callback?${new URLSearchParams(query)}`,
      headers: { cookie: cookieFrom(started.headers['set-cookie'], browserCookieName(platform)) },
    });
    const outcome = new URL(String(callback.headers.location), 'http://demo').searchParams.get('invite_status');
    if (outcome !== 'ALREADY_LINKED') throw new Error(`connecting ${platform} ended ${callback.headers.location}`);
  }
  return 'seeded';
}
