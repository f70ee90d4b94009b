import { makeStore } from '@client/app/store';
import { api } from '@client/test/handlers';
import { signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { http, HttpResponse } from 'msw';

import { accountApi } from './account.api';

describe('getUserInfo', () => {
  it('normalises the body: missing values default to 0', async () => {
    server.use(
      http.get(api('user-info/'), () =>
        HttpResponse.json({ fullName: 'Asha Rao', username: 'asha@example.com', trial: { is_trial: true } }),
      ),
    );
    const store = makeStore({ session: signedInSession() });

    const info = await store.dispatch(accountApi.endpoints.getUserInfo.initiate()).unwrap();

    expect(info).toEqual({
      fullName: 'Asha Rao',
      username: 'asha@example.com',
      is_trial: false,
      trial: { is_trial: true, trial_ends_at: null },
      gamification: { points: 0, streak: 0 },
    });
  });
});
