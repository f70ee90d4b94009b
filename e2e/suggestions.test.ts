import { type ActionList } from '@shared/api/actions';
import type { SyncStatus } from '@shared/api/dashboard';
import { type Suggestion, type SuggestionList, SUGGESTIONS_NOTE } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';

import { seriousA11yViolations } from './support/a11y';
import { api, DEMO, loginInBrowser, syncedAll, until } from './support/api';
import { DESKTOP, openPage, ownServerAndBrowser } from './support/browser';
import { sandboxAdStatus, travel } from './support/sandbox';

const adOf = (s: Suggestion) => (s.change.kind === 'ad_status' ? s.change.ad_id : '');

/**
 * The demo account on a server of its own (this file moves the clock a week forward, which must
 * not disturb the other files): it sees suggestions at a glance (a summary, cards collapsed, axe
 * clean), opens one's evidence, groups them by account, applies one (the
 * sandbox platform really pauses the ad), undoes another, dismisses a third, and a week later
 * (server and sandbox clocks moved together) sees on /actions whether the applied one worked.
 */
describe('Smart Suggestions in Chromium, on the demo account', () => {
  // Seed 5's first Google Ads, Meta and LinkedIn accounts hold several loser ads.
  // A week ahead, a trial would have ended: this demo is on the Pro plan (DEMO_PLAN, development only).
  const own = ownServerAndBrowser({ SANDBOX_SEED: '5', DEMO_PLAN: 'pro' });

  it('applies one, undoes another, dismisses a third, and a week later sees the outcome', async () => {
    const baseUrl = own.server.baseUrl;
    const login = async () =>
      (
        (await api('login/', { method: 'POST', body: { username: DEMO.email, password: DEMO.password }, baseUrl })) as {
          access: string;
        }
      ).access;
    let token = await login();
    // The demo's three platforms backfill at start; each sync's success queues the suggestions.
    await syncedAll(token, 3, undefined, baseUrl);
    const listed = await until('three suggestions, two of them applicable', async () => {
      const list = (await api('suggestions/', { token, baseUrl })) as SuggestionList;
      const applicable = list.items.filter((s) => s.applicable && s.change.kind === 'ad_status');
      return applicable.length >= 2 && list.items.length >= 3 ? list : undefined;
    });
    const [applied, undone] = listed.items.filter((s) => s.applicable && s.change.kind === 'ad_status');
    const dismissed = listed.items.find((s) => s !== applied && s !== undone)!;

    const { page, context } = await openPage(own.browser, DESKTOP, baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);

    // The dashboard's top three link to the whole list.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Smart Suggestions' }).waitFor();
    await page.getByRole('link', { name: 'See all suggestions' }).click();
    await page.waitForURL((url) => url.pathname === '/suggestions');
    await page.getByRole('heading', { name: 'Smart Suggestions', level: 1 }).waitFor();
    await page.getByText(SUGGESTIONS_NOTE).first().waitFor();

    const card = (s: Suggestion) => page.getByRole('article', { name: s.headline });
    // At a glance: the summary, then each card collapsed to what, how sure, the impact and the actions.
    const summary = page.getByRole('region', { name: 'Summary', exact: true });
    await summary.getByText(/^\d+ suggestions: .* conversions a week .* if all are applied$/).waitFor();
    await card(applied)
      .getByText(/^(At least 99%|About \d+%) sure /)
      .waitFor();
    expect(await page.getByText(/100% (confident|sure|likely)/).count()).toBe(0);
    const details = card(applied).getByRole('button', { name: 'Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await card(applied).getByRole('heading', { name: 'Evidence' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Evidence, opened on demand: each figure against its peers, and the chart.
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await card(applied).getByRole('heading', { name: 'Evidence' }).waitFor();
    await card(applied).getByText(applied.evidence[0].label, { exact: false }).first().waitFor();
    await card(applied).getByRole('img').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Grouped by account, kept in the address; the cards stay the same cards.
    await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Account' }).click();
    await page.waitForURL((url) => url.searchParams.get('group') === 'account');
    await page
      .getByRole('region', { name: `${applied.account.name} (${PLATFORM_LABELS[applied.platform]})`, exact: true })
      .getByRole('article', { name: applied.headline })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Apply: the confirmation names the platform and the exact change; the platform pauses the ad.
    await card(applied).getByRole('button', { name: 'Apply' }).click();
    let dialog = page.getByRole('dialog', { name: 'Apply this suggestion?' });
    await dialog.getByText(applied.change_lines[0]).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await until(
      'the ad paused at the platform',
      async () => ((await sandboxAdStatus(applied.platform, adOf(applied), baseUrl)) === 'PAUSED' ? true : undefined),
      10_000,
    );
    await card(applied).waitFor({ state: 'detached' });
    // Its toast offers Undo for ten minutes; this one stays applied.
    await page.getByRole('button', { name: 'Close' }).first().click();

    // Apply another and undo it from its toast: the ad runs again.
    await card(undone).getByRole('button', { name: 'Apply' }).click();
    dialog = page.getByRole('dialog', { name: 'Apply this suggestion?' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await until(
      'the second ad paused',
      async () => ((await sandboxAdStatus(undone.platform, adOf(undone), baseUrl)) === 'PAUSED' ? true : undefined),
      10_000,
    );
    await page.getByRole('button', { name: 'Undo' }).click();
    await until(
      'the second ad running again',
      async () => ((await sandboxAdStatus(undone.platform, adOf(undone), baseUrl)) === 'ACTIVE' ? true : undefined),
      10_000,
    );
    await card(undone).waitFor();

    // Dismiss a third, with a reason.
    await card(dismissed).getByRole('button', { name: 'Dismiss' }).click();
    const dismiss = page.getByRole('dialog', { name: 'Dismiss this suggestion' });
    await dismiss.getByRole('radio', { name: 'I think the data is wrong' }).check();
    await dismiss.getByRole('button', { name: 'Dismiss' }).click();
    await card(dismissed).waitFor({ state: 'detached' });

    // A week and a day later, with the new days synced, the applied suggestion has its verdict.
    await travel(8, baseUrl);
    token = await login();
    const before = ((await api('sync/', { token, baseUrl })) as SyncStatus).last_synced_at;
    await api('sync/', { method: 'POST', body: {}, token, baseUrl });
    await until('the week synced', async () => {
      const status = (await api('sync/', { token, baseUrl })) as SyncStatus;
      return !status.running && status.last_synced_at !== before ? true : undefined;
    });
    const log = (await api('actions/', { token, baseUrl })) as ActionList;
    const record = log.items.find((a) => a.suggestion_id === applied.id)!;
    expect(record.outcome).not.toBeNull();
    expect(log.items.find((a) => a.suggestion_id === undone.id)!.status).toBe('undone');

    await page.goto('/actions');
    await page.getByRole('heading', { name: 'Actions and results', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: applied.headline });
    await row
      .getByText(
        { worked: 'Worked', no_clear_effect: 'No clear effect', backfired: 'Backfired' }[record.outcome!.verdict],
        { exact: true },
      )
      .waitFor();
    await page.getByRole('row').filter({ hasText: undone.headline }).getByText('Undone', { exact: true }).waitFor();
    await context.close();
  }, 240_000);
});
