import { randomBytes } from 'node:crypto';

import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, isoDay } from '@shared/days';
import type { Page } from 'playwright-core';

import { api, loginInBrowser, syncedAll, trialUser } from './support/api';
import { DESKTOP, openPage, pagePerTest, PHONE } from './support/browser';
import { sandboxCampaignStatus, sandboxTotals } from './support/sandbox';

const PASSWORD = 'Str0ng pass!';

const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

describe('the Unified Ad Intelligence dashboard in Chromium on synced sandbox data', () => {
  const session = pagePerTest(DESKTOP);

  it('shows the sandbox totals for the range, filters by platform, pauses a campaign for real, and refreshes', async () => {
    const { page } = session;
    const email = `e2e-dash-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(email, PASSWORD, 'Kabir Shah');
    // Both first sandbox accounts bill in USD; show the dashboard in dollars.
    await api('dashboard/settings/', { method: 'PUT', body: { currency: 'USD' }, token });
    await loginInBrowser(page, email, PASSWORD);

    // Connect through the consent pages (the first account is ticked).
    await page.goto('/connected-accounts');
    for (const platform of ['google', 'meta'] as const) {
      await page.getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}`, exact: true }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.getByText('Hurray! Account linked successfully.').waitFor();
    }
    // Connecting queued each 90-day backfill; the workers run them.
    await syncedAll(token, 2);

    const accounts = (await api('ad-accounts/', { token })) as { platform: Platform; account_id: string }[];
    const accountOf = (platform: Platform) => accounts.find((a) => a.platform === platform)!.account_id;
    const to = isoDay(new Date());
    const from = addDays(to, -6);
    const google = await sandboxTotals('google', accountOf('google'), from, to);
    const meta = await sandboxTotals('meta', accountOf('meta'), from, to);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Unified Ad Intelligence' }).waitFor();
    const card = (title: string) => page.getByRole('group', { name: title });
    await card('Total Spend')
      .getByText(usd(google.spendMinor + meta.spendMinor), { exact: true })
      .waitFor();
    await card('Impressions')
      .getByText(count(google.impressions + meta.impressions), { exact: true })
      .waitFor();
    await page.getByText(/^Last synced /).waitFor();
    // Mon to Sun labels on the 7-day chart.
    await page
      .getByRole('img', { name: /daily spend .*CTR and conversions/i })
      .first()
      .waitFor();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      await page
        .locator('svg text', { hasText: new RegExp(`^${day}$`) })
        .first()
        .waitFor();

    // Filter by platform: only Meta's numbers, and the choice lands in the address.
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Meta', exact: true }).click();
    await card('Total Spend').getByText(usd(meta.spendMinor), { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('platform')).toBe('meta');

    // Pause the first active campaign: the platform (the sandbox) really pauses it.
    const pause = page.getByRole('button', { name: /^Pause / }).first();
    await pause.waitFor();
    const name = (await pause.getAttribute('aria-label'))!.replace(/^Pause /, '');
    await pause.click();
    await page.getByRole('button', { name: `Resume ${name}`, exact: true }).waitFor();
    const deadline = Date.now() + 10_000;
    while ((await sandboxCampaignStatus('meta', name)) !== 'PAUSED' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await sandboxCampaignStatus('meta', name)).toBe('PAUSED');

    // Refresh syncs again; the campaign is still paused afterwards and the user hears it worked.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.getByText('Data refreshed').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: `Resume ${name}`, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Resume ${name}`, exact: true }).waitFor();
  });

  it('keeps the campaign table’s sort, page and page size in the address: a reload and a link in a new browser show the same view', async () => {
    const { page, context } = session;
    const email = `e2e-table-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(email, PASSWORD, 'Tara Sen');
    await loginInBrowser(page, email, PASSWORD);
    // Four accounts of three to five campaigns each: more than one page of ten.
    await page.goto('/connected-accounts');
    const platforms = ['google', 'meta', 'linkedin', 'tiktok'] as const;
    for (const platform of platforms) {
      await page.getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}`, exact: true }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.getByText('Hurray! Account linked successfully.').waitFor();
    }
    await syncedAll(token, platforms.length);

    await page.goto('/dashboard');
    const overview = page.getByRole('region', { name: 'Campaign Overview' });
    const names = (on: Page) =>
      on
        .getByRole('region', { name: 'Campaign Overview' })
        .getByRole('button', { name: / \(show ads\)$/ })
        .allTextContents();
    await overview
      .getByRole('button', { name: / \(show ads\)$/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).search).toBe('');

    // Ten a page, by name Z to A, the second page.
    await overview.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await overview.getByRole('button', { name: 'Campaign', exact: true }).click();
    await overview.getByRole('button', { name: /^Campaign.*sorted ascending/ }).click();
    await overview.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toEqual({
      page_size: '10',
      sort: 'name',
      order: 'desc',
      page: '2',
    });
    await overview.getByText(/^11–\d+ of \d+$/).waitFor();
    const secondPage = await names(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).toEqual([...secondPage].sort((a, b) => b.localeCompare(a)));
    // The header row stays put over the rows (sticky inside the table's own scrolling frame).
    expect(
      await overview
        .getByRole('columnheader', { name: /Campaign/ })
        .evaluate((cell) => getComputedStyle(cell).position),
    ).toBe('sticky');

    // A reload shows the same view.
    await page.reload();
    await overview.getByText(/^11–\d+ of \d+$/).waitFor();
    expect(await names(page)).toEqual(secondPage);
    expect(await overview.getByRole('columnheader', { name: /Campaign/ }).getAttribute('aria-sort')).toBe('descending');

    // The link, opened in a new browser on a phone: log in, and the same view, without scrolling sideways.
    const fresh = await openPage(context.browser()!, PHONE, address.origin);
    try {
      await fresh.page.goto(`${address.pathname}${address.search}`);
      await fresh.page.waitForURL('**/login');
      const form = fresh.page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill(email);
      await form.locator('input[name="password"]').fill(PASSWORD);
      await form.getByRole('button', { name: 'Login' }).click();
      await fresh.page.waitForURL((url) => url.pathname === '/dashboard' && url.search === address.search);
      await fresh.page
        .getByRole('region', { name: 'Campaign Overview' })
        .getByText(/^11–\d+ of \d+$/)
        .waitFor();
      expect(await names(fresh.page)).toEqual(secondPage);
      expect(await fresh.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await fresh.context.close();
    }
  });
});
