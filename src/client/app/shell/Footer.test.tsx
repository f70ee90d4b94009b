import { preloadPages } from '@client/app/lazyPage';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { NEWSLETTER_MESSAGES } from '@shared/api/newsletter';
import { SUPPORT_EMAIL } from '@shared/constants';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { Footer } from './Footer';

// The opt-in's chunk loaded up front, as on every page after the first (IdleNewsletterOptIn.test.tsx
// covers the first page, where it arrives once the browser is idle).
beforeAll(preloadPages);

describe('Footer', () => {
  it('has a newsletter opt-in that starts checked and can be turned off', async () => {
    const { user } = renderWithProviders(<Footer />);
    const optIn = screen.getByRole('checkbox', { name: 'Send me the Adwise newsletter' });
    expect(optIn).toBeChecked();
    await user.click(optIn);
    expect(optIn).not.toBeChecked();
  });

  it('subscribes a visitor to the newsletter from the footer (double opt-in)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('newsletter/subscribe/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: NEWSLETTER_MESSAGES.checkInbox });
      }),
    );
    const { user } = renderWithProviders(<Footer />);
    await user.type(screen.getByRole('textbox', { name: 'Newsletter email' }), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'reader@example.com', source: 'footer' }]);
  });

  it('links to the Terms and the Privacy Policy', () => {
    renderWithProviders(<Footer />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-and-service');
    expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('has product, company and contact columns', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('heading', { name: 'Product' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', { name: 'Pricing' }),
    ).toHaveAttribute('href', '/pricing');
    expect(
      within(screen.getByRole('navigation', { name: 'Company' })).getByRole('link', { name: 'Careers' }),
    ).toHaveAttribute('href', '/careers');
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });
});
