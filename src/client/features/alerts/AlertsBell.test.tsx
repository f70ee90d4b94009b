import { paths } from '@client/lib/paths';
import { installFakeClock } from '@client/test/fakeClock';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { UNREAD_POLL_MS } from './alerts.api';
import { AlertsBell } from './AlertsBell';

/** The bell against a server whose unread count is `count()`; returns how often it was asked. */
function setup(count: () => number) {
  const asked = { times: 0 };
  server.use(
    http.get(api('alerts/unread/'), () => {
      asked.times += 1;
      return HttpResponse.json({ count: count() });
    }),
  );
  renderWithProviders(<AlertsBell />, { preloadedState: { session: signedInSession() } });
  return asked;
}

afterEach(() => {
  jest.useRealTimers();
});

describe('AlertsBell', () => {
  it('shows the unread count in a badge, says it in its name, and links to /alerts', async () => {
    setup(() => 3);
    const bell = await screen.findByRole('link', { name: 'Alerts, 3 unread' });
    expect(bell).toHaveAttribute('href', paths.alerts);
    expect(bell).toHaveTextContent('3');
    expect(bell.querySelector('.MuiBadge-badge')).not.toHaveClass('MuiBadge-invisible');
  });

  it('hides the badge when nothing is unread', async () => {
    const asked = setup(() => 0);
    await waitFor(() => expect(asked.times).toBe(1));
    const bell = screen.getByRole('link', { name: 'Alerts' });
    expect(bell).toHaveAttribute('href', paths.alerts);
    // No badge in the page at all: MUI's hidden badge kept a number that axe reads as visible text missing from the name.
    expect(bell.querySelector('.MuiBadge-badge')).toBeNull();
    expect(bell).toHaveTextContent('');
  });

  it('caps the badge at 99+ and keeps the exact count in its name', async () => {
    setup(() => 250);
    const bell = await screen.findByRole('link', { name: 'Alerts, 250 unread' });
    expect(bell).toHaveTextContent('99+');
    expect(bell).not.toHaveTextContent('250');
  });

  // Either side of the cap: the badge shows the number up to 99, then '99+'; the name always says the exact count.
  it.each([
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [120, '99+'],
    [1234, '99+'],
  ])('with %i unread, shows %s in the badge and the exact count in its name', async (count, badge) => {
    setup(() => count);
    const bell = await screen.findByRole('link', { name: `Alerts, ${count} unread` });
    expect(bell.querySelector('.MuiBadge-badge')?.textContent).toBe(badge);
  });

  it('asks for the count again every minute', async () => {
    installFakeClock();
    let count = 1;
    const asked = setup(() => count);
    expect(await screen.findByRole('link', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
    count = 2;
    act(() => {
      jest.advanceTimersByTime(UNREAD_POLL_MS);
    });
    expect(await screen.findByRole('link', { name: 'Alerts, 2 unread' })).toBeInTheDocument();
    expect(asked.times).toBe(2);
  });
});
