import { randomBytes } from 'node:crypto';
import { addDays, isoDay } from '@shared/api/dashboard';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import { api, loginInBrowser, syncedAll, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';
import { sandboxCampaignStatus, sandboxTotals } from './support/sandbox';

const PASSWORD = 'Str0ng pass!';

const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
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
    await card('Total Spend').getByText(usd(google.spendMinor + meta.spendMinor), { exact: true }).waitFor();
    await card('Impressions').getByText(count(google.impressions + meta.impressions), { exact: true }).waitFor();
    await page.getByText(/^Last synced /).waitFor();
    // Mon to Sun labels on the 7-day chart.
    await page.getByRole('img', { name: /daily spend .*CTR and conversions/i }).first().waitFor();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await page.locator('svg text', { hasText: new RegExp(`^${day}$`) }).first().waitFor();

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
    while ((await sandboxCampaignStatus('meta', name)) !== 'PAUSED' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await sandboxCampaignStatus('meta', name)).toBe('PAUSED');

    // Refresh syncs again; the campaign is still paused afterwards and the user hears it worked.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.getByText('Data refreshed').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: `Resume ${name}`, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Resume ${name}`, exact: true }).waitFor();
  });
});
