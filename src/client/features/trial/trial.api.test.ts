import { makeStore } from '@client/app/store';
import { accountApi } from '@client/features/account/account.api';
import { api, userInfoBody } from '@client/test/handlers';
import { signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { trialApi } from './trial.api';

/** A store holding user-info, and a count of how often user-info was fetched. */
async function withUserInfo() {
  let fetched = 0;
  server.use(
    http.get(api('user-info/'), () => {
      fetched += 1;
      return HttpResponse.json(userInfoBody());
    }),
  );
  const store = makeStore({ session: signedInSession() });
  const subscription = store.dispatch(accountApi.endpoints.getUserInfo.initiate());
  await subscription;
  return { store, fetched: () => fetched, done: () => subscription.unsubscribe() };
}

describe('startTrial', () => {
  it('posts an empty object and fetches user-info again once the trial has started', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('start-trial/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ is_trial: true, trial_ends_at: '2030-01-08T00:00:00.000Z' });
      }),
    );
    const { store, fetched, done } = await withUserInfo();

    const result = await store.dispatch(trialApi.endpoints.startTrial.initiate()).unwrap();

    expect(result).toEqual({ is_trial: true, trial_ends_at: '2030-01-08T00:00:00.000Z' });
    expect(bodies).toEqual([{}]);
    await waitFor(() => expect(fetched()).toBe(2));
    done();
  });

  it('leaves user-info alone when the start fails', async () => {
    server.use(http.post(api('start-trial/'), () => HttpResponse.json({ detail: 'No' }, { status: 409 })));
    const { store, fetched, done } = await withUserInfo();

    await store.dispatch(trialApi.endpoints.startTrial.initiate());

    // Give a refetch every chance to go out before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched()).toBe(1);
    done();
  });
});
