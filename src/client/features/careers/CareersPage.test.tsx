import { paths } from '@client/lib/paths';
import { recordBeacons } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { applyMailto, CAREERS_NO_MATCH_TEXT, JOB_OPENINGS, reachOutMailto } from '@shared/careers';
import { CAREERS_EMAIL } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';

import { CareersPage } from './CareersPage';

// jsdom cannot follow a mailto: link; the test stops the navigation the way a mail client would take it over.
function stopMailtoNavigation(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a[href^="mailto:"]')) event.preventDefault();
}
beforeAll(() => document.addEventListener('click', stopMailtoNavigation));
afterAll(() => document.removeEventListener('click', stopMailtoNavigation));

function setup() {
  const beacons = recordBeacons();
  server.use(beacons.handler);
  const rendered = renderWithProviders(<CareersPage />, { route: paths.careers });
  return { ...rendered, beacons };
}

const shownRoles = () =>
  screen
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)
    .filter((title) => JOB_OPENINGS.some((opening) => opening.title === title));
const status = () => screen.getByRole('status');
const talentPool = () => screen.getByRole('checkbox', { name: 'Add me to the Talent Pool' });

describe('CareersPage', () => {
  it('has one h1 and ordered headings', () => {
    setup();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Careers']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Why join Adwise',
      'Open positions',
      'Our values',
      "Don't see your role?",
    ]);
  });

  it('lists four reasons to join', () => {
    setup();
    const section = screen.getByRole('region', { name: 'Why join Adwise' });
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('shows every opening with its type, location, the fast-response badge and an Apply e-mail', () => {
    setup();
    expect(shownRoles()).toEqual(['Frontend Developer', 'UI/UX Designer', 'Content & SEO Strategist']);
    expect(status()).toHaveTextContent('Showing all 3 roles');
    for (const opening of JOB_OPENINGS) {
      const card = screen.getByRole('article', { name: opening.title });
      expect(within(card).getByText(opening.type)).toBeInTheDocument();
      expect(within(card).getByText(opening.location)).toBeInTheDocument();
      expect(within(card).getByText('Fast response under 48h')).toBeInTheDocument();
      const apply = within(card).getByRole('link', { name: `Apply for ${opening.title}` });
      expect(apply).toHaveTextContent('Apply');
      expect(apply).toHaveAttribute('href', applyMailto(opening));
    }
  });

  it('builds the Apply e-mail from the role', () => {
    setup();
    const href = screen.getByRole('link', { name: 'Apply for UI/UX Designer' }).getAttribute('href') ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(CAREERS_EMAIL);
    expect(href).not.toContain('+');
    expect(decodeURIComponent(href.split('subject=')[1].split('&')[0])).toBe('Application: UI/UX Designer');
    const body = decodeURIComponent(href.split('body=')[1]);
    expect(body).toContain('Role: UI/UX Designer\nType: Internship\nLocation: Remote\nPortfolio:\nLinkedIn:');
  });

  it('searches titles ignoring case and surrounding spaces', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), '  DESIGNER ');
    expect(shownRoles()).toEqual(['UI/UX Designer']);
    expect(status()).toHaveTextContent('Showing 1 of 3 roles');
  });

  it('filters by type and by location, and All means no filter', async () => {
    const { user } = setup();
    const type = screen.getByRole('combobox', { name: 'Job type' });
    const location = screen.getByRole('combobox', { name: 'Location' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Full-time', 'Internship', 'Freelance']);
    expect(
      within(location)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Remote', 'India']);

    await user.selectOptions(type, 'Freelance');
    expect(shownRoles()).toEqual(['Content & SEO Strategist']);
    await user.selectOptions(type, 'All');
    await user.selectOptions(location, 'Remote');
    expect(shownRoles()).toEqual(['Frontend Developer', 'UI/UX Designer']);
    expect(status()).toHaveTextContent('Showing 2 of 3 roles');
  });

  it('holds the search, type and location together', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Remote');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Internship');
    expect(shownRoles()).toEqual(['UI/UX Designer']);

    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'ui');
    expect(shownRoles()).toEqual(['UI/UX Designer']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Full-time');
    expect(shownRoles()).toEqual([]);
  });

  it('says the exact no-match text, in the live region, when nothing matches', async () => {
    const { user } = setup();
    expect(screen.queryByText(CAREERS_NO_MATCH_TEXT)).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'astronaut');

    expect(
      within(status()).getByText(
        "No open roles match your filters—reach out anyway if you're excited to work with us.",
      ),
    ).toBeInTheDocument();
    expect(status()).toHaveTextContent('Showing 0 of 3 roles');
    expect(screen.queryByRole('list', { name: 'Open roles' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reach Out' })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search roles' }));
    expect(screen.queryByText(CAREERS_NO_MATCH_TEXT)).not.toBeInTheDocument();
    expect(shownRoles()).toHaveLength(3);
  });

  it('starts with the Talent Pool opt-in on and writes the choice into the Reach Out e-mail', async () => {
    const { user } = setup();
    expect(talentPool()).toBeChecked();
    const reachOut = () => screen.getByRole('link', { name: 'Reach Out' });
    expect(reachOut()).toHaveAttribute('href', reachOutMailto(true));
    expect(decodeURIComponent(reachOut().getAttribute('href') ?? '')).toContain('subject=General Application');
    expect(decodeURIComponent(reachOut().getAttribute('href') ?? '')).toContain('Add me to the talent pool: Yes');

    await user.click(talentPool());

    expect(talentPool()).not.toBeChecked();
    expect(reachOut()).toHaveAttribute('href', reachOutMailto(false));
    expect(decodeURIComponent(reachOut().getAttribute('href') ?? '')).toContain('Add me to the talent pool: No');
  });

  it('sends the careers-apply beacon with the role and the talent-pool choice', async () => {
    const { user, beacons } = setup();
    const before = Date.now();

    await user.click(screen.getByRole('link', { name: 'Apply for Frontend Developer' }));

    await waitFor(() => expect(beacons.sent).toHaveLength(1));
    expect(beacons.sent[0].name).toBe('careers-apply');
    const body = beacons.sent[0].body as { role: string; talentOptIn: boolean; ts: number };
    expect(Object.keys(body).sort()).toEqual(['role', 'talentOptIn', 'ts']);
    expect(body.role).toBe('Frontend Developer');
    expect(body.talentOptIn).toBe(true);
    expect(body.ts).toBeGreaterThanOrEqual(before);

    await user.click(talentPool());
    await user.click(screen.getByRole('link', { name: 'Apply for Content & SEO Strategist' }));

    await waitFor(() => expect(beacons.sent).toHaveLength(2));
    expect(beacons.sent[1]).toEqual({
      name: 'careers-apply',
      body: { role: 'Content & SEO Strategist', talentOptIn: false, ts: expect.any(Number) },
    });
  });
});
