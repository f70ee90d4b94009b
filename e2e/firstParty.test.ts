import { createHmac, randomBytes } from 'node:crypto';

import type { DashboardView } from '@shared/api/dashboard';
import type {
  FirstPartyDay,
  FirstPartyImportResult,
  FirstPartyRejection,
  FirstPartyView,
} from '@shared/api/firstParty';
import { addDays } from '@shared/days';

import { seriousA11yViolations } from './support/a11y';
import { api, connectGoogleInBrowser, loginInBrowser, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';
import { readState } from './support/server';

const PASSWORD = 'Str0ng pass!';

const usd = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
/** As the panel writes a multiple (ROAS, MER): two decimals. */
const multiple = (value: number) => `${value.toFixed(2)}×`;
/** As the panel writes an over-attribution ratio: two significant figures. */
const ratio = (value: number) => `${value >= 10 ? Math.round(value) : Number(value.toPrecision(2))}×`;

/** POSTs raw bytes to the API, as a shop or a file upload would (the `api` helper sends JSON objects). */
async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${readState().baseUrl}/api/${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as unknown };
}

/**
 * First-party conversions end to end (issue 37): a trial workspace with Google connected imports
 * a CSV of its own days through Workspace settings and sees blended CPA, ROAS and MER on the
 * dashboard that match the sums of the file against the dashboard's own spend; a bad file
 * changes nothing and names each bad line (in the browser, and from the server when sent around
 * it); the signed ingestion endpoint refuses a bad signature and counts a resent day once.
 */
