import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { SUPPORT_EMAIL } from '@shared/constants';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

interface Beacon {
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
}

async function setup(route = '/old/missing-page') {
  const beacons: Beacon[] = [];
  server.use(
    http.post(api('analytics/:beacon'), async ({ request, params }) => {
      beacons.push({
        path: String(params.beacon),
        body: (await request.json()) as Record<string, unknown>,
        headers: request.headers,
      });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const rendered = renderWithProviders(<AppRouter />, { route });
  await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
  return { ...rendered, beacons };
}

function expectNothingPersonal(beacon: Beacon, ...forbidden: string[]) {
  const text = JSON.stringify(beacon.body);
  for (const value of forbidden) expect(text).not.toContain(value);
  expect(beacon.headers.has('Authorization')).toBe(false);
  expect(beacon.headers.has('X-User-Email')).toBe(false);
}

describe('NotFoundPage', () => {
  it('searches from a labelled box and opens /search?q=<query>, sending only a timestamp', async () => {
    const { user, beacons } = await setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search the site' }), 'ad budget & tips');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for "ad budget & tips"' }),
    ).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe(
      `/search?q=${encodeURIComponent('ad budget & tips')}`,
    );
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0].path).toBe('404-search');
    expect(Object.keys(beacons[0].body)).toEqual(['ts']);
    expect(typeof beacons[0].body.ts).toBe('number');
    expectNothingPersonal(beacons[0], 'budget', 'missing-page');
  });

  it('does nothing for an empty search', async () => {
    const { user, beacons } = await setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(window.location.pathname).toBe('/old/missing-page');
    expect(beacons).toHaveLength(0);
  });

  it.each([
    ['Home', '/', 'home'],
    ['Features', '/features', 'features'],
    ['Careers', '/careers', 'careers'],
    ['Contact', '/contact', 'contact'],
    ['Login', '/login', 'login'],
  ])('quick link %s goes to %s and reports only which suggestion was used', async (label, path, target) => {
    const { user, beacons } = await setup();
    const nav = screen.getByRole('navigation', { name: 'Popular pages' });
    const link = Array.from(nav.querySelectorAll('a')).find((anchor) => anchor.textContent === label);
    expect(link).toHaveAttribute('href', path);

    await user.click(link as HTMLAnchorElement);

    await waitFor(() => expect(window.location.pathname).toBe(path));
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0].path).toBe('404-suggestion');
    expect(Object.keys(beacons[0].body).sort()).toEqual(['target', 'ts']);
    expect(beacons[0].body.target).toBe(target);
    expectNothingPersonal(beacons[0], 'missing-page');
  });

  it('goes home from the Go to Homepage button', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' }),
    ).toBeInTheDocument();
  });

  it('reports an issue by e-mail, naming the missing path', async () => {
    await setup('/old/missing-page');
    const href = screen.getByRole('link', { name: 'Report an issue' }).getAttribute('href') ?? '';
    expect(href.startsWith(`mailto:${SUPPORT_EMAIL}?subject=`)).toBe(true);
    expect(decodeURIComponent(href.split('subject=')[1])).toContain('/old/missing-page');
  });

  it('offers the diagnostics download', async () => {
    await setup();
    expect(screen.getByRole('button', { name: 'Download diagnostics' })).toBeInTheDocument();
  });

  it('keeps working when the beacon fails', async () => {
    server.use(http.post(api('analytics/:beacon'), () => HttpResponse.error()));
    const { user } = renderWithProviders(<AppRouter />, { route: '/nowhere' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search the site' }), 'pricing{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "pricing"' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
