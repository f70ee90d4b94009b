import { LIST_ID } from '@client/api/tags';
import { useAppDispatch, useAppSelector, useAppStore } from '@client/app/hooks';
import { alertsApi } from '@client/features/alerts/alerts.api';
import { apiUrl } from '@client/lib/config';
import { notify } from '@client/lib/notify';
import { selectWorkspace } from '@client/session/session.slice';
import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';
import type { Alert } from '@shared/api/alerts';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { useEffect } from 'react';

/** Wait before connecting again after the stream ended or failed (the server ends it when the token it was opened with expires). */
export const RECONNECT_MS = 3_000;
/** Alerts arriving together refresh the list and the count once. */
const REFRESH_AFTER_MS = 250;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Live alerts: listens to alerts/stream/ (server-sent events) while `enabled`, refreshing the bell
 * and the list as alerts arrive and showing a toast for a critical one. Each connection is made
 * with the session's current access token and the id of the last alert seen, so a reconnect (the
 * server ends the stream when its token would expire; a network drop) gets exactly what was
 * raised in between, none twice. fetch, not EventSource: the stream needs the bearer token and the
 * workspace header, which EventSource cannot send.
 */
export function useAlertStream(enabled: boolean): void {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const workspaceId = useAppSelector(selectWorkspace)?.id ?? null;

  useEffect(() => {
    if (!enabled || !workspaceId) return undefined;
    const controller = new AbortController();
    let lastEventId: string | null = null;
    let refresh: ReturnType<typeof setTimeout> | null = null;

    const onAlert = (message: EventSourceMessage) => {
      // Every event's id is a position to resume from: the stream's opening `cursor` event too.
      if (message.id) lastEventId = message.id;
      if (message.event !== 'alert') return;
      const alert = JSON.parse(message.data) as Alert;
      if (alert.severity === 'critical')
        notify(`Critical alert: ${alert.headline}`, 'error', { key: `alert-${alert.id}`, preventDuplicate: true });
      if (!refresh) {
        refresh = setTimeout(() => {
          refresh = null;
          dispatch(
            alertsApi.util.invalidateTags([
              { type: 'Alert', id: LIST_ID },
              { type: 'Alert', id: 'UNREAD' },
            ]),
          );
        }, REFRESH_AFTER_MS);
      }
    };

    const listen = async () => {
      while (!controller.signal.aborted) {
        const { access } = store.getState().session;
        if (access) {
          try {
            await fetchEventSource(apiUrl('alerts/stream/'), {
              signal: controller.signal,
              // Alerts matter when the tab is in the background too.
              openWhenHidden: true,
              headers: {
                authorization: `Bearer ${access}`,
                [WORKSPACE_HEADER]: workspaceId,
                ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
              },
              async onopen(response) {
                // An expired token: the session is refreshed through the API's own path (one cheap
                // request that refreshes on its 401), so the next connection carries a fresh one.
                if (response.status === 401)
                  await dispatch(
                    alertsApi.endpoints.getUnreadAlertCount.initiate(undefined, {
                      subscribe: false,
                      forceRefetch: true,
                    }),
                  );
                if (!response.ok) throw new Error(`alert stream answered ${response.status}`);
              },
              onmessage: onAlert,
              // The loop reconnects, with a fresh token: the library's own retry would reuse the old one.
              onerror(error) {
                throw error;
              },
            });
          } catch {
            // Reconnected below; the bell's poll keeps the count right meanwhile.
          }
        }
        await wait(RECONNECT_MS, controller.signal);
      }
    };
    void listen();
    return () => {
      controller.abort();
      if (refresh) clearTimeout(refresh);
    };
  }, [enabled, workspaceId, store, dispatch]);
}
