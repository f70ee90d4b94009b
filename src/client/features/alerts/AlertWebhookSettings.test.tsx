import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { SECRET_DIALOG_LABELS } from '@client/components/SecretShownOnceDialog';
import { paths } from '@client/lib/paths';
import {
  alertWebhookBody,
  FAKE_DELIVERY_AT,
  FAKE_WEBHOOK_SECRET,
  type FakeAlertWebhookOptions,
  fakeAlertWebhookServer,
} from '@client/test/alerts.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { ALERT_MESSAGES } from '@shared/api/alerts';
import { ALERT_VALIDATION } from '@shared/validation/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { ALERT_EMAIL_LABELS } from './AlertEmailSettings';
import {
  ALERT_WEBHOOK_FAILED,
  ALERT_WEBHOOK_LABELS,
  AlertWebhookSettings,
  lastDeliveryText,
  removeWebhookText,
  testDeliveredText,
} from './AlertWebhookSettings';

// The role test goes through the app's routes: every page's chunk is loaded first.
beforeAll(preloadPages);
afterEach(() => jest.restoreAllMocks());

const HOOK = alertWebhookBody();
const NEW_URL = 'https://hooks.slack.com/services/T111/B222/YYYY';
const REFUSED = 'the receiver answered HTTP 404';

/** The section for the owner, against a fake webhook server (none by default). */
function setup(options: FakeAlertWebhookOptions = {}, overrides: HttpHandler[] = []) {
  const fake = fakeAlertWebhookServer(options);
  // Later server.use calls answer first.
  server.use(...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(<AlertWebhookSettings />, {
    route: paths.alerts,
    preloadedState: { session: signedInSession() },
  });
  return { ...rendered, fake };
}

const section = () => screen.getByRole('region', { name: ALERT_WEBHOOK_LABELS.title });
const urlField = () => screen.findByRole('textbox', { name: ALERT_WEBHOOK_LABELS.url });
const button = (name: string) => within(section()).findByRole('button', { name });

describe('AlertWebhookSettings: who sees it', () => {
  /** /alerts through the app's routes, for `role` in the personal workspace (the workspace list agrees). */
  async function alertsPageAs(role: Role) {
    const fake = fakeAlertWebhookServer({ initial: HOOK });
    server.use(
      http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ role })])),
      ...fake.handlers,
    );
    renderWithProviders(<AppRouter />, {
      route: paths.alerts,
      preloadedState: { session: signedInSession({ workspace: { id: PERSONAL_WORKSPACE_ID, role } }) },
    });
    // The user's own e-mail settings are there for every role that reads alerts.
    expect(await screen.findByRole('region', { name: ALERT_EMAIL_LABELS.title })).toBeInTheDocument();
    return fake;
  }

  it('is not shown to a viewer, whose role does not manage the webhook, and its address is not asked for', async () => {
    const fake = await alertsPageAs('viewer');
    expect(await screen.findByRole('switch', { name: ALERT_EMAIL_LABELS.email_critical })).toBeChecked();
    expect(screen.queryByRole('region', { name: ALERT_WEBHOOK_LABELS.title })).not.toBeInTheDocument();
    expect(screen.queryByText(HOOK.url)).not.toBeInTheDocument();
    expect(fake.requests.reads).toBe(0);
  });

  it.each<Role>(['owner', 'manager'])('is shown to the %s on the alerts page', async (role) => {
    const fake = await alertsPageAs(role);
    const region = await screen.findByRole('region', { name: ALERT_WEBHOOK_LABELS.title });
    expect(region).toHaveAccessibleDescription(ALERT_WEBHOOK_LABELS.help);
    expect(await within(region).findByText(HOOK.url)).toBeInTheDocument();
    expect(fake.requests.reads).toBeGreaterThan(0);
  });
});

