import { randomBytes } from 'node:crypto';

import type { WorkspaceSummary } from '@shared/api/workspaces';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, isoDay } from '@shared/days';
import type { Browser, Locator, Page } from 'playwright-core';

import { api, loginInBrowser, syncedAll, trialUser } from './support/api';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { sandboxTotals } from './support/sandbox';

const PASSWORD = 'Str0ng pass!';

/** The agency's clients: a workspace each, each with another platform's first sandbox account. */
const CLIENTS: { name: string; platform: Platform }[] = [
  { name: 'Acme Shoes', platform: 'google' },
  { name: 'Bolt Bikes', platform: 'meta' },
  { name: 'Cedar Cafe', platform: 'linkedin' },
];

const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

const unique = (label: string) => `e2e-${label}-${randomBytes(4).toString('hex')}@example.com`;

/** The workspace switcher at the head of the side navigation (its button reads "Workspace: <name>"). */
const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace:/ });

/** The side navigation (app/shell/SideNav's SIDE_NAV_LABEL): the app's pages a member may open. */
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'App', exact: true });

async function openSwitcher(page: Page) {
  await switcher(page).click();
  return page.getByRole('menu');
}

async function switchTo(page: Page, name: string): Promise<void> {
  const menu = await openSwitcher(page);
  await menu.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
  await switcher(page).filter({ hasText: name }).waitFor();
}

/**
 * Types into the field by keyboard once it has the keyboard: a dialog opens with its first field
 * focused (autoFocus), from a menu as from a button, so the user types straight away.
 */
async function typeIntoFocused(field: Locator, text: string): Promise<void> {
  await field.page().waitForFunction((element) => element === document.activeElement, await field.elementHandle());
  await field.page().keyboard.type(text);
}

