import { randomBytes } from 'node:crypto';

import type { SessionPayload } from '@shared/api/auth';
import type { FastifyInstance } from 'fastify';

/** A registered, signed-in user for a test. */
export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  session: SessionPayload;
  /** Headers that authenticate as this user. */
  auth: { authorization: string };
}

/** Registers a user through the API and logs them in. */
export async function signUp(
  app: FastifyInstance,
  overrides: { email?: string; fullName?: string; password?: string; timeZone?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse 9';
  const fullName = overrides.fullName ?? 'Asha Rao';
  // Each test user comes from an address of their own, as real users do, so per-IP limits do not pile up.
  const remoteAddress = `172.${16 + (randomBytes(1)[0] % 16)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const registered = await app.inject({
    method: 'POST',
    remoteAddress,
    url: '/api/register/',
    payload: { fullName, email, password, confirmPassword: password, timeZone: overrides.timeZone },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: email, password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const session = login.json() as SessionPayload;
  return {
    email: email.toLowerCase(),
    password,
    fullName,
    session,
    auth: { authorization: `Bearer ${session.access}` },
  };
}
