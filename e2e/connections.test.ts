import { randomBytes } from 'node:crypto';

import { PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import type { Locator } from 'playwright-core';

import { api, loginInBrowser, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';

const PASSWORD = 'Str0ng pass!';

/** The newest OTP e-mailed to `email`, read from the development outbox. */
async function latestOtp(email: string): Promise<string> {
  const { messages } = (await api('dev/outbox')) as { messages: { to: string; subject: string; text: string }[] };
  const mail = messages.find((m) => m.to === email && m.subject.includes('verification code'));
  if (!mail) throw new Error('no OTP e-mail yet');
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

/** Waits until the locator matches exactly `expected` elements (the list refetches after changes). */
async function countIs(locator: Locator, expected: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  let count = await locator.count();
  while (count !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await locator.count();
  }
  expect(count).toBe(expected);
}

describe('connecting and disconnecting ad accounts in Chromium through the sandbox', () => {
  const session = pagePerTest(DESKTOP);

  it('connects one account on each of the five platforms, lists them, and disconnects one with the e-mailed OTP', async () => {
    const { page } = session;
    const email = `e2e-connect-${randomBytes(4).toString('hex')}@example.com`;
    const access = await trialUser(email, PASSWORD);
    await loginInBrowser(page, email, PASSWORD);

    await page.goto('/connected-accounts');
    await page.getByText('No accounts connected yet').waitFor();

    for (const platform of PLATFORMS) {
      await page.getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}`, exact: true }).click();
      // The platform's consent page (the sandbox): the first test account is ticked.
      await page
        .getByRole('heading', { name: new RegExp(`access your ${PLATFORM_LABELS[platform]} ad accounts`) })
        .waitFor();
      const boxes = page.getByRole('checkbox');
      expect(await boxes.first().isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Allow' }).click();
      // Back through the callback, saved, and reloaded at the clean path.
      await page.getByText('Hurray! Account linked successfully.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/connected-accounts');
      expect(new URL(page.url()).search).toBe('');
      // Listed as the platform in upper case plus the account id, with its Disconnect button.
      await page
        .getByText(new RegExp(`^${platform.toUpperCase()} \\S+$`))
        .first()
        .waitFor();
      await page.getByRole('button', { name: new RegExp(`^Disconnect ${platform.toUpperCase()} account `) }).waitFor();
    }
    const disconnectButtons = page.getByRole('button', { name: /^Disconnect .* account / });
    await countIs(disconnectButtons, 5);

    // Disconnect the Meta account: OTP from the dev outbox, six boxes, verify, confirm.
    await page.getByRole('button', { name: /^Disconnect META account / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("Verify it's you").waitFor();
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('OTP sent to your email.').waitFor();
    const otp = await latestOtp(email);
    await dialog.getByLabel('Digit 1 of 6').waitFor();
    for (let i = 0; i < 6; i += 1) await dialog.getByLabel(`Digit ${i + 1} of 6`).fill(otp[i]);
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP verified.').waitFor();
    await dialog.getByText('Disconnect account?').waitFor();
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByText('Account disconnected.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await countIs(disconnectButtons, 4);
    expect(await page.getByRole('button', { name: /^Disconnect META account / }).count()).toBe(0);

    const listed = (await api('ad-accounts/', { token: access })) as { platform: string }[];
    expect(listed.map((a) => a.platform).sort()).toEqual(['google', 'linkedin', 'tiktok', 'x']);
  });
});
