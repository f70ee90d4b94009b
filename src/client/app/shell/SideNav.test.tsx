import { preloadPages } from '@client/app/lazyPage';
import { NavBar } from '@client/app/shell/NavBar';
import { paths } from '@client/lib/paths';
import { activeTrialBody, api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { COLLAPSE_LABEL, MobileAppNavigation, SIDE_NAV_COLLAPSED_KEY, SIDE_NAV_LABEL, SideNav } from './SideNav';

// The mobile menu is its own chunk, loaded on first opening: loaded before the tests.
beforeAll(preloadPages);
afterEach(() => localStorage.clear());

const AGENCY_ID = '00000000-0000-4000-8000-00000000acme';

/** The user's personal workspace and an agency's, current, where the user has `role`. */
function agencyWorkspaces(role: Role, dashboard = true) {
  return [
    workspaceBody({ current: false }),
    workspaceBody({ id: AGENCY_ID, name: 'Acme Shoes', role, personal: false, current: true, dashboard }),
  ];
}

function renderSideNav(
  role: Role,
  { dashboard = true, route = paths.dashboard as string, workspaces = agencyWorkspaces(role, dashboard) } = {},
) {
  server.use(http.get(api('workspaces/'), () => HttpResponse.json(workspaces)));
  return renderWithProviders(<SideNav />, {
    route,
    preloadedState: { session: signedInSession({ workspace: { id: AGENCY_ID, role } }) },
  });
}

const sideNav = () => screen.getByRole('navigation', { name: SIDE_NAV_LABEL });

/** The side navigation's links, by group heading. */
function linksByGroup(nav: HTMLElement): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const list of within(nav).getAllByRole('list')) {
    const heading = list.getAttribute('aria-labelledby');
    if (!heading) continue;
    groups[document.getElementById(heading)!.textContent!] = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent!);
  }
  return groups;
}

const OWNER_PAGES = {
  Overview: ['All clients', 'Dashboard'],
  Act: ['Suggestions', 'Alerts', 'Rules', 'Budget'],
  Create: ['Creative Analyzer'],
  Report: ['Reports', 'Actions and results'],
  Workspace: ['Connected accounts', 'Team', 'Settings'],
};

describe('SideNav', () => {
  it.each([
    ['owner', OWNER_PAGES],
    ['manager', OWNER_PAGES],
    ['viewer', OWNER_PAGES],
    ['client', { Overview: ['Dashboard'], Report: ['Reports'] }],
  ] as const)(
    'shows a %s of an entitled workspace the pages its role may open, grouped by job',
    async (role, expected) => {
      renderSideNav(role);
      await waitFor(() => expect(linksByGroup(sideNav())).toEqual(expected));
      const nav = sideNav();
      // Each link leads to its page.
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', paths.dashboard);
      expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', paths.reports);
      if (role !== 'client') {
        expect(within(nav).getByRole('link', { name: 'Actions and results' })).toHaveAttribute('href', paths.actions);
        expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', paths.workspaceSettings);
      }
      // The workspace switcher heads it.
      expect(within(nav).getByRole('button', { name: /^Workspace:/ })).toBeInTheDocument();
    },
  );

  it("decides by the workspace's entitlement, never the member's own trial", async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json(activeTrialBody())));
    renderSideNav('viewer', { dashboard: false, route: paths.team });
    await waitFor(() =>
      expect(linksByGroup(sideNav())).toEqual({
        Overview: ['All clients'],
        Workspace: ['Connected accounts', 'Team', 'Settings'],
      }),
    );
  });

  it('offers All clients only to a user with several workspaces', async () => {
    renderSideNav('owner', {
      workspaces: [workspaceBody({ id: AGENCY_ID, name: 'Acme Shoes', personal: false, dashboard: true })],
    });
    await waitFor(() => expect(within(sideNav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument());
    await waitFor(() => expect(linksByGroup(sideNav()).Overview).toEqual(['Dashboard']));
  });

  it('marks the current page, a page below it included', async () => {
    renderSideNav('owner', { route: paths.newRule });
    const rules = await within(sideNav()).findByRole('link', { name: 'Rules' });
    expect(rules).toHaveAttribute('aria-current', 'page');
    expect(within(sideNav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('is never there for a visitor', () => {
    renderWithProviders(<SideNav />, { route: paths.dashboard });
    expect(screen.queryByRole('navigation', { name: SIDE_NAV_LABEL })).toBeNull();
  });

  it('folds to icons from an accessible toggle, keeps every link named, and remembers the choice', async () => {
    const { user, unmount } = renderSideNav('owner');
    const toggle = screen.getByRole('button', { name: COLLAPSE_LABEL });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await within(sideNav()).findByRole('link', { name: 'Suggestions' });

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(SIDE_NAV_COLLAPSED_KEY)).toBe('true');
    // The names stay for screen readers (and a tooltip shows them on hover or focus).
    expect(within(sideNav()).getByRole('link', { name: 'Suggestions' })).toHaveAttribute('href', paths.suggestions);
    expect(within(sideNav()).getByRole('button', { name: /^Workspace: Acme Shoes/ })).toBeInTheDocument();
    unmount();

    renderSideNav('owner');
    expect(screen.getByRole('button', { name: COLLAPSE_LABEL })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: COLLAPSE_LABEL }));
    expect(localStorage.getItem(SIDE_NAV_COLLAPSED_KEY)).toBe('false');
  });

  it('is used from the keyboard: Tab walks the links in order, Enter opens one and marks it current', async () => {
    const { user } = renderSideNav('client');
    await within(sideNav()).findByRole('link', { name: 'Reports' });
    await user.tab();
    expect(within(sideNav()).getByRole('button', { name: /^Workspace:/ })).toHaveFocus();
    await user.tab();
    expect(within(sideNav()).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab();
    const reports = within(sideNav()).getByRole('link', { name: 'Reports' });
    expect(reports).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe(paths.reports));
    expect(reports).toHaveAttribute('aria-current', 'page');
    // At the foot: the colour-scheme switch, then the fold toggle.
    await user.tab();
    expect(within(sideNav()).getByRole('button', { name: /^Colour scheme:/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: COLLAPSE_LABEL })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: COLLAPSE_LABEL })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the same grouped links in the small-screen menu, after the spec’s links, and the menu closes when one is followed', async () => {
    server.use(http.get(api('workspaces/'), () => HttpResponse.json(agencyWorkspaces('client'))));
    const { user } = renderWithProviders(
      <NavBar mobileAppNavigation={(close) => <MobileAppNavigation onDone={close} />} />,
      {
        route: paths.dashboard,
        preloadedState: { session: signedInSession({ workspace: { id: AGENCY_ID, role: 'client' } }) },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const appNav = within(menu).getByRole('navigation', { name: SIDE_NAV_LABEL });
    await waitFor(() => expect(linksByGroup(appNav)).toEqual({ Overview: ['Dashboard'], Report: ['Reports'] }));
    expect(within(appNav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(appNav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe(paths.reports);
  });
});
