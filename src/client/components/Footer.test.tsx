import { screen, within } from '@testing-library/react';
import { SUPPORT_EMAIL } from '@shared/constants';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { Footer } from './Footer';

describe('Footer', () => {
  it('has a newsletter opt-in that starts checked and can be turned off', async () => {
    const { user } = renderWithProviders(<Footer />);
    const optIn = screen.getByRole('checkbox', { name: 'Send me the Adwise newsletter' });
    expect(optIn).toBeChecked();
    await user.click(optIn);
    expect(optIn).not.toBeChecked();
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
    expect(within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(screen.getByRole('navigation', { name: 'Company' })).getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });
});
