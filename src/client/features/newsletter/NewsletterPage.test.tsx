import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { NEWSLETTER_MESSAGES } from '@shared/api/newsletter';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { NEWSLETTER_LINK_FAILED, NewsletterPage } from './NewsletterPage';

function setup(
  action: 'confirm' | 'unsubscribe',
  route: string,
  reply: () => Response = () =>
    HttpResponse.json({
      detail: action === 'confirm' ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.unsubscribed,
    }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api(`newsletter/${action}/`), async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return { ...renderWithProviders(<NewsletterPage action={action} />, { route }), bodies };
}

describe('NewsletterPage', () => {
  it('confirms the subscription once, with the token from the link', async () => {
    const { bodies } = setup('confirm', `${paths.newsletterConfirm}?token=abc123`);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(screen.getByText('Confirming your subscription…')).toBeInTheDocument();
    expect(await screen.findByText('Your subscription is confirmed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', paths.home);
  });

  it("shows the server's message when the link is invalid or expired", async () => {
    setup('confirm', `${paths.newsletterConfirm}?token=old`, () =>
      HttpResponse.json(
        { detail: NEWSLETTER_MESSAGES.invalidToken, code: 'validation_failed', field: 'token' },
        { status: 400 },
      ),
    );
    expect(await screen.findByText('This link is invalid or has expired. Please subscribe again.')).toBeInTheDocument();
    expect(screen.queryByText(NEWSLETTER_MESSAGES.confirmed)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
  });

  it('falls back to its own words when the server says nothing', async () => {
    setup('unsubscribe', `${paths.newsletterUnsubscribe}?token=t`, () => new HttpResponse(null, { status: 502 }));
    expect(await screen.findByText(NEWSLETTER_LINK_FAILED)).toBeInTheDocument();
  });

  it('unsubscribes with the token from the link', async () => {
    const { bodies } = setup('unsubscribe', `${paths.newsletterUnsubscribe}?token=u-9`);
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(await screen.findByText('You have been unsubscribed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'u-9' }]);
  });

  it('says so when the link has no token, and calls nothing', () => {
    const { bodies } = setup('confirm', paths.newsletterConfirm);
    expect(screen.getByText(NEWSLETTER_MESSAGES.missingToken)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
