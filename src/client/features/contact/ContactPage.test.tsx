import { paths } from '@client/lib/paths';
import { api, recordBeacons } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CONTACT_MESSAGES } from '@shared/api/contact';
import { CONTACT_MESSAGE_MAX, SUPPORT_EMAIL } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { CONTACT_LABELS } from './ContactForm';
import { ContactPage } from './ContactPage';
import { COUNTER_WARN_COLOUR } from './MessageField';

type Reply = () => Response | Promise<Response>;

function setup({
  reply = () => HttpResponse.json({ detail: CONTACT_MESSAGES.sent }, { status: 201 }),
  signedIn = false,
}: { reply?: Reply; signedIn?: boolean } = {}) {
  const bodies: Record<string, unknown>[] = [];
  const beacons = recordBeacons();
  server.use(
    http.post(api('get-in-touch/'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
    beacons.handler,
  );
  const rendered = renderWithProviders(<ContactPage />, {
    route: paths.contact,
    preloadedState: signedIn ? { session: signedInSession() } : undefined,
  });
  const form = screen.getByRole('form', { name: 'Contact' });
  const controls = {
    fullName: within(form).getByRole('textbox', { name: /^Full Name/ }),
    email: within(form).getByRole('textbox', { name: /^Email/ }),
    message: within(form).getByRole('textbox', { name: /^Message/ }),
    newsletter: within(form).getByRole('checkbox', { name: CONTACT_LABELS.newsletter }),
    partnership: within(form).getByRole('checkbox', { name: CONTACT_LABELS.partnership }),
    submit: within(form).getByRole('button', { name: CONTACT_LABELS.submit }),
  };
  /** Pastes rather than types: each keystroke re-validates the form, and typing long texts is slow. */
  const enter = async (field: HTMLElement, text: string) => {
    await rendered.user.click(field);
    await rendered.user.paste(text);
  };
  const fillValid = async () => {
    await enter(controls.fullName, '  Asha Rao ');
    await enter(controls.email, ' asha@example.com ');
    await enter(controls.message, '  We run ads on Meta and Google.  ');
  };
  return { ...rendered, form, ...controls, enter, fillValid, bodies, beacons };
}

describe('ContactPage', () => {
  it('shows the form with the reply promise, the support address and the default boxes', () => {
    const { newsletter, partnership, form } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getAllByText(/We reply within 24-48 hours/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(newsletter).toBeChecked();
    expect(partnership).not.toBeChecked();
    expect(within(form).getByText('1000 characters left')).toBeInTheDocument();
  });

  it('hides the spam trap from sight, from assistive technology and from the Tab order', () => {
    const { form } = setup();
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(form).queryByRole('textbox', { name: /Website/ })).toBeNull();
  });

  it("shows the spec's messages, the summary, and focuses the first invalid field", async () => {
    const { user, enter, submit, fullName, email, message, bodies } = setup();
    await user.click(submit);
    expect(await screen.findByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Tell us a bit about your request.')).toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    await waitFor(() => expect(fullName).toHaveFocus());
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message.getAttribute('aria-describedby')).toContain('contact-message-counter');

    await enter(fullName, 'Asha Rao');
    await enter(email, 'asha@');
    await user.click(submit);
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your full name.')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('counts the characters left and turns the counter amber under 30 left', async () => {
    const { user, message } = setup();
    const counter = () => document.getElementById('contact-message-counter')!;
    expect(message).toHaveAttribute('maxlength', String(CONTACT_MESSAGE_MAX));
    expect(message.getAttribute('aria-describedby')).toBe('contact-message-counter');

    await user.click(message);
    await user.paste('x'.repeat(970));
    expect(counter()).toHaveTextContent('30 characters left');
    expect(counter()).toHaveAttribute('data-warning', 'false');
    expect(counter()).not.toHaveStyle({ color: COUNTER_WARN_COLOUR });

    await user.type(message, 'y');
    expect(counter()).toHaveTextContent('29 characters left');
    expect(counter()).toHaveAttribute('data-warning', 'true');
    expect(counter()).toHaveStyle({ color: COUNTER_WARN_COLOUR });

    await user.paste('z'.repeat(100));
    expect(counter()).toHaveTextContent('0 characters left');
    expect((message as HTMLTextAreaElement).value).toHaveLength(CONTACT_MESSAGE_MAX);
  });

  it('sends trimmed values, toasts, sends the beacon and replaces the form by the confirmation', async () => {
    const { user, fillValid, submit, partnership, bodies, beacons } = setup();
    await fillValid();
    await user.click(partnership);
    await user.click(submit);

    expect(await screen.findByText('Thanks! Your message was sent.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        message: 'We run ads on Meta and Google.',
        newsletter: true,
        partnership: true,
        website: '',
      },
    ]);
    await waitFor(() =>
      expect(beacons.sent).toEqual([
        { name: 'contact-submit', body: { newsletter: true, partnership: true, ts: expect.any(Number) } },
      ]),
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Message sent' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Contact' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', paths.home);
  });

  it('offers another message with the name and address kept, the message and partnership box cleared', async () => {
    const { user, fillValid, submit, partnership } = setup();
    await fillValid();
    await user.click(partnership);
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Send another message' }));

    const form = screen.getByRole('form', { name: 'Contact' });
    expect(within(form).getByRole('textbox', { name: /^Full Name/ })).toHaveValue('Asha Rao');
    expect(within(form).getByRole('textbox', { name: /^Email/ })).toHaveValue('asha@example.com');
    expect(within(form).getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: CONTACT_LABELS.partnership })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: CONTACT_LABELS.newsletter })).toBeChecked();
  });

  it('keeps everything typed when sending fails, and toasts the fallback', async () => {
    const { user, fillValid, submit, fullName, email, message, newsletter, form } = setup({
      reply: () => new HttpResponse(null, { status: 500 }),
    });
    await fillValid();
    await user.click(newsletter);
    await user.click(submit);

    await waitFor(() => expect(screen.getAllByText('Failed to submit. Please try again.')).toHaveLength(2));
    expect(within(form).getByText('Failed to submit. Please try again.')).toBeInTheDocument();
    expect(fullName).toHaveValue('  Asha Rao ');
    // An e-mail input drops surrounding spaces itself (the HTML value sanitisation).
    expect(email).toHaveValue('asha@example.com');
    expect(message).toHaveValue('  We run ads on Meta and Google.  ');
    expect(newsletter).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Message sent' })).not.toBeInTheDocument();
    expect(submit).not.toBeDisabled();
  });

  it("marks the field a 400 names, with the server's detail", async () => {
    const { user, fillValid, submit, email } = setup({
      reply: () =>
        HttpResponse.json(
          { detail: 'Please enter a valid email address.', code: 'validation_failed', field: 'email' },
          { status: 400 },
        ),
    });
    await fillValid();
    await user.click(submit);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    // Under the field, under the button, and as a toast.
    await waitFor(() => expect(screen.getAllByText('Please enter a valid email address.')).toHaveLength(3));
  });

  it('keeps the button busy while sending', async () => {
    let release: () => void = () => undefined;
    const { user, fillValid, submit } = setup({
      reply: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(HttpResponse.json({ detail: CONTACT_MESSAGES.sent }, { status: 201 }));
        }),
    });
    await fillValid();
    await user.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
  });

  it("starts from a signed-in user's name and address", () => {
    const { fullName, email } = setup({ signedIn: true });
    expect(fullName).toHaveValue('Asha Rao');
    expect(email).toHaveValue('asha@example.com');
  });
});
