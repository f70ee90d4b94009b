import { api } from '@client/test/handlers';
import { server } from '@client/test/server';
import { http, HttpResponse } from 'msw';

import { sendBeacon } from './beacons';

describe('sendBeacon', () => {
  afterEach(() => jest.restoreAllMocks());

  it('posts JSON to the API with keepalive, so it survives the page changing', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const received = new Promise<unknown>((resolve) => {
      server.use(
        http.post(api('analytics/404-search'), async ({ request }) => {
          resolve(await request.json());
          return new HttpResponse(null, { status: 204 });
        }),
      );
    });

    sendBeacon('analytics/404-search', { ts: 1234 });

    expect(await received).toEqual({ ts: 1234 });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe(api('analytics/404-search'));
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('swallows network failures', async () => {
    const failed = new Promise<void>((resolve) => {
      server.use(
        http.post(api('analytics/404-suggestion'), () => {
          resolve();
          return HttpResponse.error();
        }),
      );
    });
    expect(() => sendBeacon('analytics/404-suggestion', { target: 'features', ts: 1 })).not.toThrow();
    await failed;
  });

  it('swallows a fetch that throws at once', () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => {
      throw new TypeError('blocked');
    });
    expect(() => sendBeacon('analytics/404-search', { ts: 1 })).not.toThrow();
  });
});
