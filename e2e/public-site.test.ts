import type { Page } from 'playwright-core';

import { collectPageErrors, horizontalOverflow, seriousA11yViolations } from './support/a11y';
import { api, DEMO, loginInBrowser } from './support/api';
import { DESKTOP, pagePerTest, PHONE } from './support/browser';
import { readState } from './support/server';

/** Every public route of spec section 2, plus one blog article and the not-found page. */
async function publicRoutes(): Promise<string[]> {
  const posts = (await api('blog/')) as { slug: string }[];
  return [
    '/',
    '/features',
    '/pricing',
    '/integrations',
    '/about-us',
    '/careers',
    '/contact',
    '/blog',
    `/blog/${posts[0].slug}`,
    '/terms-and-service',
    '/privacy-policy',
    '/search?q=budget',
    '/login',
    '/register',
    '/forgot-password',
    '/no-such-page',
  ];
}

/** Opens a route and waits until its page (not the lazy-loading skeleton) has its heading. */
async function visit(page: Page, route: string) {
  await page.goto(route);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('every public page at %s width', (_name, viewport) => {
  const session = pagePerTest(viewport);

  it('renders with one h1, no console errors, no sideways scrolling and no serious or critical axe violation', async () => {
    const problems: string[] = [];
    for (const route of await publicRoutes()) {
      const errors = collectPageErrors(session.page);
      await visit(session.page, route);
      const h1Count = await session.page.getByRole('heading', { level: 1 }).count();
      if (h1Count !== 1) problems.push(`${route}: ${h1Count} h1 headings`);
      const overflow = await horizontalOverflow(session.page);
      if (overflow > 0) problems.push(`${route}: scrolls sideways by ${overflow}px`);
      for (const violation of await seriousA11yViolations(session.page)) {
        problems.push(
          `${route}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`,
        );
      }
      problems.push(...errors.map((error) => `${route}: ${error}`));
      session.page.removeAllListeners('console');
      session.page.removeAllListeners('pageerror');
    }
    expect(problems).toEqual([]);
  });
});

describe('the prerendered public pages', () => {
  const session = pagePerTest(PHONE);

  it('come with their content in the HTML itself, and the app takes them over without an error', async () => {
    const { baseUrl } = readState();
    for (const [route, heading] of [
      ['/', 'Every ad platform in one dashboard'],
      ['/pricing', 'Pricing'],
    ]) {
      const html = await (await fetch(`${baseUrl}${route}`)).text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
    const errors = collectPageErrors(session.page);
    await session.page.goto('/pricing');
    await session.page.waitForLoadState('networkidle');
    // Only a hydrated page answers a click: the yearly bill shows.
    await session.page.getByRole('button', { name: 'Yearly' }).click();
    await session.page
      .getByText(/billed ₹[\d,]+ yearly/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('show the visitor’s page to a browser whose stored session the app does not accept', async () => {
    const errors = collectPageErrors(session.page);
    await session.page.goto('/pricing');
    await session.page.evaluate(() => window.localStorage.setItem('userInfo', '{"access":'));
    await session.page.goto('/');
    // Hidden by the session hint at first, then shown (a hidden heading does not count as visible).
    await session.page
      .getByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' })
      .waitFor({ state: 'visible' });
    expect(await session.page.evaluate(() => document.documentElement.hasAttribute('data-session'))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('give a signed-in user their own page in place of the visitor’s', async () => {
    const errors = collectPageErrors(session.page);
    await loginInBrowser(session.page, DEMO.email, DEMO.password);
    await session.page.goto('/');
    await session.page.getByText('Your progress').waitFor();
    expect(await session.page.getByText('Sample', { exact: true }).count()).toBe(0);
    expect(await session.page.evaluate(() => document.documentElement.hasAttribute('data-session'))).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('the blog for sharing', () => {
  it('serves each article with its own title and Open Graph tags in the HTML itself', async () => {
    const { baseUrl } = readState();
    const [post] = (await api('blog/')) as { slug: string; title: string; description: string }[];
    const html = await (await fetch(`${baseUrl}/blog/${post.slug}`)).text();
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`<meta property="og:title" content="${escaped(post.title)}"`);
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
