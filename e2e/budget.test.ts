import type { ConnectedAdAccount } from '@shared/api/adAccounts';
import type { FollowedPlanList, OptimizerPlanView } from '@shared/api/budgets';

import { api, DEMO, loginInBrowser, syncedAll, until } from './support/api';
import { DESKTOP, openPage, ownServerAndBrowser } from './support/browser';
import { nextDaySynced, sandboxCampaignBudget } from './support/sandbox';

/**
 * Budget tools on the demo account, on a server of its own (the plan changes budgets at the
 * sandbox platform): a monthly budget set in the dialog shows its pacing and forecast; the
 * optimizer proposes a plan for an account, and applying it writes every budget at the platform
 * and records it on /actions; a plan applied with Follow takes its next step after the next day's
 * sync, at the platform and on the page; the dialog's number fields keep what is typed key by key.
 */
describe('Budget tools in Chromium, on the demo account', () => {
  const own = ownServerAndBrowser({ SANDBOX_SEED: '5', DEMO_PLAN: 'pro' });
  /** The account the first test applied a plan to. */
  let firstAccount = '';

  it('sets a monthly budget, sees its pacing, and applies the optimizer’s plan at the platform', async () => {
    const baseUrl = own.server.baseUrl;
    const { access: token } = (await api('login/', {
      method: 'POST',
      body: { username: DEMO.email, password: DEMO.password },
      baseUrl,
    })) as { access: string };
    await syncedAll(token, 3, undefined, baseUrl);
    // An account whose plan moves budgets at the full step.
    const accounts = (await api('ad-accounts/', { token, baseUrl })) as ConnectedAdAccount[];
    let chosen: { account: ConnectedAdAccount; plan: OptimizerPlanView } | undefined;
    for (const account of accounts) {
      const plan = (await api(`optimizer/?account=${account.id}&max_step=1`, { token, baseUrl })) as OptimizerPlanView;
      if (plan.campaigns.some((c) => c.to !== c.from)) {
        chosen = { account, plan };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const { account, plan } = chosen!;
    const moved = plan.campaigns.filter((c) => c.to !== c.from);

    const { page, context } = await openPage(own.browser, DESKTOP, baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/budget');
    await page.getByRole('heading', { name: 'Budgets', level: 1 }).waitFor();

    // A monthly budget for the whole workspace: its card shows the pacing and the forecast chart.
    await page.getByRole('button', { name: 'Add budget' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a monthly budget' });
    await dialog.getByRole('radio', { name: 'The whole workspace' }).check();
    await dialog.getByRole('spinbutton', { name: /Amount a month/ }).fill('25000');
    await dialog.getByRole('combobox', { name: /Currency/ }).selectOption('USD');
    await dialog.getByRole('button', { name: 'Add budget' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('listitem').filter({ hasText: 'The whole workspace' });
    await card.getByRole('img', { name: 'Pacing of The whole workspace this month' }).waitFor();
    await card
      .getByText(/On track|Under-pacing|Over-pacing/)
      .first()
      .waitFor();
    await card
      .getByText(/Projected/)
      .first()
      .waitFor();

    // The optimizer: the account, the largest step at 100%, the plan, then Apply with every change listed.
    await page.getByRole('combobox', { name: 'Ad account' }).selectOption(account.id);
    await page.getByRole('combobox', { name: 'Largest step' }).selectOption('1');
    await page.getByRole('button', { name: 'Propose a plan' }).click();
    await page.getByRole('button', { name: 'Apply plan…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply this plan?' });
    const listed = confirm.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    expect(await listed.count()).toBe(moved.length);
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Every budget at the sandbox platform is the plan's.
    for (const c of moved) {
      await until(
        `campaign ${c.name} at its new budget`,
        async () =>
          (await sandboxCampaignBudget(account.platform, c.campaign_id, baseUrl)) === c.to ? true : undefined,
        15_000,
      );
    }

    // The plan on /actions.
    await page.goto('/actions');
    await page.getByRole('heading', { name: 'Actions and results', level: 1 }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Budget optimizer: ${moved.length} daily budgets of “${account.name}” reallocated` })
      .first()
      .waitFor();
    await context.close();
    firstAccount = account.id;
  }, 240_000);

  it('follows a plan: a day later the sync takes its second step at the platform, and the page shows it', async () => {
    const baseUrl = own.server.baseUrl;
    const login = async () =>
      (
        (await api('login/', { method: 'POST', body: { username: DEMO.email, password: DEMO.password }, baseUrl })) as {
          access: string;
        }
      ).access;
    let token = await login();
    // Another account, whose ±30% plan needs more than one step to reach its targets.
    const accounts = ((await api('ad-accounts/', { token, baseUrl })) as ConnectedAdAccount[]).filter(
      (a) => a.id !== firstAccount,
    );
    let account: ConnectedAdAccount | undefined;
    for (const candidate of accounts) {
      const plan = (await api(`optimizer/?account=${candidate.id}&max_step=0.3`, {
        token,
        baseUrl,
      })) as OptimizerPlanView;
      if (plan.steps_to_target >= 2) {
        account = candidate;
        break;
      }
    }
    expect(account).toBeDefined();

    const { page, context } = await openPage(own.browser, DESKTOP, baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/budget');
    await page.getByRole('combobox', { name: 'Ad account' }).selectOption(account!.id);
    await page.getByRole('combobox', { name: 'Largest step' }).selectOption('0.3');
    await page.getByRole('button', { name: 'Propose a plan' }).click();
    await page.getByRole('button', { name: 'Apply plan…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply this plan?' });
    await confirm.getByRole('checkbox', { name: /^Follow this plan/ }).check();
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const following = page.getByRole('region', { name: 'This plan is being followed' });
    await following.getByText(/Step 1 \(/).waitFor();

    // A day later the sync runs the follow job: the second step is written at the platform.
    token = await nextDaySynced(baseUrl, login);
    const plan = await until('the second step taken', async () => {
      const [latest] = ((await api(`optimizer/plans/?account=${account!.id}`, { token, baseUrl })) as FollowedPlanList)
        .plans;
      return latest.steps.length >= 2 || latest.status !== 'following' ? latest : undefined;
    });
    expect(plan.status).toBe('following');
    for (const c of plan.campaigns)
      expect(await sandboxCampaignBudget(account!.platform, c.campaign_id, baseUrl)).toBe(c.written);

    // The page shows it: the followed plans card, in a new session a day later.
    await context.close();
    const later = await openPage(own.browser, DESKTOP, baseUrl);
    await loginInBrowser(later.page, DEMO.email, DEMO.password);
    await later.page.goto('/budget');
    await later.page.getByRole('combobox', { name: 'Ad account' }).selectOption(account!.id);
    const card = later.page.getByRole('region', { name: 'Followed plans' });
    await card.getByText(/Step 2 \(/).waitFor();
    await card.getByRole('button', { name: 'Stop following' }).waitFor();
    await later.context.close();
  }, 300_000);

  // fill() sets a field's whole value at once; a person types key by key, through "2500." and "0.",
  // which a controlled number field must not rewrite (Preact's renderer turned these into 752500 and 50).
  it('keeps a decimal amount and band typed key by key, and refuses a band that widens', async () => {
    const { page, context } = await openPage(own.browser, DESKTOP, own.server.baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/budget');
    await page.getByRole('button', { name: 'Add budget' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a monthly budget' });
    await dialog.getByRole('radio', { name: 'The whole workspace' }).check();
    const amount = dialog.getByRole('spinbutton', { name: /Amount a month/ });
    await amount.click();
    await amount.pressSequentially('2500.75', { delay: 30 });
    const end = dialog.getByRole('spinbutton', { name: /Band on the last day/ });
    await end.click();
    await end.press('Control+a');
    await end.press('Backspace');
    await end.pressSequentially('0.5', { delay: 30 });
    expect(await amount.inputValue()).toBe('2500.75');
    expect(await end.inputValue()).toBe('0.5');
    await dialog.getByRole('button', { name: 'Add budget' }).click();
    await dialog.getByText('The band at the month’s end must not be wider than at its start.').waitFor();
    await context.close();
  }, 120_000);
});
