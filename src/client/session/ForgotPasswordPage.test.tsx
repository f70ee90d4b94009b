import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

describe('ForgotPasswordPage: asking for a link', () => {
  async function setup() {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('forgot-password/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: AUTH_MESSAGES.resetSent });
      }),
    );
    const rendered = renderWithProviders(<AppRouter />, { route: paths.forgotPassword });
    const form = await screen.findByRole('form', { name: 'Request a reset link' });
    return { ...rendered, form, bodies };
  }

  it('checks the address before sending', async () => {
    const { user, form, bodies } = await setup();
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("sends the lower-cased address and shows the server's neutral reply in place of the form", async () => {
    const { user, form, bodies } = await setup();
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), ' Asha@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(AUTH_MESSAGES.resetSent)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Request a reset link' })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'asha@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', paths.login);
  });
});

describe('ForgotPasswordPage: choosing a new password from the mailed link', () => {
  async function setup(reply: () => Response) {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('reset-password/'), async ({ request }) => {
        bodies.push(await request.json());
        return reply();
      }),
    );
    const rendered = renderWithProviders(<AppRouter />, { route: `${paths.forgotPassword}?token=tok-123` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    const fill = async (password: string, confirmation: string) => {
      await rendered.user.type(within(form).getByLabelText(/^New password/, { selector: 'input' }), password);
      await rendered.user.type(
        within(form).getByLabelText(/^Confirm new password/, { selector: 'input' }),
        confirmation,
      );
      await rendered.user.click(within(form).getByRole('button', { name: 'Change password' }));
    };
    return { ...rendered, form, fill, bodies };
  }

  it('checks the new password with the register rules', async () => {
    const { fill, bodies } = await setup(() => HttpResponse.json({ detail: AUTH_MESSAGES.passwordChanged }));
    await fill('short', 'other');
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Weak');
    expect(bodies).toEqual([]);
  });

  it('sends the token with the new password and confirms the change', async () => {
    const { fill, bodies } = await setup(() => HttpResponse.json({ detail: AUTH_MESSAGES.passwordChanged }));
    await fill('N3w-password', 'N3w-password');

    expect(await screen.findByText(AUTH_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'tok-123', password: 'N3w-password', confirmPassword: 'N3w-password' }]);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', paths.login);
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    const { user, fill, form } = await setup(() =>
      HttpResponse.json({ detail: AUTH_MESSAGES.resetInvalid, code: 'validation_failed' }, { status: 400 }),
    );
    await fill('N3w-password', 'N3w-password');

    expect(await within(form).findByText(AUTH_MESSAGES.resetInvalid)).toBeInTheDocument();
    await user.click(within(form).getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });
});
