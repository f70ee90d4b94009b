import { preloadPages } from '@client/app/lazyPage';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { MOBILE_MENU_WIDTH } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';

import { NavBar } from './NavBar';

// The menu is its own chunk, loaded on first opening: loaded before the tests, as the app's pages are.
beforeAll(preloadPages);

function setup(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const rendered = renderWithProviders(<NavBar />, options);
  const menuButton = screen.getByRole('button', { name: 'Open menu' });
  return { ...rendered, menuButton };
}

describe('MobileMenu', () => {
  it('opens from a labelled menu button that reports its state', async () => {
    const { user, menuButton } = setup();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveAttribute('aria-controls', 'mobile-menu');

    await user.click(menuButton);

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('id', 'mobile-menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Features', 'Pricing', 'Contact', 'Login']);
  });

  it('is 18rem wide', async () => {
    const { user, menuButton } = setup();
    await user.click(menuButton);
    expect(MOBILE_MENU_WIDTH).toBe('18rem');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveStyle({ width: MOBILE_MENU_WIDTH });
  });

  it('shows Dashboard to any signed-in user, trial or not', async () => {
    const { user, menuButton } = setup({ preloadedState: { session: signedInSession() } });
    const desktopNav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    // The spec's links; the app's own pages come from the side navigation's slot (app/shell/SideNav.test.tsx).
    expect(
      within(within(menu).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Dashboard', 'Features', 'Pricing', 'Contact']);
    expect(within(menu).getByRole('link', { name: 'Asha' })).toHaveAttribute('href', '/account-page');
    // The desktop bar still waits for an active trial.
    expect(within(desktopNav).queryByRole('link', { name: 'Dashboard', hidden: true })).toBeNull();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const { user, menuButton } = setup();
    await user.click(menuButton);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab focus inside while open', async () => {
    const { user, menuButton } = setup();
    await user.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const focusable = within(menu).getAllByRole('link').length + within(menu).getAllByRole('button').length;

    for (let step = 0; step < focusable * 2; step += 1) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
    for (let step = 0; step < focusable; step += 1) {
      await user.tab({ shift: true });
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes when a link is followed', async () => {
    const { user, menuButton } = setup();
    await user.click(menuButton);
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Pricing' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/pricing');
  });

  it('closes from its labelled close button', async () => {
    const { user, menuButton } = setup();
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });
});
