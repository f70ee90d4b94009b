import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SESSION_STORAGE_KEY } from '@shared/constants';
import type { Browser } from 'playwright-core';

import { ROOT } from '../src/server/test/spawnServer';
import { api, DEMO, loginInBrowser, syncedAll } from './support/api';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { launchServer, type OwnServer } from './support/server';

/** Where this file's development build of the SPA goes. */
const DEV_DIST = path.join(ROOT, 'node_modules/.cache/adwise-e2e/dev-dist');

/**
 * /dev/replay exists in development builds only (AppRouter drops it when webpack's production
 * mode sets NODE_ENV), and the suite's shared server serves the production build. So this file
 * builds the SPA in development mode into a folder of its own (no eval source maps: the server's
 * CSP allows no eval) and starts a server of its own on it.
 */
function buildDevelopmentSpa(): void {
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/webpack'),
    ['--mode', 'development', '--no-devtool', '--output-path', DEV_DIST],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`The development build failed:\n${result.stdout}\n${result.stderr}`);
}

describe('Support replays a recorded session in Chromium (/dev/replay)', () => {
  let own: OwnServer;
  let browser: Browser;
  let downloads: string;

  beforeAll(async () => {
    buildDevelopmentSpa();
    own = await launchServer({ STATIC_DIR: DEV_DIST });
    browser = await launchBrowser();
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-replay-'));
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('records the demo session on the dashboard, downloads diagnostics, and steps through them to the dashboard drawn from a recorded state', async () => {
    const baseUrl = own.baseUrl;
    const { access: token } = (await api('login/', {
      method: 'POST',
      body: { username: DEMO.email, password: DEMO.password },
      baseUrl,
    })) as { access: string };
    await syncedAll(token, 3, undefined, baseUrl);

    const { page, context } = await openPage(browser, DESKTOP, baseUrl);
    try {
      // The session: log in, open the dashboard (in the app, so the recorder keeps its history).
      await loginInBrowser(page, DEMO.email, DEMO.password);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard', exact: true })
        .click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Unified Ad Intelligence', level: 1 }).waitFor();
      await page.getByRole('group', { name: 'Total Spend' }).waitFor();
      await page.getByText(/^Last synced /).waitFor();

      // Download diagnostics lives on the account page: go there within the app too.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/account-page');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const button = page.getByRole('button', { name: 'Download diagnostics' });
      await button.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const file = path.join(downloads, download.suggestedFilename());
      await download.saveAs(file);
      const text = fs.readFileSync(file, 'utf8');
      expect(download.suggestedFilename()).toMatch(/^adwise-diagnostics-.+\.json$/);
      // Redacted: neither the password, the address nor a token of the session.
      const session =
        (await page.evaluate(
          (key) => window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key),
          SESSION_STORAGE_KEY,
        )) ?? '';
      for (const secret of [DEMO.password, DEMO.email, token, ...(session.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [])])
        expect(text).not.toContain(secret);
      const { payload } = JSON.parse(text) as { payload: string };
      const lifted = JSON.parse(payload) as {
        actionsById: Record<string, { location?: string }>;
        computedStates: unknown[];
      };
      expect(Object.values(lifted.actionsById).some((entry) => entry.location === '/dashboard')).toBe(true);

      // Replay it.
      await page.goto('/dev/replay');
      await page.getByRole('heading', { name: 'Replay a trace', level: 1 }).waitFor();
      await page.getByLabel('Trace file').setInputFiles(file);
      const actions = page.getByRole('list', { name: 'Actions' });
      await actions.waitFor();
      expect(await actions.getByRole('button').count()).toBe(lifted.computedStates.length);

      // Step back from the end with the keyboard until the state is one recorded on the dashboard.
      const route = page.getByRole('textbox', { name: 'Route' });
      await actions.getByRole('button').last().focus();
      await page.keyboard.press('End');
      for (let i = 0; i < lifted.computedStates.length && (await route.inputValue()) !== '/dashboard'; i += 1)
        await page.keyboard.press('ArrowUp');
      expect(await route.inputValue()).toBe('/dashboard');
      await page.getByText(/^Step \d+ of \d+/).waitFor();
      await page
        .getByRole('table', { name: /changed paths?$/ })
        .or(page.getByText('This action changed nothing in the state.'))
        .first()
        .waitFor();

      const replayed = page.getByRole('region', { name: 'Replayed screen' });
      await replayed.getByRole('heading', { name: 'Unified Ad Intelligence', level: 1 }).waitFor();
      await replayed.getByRole('group', { name: 'Total Spend' }).waitFor();

      // Read-only and offline: stepping sends no dashboard request (the live app around the
      // replay page keeps its own calls, user-info and alerts, so only the dashboard's are counted).
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/dashboard')) requests.push(request.url());
      });
      const controls = page.getByRole('toolbar', { name: 'Step through the trace' });
      await controls.getByRole('button', { name: 'Previous', exact: true }).click();
      await controls.getByRole('button', { name: 'Next', exact: true }).click();
      await replayed.getByRole('heading', { name: 'Unified Ad Intelligence', level: 1 }).waitFor();
      await page.waitForTimeout(500);
      expect(requests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
