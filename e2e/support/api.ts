import type { Page } from 'playwright-core';
import { readState } from './server';

/** Calls the real API from a test (set-up that is not what the test is about). */
export async function api(path: string, init: { method?: string; body?: object; token?: string } = {}) {
  const { baseUrl } = readState();
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** Registers a user through the API, starts their trial, and returns their access token. */
export async function trialUser(email: string, password: string, fullName = 'Meera Iyer'): Promise<string> {
  await api('register/', { method: 'POST', body: { fullName, email, password, confirmPassword: password } });
  const { access } = (await api('login/', { method: 'POST', body: { username: email, password } })) as { access: string };
  // The trial counts as Pro (five accounts) and opens the dashboard.
  await api('start-trial/', { method: 'POST', body: {}, token: access });
  return access;
}

/** Logs in through the login page. */
export async function loginInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
