import { Footer } from '@client/app/shell/Footer';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { screen } from '@testing-library/react';

describe('IdleNewsletterOptIn', () => {
  it('leaves the opt-in out of the first render and shows it once the browser is idle', async () => {
    renderWithProviders(<Footer />);
    // The footer's own links are there at once; the opt-in's form controls come in their own chunk.
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Send me the Adwise newsletter' })).not.toBeInTheDocument();

    expect(await screen.findByRole('checkbox', { name: 'Send me the Adwise newsletter' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Newsletter email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
