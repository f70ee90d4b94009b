import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type AlertWebhook, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@shared/api/alerts';
import type { CampaignPage } from '@shared/api/dashboard';
import { RULE_PRESETS, type RuleList } from '@shared/api/rules';
import type { Browser } from 'playwright-core';

import { api, DEMO, loginInBrowser, syncedAll, until } from './support/api';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { nextDaySynced, sandboxCampaignBudget } from './support/sandbox';
import { launchServer, type OwnServer } from './support/server';

/** A local receiver for the workspace's alert webhook (the server allows 127.0.0.1 for it). */
async function startReceiver(): Promise<{
  server: Server;
  url: string;
  calls: { headers: IncomingHttpHeaders; body: string }[];
}> {
  const calls: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls };
}

/**
 * A rule from a preset, on the demo account on a server of its own (it moves the clock): built in
 * the builder, dry-run, saved; a day later the sync runs it, it raises the campaign's budget at
 * the sandbox platform, and the user hears of it everywhere: the bell, a toast, the e-mail in the
 * development mailbox, the webhook call at a local receiver, and the entry on /actions.
 */
describe('Automated rules in Chromium, on the demo account', () => {
  let own: OwnServer;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    own = await launchServer({ SANDBOX_SEED: '5', DEMO_PLAN: 'pro', ALERT_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('creates a rule from a preset, dry-runs and saves it, and sees it act after the next sync', async () => {
    const baseUrl = own.baseUrl;
    const login = async () =>
      (
        (await api('login/', { method: 'POST', body: { username: DEMO.email, password: DEMO.password }, baseUrl })) as {
          access: string;
        }
      ).access;
    let token = await login();
    await syncedAll(token, 3, undefined, baseUrl);
    const webhook = (await api('alerts/webhook/', {
      method: 'PUT',
      body: { url: receiver.url },
      token,
      baseUrl,
    })) as AlertWebhook;

    // A running Google Ads campaign with a budget and conversions, named like no other Google Ads campaign.
    const { items } = (await api('dashboard/campaigns/?platform=google&page_size=100', {
      token,
      baseUrl,
    })) as CampaignPage;
    const target = items
      .filter((c) => c.status === 'Active' && c.daily_budget !== null && c.conversions > 0)
      .filter((c) => items.filter((other) => other.name.includes(c.name)).length === 1)
      .sort((a, b) => b.conversions - a.conversions)[0];
    const budgetBefore = await sandboxCampaignBudget('google', target.campaign_id, baseUrl);

    const { page, context } = await openPage(browser, DESKTOP, baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/rules');
    await page.getByRole('heading', { name: 'Automated rules', level: 1 }).waitFor();

    // The preset "Budget up 20% on campaigns beating target ROAS", aimed at one Google Ads campaign, any ROAS above 0, a high cap.
    const preset = RULE_PRESETS.find((p) => p.id === 'scale-roas')!;
    await page
      .getByRole('listitem')
      .filter({ hasText: preset.title })
      .getByRole('link', { name: 'Use this preset' })
      .click();
    await page.waitForURL((url) => url.pathname === '/rules/new');
    const ruleName = preset.definition('UTC').name;
    await page.getByLabel('Rule name').waitFor();
    expect(await page.getByLabel('Rule name').inputValue()).toBe(ruleName);
    await page.getByRole('checkbox', { name: 'Google Ads' }).check();
    await page.getByLabel('Name contains').fill(target.name);
    await page.getByLabel('Value').fill('0');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Highest daily budget').fill('100000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The dry run: what it would have done over the last 30 days.
    await page.getByText(/this rule would have acted \d+ times? on 1 entity\./).waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'What the rule would have done' }).getByText(target.name).first().waitFor();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.waitForURL((url) => url.pathname === '/rules');
    await page.getByText(ruleName, { exact: true }).first().waitFor();
    const saved = ((await api('rules/', { token, baseUrl })) as RuleList).rules.find((r) => r.name === ruleName)!;
    expect(saved.scope).toEqual({ platforms: ['google'], accounts: [], name_contains: target.name });

    // A day later, the next sync runs the rule: the platform's budget goes up 20%.
    token = await nextDaySynced(baseUrl, login);
    const budgetAfter = await until('the budget raised at the platform', async () => {
      const now = await sandboxCampaignBudget('google', target.campaign_id, baseUrl);
      return now !== undefined && now !== budgetBefore ? now : undefined;
    });
    expect(budgetAfter).toBe(Math.round(budgetBefore! * 1.2));
    const headline = `Rule “${ruleName}” raised the daily budget of campaign “${target.name}”`;

    // In the open app: a toast for the critical alert, and the bell's count.
    await page.getByText(`Critical alert: ${headline}`).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: /^Alerts, \d+ unread$/ }).waitFor();

    // The webhook call, signed with the secret shown when it was created.
    const call = await until('the webhook called', async () => receiver.calls.find((c) => c.body.includes(headline)));
    const timestamp = call.headers[WEBHOOK_TIMESTAMP_HEADER] as string;
    expect(call.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(
      `v1=${createHmac('sha256', webhook.secret!).update(`${timestamp}.${call.body}`).digest('hex')}`,
    );

    // The e-mail in the development mailbox.
    const mailbox = await context.newPage();
    await mailbox.goto('/dev/mailbox');
    await mailbox.getByText(headline).first().waitFor();
    await mailbox.close();

    // The entry in the actions log, naming the rule.
    await page.goto('/actions');
    await page.getByRole('heading', { name: 'Actions and results', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: headline });
    await row.getByText(`By rule “${ruleName}”`).waitFor();
    await context.close();
  }, 300_000);
});