describe('first-party conversions in Chromium', () => {
  const session = pagePerTest(DESKTOP);

  it('imports a CSV, shows the blended figures, refuses a bad file whole, and ingests signed days once', async () => {
    const { page } = session;
    const email = `e2e-fp-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(email, PASSWORD, 'Asha Rao');
    // The sandbox's Google account bills in USD; the file is in USD too, so no rate enters the sums.
    await api('dashboard/settings/', { method: 'PUT', body: { currency: 'USD' }, token });
    await loginInBrowser(page, email, PASSWORD);
    await connectGoogleInBrowser(page, token);

    // The dashboard's default range, one first-party day for each of its days.
    const dashboard = (await api('dashboard/', { token })) as DashboardView;
    const { from, to, days } = dashboard.range;
    const rows = Array.from({ length: days }, (_, index) => ({
      day: addDays(from, index),
      conversions: 20 + index * 3,
      revenue: 1000 + index * 125.25,
    }));
    const csv = [
      'day,conversions,revenue,currency',
      ...rows.map((row) => `${row.day},${row.conversions},${row.revenue.toFixed(2)},USD`),
    ].join('\n');
    const conversions = rows.reduce((sum, row) => sum + row.conversions, 0);
    const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);

    // Import through the browser: checked first, then saved.
    await page.goto('/workspace/settings');
    const section = page.getByRole('region', { name: 'First-party conversions' });
    await section
      .getByLabel('CSV file of first-party days')
      .setInputFiles({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await section.getByText(`${days} days, ${from} to ${to}, checked and ready to import.`).waitFor();
    await section.getByRole('button', { name: 'Import days' }).click();
    await section.getByText(`Saved ${days} days, ${from} to ${to}.`).waitFor();

    // The hand computation: the file's sums against the dashboard's spend over the same days.
    const spend = dashboard.summary.spend;
    const claimed = dashboard.summary.conversions;
    const view = (await api(`first-party/?from=${from}&to=${to}`, { token })) as FirstPartyView;
    expect(view.firstParty?.days_covered).toBe(days);
    expect(view.firstParty?.conversions).toBe(conversions);
    expect(view.firstParty?.spend).toBeCloseTo(spend, 2);

    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Your numbers' });
    await panel
      .getByRole('group', { name: 'Blended CPA' })
      .getByText(usd(spend / conversions), { exact: true })
      .waitFor();
    await panel
      .getByRole('group', { name: 'Blended ROAS' })
      .getByText(multiple(revenue / spend), { exact: true })
      .waitFor();
    await panel
      .getByRole('group', { name: 'MER' })
      .getByText(multiple(revenue / spend), { exact: true })
      .waitFor();
    await panel.getByRole('group', { name: 'Days covered' }).getByText(`${days} of ${days}`, { exact: true }).waitFor();
    // Google is all the spend, so its share explains every first-party conversion.
    await panel
      .getByText(new RegExp(`^Google Ads claims ${ratio(claimed / conversions).replace('.', '\\.')} its share \\(`))
      .waitFor();
    await panel.getByText('Everything else on this page still shows each platform’s own counts.').waitFor();
    await page.getByRole('group', { name: 'Conversions' }).getByText('Platform-reported').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A bad file, in the browser: each bad line named, nothing sent.
    const saved = (await api(`first-party/days/?from=${from}&to=${to}`, { token })) as { days: FirstPartyDay[] };
    const bad = [
      'day,conversions,revenue,currency',
      `${from},5,10.00,USD`,
      `${addDays(from, 1)},-2,10.00,USD`,
      `2026-02-30,5,10.00,USD`,
      `${from},5,1.234,USD`,
    ].join('\n');
    await page.goto('/workspace/settings');
    await section
      .getByLabel('CSV file of first-party days')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await section.getByText('3 lines are not valid; nothing was imported.').waitFor();
    const lines = section.getByRole('list', { name: 'Lines to fix' }).getByRole('listitem');
    expect(await lines.allTextContents()).toEqual([
      'Line 3: conversions "-2" is not a whole number from 0 to 1,000,000,000',
      'Line 4: day "2026-02-30" is not a YYYY-MM-DD day between 1970 and 2100',
      `Line 5: revenue "1.234" has more than 2 decimals for USD; day ${from} is also on line 2`,
    ]);
    expect(await section.getByRole('button', { name: 'Import days' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The same file sent around the browser: the server refuses it whole and names the same lines.
    // No X-Workspace-Id: the trial user's personal workspace, the one the browser works in.
    const refused = await post('first-party/import/', bad, {
      'content-type': 'text/csv',
      authorization: `Bearer ${token}`,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as FirstPartyRejection).lines.map((line) => line.line)).toEqual([3, 4, 5]);
    expect(await api(`first-party/days/?from=${from}&to=${to}`, { token })).toEqual(saved);

    // The ingestion key, made in the browser with the keyboard: its secret is shown once.
    await section.getByRole('button', { name: 'Create key' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: 'Create an ingestion key?' })
      .getByRole('button', { name: 'Create key' })
      .focus();
    await page.keyboard.press('Enter');
    const secretDialog = page.getByRole('dialog', { name: 'Your ingestion key' });
    await secretDialog.getByText('Copy the secret now: it will not be shown again.').waitFor();
    const keyId = (await secretDialog.getByLabel('Key id').textContent())!.trim();
    const secret = (await secretDialog.getByLabel('Secret').textContent())!.trim();
    await secretDialog.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await section.getByText(keyId, { exact: true }).waitFor();

    // The shop sends the last day again with a new count, signed now over the exact bytes.
    const body = JSON.stringify({ days: [{ day: to, conversions: 100, revenue: '5000.00', currency: 'USD' }] });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const sign = (key: string, signed: string) =>
      `v1=${createHmac('sha256', key).update(`${timestamp}.${signed}`).digest('hex')}`;
    const signature = sign(secret, body);
    const headers = { 'content-type': 'application/json', 'x-adwise-key-id': keyId, 'x-adwise-timestamp': timestamp };

    const forged = await post('first-party/ingest/', body, {
      ...headers,
      'x-adwise-signature': sign('not-the-secret', body),
    });
    expect(forged.status).toBe(401);
    const tampered = await post('first-party/ingest/', body.replace('100', '1000'), {
      ...headers,
      'x-adwise-signature': signature,
    });
    expect(tampered.status).toBe(401);
    // The same request signed an hour ago (a captured one, replayed): refused.
    const hourAgo = String(Number(timestamp) - 3600);
    const stale = await post('first-party/ingest/', body, {
      ...headers,
      'x-adwise-timestamp': hourAgo,
      'x-adwise-signature': `v1=${createHmac('sha256', secret).update(`${hourAgo}.${body}`).digest('hex')}`,
    });
    expect(stale.status).toBe(401);
    expect(await api(`first-party/days/?from=${from}&to=${to}`, { token })).toEqual(saved);

    const first = await post('first-party/ingest/', body, { ...headers, 'x-adwise-signature': signature });
    expect(first).toEqual({
      status: 200,
      body: { saved: 1, replaced: 1, from: to, to } satisfies FirstPartyImportResult,
    });
    const again = await post('first-party/ingest/', body, { ...headers, 'x-adwise-signature': signature });
    expect(again).toEqual({
      status: 200,
      body: { saved: 1, replaced: 1, from: to, to } satisfies FirstPartyImportResult,
    });

    // Counted once: the file's total with its last day replaced by the sent one.
    const after = (await api(`first-party/?from=${from}&to=${to}`, { token })) as FirstPartyView;
    expect(after.firstParty?.days_covered).toBe(days);
    expect(after.firstParty?.conversions).toBe(conversions - rows.at(-1)!.conversions + 100);
    const stored = (await api(`first-party/days/?from=${from}&to=${to}`, { token })) as { days: FirstPartyDay[] };
    expect(stored.days.filter((day) => day.day === to)).toEqual([
      expect.objectContaining({ conversions: 100, revenue: 5000, source: 'ingest' }),
    ]);
  });
});
