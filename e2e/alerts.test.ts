import type { AlertSensitivitySetting } from '@shared/api/alerts';

import { collectPageErrors, seriousA11yViolations } from './support/a11y';
import { api, DEMO, loginInBrowser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';

describe('the alerts page in Chromium', () => {
  const session = pagePerTest(DESKTOP);
  const demoToken = async () =>
    (
      (await api('login/', { method: 'POST', body: { username: DEMO.email, password: DEMO.password } })) as {
        access: string;
      }
    ).access;
  // The demo workspace is shared by every browser test: it goes back to the default afterwards.
  afterAll(async () => {
    await api('alerts/sensitivity/', { method: 'PUT', body: { sensitivity: 'balanced' }, token: await demoToken() });
  });

  it('lets an owner choose the anomaly sensitivity from the keyboard, saying what each choice means for the workspace', async () => {
    const { page } = session;
    const errors = collectPageErrors(page);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/alerts');
    const section = page.getByRole('region', { name: 'Anomaly sensitivity' });
    const balanced = section.getByRole('radio', { name: 'Balanced' });
    await balanced.waitFor();
    expect(await balanced.isChecked()).toBe(true);
    // The demo workspace's own figures, as the server works them out.
    const setting = (await api('alerts/sensitivity/', { token: await demoToken() })) as AlertSensitivitySetting;
    expect(setting.watched_series).toBeGreaterThan(0);
    await section
      .getByText(`Adwise watches ${setting.watched_series.toLocaleString('en-US')} series here`, { exact: false })
      .waitFor();
    const fewer = setting.choices.find((c) => c.sensitivity === 'fewer')!;
    await section
      .getByText(`once in ${fewer.once_in_days.toLocaleString('en-US')} days`, { exact: false })
      .first()
      .waitFor();

    await balanced.focus();
    await page.keyboard.press('ArrowUp');
    await section.getByText('Saved').waitFor();
    expect(
      ((await api('alerts/sensitivity/', { token: await demoToken() })) as AlertSensitivitySetting).sensitivity,
    ).toBe('fewer');
    await page.reload();
    const fewerRadio = page
      .getByRole('region', { name: 'Anomaly sensitivity' })
      .getByRole('radio', { name: 'Fewer: only strong anomalies' });
    await fewerRadio.waitFor();
    expect(await fewerRadio.isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // An owner's page also asks for the webhook, whose "none yet" answer is a 404 by contract (the browser logs it).
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
});
