import { randomBytes } from 'node:crypto';

import type { WorkspaceSummary } from '@shared/api/workspaces';
import type { Browser, Page } from 'playwright-core';

import { seriousA11yViolations } from './support/a11y';
import { api, connectGoogleInBrowser, loginInBrowser, trialUser, until } from './support/api';
import { launchBrowser, openPage, PHONE } from './support/browser';

const PASSWORD = 'Str0ng pass!';
const WIDE = { width: 1440, height: 900 };
/** The widths the shell must fit without scrolling sideways: three desktops and a phone. */
const WIDTHS = [{ width: 1280, height: 800 }, WIDE, { width: 1920, height: 1080 }, PHONE];

/** The side navigation's landmark (app/shell/SideNav's SIDE_NAV_LABEL). */
const SIDE_NAV = 'App';

type MemberRole = 'manager' | 'viewer' | 'client';

/** What each role of an entitled workspace sees in the side navigation, each link with the page it opens (the policy table, shared/access/policy). */
const TEAM_LINKS: [string, string][] = [
  ['All clients', '/workspaces'],
  ['Dashboard', '/dashboard'],
  ['Suggestions', '/suggestions'],
  ['Alerts', '/alerts'],
  ['Rules', '/rules'],
  ['Budget', '/budget'],
  ['Creative Analyzer', '/creative-analyzer'],
  ['Reports', '/reports'],
  ['Actions and results', '/actions'],
  ['Connected accounts', '/connected-accounts'],
  ['Team', '/team'],
  ['Settings', '/workspace/settings'],
];
const LINKS: Record<'owner' | MemberRole, [string, string][]> = {
  owner: TEAM_LINKS,
  manager: TEAM_LINKS,
  viewer: TEAM_LINKS,
  client: [
    ['Dashboard', '/dashboard'],
    ['Reports', '/reports'],
  ],
};

/** Every signed-in page the shell frames (the app's pages, the account page, and home as a signed-in user sees it). */
const SIGNED_IN_PAGES = [...TEAM_LINKS.map(([, path]) => path), '/account-page', '/'];

interface OutboxMail {
  to: string;
  text: string;
}

/** How far the page is wider than its window (0 when nothing scrolls sideways), and what sticks out (the innermost elements past the right edge) to say why. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const by = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);
    if (by === 0) return { by, past: [] as string[] };
    // Past the edge and not inside a box that scrolls on its own (a wide table in its scroll container is fine).
    const scrollsInside = (element: Element) => {
      // An absolutely placed element escapes a scroll box that is not its containing block: not inside, to be safe.
      if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (
          ['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX) &&
          parent.getBoundingClientRect().right <= window.innerWidth + 0.5
        )
          return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !scrollsInside(element),
    );
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return {
      by,
      past: innermost
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} "${(element.textContent ?? '').slice(0, 40)}"`,
        ),
    };
  });

/**
 * The top bar's parts that are cut off: a link or button reaching past the window's edge, or a
 * text clipped by its box (a name cut short by an ellipsis).
 */
async function cutOffInTopBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('header');
    if (!bar) return ['no top bar'];
    const shown = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const outside = [...bar.querySelectorAll('a, button')].filter(shown).filter((element) => {
      const box = element.getBoundingClientRect();
      return box.right > window.innerWidth + 0.5 || box.left < -0.5;
    });
    const clipped = [...bar.querySelectorAll('*')].filter(shown).filter((element) => {
      const style = getComputedStyle(element);
      return (
        style.overflowX !== 'visible' &&
        (element.textContent ?? '').trim() !== '' &&
        element.scrollWidth > element.clientWidth + 1
      );
    });
    return [...outside, ...clipped].map(
      (element) => element.textContent || element.getAttribute('aria-label') || element.tagName,
    );
  });
}

/**
 * Sets the system's colour scheme and waits until the app draws in it (the root's color-scheme)
 * and MUI's colour transitions (a quarter of a second at most) have finished, so axe reads the final colours.
 */
async function drawnIn(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((wanted) => getComputedStyle(document.documentElement).colorScheme === wanted, scheme);
  await page.waitForTimeout(400);
}

/** The page's level-1 heading has shown (the page has rendered past its skeleton). */
const pageShown = (page: Page) => page.locator('main h1').first().waitFor();

