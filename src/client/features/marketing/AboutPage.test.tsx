import { paths } from '@client/lib/paths';
import { api, recordBeacons } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { AboutPage } from './AboutPage';

function setup() {
  const beacons = recordBeacons();
  server.use(beacons.handler);
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.about} element={<AboutPage />} />
      <Route path={paths.contact} element={<h1>Contact page</h1>} />
    </Routes>,
    { route: paths.about },
  );
  return { ...rendered, beacons };
}

const pilotSlots = () => screen.getByRole('checkbox', { name: 'Tell me about limited pilot slots' });
const contactUs = () => screen.getByRole('button', { name: 'Contact Us' });

describe('AboutPage', () => {
  it('has one h1 and its sections in order, with no heading level skipped', () => {
    setup();
    const headings = screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(headings).toEqual([
      'H1 About Us',
      'H2 Our mission',
      'H2 Our story',
      'H3 Three founders, one frustration',
      'H2 The problem we solve',
      'H2 Core team',
      'H3 Ananya Iyer',
      'H3 Rohan Mehta',
      'H3 Priya Nair',
      'H2 Pilot results',
      'H2 Core values',
      'H2 Work with us',
    ]);
  });

  it('lists the four problems in the spec’s words', () => {
    setup();
    const problems = within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem');
    expect(problems.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Fragmented dashboards across ad platforms',
      'Unclear what works',
      'High bounce and low conversion',
      'Missing psychology-led creative',
    ]);
  });

  it('shows the core team of three, each with a role', () => {
    setup();
    const team = within(screen.getByRole('list', { name: 'Core team' })).getAllByRole('listitem');
    expect(team).toHaveLength(3);
    expect(team[0]).toHaveTextContent('Ananya Iyer');
    expect(team[0]).toHaveTextContent('Product & Growth Lead');
    expect(team[1]).toHaveTextContent('Rohan MehtaEngineering Lead');
    expect(team[2]).toHaveTextContent('Priya NairBehavioural Science & Creative Lead');
  });

  it('shows the pilot figures with their caveat (at once here: jsdom has no IntersectionObserver)', () => {
    setup();
    expect(screen.getByText('12+ early adopters')).toBeInTheDocument();
    expect(screen.getByText('93% average conversion lift')).toBeInTheDocument();
    expect(screen.getByText('48 out of 50 user satisfaction')).toBeInTheDocument();
    expect(screen.getByText('Results vary by vertical and spend.')).toBeInTheDocument();
    expect(screen.getByText('93%')).toBeInTheDocument();
  });

  describe('contact block', () => {
    it('starts with the pilot-slots opt-in on; Contact Us reports it and opens /contact', async () => {
      const { user, beacons } = setup();
      expect(pilotSlots()).toBeChecked();
      const before = Date.now();

      await user.click(contactUs());

      expect(await screen.findByRole('heading', { level: 1, name: 'Contact page' })).toBeInTheDocument();
      expect(window.location.pathname).toBe(paths.contact);
      await waitFor(() => expect(beacons.sent).toHaveLength(1));
      expect(beacons.sent[0].name).toBe('about-contact-preference');
      const body = beacons.sent[0].body as { openToContact: boolean; ts: number };
      expect(Object.keys(body).sort()).toEqual(['openToContact', 'ts']);
      expect(body.openToContact).toBe(true);
      expect(body.ts).toBeGreaterThanOrEqual(before);
      expect(body.ts).toBeLessThanOrEqual(Date.now());
    });

    it('reports the opt-in turned off', async () => {
      const { user, beacons } = setup();
      await user.click(pilotSlots());
      expect(pilotSlots()).not.toBeChecked();

      await user.click(contactUs());

      await waitFor(() => expect(beacons.sent).toHaveLength(1));
      expect(beacons.sent[0]).toEqual({
        name: 'about-contact-preference',
        body: { openToContact: false, ts: expect.any(Number) },
      });
      expect(window.location.pathname).toBe(paths.contact);
    });

    it('can be used from the keyboard', async () => {
      const { user, beacons } = setup();
      await user.tab();
      expect(pilotSlots()).toHaveFocus();
      await user.keyboard(' ');
      expect(pilotSlots()).not.toBeChecked();
      await user.tab();
      expect(contactUs()).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { level: 1, name: 'Contact page' })).toBeInTheDocument();
      await waitFor(() => expect(beacons.sent).toHaveLength(1));
      expect(beacons.sent[0].body).toMatchObject({ openToContact: false });
    });

    it('still opens /contact when the beacon fails', async () => {
      server.use(http.post(api('analytics/:beacon'), () => HttpResponse.error()));
      const { user } = renderWithProviders(
        <Routes>
          <Route path={paths.about} element={<AboutPage />} />
          <Route path={paths.contact} element={<h1>Contact page</h1>} />
        </Routes>,
        { route: paths.about },
      );
      await user.click(contactUs());
      expect(await screen.findByRole('heading', { level: 1, name: 'Contact page' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