async function createWorkspace(page: Page, name: string): Promise<void> {
  const menu = await openSwitcher(page);
  await menu.getByRole('menuitem', { name: 'New workspace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await typeIntoFocused(dialog.getByLabel('Workspace name'), name);
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await dialog.waitFor({ state: 'detached' });
  await switcher(page).filter({ hasText: name }).waitFor();
}

/** Connects the platform's first sandbox account in the current workspace through its consent page. */
async function connect(page: Page, platform: Platform): Promise<void> {
  await page.goto('/connected-accounts');
  await page.getByText('No accounts connected yet').waitFor();
  await page.getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}`, exact: true }).click();
  await page
    .getByRole('heading', { name: new RegExp(`access your ${PLATFORM_LABELS[platform]} ad accounts`) })
    .waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByText('Hurray! Account linked successfully.').waitFor();
}

async function invite(page: Page, email: string, role: 'Viewer' | 'Client'): Promise<void> {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await typeIntoFocused(dialog.getByLabel('E-mail'), email);
  await dialog.getByRole('radio', { name: role, exact: true }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.getByText(new RegExp(`Invitation sent to ${email}`)).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Registers the invitee, finds the link in the development mailbox, signs in and accepts it, all in their own browser. */
async function acceptInvitation(browser: Browser, email: string, workspace: string): Promise<Page> {
  await api('register/', {
    method: 'POST',
    body: { fullName: 'Invited Person', email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  const { page } = await openPage(browser, DESKTOP);
  await page.goto('/dev/mailbox');
  const mail = page
    .locator('article')
    .filter({ hasText: email })
    .filter({ hasText: `invited you to ${workspace}` })
    .first();
  const link = /https?:\/\/\S+\/invitations\/\S+/.exec(await mail.locator('pre').innerText())![0];
  await loginInBrowser(page, email, PASSWORD);
  await page.goto(new URL(link).pathname);
  await page.getByRole('heading', { name: workspace }).waitFor();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.getByText(`You joined ${workspace}`).waitFor();
  await switcher(page).filter({ hasText: workspace }).waitFor();
  return page;
}

describe('an agency with a workspace per client, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates three client workspaces, connects a different account in each, invites a viewer and a client through the mailbox, and shows each person only their data and controls', async () => {
    const ownerEmail = unique('agency');
    const token = await trialUser(ownerEmail, PASSWORD, 'Asha Rao');
    const { page } = await openPage(browser, DESKTOP);
    await loginInBrowser(page, ownerEmail, PASSWORD);
    await switcher(page).filter({ hasText: 'Asha Rao’s workspace' }).waitFor();

    for (const client of CLIENTS) {
      await createWorkspace(page, client.name);
      await connect(page, client.platform);
    }

    // Each workspace holds its own account and nothing else.
    const workspaces = (await api('workspaces/', { token })) as WorkspaceSummary[];
    expect(workspaces.map((w) => [w.name, w.role, w.connected_accounts])).toEqual(
      expect.arrayContaining([['Asha Rao’s workspace', 'owner', 0], ...CLIENTS.map((c) => [c.name, 'owner', 1])]),
    );
    const idOf = (name: string) => workspaces.find((w) => w.name === name)!.id;
    const accountIds: Record<string, string> = {};
    for (const client of CLIENTS) {
      const accounts = (await api('ad-accounts/', { token, workspace: idOf(client.name) })) as {
        platform: string;
        account_id: string;
      }[];
      expect(accounts.map((a) => a.platform)).toEqual([client.platform]);
      accountIds[client.name] = accounts[0].account_id;
      await syncedAll(token, 1, idOf(client.name));
    }

    // Switching shows the other client's account only.
    await switchTo(page, 'Bolt Bikes');
    await page.goto('/connected-accounts');
    await page
      .getByText(/^META \S+$/)
      .first()
      .waitFor();
    expect(await page.getByText(/^GOOGLE \S+$/).count()).toBe(0);

    // All clients, from the side navigation (the switcher links to no page): every workspace in one table.
    await sideNav(page).getByRole('link', { name: 'All clients', exact: true }).click();
    await page.waitForURL('**/workspaces');
    const table = page.getByRole('table', { name: 'Workspaces' });
    for (const client of CLIENTS) await table.getByRole('row', { name: new RegExp(client.name) }).waitFor();
    expect(await table.getByRole('row').count()).toBe(1 + 1 + CLIENTS.length);

    // Invite a viewer and a client to Acme Shoes.
    await switchTo(page, 'Acme Shoes');
    await sideNav(page).getByRole('link', { name: 'Team', exact: true }).click();
    await page.waitForURL('**/team');
    const viewerEmail = unique('viewer');
    const clientEmail = unique('client');
    await invite(page, viewerEmail, 'Viewer');
    await invite(page, clientEmail, 'Client');
    await page.getByText(viewerEmail).waitFor();
    await page.getByText(clientEmail).waitFor();

    // The viewer sees Acme's account but no control that changes it, and no other client of the agency.
    const viewer = await acceptInvitation(browser, viewerEmail, 'Acme Shoes');
    const { access: viewerToken } = (await api('login/', {
      method: 'POST',
      body: { username: viewerEmail, password: PASSWORD },
    })) as { access: string };
    // Acme's Google account bills in USD: show the viewer's dashboard in dollars.
    await api('dashboard/settings/', { method: 'PUT', body: { currency: 'USD' }, token: viewerToken });
    await viewer.goto('/connected-accounts');
    await viewer
      .getByText(/^GOOGLE \S+$/)
      .first()
      .waitFor();
    expect(await viewer.getByRole('button', { name: /^Disconnect / }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Connect / }).count()).toBe(0);
    const viewerMenu = await openSwitcher(viewer);
    expect(await viewerMenu.getByRole('menuitem', { name: /^Bolt Bikes/ }).count()).toBe(0);
    await viewer.keyboard.press('Escape');
    await viewer.goto('/dashboard');
    await viewer.getByRole('heading', { level: 1, name: 'Unified Ad Intelligence' }).waitFor();
    // Acme's numbers, and only Acme's: the spend of its one account over the last 7 days.
    const to = isoDay(new Date());
    const acme = await sandboxTotals('google', accountIds['Acme Shoes'], addDays(to, -6), to);
    await viewer.getByRole('group', { name: 'Total Spend' }).getByText(usd(acme.spendMinor), { exact: true }).waitFor();
    await viewer.getByRole('button', { name: 'Refresh' }).waitFor();
    // The campaigns are listed, without Pause or Resume.
    const campaignRows = viewer.getByRole('region', { name: /Campaign Overview/ }).getByRole('row');
    await campaignRows.nth(1).waitFor();
    expect(await viewer.getByRole('button', { name: /^(Pause|Resume) / }).count()).toBe(0);

    // The client sees the dashboard only: no accounts or team page in the side navigation, no Refresh.
    const client = await acceptInvitation(browser, clientEmail, 'Acme Shoes');
    await client.goto('/dashboard');
    await client.getByRole('heading', { level: 1, name: 'Unified Ad Intelligence' }).waitFor();
    expect(await client.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
    const clientNav = sideNav(client);
    await clientNav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    expect(await clientNav.getByRole('link', { name: 'Connected accounts', exact: true }).count()).toBe(0);
    expect(await clientNav.getByRole('link', { name: 'Team', exact: true }).count()).toBe(0);
    // The switcher lists the workspaces and links to no page.
    const clientMenu = await openSwitcher(client);
    await clientMenu.getByRole('menuitem', { name: /^Acme Shoes/ }).waitFor();
    expect(await clientMenu.locator('a').count()).toBe(0);
    await client.keyboard.press('Escape');

    // The owner's team lists both as members now.
    await page.goto('/team');
    await page.getByRole('cell', { name: viewerEmail }).waitFor();
    await page.getByRole('cell', { name: clientEmail }).waitFor();
  }, 150_000);
});
