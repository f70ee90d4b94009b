import { makeStore } from '@client/app/store';
import { adAccountBody, api, FAKE_OTP, fakeAdAccountsServer } from '@client/test/handlers';
import { signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { adAccountsApi } from './adAccounts.api';

/** A store holding the account list, fetched from a fake server. */
async function withList() {
  const fake = fakeAdAccountsServer([adAccountBody(), adAccountBody({ id: 'conn-2' })]);
  server.use(...fake.handlers);
  const store = makeStore({ session: signedInSession() });
  const subscription = store.dispatch(adAccountsApi.endpoints.listAdAccounts.initiate());
  await subscription;
  return { store, fake, done: () => subscription.unsubscribe() };
}

describe('adAccountsApi', () => {
  it('posts the contract bodies and fetches the list again after a disconnect', async () => {
    const { store, fake, done } = await withList();
    await store.dispatch(adAccountsApi.endpoints.generateOtp.initiate()).unwrap();
    await store.dispatch(adAccountsApi.endpoints.verifyOtp.initiate({ otp: FAKE_OTP })).unwrap();
    const result = await store
      .dispatch(adAccountsApi.endpoints.deleteConnectedAccount.initiate({ accid: 'conn-1' }))
      .unwrap();

    expect(result).toEqual({ deleted: true, id: 'conn-1' });
    expect(fake.requests.deleted).toEqual([{ accid: 'conn-1' }]);
    await waitFor(() => expect(fake.requests.listed).toBe(2));
    expect(
      adAccountsApi.endpoints.listAdAccounts
        .select()(store.getState())
        .data?.map(({ id }) => id),
    ).toEqual(['conn-2']);
    done();
  });

  it('sends an empty object to generate-otp/', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('generate-otp/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ sent: true, resend_after_seconds: 30, expires_in_seconds: 600 });
      }),
    );
    const store = makeStore({ session: signedInSession() });
    await store.dispatch(adAccountsApi.endpoints.generateOtp.initiate()).unwrap();
    expect(bodies).toEqual([{}]);
  });

  it('leaves the list alone when a disconnect fails', async () => {
    const { store, fake, done } = await withList();
    // No verified OTP: the fake server refuses with 403.
    await store.dispatch(adAccountsApi.endpoints.deleteConnectedAccount.initiate({ accid: 'conn-1' }));
    // Give a refetch every chance to go out before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.listed).toBe(1);
    done();
  });

  it('asks the server afresh on every connection start (no cached consent address)', async () => {
    let calls = 0;
    server.use(
      http.get(api('auth/meta/'), () => {
        calls += 1;
        return HttpResponse.json({ auth_url: `https://meta.example/consent?state=${calls}` });
      }),
    );
    const store = makeStore({ session: signedInSession() });
    const first = await store.dispatch(adAccountsApi.endpoints.startConnection.initiate({ platform: 'meta' })).unwrap();
    const second = await store
      .dispatch(adAccountsApi.endpoints.startConnection.initiate({ platform: 'meta' }))
      .unwrap();
    expect([first.auth_url, second.auth_url]).toEqual([
      'https://meta.example/consent?state=1',
      'https://meta.example/consent?state=2',
    ]);
  });
});
