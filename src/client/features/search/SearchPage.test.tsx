import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { AppRouter } from '@client/app/AppRouter';

describe('SearchPage', () => {
  it('lists the pages that match ?q= with links to them', async () => {
    renderWithProviders(<AppRouter />, { route: '/search?q=Pricing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "Pricing"' })).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('shows a clear empty state', async () => {
    renderWithProviders(<AppRouter />, { route: '/search?q=zebra%20stripes' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "zebra stripes"' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No pages match "zebra stripes"' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('searches again from its own box', async () => {
    const { user } = renderWithProviders(<AppRouter />, { route: '/search?q=jobs' });
    const box = await screen.findByRole('searchbox', { name: 'Search Adwise' });
    expect(box).toHaveValue('jobs');

    await user.clear(box);
    await user.type(box, 'terms{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "terms"' })).toBeInTheDocument();
    expect(window.location.search).toBe('?q=terms');
  });
});
