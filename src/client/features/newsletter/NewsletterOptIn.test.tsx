import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { NEWSLETTER_MESSAGES, type NewsletterStatusReply } from '@shared/api/newsletter';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { NEWSLETTER_OPT_IN_LABEL, NewsletterOptIn, SUBSCRIBE_FAILED } from './NewsletterOptIn';

function setup({
  signedIn = false,
  status = 'none',
  reply = () => HttpResponse.json({ detail: NEWSLETTER_MESSAGES.checkInbox }),
  source = 'footer',
  label,
}: {
  signedIn?: boolean;
  status?: NewsletterStatusReply['status'];
  reply?: () => Response;
  source?: 'footer' | 'features';
  label?: string;
} = {}) {
  const bodies: unknown[] = [];
  const authorizations: (string | null)[] = [];
  server.use(
    http.get(api('newsletter/'), () =>
      HttpResponse.json({ status, email: 'asha@example.com' } satisfies NewsletterStatusReply),
    ),
    http.post(api('newsletter/subscribe/'), async ({ request }) => {
      bodies.push(await request.json());
      authorizations.push(request.headers.get('authorization'));
      return reply();
    }),
  );
  const rendered = renderWithProviders(<NewsletterOptIn source={source} label={label} />, {
    preloadedState: signedIn ? { session: signedInSession() } : undefined,
  });
  return { ...rendered, bodies, authorizations };
}

describe('NewsletterOptIn', () => {
  describe('for a visitor', () => {
    it('starts checked, asks for an address and subscribes it', async () => {
      const { user, bodies } = setup();
      const box = screen.getByRole('checkbox', { name: NEWSLETTER_OPT_IN_LABEL });
      expect(box).toBeChecked();
      await user.type(screen.getByRole('textbox', { name: 'Newsletter email' }), ' Asha@Example.com ');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument();
      expect(bodies).toEqual([{ email: 'asha@example.com', source: 'footer' }]);
      expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    });

    it('shows a bad address inline and sends nothing', async () => {
      const { user, bodies } = setup();
      const email = screen.getByRole('textbox', { name: 'Newsletter email' });
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
      expect(email).toHaveFocus();
      await user.type(email, 'nope');
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(bodies).toEqual([]);
    });

    it('disables Subscribe while the box is off', async () => {
      const { user } = setup();
      const box = screen.getByRole('checkbox', { name: NEWSLETTER_OPT_IN_LABEL });
      await user.click(box);
      expect(box).not.toBeChecked();
      expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
      await user.click(box);
      expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    });

    it("shows the server's message, or its own, when subscribing fails", async () => {
      const { user } = setup({
        reply: () =>
          HttpResponse.json({ detail: NEWSLETTER_MESSAGES.rateLimited, code: 'rate_limited' }, { status: 429 }),
      });
      await user.type(screen.getByRole('textbox', { name: 'Newsletter email' }), 'asha@example.com');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText(NEWSLETTER_MESSAGES.rateLimited)).toBeInTheDocument();
      // The form stays, with what was typed.
      expect(screen.getByRole('textbox', { name: 'Newsletter email' })).toHaveValue('asha@example.com');

      server.use(http.post(api('newsletter/subscribe/'), () => new HttpResponse(null, { status: 500 })));
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText(SUBSCRIBE_FAILED)).toBeInTheDocument();
    });

    it('takes a label of its own', () => {
      setup({ source: 'features', label: 'Email me product updates' });
      expect(screen.getByRole('checkbox', { name: 'Email me product updates' })).toBeChecked();
    });
  });

  describe('for a signed-in user', () => {
    it('subscribes the account address without asking for one', async () => {
      const { user, bodies, authorizations } = setup({ signedIn: true, source: 'features' });
      expect(screen.queryByRole('textbox', { name: 'Newsletter email' })).not.toBeInTheDocument();
      expect(screen.getByText(/your account e-mail/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument();
      expect(bodies).toEqual([{ source: 'features' }]);
      expect(authorizations).toEqual(['Bearer access-token-1']);
    });

    it("shows 'You're subscribed' once the subscription is confirmed", async () => {
      setup({ signedIn: true, status: 'confirmed' });
      expect(await screen.findByText(/You're subscribed/)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
    });

    it('offers the button again to a user who unsubscribed', async () => {
      setup({ signedIn: true, status: 'unsubscribed' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
      expect(screen.queryByText(/You're subscribed/)).not.toBeInTheDocument();
    });
  });
});
