import { randomBytes } from 'node:crypto';

import { SESSION_STORAGE_KEY } from '@shared/constants';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { readState } from './support/server';

/** A fresh address per test, so tests never share an account. */
const newEmail = () => `e2e-${randomBytes(4).toString('hex')}@example.com`;
const PASSWORD = 'Str0ng pass!';

/**
 * A password box by its field name: its accessible name carries MUI's required mark and its
 * Show/Hide toggle is labelled "Show password" too, so a label lookup is ambiguous.
 */
const passwordInput = (form: Locator, name: string) => form.locator(`input[name="${name}"]`);

describe('accounts in Chromium against the real server', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
  });
  afterEach(() => context.close());

  const stored = (where: 'localStorage' | 'sessionStorage') =>
    page.evaluate(([w, key]) => window[w as 'localStorage' | 'sessionStorage'].getItem(key), [
      where,
      SESSION_STORAGE_KEY,
    ] as const);

  async function register(email: string, fullName = 'Priya Nair') {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full name').fill(fullName);
    await form.getByLabel('Email').fill(email);
    await passwordInput(form, 'password').fill(PASSWORD);
    await page.getByText('Very strong').waitFor();
    await passwordInput(form, 'confirmPassword').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created! Please log in.').waitFor();
    await page.waitForURL('**/login');
  }

  async function login(email: string, password = PASSWORD, remember = true) {
    if (!page.url().endsWith('/login')) await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await passwordInput(form, 'password').fill(password);
    const rememberBox = form.getByRole('checkbox', { name: 'Remember me' });
    if ((await rememberBox.isChecked()) !== remember) await rememberBox.click();
    await form.getByRole('button', { name: 'Login' }).click();
  }

  it('register -> login (remember me) -> start trial -> countdown -> dashboard -> account page -> logout', async () => {
    const email = newEmail();
    await register(email);
    await login(email);
    await page.waitForURL((url) => url.pathname === '/');
    expect(JSON.parse((await stored('localStorage'))!)).toMatchObject({ username: email, fullName: 'Priya Nair' });
    expect(await stored('sessionStorage')).toBeNull();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Priya' })
      .or(page.getByRole('link', { name: 'Priya' }))
      .first()
      .waitFor();

    // No trial yet: no Dashboard link on desktop.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).count()).toBe(
      0,
    );
    // The home page offers the trial in its hero and again at the end; the hero's is used here.
    const hero = page.getByRole('region', { name: 'Every ad platform in one dashboard' });
    await hero.getByRole('button', { name: 'Start your 7-day free trial' }).click();
    await page.getByText('Your 7-day trial has started. Make the most of it!').waitFor();
    const timer = hero.getByRole('timer', { name: 'Trial time left' });
    await timer.waitFor();
    const first = await timer.textContent();
    await page.waitForFunction((before) => document.querySelector('[role="timer"]')?.textContent !== before, first);

    const dashboardLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    await dashboardLink.waitFor();
    await dashboardLink.click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Unified Ad Intelligence' }).waitFor();

    await page.goto('/account-page');
    await page.getByText(email).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('7', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out?' });
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.getByText("You've been logged out successfully").waitFor();
    await page.waitForURL('**/login');
    expect(await stored('localStorage')).toBeNull();
    expect(await stored('sessionStorage')).toBeNull();

    // A new login lands on the last page of the app worked on (the dashboard; the account page is
    // not one the app takes you back to). The trial started once: home finds it running.
    await login(email);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Unified Ad Intelligence' }).waitFor();
    await page.goto('/');
    await page.getByRole('timer', { name: 'Trial time left' }).first().waitFor();
  });

  it('keeps the session only for this tab when Remember me is off', async () => {
    const email = newEmail();
    await register(email);
    await login(email, PASSWORD, false);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await stored('localStorage')).toBeNull();
    expect(JSON.parse((await stored('sessionStorage'))!)).toMatchObject({ username: email });
  });

  it('resets a forgotten password through the development outbox', async () => {
    const email = newEmail();
    await register(email);
    await page.goto('/forgot-password');
    const request = page.getByRole('form', { name: 'Request a reset link' });
    await request.getByLabel('Email').fill(email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText(/If an account exists for that email/)
      .first()
      .waitFor();

    const { baseUrl } = readState();
    let link: string | undefined;
    for (let attempt = 0; attempt < 100 && !link; attempt++) {
      const { messages } = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as {
        messages: { to: string; text: string }[];
      };
      link = messages.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/forgot-password\?token=\S+/)?.[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).toBeDefined();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await passwordInput(reset, 'password').fill('N3w password!');
    await passwordInput(reset, 'confirmPassword').fill('N3w password!');
    await reset.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Please log in.').first().waitFor();

    await login(email, 'N3w password!');
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('deletes the account; the old credentials no longer work', async () => {
    const email = newEmail();
    await register(email, 'Dev Patel');
    await login(email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/delete-account');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByText('Please enter your username to proceed.').waitFor();
    await form.getByLabel('Username').fill('dev');
    await form.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleting account for user: dev').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    await login(email);
    await page.getByText('Invalid email or password.').first().waitFor();
  });

  it('tells a returning user whose session expired to log in again', async () => {
    await page.goto('/');
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({
            access: 'expired.token.value',
            refresh: 'revoked-refresh',
            fullName: 'Old Session',
            username: 'old@example.com',
          }),
        ),
      SESSION_STORAGE_KEY,
    );
    await page.reload();
    await page.getByText('Please login again, token has expired').waitFor();
    expect(await stored('localStorage')).toBeNull();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  });

  it('shows the login cooldown after three failures', async () => {
    const email = newEmail();
    await register(email);
    for (let i = 0; i < 3; i++) {
      await login(email, `wrong-${i}`);
      await page
        .getByText(i < 2 ? 'Invalid email or password.' : /Too many failed logins\. Please try again in \d+ seconds\./)
        .first()
        .waitFor();
    }
    await page.getByText('Fewer than 3 failed logins trigger a cooldown.', { exact: false }).first().waitFor();
  });
});