describe('AlertWebhookSettings: adding one', () => {
  it('offers the address form when there is none, says what it does, and shows the secret once, with Copy', async () => {
    const { user, fake } = setup();
    expect(screen.getByRole('status', { name: ALERT_WEBHOOK_LABELS.loading })).toBeInTheDocument();
    await user.type(await urlField(), NEW_URL);
    expect(section()).toHaveAccessibleDescription(ALERT_WEBHOOK_LABELS.help);
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));

    const dialog = await screen.findByRole('dialog', { name: ALERT_WEBHOOK_LABELS.secretTitle });
    expect(within(dialog).getByLabelText(ALERT_WEBHOOK_LABELS.secret)).toHaveTextContent(FAKE_WEBHOOK_SECRET);
    expect(dialog).toHaveTextContent(ALERT_WEBHOOK_LABELS.secretOnce);
    expect(fake.requests.saves).toEqual([{ url: NEW_URL }]);

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: ALERT_WEBHOOK_LABELS.copy }));
    expect(await within(dialog).findByText(ALERT_WEBHOOK_LABELS.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(FAKE_WEBHOOK_SECRET);

    await user.click(within(dialog).getByRole('button', { name: SECRET_DIALOG_LABELS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Now the webhook, as the server shows it from here on: never the secret again.
    expect(await within(section()).findByText(NEW_URL)).toBeInTheDocument();
    expect(within(section()).getByText(ALERT_WEBHOOK_LABELS.neverDelivered)).toBeInTheDocument();
    await waitFor(() => expect(fake.requests.reads).toBe(2));
    expect(screen.queryByText(FAKE_WEBHOOK_SECRET)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: ALERT_WEBHOOK_LABELS.url })).not.toBeInTheDocument();
  });

  it('says how to copy by hand when the browser has no clipboard', async () => {
    const { user } = setup();
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    await user.type(await urlField(), NEW_URL);
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));
    const dialog = await screen.findByRole('dialog', { name: ALERT_WEBHOOK_LABELS.secretTitle });
    await user.click(within(dialog).getByRole('button', { name: ALERT_WEBHOOK_LABELS.copy }));
    expect(await within(dialog).findByText(SECRET_DIALOG_LABELS.copyUnavailable)).toBeInTheDocument();
    // Still there to select.
    expect(within(dialog).getByLabelText(ALERT_WEBHOOK_LABELS.secret)).toHaveTextContent(FAKE_WEBHOOK_SECRET);
  });

  it('checks the address with the shared schema first, saying its message on the field, and sends nothing', async () => {
    const { user, fake } = setup();
    await user.type(await urlField(), 'hooks.slack.com/services/T000');
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));
    expect(await screen.findByText(ALERT_VALIDATION.badWebhookUrl)).toBeInTheDocument();
    expect(await urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(await urlField()).toHaveAccessibleDescription(ALERT_VALIDATION.badWebhookUrl);

    await user.clear(await urlField());
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));
    expect(await screen.findByText(ALERT_VALIDATION.badWebhookUrl)).toBeInTheDocument();
    expect(fake.requests.saves).toEqual([]);
  });

  it("says the server's reason for a refused address on the field, and shows no secret", async () => {
    const { user, fake } = setup();
    await user.type(await urlField(), 'https://192.168.1.20/hook');
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));
    expect(await screen.findByText(ALERT_MESSAGES.webhookPrivate)).toBeInTheDocument();
    expect(await urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(await urlField()).toHaveAccessibleDescription(ALERT_MESSAGES.webhookPrivate);
    expect(fake.requests.saves).toEqual([{ url: 'https://192.168.1.20/hook' }]);
    expect(fake.webhook()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the webhook cannot be loaded, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({ initial: HOOK }, [
      http.get(api('alerts/webhook/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
    ]);
    expect(await screen.findByText(ALERT_WEBHOOK_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: ALERT_WEBHOOK_LABELS.url })).not.toBeInTheDocument();
    fail = false;
    await user.click(await button('Retry'));
    expect(await within(section()).findByText(HOOK.url)).toBeInTheDocument();
  });
});

