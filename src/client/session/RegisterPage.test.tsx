import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api, recordBeacons } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { STRENGTH_LABELS } from '@shared/passwordStrength';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { REGISTERED_MESSAGE } from './RegisterPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

async function setup(
  reply: () => Response = () =>
    HttpResponse.json({ id: 'u1', fullName: 'Asha Rao', email: 'asha@example.com' }, { status: 201 }),
) {
  const bodies: Record<string, unknown>[] = [];
  const beacons = recordBeacons();
  server.use(
    http.post(api('register/'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
    beacons.handler,
  );
  const rendered = renderWithProviders(<AppRouter />, { route: paths.register });
  const form = await screen.findByRole('form', { name: 'Register' });
  const field = (label: RegExp) => within(form).getByLabelText(label, { selector: 'input' });
  const controls = {
    fullName: field(/^Full name/),
    email: field(/^Email/),
    password: field(/^Password/),
    confirm: field(/^Confirm password/),
    newsletter: within(form).getByRole('checkbox', { name: /newsletter/ }),
    submit: within(form).getByRole('button', { name: 'Create account' }),
  };
  const fillValid = async () => {
    await rendered.user.type(controls.fullName, '  Asha Rao ');
    await rendered.user.type(controls.email, 'Asha@Example.COM');
    await rendered.user.type(controls.password, 'Str0ng!pass');
    await rendered.user.type(controls.confirm, 'Str0ng!pass');
  };
  return { ...rendered, form, ...controls, fillValid, bodies, beacons };
}

describe('RegisterPage', () => {
  it("shows the spec's validation messages", async () => {
    const { user, submit, email, password, confirm, bodies } = await setup();
    await user.click(submit);
    expect(await screen.findByText('Full name is required.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByText('Please retype your password.')).toBeInTheDocument();

    await user.type(email, 'nope');
    await user.type(password, 'short');
    await user.type(confirm, 'shorter');
    await user.click(submit);
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('rates the password with the six labels, red, amber and green', async () => {
    const { user, password } = await setup();
    const meter = screen.getByRole('progressbar', { name: 'Password strength' });
    const steps: [string, string, string][] = [
      ['a', 'Weak', 'red'],
      ['bcdefgh', 'Okay', 'red'],
      ['A', 'Good', 'amber'],
      ['1', 'Strong', 'green'],
      ['!', 'Very strong', 'green'],
    ];
    expect(meter).toHaveAttribute('aria-valuetext', 'Too short');
    expect(screen.getByText('Password strength: Too short')).toBeInTheDocument();
    const seen = ['Too short'];
    for (const [typed, label, colour] of steps) {
      await user.type(password, typed);
      expect(meter).toHaveAttribute('aria-valuetext', label);
      expect(meter).toHaveAttribute('data-colour', colour);
      expect(screen.getByText(`Password strength: ${label}`)).toBeInTheDocument();
      seen.push(label);
    }
    expect(seen).toEqual([...STRENGTH_LABELS]);
  });

  it('creates the account, says so and goes to /login', async () => {
    const { user, fillValid, submit, newsletter, bodies, beacons } = await setup();
    expect(newsletter).toBeChecked();
    await fillValid();
    await user.click(submit);

    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(REGISTERED_MESSAGE).toBe('Account created! Please log in.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(bodies).toEqual([
      {
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        password: 'Str0ng!pass',
        confirmPassword: 'Str0ng!pass',
        newsletter: true,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    await waitFor(() =>
      expect(beacons.sent).toEqual([{ name: 'register', body: { ts: expect.any(Number), newsletter: true } }]),
    );
  });

  it('sends the newsletter choice when it is turned off', async () => {
    const { user, fillValid, submit, newsletter, bodies } = await setup();
    await fillValid();
    await user.click(newsletter);
    await user.click(submit);
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ newsletter: false })]));
  });

  it("shows the server's detail for a taken e-mail as a toast, under the form and on the field", async () => {
    const { user, fillValid, submit, form, email } = await setup(() =>
      HttpResponse.json({ detail: AUTH_MESSAGES.emailTaken, code: 'conflict', field: 'email' }, { status: 409 }),
    );
    await fillValid();
    await user.click(submit);

    await waitFor(() => expect(screen.getAllByText(AUTH_MESSAGES.emailTaken).length).toBeGreaterThanOrEqual(2));
    expect(within(form).getAllByText(AUTH_MESSAGES.emailTaken).length).toBeGreaterThanOrEqual(1);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(window.location.pathname).toBe(paths.register);
  });

  it("falls back to 'Registration failed', also under the form", async () => {
    const { user, fillValid, submit, form } = await setup(() => new HttpResponse(null, { status: 500 }));
    await fillValid();
    await user.click(submit);
    expect(await within(form).findByText('Registration failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Registration failed')).toHaveLength(2));
  });
});
