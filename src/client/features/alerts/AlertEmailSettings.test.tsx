import { paths } from '@client/lib/paths';
import { alertSettingsBody, fakeAlertsServer } from '@client/test/alerts.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { ALERT_VALIDATION } from '@shared/validation/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { ALERT_EMAIL_LABELS, ALERT_SETTINGS_FAILED, AlertEmailSettings } from './AlertEmailSettings';

const SAVE_FAILED = 'Unable to save your alert e-mail settings. Please try again.';

/** The section for a signed-in user, against a fake server whose settings start both on. */
function setup(overrides: HttpHandler[] = []) {
  const fake = fakeAlertsServer([], alertSettingsBody());
  // Later server.use calls answer first.
  server.use(...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(<AlertEmailSettings />, {
    route: paths.alerts,
    preloadedState: { session: signedInSession() },
  });
  return { ...rendered, fake };
}

const critical = () => screen.findByRole('switch', { name: ALERT_EMAIL_LABELS.email_critical });
const digest = () => screen.findByRole('switch', { name: ALERT_EMAIL_LABELS.email_digest });
const savedStatus = () =>
  within(screen.getByRole('region', { name: ALERT_EMAIL_LABELS.title })).getByText(ALERT_EMAIL_LABELS.saved);

/** A PUT handler that answers only once `release` is called, so the test sees the switch while it saves. */
function heldPut(answer: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), handler: http.put(api('alerts/settings/'), async () => (await held, answer())) };
}

describe('AlertEmailSettings', () => {
  it('shows a loading state, then both switches on, saying the settings are the user’s', async () => {
    const { fake } = setup();
    expect(screen.getByRole('status', { name: ALERT_EMAIL_LABELS.loading })).toBeInTheDocument();
    expect(await critical()).toBeChecked();
    expect(await digest()).toBeChecked();
    expect(screen.getByRole('region', { name: ALERT_EMAIL_LABELS.title })).toHaveAccessibleDescription(
      ALERT_EMAIL_LABELS.help,
    );
    expect(screen.queryByRole('status', { name: ALERT_EMAIL_LABELS.loading })).not.toBeInTheDocument();
    expect(fake.requests.settingsReads).toBe(1);
  });

  it('saves a toggle at once, keeps it, and says Saved', async () => {
    const { user, fake } = setup();
    await user.click(await digest());
    expect(await digest()).not.toBeChecked();
    await waitFor(() => expect(fake.requests.settingsUpdates).toEqual([{ email_digest: false }]));
    await waitFor(() => expect(savedStatus()).toBeInTheDocument());
    expect(savedStatus().closest('[role="status"]')).not.toBeNull();
    expect(await digest()).not.toBeChecked();
    expect(await critical()).toBeChecked();
    expect(fake.settings()).toEqual({ email_critical: true, email_digest: false });
  });

  it('works from the keyboard: Tab to a switch, Space toggles it', async () => {
    const { user, fake } = setup();
    await critical();
    await user.tab();
    expect(await critical()).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(fake.requests.settingsUpdates).toEqual([{ email_critical: false }]));
    expect(await critical()).not.toBeChecked();
    expect(await critical()).toHaveFocus();
  });

  it('moves the switch while saving, then puts it back and says why when the save fails', async () => {
    const put = heldPut(() => new HttpResponse(null, { status: 500 }));
    const { user } = setup([put.handler]);
    await user.click(await critical());
    // Optimistic: off at once, and not toggled again until the server answers.
    expect(await critical()).not.toBeChecked();
    expect(await critical()).toHaveAttribute('aria-disabled', 'true');
    put.release();
    expect(await screen.findByText(SAVE_FAILED)).toBeInTheDocument();
    await waitFor(async () => expect(await critical()).toBeChecked());
    expect(await critical()).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByText(ALERT_EMAIL_LABELS.saved)).not.toBeInTheDocument();
  });

  it("prefers the server's reason for a refused save", async () => {
    const { user } = setup([
      http.put(api('alerts/settings/'), () =>
        HttpResponse.json({ detail: ALERT_VALIDATION.badSetting }, { status: 400 }),
      ),
    ]);
    await user.click(await digest());
    expect(await screen.findByText(ALERT_VALIDATION.badSetting)).toBeInTheDocument();
    await waitFor(async () => expect(await digest()).toBeChecked());
  });

  it('says when the settings cannot be loaded, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup([
      http.get(api('alerts/settings/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
    ]);
    expect(await screen.findByText(ALERT_SETTINGS_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await critical()).toBeChecked();
    expect(screen.queryByText(ALERT_SETTINGS_FAILED)).not.toBeInTheDocument();
  });
});

describe('the fake settings endpoint', () => {
  it('refuses what the server refuses, with its detail', async () => {
    const { handlers } = fakeAlertsServer();
    server.use(...handlers);
    const put = (body: unknown) =>
      fetch(api('alerts/settings/'), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [body, detail] of [
      [{}, ALERT_VALIDATION.noSetting],
      [{ email_critical: 'no' }, ALERT_VALIDATION.badSetting],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(detail);
    }
  });
});
