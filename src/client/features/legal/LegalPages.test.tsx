import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { SUPPORT_EMAIL } from '@shared/constants';
import { screen, within } from '@testing-library/react';

import { type LegalDocument, PRIVACY_POLICY, TERMS_OF_SERVICE } from './legalContent';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

/** Every paragraph and list item of a legal page, as one text. */
const fullText = (content: LegalDocument) =>
  content.sections
    .flatMap((section) => section.blocks.flatMap((block) => (typeof block === 'string' ? [block] : block.list)))
    .join(' ');

describe.each([
  ['/privacy-policy', PRIVACY_POLICY],
  ['/terms-and-service', TERMS_OF_SERVICE],
])('the legal page %s', (route, content) => {
  it('has one h1, the last-updated date and a table of contents linking to every section', async () => {
    renderWithProviders(<AppRouter />, { route });

    expect(await screen.findByRole('heading', { level: 1, name: content.title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
    expect(document.title).toBe(`${content.title} · Adwise`);

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(content.sections.length);
    content.sections.forEach((section, index) => {
      expect(links[index]).toHaveAttribute('href', `#${section.id}`);
      const heading = screen.getByRole('heading', { level: 2, name: `${index + 1}. ${section.title}` });
      expect(heading).toHaveAttribute('id', section.id);
    });
    expect(new Set(content.sections.map((section) => section.id)).size).toBe(content.sections.length);
  });

  it('links the support address as e-mail', async () => {
    renderWithProviders(<AppRouter />, { route });
    const mailLinks = await screen.findAllByRole('link', { name: SUPPORT_EMAIL });
    expect(mailLinks.length).toBeGreaterThan(0);
    for (const link of mailLinks) expect(link).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });
});

describe('the privacy policy', () => {
  const text = fullText(PRIVACY_POLICY);

  it('states that no data is knowingly collected from users under 13', async () => {
    renderWithProviders(<AppRouter />, { route: '/privacy-policy' });
    expect(await screen.findByText(/We do not knowingly collect data from users under 13\./)).toBeInTheDocument();
  });

  it('describes what the product actually stores and how to remove it', () => {
    for (const fact of [
      'argon2id',
      'AES-256-GCM',
      'spend, impressions, clicks, conversions and conversion value',
      'refresh token that is replaced every time it is used',
      'outbox',
      'double opt-in',
      'never stored',
      'Request logs',
      'revoke our access at the platform',
      'Delete Account',
      '7-day free trial',
    ]) {
      expect(text).toContain(fact);
    }
  });
});

describe('the terms of service', () => {
  it('answers link requests within 2-3 weeks and describes the 7-day free trial', async () => {
    renderWithProviders(<AppRouter />, { route: '/terms-and-service' });
    expect(await screen.findByText(/We answer requests to link to the site within 2-3 weeks\./)).toBeInTheDocument();
    expect(screen.getByText(/one 7-day free trial, with no card needed/)).toBeInTheDocument();
    expect(screen.getByText(/Pro \(₹1,999 per month, or 20% less when billed yearly\)/)).toBeInTheDocument();
  });
});