describe('AlertWebhookSettings: one in place', () => {
  it('shows the address and the last delivery, with the error when there was one', async () => {
    const failed = alertWebhookBody({
      last_delivery_at: FAKE_DELIVERY_AT,
      last_status: 500,
      last_error: 'The receiver answered HTTP 500',
    });
    setup({ initial: failed });
    expect(await within(section()).findByText(failed.url)).toBeInTheDocument();
    expect(within(section()).getByText(lastDeliveryText(failed))).toBeInTheDocument();
    expect(lastDeliveryText(failed)).toMatch(/ · HTTP 500$/);
    expect(within(section()).getByText('The receiver answered HTTP 500')).toBeInTheDocument();
  });

  it('sends a test message and says it was delivered, with the delivery recorded', async () => {
    const { user, fake } = setup({ initial: HOOK });
    expect(await within(section()).findByText(ALERT_WEBHOOK_LABELS.neverDelivered)).toBeInTheDocument();
    await user.click(await button(ALERT_WEBHOOK_LABELS.sendTest));
    expect(await within(section()).findByText(testDeliveredText(200))).toBeInTheDocument();
    expect(fake.requests.tests).toBe(1);
    const delivered = alertWebhookBody({ last_delivery_at: FAKE_DELIVERY_AT, last_status: 200 });
    expect(await within(section()).findByText(lastDeliveryText(delivered))).toBeInTheDocument();
  });

  it("says why the receiver did not take the test message (the 502's detail), once, and shows the failure recorded", async () => {
    const { user } = setup({ initial: HOOK, testFailure: REFUSED });
    await user.click(await button(ALERT_WEBHOOK_LABELS.sendTest));
    const detail = `${ALERT_MESSAGES.webhookFailed}: ${REFUSED}.`;
    expect(await within(section()).findByText(detail)).toBeInTheDocument();
    // Said next to the button, not toasted as well.
    expect(screen.getAllByText(detail)).toHaveLength(1);
    expect(await within(section()).findByText(REFUSED)).toBeInTheDocument();
    expect(
      within(section()).getByText(lastDeliveryText(alertWebhookBody({ last_delivery_at: FAKE_DELIVERY_AT }))),
    ).toBeInTheDocument();
    expect(await button(ALERT_WEBHOOK_LABELS.sendTest)).toBeEnabled();
  });

  it('changes the address with the same form, and no new secret', async () => {
    const { user, fake } = setup({ initial: HOOK });
    await user.click(await button(ALERT_WEBHOOK_LABELS.change));
    const field = await urlField();
    expect(field).toHaveValue(HOOK.url);
    await user.clear(field);
    await user.type(field, NEW_URL);
    await user.click(await button(ALERT_WEBHOOK_LABELS.save));
    expect(await within(section()).findByText(NEW_URL)).toBeInTheDocument();
    expect(fake.requests.saves).toEqual([{ url: NEW_URL }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(FAKE_WEBHOOK_SECRET)).not.toBeInTheDocument();
  });

  it('Cancel leaves the address as it was', async () => {
    const { user, fake } = setup({ initial: HOOK });
    await user.click(await button(ALERT_WEBHOOK_LABELS.change));
    await user.type(await urlField(), '/more');
    await user.click(await button(ALERT_WEBHOOK_LABELS.cancel));
    expect(await within(section()).findByText(HOOK.url)).toBeInTheDocument();
    expect(fake.requests.saves).toEqual([]);
  });

  it('removes it only once confirmed, then offers the form again', async () => {
    const { user, fake } = setup({ initial: HOOK });
    await user.click(await button(ALERT_WEBHOOK_LABELS.remove));
    let dialog = await screen.findByRole('dialog', { name: ALERT_WEBHOOK_LABELS.removeTitle });
    expect(dialog).toHaveAccessibleDescription(removeWebhookText(HOOK.url));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.deletes).toBe(0);
    expect(within(section()).getByText(HOOK.url)).toBeInTheDocument();

    await user.click(await button(ALERT_WEBHOOK_LABELS.remove));
    dialog = await screen.findByRole('dialog', { name: ALERT_WEBHOOK_LABELS.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: ALERT_WEBHOOK_LABELS.remove }));
    expect(await urlField()).toHaveValue('');
    expect(fake.requests.deletes).toBe(1);
    expect(fake.webhook()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(HOOK.url)).not.toBeInTheDocument();
  });
});
