import type { Browser, BrowserContext, Page } from 'playwright-core';

import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { readState } from './support/server';

describe('the app shell in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  const open = async (viewport = DESKTOP) => {
    ({ context, page } = await openPage(browser, viewport));
  };

  it('renders the home page with the desktop nav and the footer', async () => {
    await open(DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Features', 'Pricing', 'Contact']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    const footer = page.locator('footer');
    expect(await footer.getByRole('checkbox').isChecked()).toBe(true);
    await footer.getByRole('link', { name: /Terms/ }).waitFor();
    await footer.getByRole('link', { name: /Privacy/ }).waitFor();

    await nav.getByRole('link', { name: 'Features', exact: true }).click();
    await page.waitForURL('**/features');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('shows a menu button on a phone; the slide-in menu is 18rem wide, traps Tab and closes on Escape', async () => {
    await open(PHONE);
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(false);
    // While the modal menu is open the rest of the page is aria-hidden, so find the button by its label attribute.
    const menuButton = page.locator('button[aria-label="Open menu"]');
    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const panelId = await menuButton.getAttribute('aria-controls');
    const width = await page.locator(`[id="${panelId}"]`).evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(18 * 16);
    for (const name of ['Home', 'Features', 'Pricing', 'Contact']) {
      await drawer.getByRole('link', { name, exact: true }).waitFor();
    }

    // Tab many times: focus never leaves the menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active && active.closest('[role="dialog"], .MuiDrawer-root'));
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.MuiDrawer-root')))).toBe(true);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('closes the mobile menu when a link is followed', async () => {
    await open(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('shows the not-found page for an unknown path, and its search box lands on /search?q=', async () => {
    await open(DESKTOP);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    for (const name of ['Home', 'Features', 'Careers', 'Contact', 'Login']) {
      await page.getByRole('navigation', { name: 'Popular pages' }).getByRole('link', { name, exact: true }).waitFor();
    }
    await page
      .getByRole('button', { name: 'Go to Homepage' })
      .or(page.getByRole('link', { name: 'Go to Homepage' }))
      .waitFor();
    expect(await page.getByRole('link', { name: 'Report an issue' }).getAttribute('href')).toMatch(/^mailto:/);

    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/analytics/404-search') && r.method() === 'POST');
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('pricing plans');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'pricing plans');
    const sent = await beacon;
    expect(Object.keys(JSON.parse(sent.postData() ?? '{}'))).toEqual(['ts']);
    expect(await (await sent.response())?.status()).toBe(204);
  });

  it('returns JSON 404, not the SPA, for an unknown /api path', async () => {
    const { baseUrl } = readState();
    const res = await fetch(`${baseUrl}/api/definitely-not-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ detail: 'No such API endpoint: GET /api/definitely-not-here' });
    const ready = await fetch(`${baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
  });
});
