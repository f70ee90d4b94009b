import { AlertsBell } from '@client/features/alerts/AlertsBell';
import { tokensRefreshed } from '@client/session/session.slice';
import { alertBody, zeroConversionsAlertBody } from '@client/test/alerts.handlers';
import { alertEvents, streamResponse } from '@client/test/alertStream.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';

import { useAlertStream } from './useAlertStream';

/** The bell as the app shows it: live. */
function LiveBell() {
  useAlertStream(true);
  return <AlertsBell />;
}

describe('live alerts', () => {
  it('refresh the bell as they arrive and toast a critical one, not a warning', async () => {
    let unread = 0;
    const streams: { lastEventId: string | null; authorization: string | null; workspace: string | null }[] = [];
    server.use(
      http.get(api('alerts/unread/'), () => HttpResponse.json({ count: unread })),
      http.get(api('alerts/stream/'), ({ request }) => {
        streams.push({
          lastEventId: request.headers.get('last-event-id'),
          authorization: request.headers.get('authorization'),
          workspace: request.headers.get('x-workspace-id'),
        });
        unread = 2;
        return streamResponse(
          alertEvents([
            { id: 41, alert: alertBody({ id: 'a-critical', headline: 'Spend across the account doubled' }) },
            {
              id: 42,
              alert: zeroConversionsAlertBody({ id: 'a-warning', headline: 'Brand spent with no conversion' }),
            },
          ]),
        );
      }),
    );
    renderWithProviders(
      <SnackbarProvider>
        <LiveBell />
      </SnackbarProvider>,
      { preloadedState: { session: signedInSession() } },
    );
    expect(await screen.findByText('Critical alert: Spend across the account doubled')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Alerts, 2 unread' });
    expect(screen.queryByText(/Brand spent with no conversion/)).not.toBeInTheDocument();
    expect(streams[0]).toEqual({
      lastEventId: null,
      authorization: 'Bearer access-token-1',
      workspace: signedInSession().workspace!.id,
    });
  });

  it('reconnect after the stream ends with the last id seen and the session’s current token', async () => {
    const streams: { lastEventId: string | null; authorization: string | null }[] = [];
    server.use(
      http.get(api('alerts/stream/'), ({ request }) => {
        streams.push({
          lastEventId: request.headers.get('last-event-id'),
          authorization: request.headers.get('authorization'),
        });
        // The first stream delivers one alert and ends (as when its token expires); the next stays open.
        return streamResponse(
          streams.length === 1
            ? alertEvents([{ id: 7, alert: zeroConversionsAlertBody() }], { end: true })
            : alertEvents([]),
        );
      }),
    );
    const { store } = renderWithProviders(<LiveBell />, { preloadedState: { session: signedInSession() } });
    await waitFor(() => expect(streams).toHaveLength(1));
    store.dispatch(tokensRefreshed({ access: 'access-token-2', refresh: 'refresh-token-2' }));
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 6_000 });
    expect(streams[1]).toEqual({ lastEventId: '7', authorization: 'Bearer access-token-2' });
  }, 10_000);

  it('resume from the position the stream opened at when no alert came, and refresh an expired token before connecting again', async () => {
    const streams: { lastEventId: string | null; authorization: string | null }[] = [];
    let refreshes = 0;
    server.use(
      http.post(api('token/refresh/'), () => {
        refreshes += 1;
        return HttpResponse.json({ access: 'access-token-2', refresh: 'refresh-token-2' });
      }),
      http.get(api('alerts/unread/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-token-2'
          ? HttpResponse.json({ count: 0 })
          : HttpResponse.json({ detail: 'Session expired.' }, { status: 401 }),
      ),
      http.get(api('alerts/stream/'), ({ request }) => {
        streams.push({
          lastEventId: request.headers.get('last-event-id'),
          authorization: request.headers.get('authorization'),
        });
        // The first stream opens at position 12 and ends (its token expired); the old token is then refused.
        if (streams.length === 1) return streamResponse(alertEvents([], { end: true, cursor: 12 }));
        if (request.headers.get('authorization') !== 'Bearer access-token-2')
          return HttpResponse.json({ detail: 'Session expired.' }, { status: 401 });
        return streamResponse(alertEvents([]));
      }),
    );
    renderWithProviders(<LiveBell />, { preloadedState: { session: signedInSession() } });
    await waitFor(() => expect(streams.some((s) => s.authorization === 'Bearer access-token-2')).toBe(true), {
      timeout: 12_000,
    });
    expect(refreshes).toBe(1);
    expect(streams.at(-1)).toEqual({ lastEventId: '12', authorization: 'Bearer access-token-2' });
  }, 20_000);
});