/** The side navigation's links, in order, with their targets. */
async function sideNavLinks(page: Page): Promise<[string, string][]> {
  const nav = page.getByRole('navigation', { name: SIDE_NAV, exact: true });
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  const links = nav.getByRole('link');
  const out: [string, string][] = [];
  for (let index = 0; index < (await links.count()); index += 1) {
    const link = links.nth(index);
    out.push([
      ((await link.textContent()) ?? '').trim(),
      new URL((await link.getAttribute('href'))!, 'http://x').pathname,
    ]);
  }
  return out;
}

describe('the app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('fits 1280, 1440, 1920 and 390 wide on every signed-in page, with nothing cut off, and no serious axe violation in light or dark', async () => {
    const email = `e2e-shell-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(email, PASSWORD, 'Maximiliana Vandenberghe-Oyelaran');
    // A second workspace: All clients shows, as for an agency.
    await api('workspaces/', { method: 'POST', body: { name: 'Second Client' }, token });
    const { page, context } = await openPage(browser, WIDE);
    try {
      // Two workspaces: signing in lands on All clients.
      await loginInBrowser(page, email, PASSWORD, '/workspaces');
      await connectGoogleInBrowser(page, token);

      for (const path of SIGNED_IN_PAGES) {
        await page.setViewportSize(WIDE);
        await page.goto(path);
        await pageShown(page);
        await page
          .getByRole('navigation', { name: SIDE_NAV, exact: true })
          .getByRole('link', { name: 'Dashboard', exact: true })
          .waitFor();
        if (path === '/dashboard')
          await page
            .getByRole('region', { name: /Campaign Overview/ })
            .getByRole('row')
            .nth(1)
            .waitFor();
        // The spec's top bar, word for word, with the bell at its right and the first name linking to the account page.
        const topBar = page.getByRole('navigation', { name: 'Main' });
        expect(await topBar.getByRole('link').allTextContents()).toEqual([
          'Home',
          'Dashboard',
          'Features',
          'Pricing',
          'Contact',
        ]);
        expect(await page.getByRole('banner').getByRole('link', { name: 'Maximiliana' }).getAttribute('href')).toBe(
          '/account-page',
        );
        await page
          .getByRole('banner')
          .getByRole('link', { name: /^Alerts/ })
          .waitFor();
        expect({ path, scheme: 'light', violations: await seriousA11yViolations(page) }).toEqual({
          path,
          scheme: 'light',
          violations: [],
        });
        // The same page with the system set to dark: the app follows it, and every colour pair still passes.
        await drawnIn(page, 'dark');
        expect({ path, scheme: 'dark', violations: await seriousA11yViolations(page) }).toEqual({
          path,
          scheme: 'dark',
          violations: [],
        });
        await drawnIn(page, 'light');

        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          // Two frames: the layout has settled at the new width.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          expect({ path, width: size.width, overflow: await overflow(page) }).toEqual({
            path,
            width: size.width,
            overflow: { by: 0, past: [] },
          });
          expect({ path, width: size.width, cutOff: await cutOffInTopBar(page) }).toEqual({
            path,
            width: size.width,
            cutOff: [],
          });
          // The side navigation on a desktop; the menu button instead on a phone.
          expect(await page.getByRole('navigation', { name: SIDE_NAV, exact: true }).isVisible()).toBe(
            size.width >= 900,
          );
          expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(size.width < 900);
        }
      }

      // The phone's menu: the spec's links, then the workspace switcher and the same grouped pages; no axe violation with it open.
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard');
      await pageShown(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      expect(await menu.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
        'Home',
        'Dashboard',
        'Features',
        'Pricing',
        'Contact',
      ]);
      await menu.getByRole('navigation', { name: SIDE_NAV }).getByRole('link', { name: 'Settings' }).waitFor();
      expect(await menu.getByRole('navigation', { name: SIDE_NAV }).getByRole('link').allTextContents()).toEqual(
        TEAM_LINKS.map(([label]) => label),
      );
      // The workspace switcher above them lists workspaces and links to no page: each page shows once in the menu.
      await menu
        .getByRole('navigation', { name: 'Workspaces' })
        .getByRole('button', { name: /^Second Client/ })
        .waitFor();
      expect(await menu.getByRole('navigation', { name: 'Workspaces' }).getByRole('link').count()).toBe(0);
      expect(
        await menu
          .getByRole('navigation', { name: SIDE_NAV })
          .getByRole('link', { name: 'Dashboard' })
          .getAttribute('aria-current'),
      ).toBe('page');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await drawnIn(page, 'dark');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await drawnIn(page, 'light');
      await menu.getByRole('navigation', { name: SIDE_NAV }).getByRole('link', { name: 'Reports' }).click();
      await page.waitForURL('**/reports');
      await menu.waitFor({ state: 'hidden' });

      // Folded to icons on a desktop, the choice is remembered across a reload, and the page still fits.
      await page.setViewportSize(WIDE);
      await page.getByRole('button', { name: 'Compact navigation' }).click();
      await page.reload();
      await pageShown(page);
      expect(await page.getByRole('button', { name: 'Compact navigation' }).getAttribute('aria-pressed')).toBe('true');
      expect(
        await page
          .getByRole('navigation', { name: SIDE_NAV, exact: true })
          .getByRole('link', { name: 'Reports' })
          .getAttribute('aria-current'),
      ).toBe('page');
      expect(await overflow(page)).toEqual({ by: 0, past: [] });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The colour-scheme switch at the navigation's foot: Dark wins over a light system, and is kept across a reload.
      await page.getByRole('button', { name: 'Colour scheme: Match system (light)' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await page.waitForFunction(() => getComputedStyle(document.documentElement).colorScheme === 'dark');
      await page.reload();
      await pageShown(page);
      expect(await page.getByRole('button', { name: 'Colour scheme: Dark' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('shows each role of an entitled workspace exactly the links its policy allows, and each one opens its page', async () => {
    const ownerEmail = `e2e-shell-owner-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(ownerEmail, PASSWORD, 'Olu Owner');
    await api('workspaces/', { method: 'POST', body: { name: 'Another Client' }, token });
    const workspace = ((await api('workspaces/', { token })) as WorkspaceSummary[]).find(
      (summary) => summary.personal,
    )!;
    expect(workspace.dashboard).toBe(true);

    // A member of each role, none with a trial of their own: the workspace's entitlement (its owner's trial) opens the pages.
    const members: { role: 'owner' | MemberRole; email: string }[] = [{ role: 'owner', email: ownerEmail }];
    for (const role of ['manager', 'viewer', 'client'] as const) {
      const email = `e2e-shell-${role}-${randomBytes(4).toString('hex')}@example.com`;
      await api('register/', {
        method: 'POST',
        body: { fullName: `Mia ${role}`, email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      await api('workspace/invitations/', { method: 'POST', body: { email, role }, token, workspace: workspace.id });
      const mail = await until('the invitation mail', async () =>
        ((await api('dev/outbox')) as { messages: OutboxMail[] }).messages.find((m) => m.to === email),
      );
      const invitation = /\/invitations\/([\w.-]+)/.exec(mail.text)![1];
      const memberToken = (
        (await api('login/', { method: 'POST', body: { username: email, password: PASSWORD } })) as { access: string }
      ).access;
      await api('invitations/accept/', { method: 'POST', body: { token: invitation }, token: memberToken });
      members.push({ role, email });
    }

    for (const { role, email } of members) {
      const { page, context } = await openPage(browser, WIDE);
      try {
        // Each has its own workspace and this one: signing in lands on All clients.
        await loginInBrowser(page, email, PASSWORD, '/workspaces');
        await page.goto('/reports');
        await pageShown(page);
        expect({ role, links: await sideNavLinks(page) }).toEqual({ role, links: LINKS[role] });
        const nav = page.getByRole('navigation', { name: SIDE_NAV, exact: true });
        await nav.getByRole('button', { name: new RegExp(`^Workspace: ${workspace.name}`) }).waitFor();
        // Each link opens its page from the navigation, which then marks it as the current page.
        for (const [label, path] of LINKS[role]) {
          await nav.getByRole('link', { name: label, exact: true }).click();
          await page.waitForURL((url) => url.pathname === path);
          await pageShown(page);
          expect(await page.getByText('Page Not Found').count()).toBe(0);
          expect({
            role,
            label,
            current: await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current'),
          }).toEqual({ role, label, current: 'page' });
        }
        if (role === 'client')
          expect({ role, violations: await seriousA11yViolations(page) }).toEqual({ role, violations: [] });
      } finally {
        await context.close();
      }
    }
  }, 300_000);
});
