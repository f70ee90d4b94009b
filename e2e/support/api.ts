import type { SyncStatus } from '@shared/api/dashboard';
import type { Page } from 'playwright-core';

import { readState } from './server';

/** Calls the real API from a test (set-up that is not what the test is about). */
export async function api(
  path: string,
  init: { method?: string; body?: object; token?: string; workspace?: string; baseUrl?: string } = {},
) {
  const baseUrl = init.baseUrl ?? readState().baseUrl;
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.workspace ? { 'x-workspace-id': init.workspace } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** Registers a user through the API, starts their trial, and returns their access token. */
export async function trialUser(email: string, password: string, fullName = 'Meera Iyer'): Promise<string> {
  await api('register/', { method: 'POST', body: { fullName, email, password, confirmPassword: password } });
  const { access } = (await api('login/', { method: 'POST', body: { username: email, password } })) as {
    access: string;
  };
  // The trial counts as Pro (five accounts) and opens the dashboard.
  await api('start-trial/', { method: 'POST', body: {}, token: access });
  return access;
}

/**
 * Logs in through the login page and waits for where signing in lands
 * (docs/product/accounts-and-sessions.md): home for a user with one workspace and no page
 * remembered in this browser, All clients (`/workspaces`) for one with more than one workspace, else the last page worked on.
 */
export async function loginInBrowser(page: Page, email: string, password: string, landing = '/'): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === landing);
}

/** Connects the sandbox's Google Ads account from the browser's Connected accounts page (consent and all), and waits for its backfill. */
export async function connectGoogleInBrowser(page: Page, token: string): Promise<void> {
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: 'Connect Google Ads', exact: true }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByText('Hurray! Account linked successfully.').waitFor();
  await syncedAll(token, 1);
}

/** Resolves once every connection (of the workspace, when given) has finished its backfill. */
export async function syncedAll(
  token: string,
  connections: number,
  workspace?: string,
  baseUrl?: string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await api('sync/', { token, workspace, baseUrl })) as SyncStatus;
    if (
      status.connections.length === connections &&
      status.connections.every((c) => c.backfilled && c.status === 'idle')
    )
      return;
    if (Date.now() > deadline) throw new Error(`sync did not finish: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The development demo login (README). */
export const DEMO = { email: 'demo@adwise.app', password: 'AdwiseDemo1!' };

/** Polls `check` every half second until it gives a value; fails after `timeoutMs`, naming `what`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
