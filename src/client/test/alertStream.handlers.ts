import type { Alert } from '@shared/api/alerts';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** An SSE body as the server sends it: the position it opens at (`cursor`), the given alerts as `alert` events, then (unless `end`) held open like a live stream. */
export function alertEvents(
  alerts: { id: number; alert: Alert }[],
  { end = false, cursor = 0 } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\nid: ${cursor}\nevent: cursor\ndata:\n\n`));
      for (const { id, alert } of alerts)
        controller.enqueue(encoder.encode(`id: ${id}\nevent: alert\ndata: ${JSON.stringify(alert)}\n\n`));
      if (end) controller.close();
    },
  });
}

export const streamResponse = (body: ReadableStream<Uint8Array>) =>
  new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });

/** By default the live stream is open and quiet. */
export const defaultAlertStreamHandlers = [http.get(api('alerts/stream/'), () => streamResponse(alertEvents([])))];
