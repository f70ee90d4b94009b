import { paths } from '@client/lib/paths';
import { alertSensitivityBody, fakeAlertSensitivityServer } from '@client/test/alerts.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import {
  ALERT_SENSITIVITY_FAILED,
  ALERT_SENSITIVITY_LABELS,
  AlertSensitivitySettings,
  choiceText,
  watchedText,
} from './AlertSensitivitySettings';

const SAVE_FAILED = 'Unable to change the alert sensitivity. Please try again.';

/** The section for a signed-in member, against a fake server at "balanced" over 100 series. */
function setup(canChange = true, overrides: HttpHandler[] = []) {
  const fake = fakeAlertSensitivityServer();
  // Later server.use calls answer first.
  server.use(...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(<AlertSensitivitySettings canChange={canChange} />, {
    route: paths.alerts,
    preloadedState: { session: signedInSession() },
  });
  return { ...rendered, fake };
}

const choice = (name: 'fewer' | 'balanced' | 'more') =>
  screen.findByRole('radio', { name: ALERT_SENSITIVITY_LABELS[name] });
const region = () => screen.getByRole('region', { name: ALERT_SENSITIVITY_LABELS.title });

describe('AlertSensitivitySettings', () => {
  it('shows a loading state, then the three choices with what each means for this workspace', async () => {
    setup();
    expect(screen.getByRole('status', { name: ALERT_SENSITIVITY_LABELS.loading })).toBeInTheDocument();
    expect(await choice('balanced')).toBeChecked();
    expect(await choice('fewer')).not.toBeChecked();
    const body = alertSensitivityBody();
    // 100 series share the budget: balanced means at most 4 a month, a day rarer than once in 750 days.
    expect(await choice('balanced')).toHaveAccessibleDescription(choiceText(body.choices[1]));
    expect(choiceText(body.choices[1])).toBe(
      'At most about 4 alerts a month from ordinary ups and downs (real changes come on top); one metric alerts on a day rarer than once in 750 days.',
    );
    expect(choiceText(body.choices[0])).toMatch(/^At most about 1 alert a month /);
    expect(within(region()).getByText(watchedText(body))).toBeInTheDocument();
    expect(within(region()).getByText('Anomaly alerts in the last 30 days: 3.')).toBeInTheDocument();
    expect(within(region()).getByText(ALERT_SENSITIVITY_LABELS.applies)).toBeInTheDocument();
  });

  it('says "fewer than 1" for a small workspace, and that nothing is watched before anything delivered', () => {
    const small = alertSensitivityBody('balanced', { watched_series: 5 });
    expect(choiceText(small.choices[0])).toBe(
      'At most fewer than 1 alert a month from ordinary ups and downs (real changes come on top); one metric alerts on a day rarer than once in 365 days.',
    );
    expect(watchedText(alertSensitivityBody('balanced', { watched_series: 0 }))).toMatch(/no series is watched yet/);
  });

  it('saves a choice from the keyboard at once, keeps it, and says Saved', async () => {
    const { user, fake } = setup();
    (await choice('balanced')).focus();
    await user.keyboard('{ArrowDown}');
    expect(await choice('more')).toBeChecked();
    await waitFor(() => expect(fake.requests.saves).toEqual([{ sensitivity: 'more' }]));
    await waitFor(() => expect(within(region()).getByText(ALERT_SENSITIVITY_LABELS.saved)).toBeInTheDocument());
    expect(fake.setting().sensitivity).toBe('more');
    await user.click(await choice('fewer'));
    await waitFor(() => expect(fake.requests.saves).toEqual([{ sensitivity: 'more' }, { sensitivity: 'fewer' }]));
    expect(await choice('fewer')).toBeChecked();
  });

  it('puts the choice back and says why when the save fails', async () => {
    const { user } = setup(true, [
      http.put(api('alerts/sensitivity/'), () =>
        HttpResponse.json({ detail: 'Database unavailable.' }, { status: 503 }),
      ),
    ]);
    await user.click(await choice('fewer'));
    await waitFor(async () => expect(await choice('balanced')).toBeChecked());
    expect(
      await screen.findByText(/Database unavailable\.|Unable to change the alert sensitivity/),
    ).toBeInTheDocument();
    expect(within(region()).queryByText(ALERT_SENSITIVITY_LABELS.saved)).not.toBeInTheDocument();
    expect(SAVE_FAILED).toMatch(/alert sensitivity/);
  });

  it('shows a member who may not change it the setting, read-only, and saves nothing', async () => {
    const { user, fake } = setup(false);
    expect(await choice('more')).toBeDisabled();
    // The label text is what a pointer reaches (the disabled radio takes no pointer events).
    await user.click(within(region()).getByText(ALERT_SENSITIVITY_LABELS.more));
    expect(await choice('balanced')).toBeChecked();
    expect(fake.requests.saves).toEqual([]);
    expect(within(region()).getByText(ALERT_SENSITIVITY_LABELS.managersOnly)).toBeInTheDocument();
  });

  it('offers Retry when the setting cannot be loaded', async () => {
    let fail = true;
    const { user } = setup(true, [
      http.get(api('alerts/sensitivity/'), () =>
        fail ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json(alertSensitivityBody('fewer')),
      ),
    ]);
    expect(await within(region()).findByText(ALERT_SENSITIVITY_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(within(region()).getByRole('button', { name: /retry/i }));
    expect(await choice('fewer')).toBeChecked();
  });
});
