import { randomBytes } from 'node:crypto';

import type { CampaignPage } from '@shared/api/dashboard';
import type { Page } from 'playwright-core';

import { seriousA11yViolations } from './support/a11y';
import { api, connectGoogleInBrowser, loginInBrowser, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';

const PASSWORD = 'Str0ng pass!';
const SECOND_WORKSPACE = 'Palette Plants';
const PALETTE = 'Go to a page, workspace, campaign or ad, or run a command';

/** Presses the arrow down until the highlighted option is the one named `name` (keyboard alone, as a user would). */
async function highlight(page: Page, name: RegExp): Promise<void> {
  const combobox = page.getByRole('combobox', { name: PALETTE });
  const target = page.getByRole('option', { name }).first();
  await target.waitFor();
  const id = await target.getAttribute('id');
  for (let presses = 0; (await combobox.getAttribute('aria-activedescendant')) !== id; presses += 1) {
    if (presses > 40) throw new Error(`${name} never highlighted`);
    await page.keyboard.press('ArrowDown');
  }
}

describe('the command palette in Chromium', () => {
  const session = pagePerTest(DESKTOP);

  it('jumps to a campaign and to another workspace by keyboard alone, with no axe violation on the open palette', async () => {
    const { page } = session;
    const email = `e2e-palette-${randomBytes(4).toString('hex')}@example.com`;
    const token = await trialUser(email, PASSWORD, 'Pia Kapoor');
    await api('workspaces/', { method: 'POST', body: { name: SECOND_WORKSPACE }, token });
    // Two workspaces: signing in lands on All clients.
    await loginInBrowser(page, email, PASSWORD, '/workspaces');
    await connectGoogleInBrowser(page, token);
    const campaign = ((await api('dashboard/campaigns/?page_size=10&sort=name&order=asc', { token })) as CampaignPage)
      .items[0];

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Unified Ad Intelligence' }).waitFor();
    await page.keyboard.press('Control+k');
    const combobox = page.getByRole('combobox', { name: PALETTE });
    await combobox.waitFor();
    await page.getByRole('option', { name: /^Suggestions/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.type(campaign.name);
    await highlight(page, new RegExp(`^${campaign.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*Campaign`));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Ads of ${campaign.name}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('campaign')).toBe(campaign.id);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.keyboard.press('Control+k');
    await combobox.waitFor();
    await page.keyboard.type('palette plants');
    await highlight(page, new RegExp(`^${SECOND_WORKSPACE}\\s*Workspace`));
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /^Workspace:/ })
      .filter({ hasText: SECOND_WORKSPACE })
      .waitFor();
  });
});
