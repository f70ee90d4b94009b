import { baseApi } from '@client/api/baseApi';
import { LIST_ID } from '@client/api/tags';
import { makeStore } from '@client/app/store';
import { api } from '@client/test/handlers';
import { fakeRulesServer, pendingActionBody, RULE_ID } from '@client/test/rules.handlers';
import { server } from '@client/test/server';
import type { ActionList } from '@shared/api/actions';
import { http, HttpResponse } from 'msw';

import { rulesApi } from './rules.api';

/** A stand-in for the actions log's query (the suggestions feature's): the same address and tag. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeActionsLog: build.query<ActionList, void>({
      query: () => 'actions/',
      providesTags: [{ type: 'Action', id: LIST_ID }],
    }),
  }),
});

function setup() {
  const fake = fakeRulesServer();
  let actionLogReads = 0;
  server.use(
    ...fake.handlers,
    http.get(api('actions/'), () => {
      actionLogReads += 1;
      return HttpResponse.json({ items: [], ranking: [] } satisfies ActionList);
    }),
  );
  const store = makeStore();
  const subscriptions = [
    store.dispatch(rulesApi.endpoints.listRules.initiate()),
    store.dispatch(probeApi.endpoints.probeActionsLog.initiate()),
  ];
  return {
    fake,
    store,
    actionLogReads: () => actionLogReads,
    unsubscribe: () => subscriptions.forEach((subscription) => subscription.unsubscribe()),
  };
}

const settled = (store: ReturnType<typeof makeStore>) =>
  Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));

describe('rulesApi', () => {
  it.each([
    ['approving', 'approveRuleAction'],
    ['rejecting', 'rejectRuleAction'],
  ] as const)('asks for the rules and the actions log again after %s a change', async (_, endpoint) => {
    const { fake, store, actionLogReads, unsubscribe } = setup();
    await settled(store);
    expect(fake.requests.lists).toBe(1);
    expect(actionLogReads()).toBe(1);

    await store.dispatch(rulesApi.endpoints[endpoint].initiate(pendingActionBody().id)).unwrap();
    await settled(store);
    expect(fake.requests.lists).toBe(2);
    expect(actionLogReads()).toBe(2);
    unsubscribe();
  });

  it('changes nothing cached when a decision fails', async () => {
    const { fake, store, actionLogReads, unsubscribe } = setup();
    await settled(store);
    await expect(
      store.dispatch(rulesApi.endpoints.approveRuleAction.initiate('no-such-action')).unwrap(),
    ).rejects.toMatchObject({ status: 404 });
    await settled(store);
    expect(fake.requests.lists).toBe(1);
    expect(actionLogReads()).toBe(1);
    unsubscribe();
  });

  it('puts the switch in the cached list at once, and the answer after', async () => {
    const { fake, store, unsubscribe } = setup();
    await settled(store);
    const enabled = () =>
      rulesApi.endpoints.listRules
        .select()(store.getState())
        .data?.rules.find((rule) => rule.id === RULE_ID)?.enabled;
    expect(enabled()).toBe(true);
    const change = store.dispatch(rulesApi.endpoints.setRuleEnabled.initiate({ id: RULE_ID, enabled: false }));
    expect(enabled()).toBe(false);
    await change.unwrap();
    expect(enabled()).toBe(false);
    expect(fake.requests.enabled).toEqual([{ id: RULE_ID, body: { enabled: false } }]);
    // The answer replaced the rule: the list is not asked for again.
    await settled(store);
    expect(fake.requests.lists).toBe(1);
    unsubscribe();
  });
});
