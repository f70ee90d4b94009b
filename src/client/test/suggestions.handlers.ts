import { ACTION_MESSAGES, type ActionList, type ActionRecord, UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import {
  type ApplyPreview,
  type ChartPoint,
  type Suggestion,
  SUGGESTION_MESSAGES,
  type SuggestionList,
  type TypeRecord,
} from '@shared/api/suggestions';
import { addDays } from '@shared/days';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** The accounts the fake suggestions are about. */
export const BRAND_ACCOUNT = { id: '00000000-0000-4000-8000-400000000001', name: 'Brand', currency: 'USD' } as const;
export const STORE_ACCOUNT = {
  id: '00000000-0000-4000-8000-400000000002',
  name: 'Main store',
  currency: 'INR',
} as const;

/** A week of chart points: the entity well under its peers, with a day without delivery. */
export function chartPointsBody(): ChartPoint[] {
  return Array.from({ length: 7 }, (_, index) => ({
    date: addDays('2030-01-01', index),
    entity: index === 3 ? null : 1 + index * 0.1,
    peers: 2.5,
  }));
}

/** An open suggestion; by default: pause a losing Google ad, with one figure of evidence and a chart. */
export function suggestionBody(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: 'sug-1',
    type: 'pause_ad',
    platform: 'google',
    account: { ...BRAND_ACCOUNT },
    headline: 'Pause “Spring sale”: it converts at a third of its peers',
    confidence: 0.92,
    evidence: [
      {
        metric: 'conversion_rate',
        label: 'Conversions per 1,000 impressions',
        entity: { mid: 0.8, low: 0.5, high: 1.1 },
        peers: { mid: 2.1, low: 1.8, high: 2.4 },
        probability: 0.97,
      },
    ],
    chart: { label: 'Conversions per 1,000 impressions (7-day rolling)', points: chartPointsBody() },
    impact: {
      conversions_per_week: { mid: 3.1, low: 1.2, high: 5 },
      spend_per_week: { mid: -120000, low: -150000, high: -90000 },
    },
    change: {
      kind: 'ad_status',
      ad_id: 'ad-1',
      ad_name: 'Spring sale',
      campaign_id: 'cmp-2',
      campaign_name: 'Brand Search',
      from: 'ACTIVE',
      to: 'PAUSED',
    },
    change_lines: ['Google Ads: set ad “Spring sale” from Active to Paused'],
    applicable: true,
    status: 'open',
    computed_at: '2030-01-07T09:00:00.000Z',
    snoozed_until: null,
    ...overrides,
  };
}

/** A second suggestion: scale a winning Meta campaign in the INR store account. */
export const scaleSuggestionBody = (overrides: Partial<Suggestion> = {}) =>
  suggestionBody({
    id: 'sug-2',
    type: 'scale_campaign',
    platform: 'meta',
    account: { ...STORE_ACCOUNT },
    headline: 'Raise the budget of “Diwali Sale”: it beats its peers',
    confidence: 0.81,
    evidence: [],
    chart: null,
    impact: {
      conversions_per_week: { mid: 6, low: 2.5, high: 9.5 },
      spend_per_week: { mid: 700000, low: 700000, high: 700000 },
    },
    change: {
      kind: 'campaign_budget',
      campaign_id: 'cmp-1',
      campaign_name: 'Diwali Sale',
      currency: 'INR',
      from: 200000,
      to: 300000,
    },
    change_lines: ['Meta: raise the daily budget of “Diwali Sale” from ₹2,000.00 to ₹3,000.00'],
    ...overrides,
  });

/** A task to do by hand: nothing to apply. */
export const taskSuggestionBody = (overrides: Partial<Suggestion> = {}) =>
  suggestionBody({
    id: 'sug-3',
    type: 'test_cta',
    headline: 'Test a new call to action on “Brand Search”',
    confidence: 0.7,
    impact: { conversions_per_week: { mid: 1, low: 0, high: 2 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
    change: {
      kind: 'task',
      description: 'Write two new CTAs and run them against the current one.',
      campaign_id: 'cmp-7',
    },
    change_lines: ['To do by hand at Google Ads: Write two new CTAs and run them against the current one.'],
    applicable: false,
    ...overrides,
  });

/** A move of budget the platform took only in part: the source lowered, the target not raised. */
export const partlyAppliedActionBody = (overrides: Partial<ActionRecord> = {}): ActionRecord =>
  actionRecordBody({
    id: 'act-partial',
    suggestion_id: 'sug-2',
    type: 'move_budget',
    headline: 'Move ₹500.00 a day from “Brand” to “Diwali Sale”',
    change_lines: [
      'Google Ads: lower the daily budget of campaign “Brand” from INR 2000.00 a day to INR 1500.00 a day',
      'Google Ads: raise the daily budget of campaign “Diwali Sale” from INR 2000.00 a day to INR 2500.00 a day',
    ],
    steps: [
      {
        line: 'Google Ads: lower the daily budget of campaign “Brand” from INR 2000.00 a day to INR 1500.00 a day',
        state: 'done',
      },
      {
        line: 'Google Ads: raise the daily budget of campaign “Diwali Sale” from INR 2000.00 a day to INR 2500.00 a day',
        state: 'not_done',
      },
    ],
    status: 'partially_applied',
    can_undo: true,
    can_retry: true,
    problem:
      'Google Ads: we lowered the daily budget of campaign “Brand” from INR 2000.00 a day to INR 1500.00 a day but could not raise the daily budget of campaign “Diwali Sale” from INR 2000.00 a day to INR 2500.00 a day (it is still INR 2000.00 a day).',
    ...overrides,
  });

/** An entry of the actions log; by default the default suggestion applied a minute ago, still undoable. */
export function actionRecordBody(overrides: Partial<ActionRecord> = {}): ActionRecord {
  const appliedAt = Date.now() - 60_000;
  return {
    id: 'act-1',
    suggestion_id: 'sug-1',
    rule: null,
    type: 'pause_ad',
    platform: 'google',
    account: { ...BRAND_ACCOUNT },
    headline: 'Pause “Spring sale”: it converts at a third of its peers',
    change_lines: ['Google Ads: set ad “Spring sale” from Active to Paused'],
    steps: [{ line: 'Google Ads: pause ad “Spring sale”', state: 'done' }],
    by_hand: false,
    applied_by: { id: '00000000-0000-4000-8000-300000000001', name: 'Asha Rao' },
    via: null,
    applied_at: new Date(appliedAt).toISOString(),
    undo_until: new Date(appliedAt + UNDO_WINDOW_MINUTES * 60_000).toISOString(),
    can_undo: true,
    can_retry: false,
    undone_at: null,
    status: 'applied',
    problem: null,
    note: null,
    forecast: { mid: 3.1, low: 1.2, high: 5 },
    horizon_days: 7,
    due_at: '2030-01-14T09:00:00.000Z',
    outcome: null,
    ...overrides,
  };
}

/** A per-type record of the ranking. */
export function typeRecordBody(overrides: Partial<TypeRecord> = {}): TypeRecord {
  return { type: 'pause_ad', measured: 7, worked: 5, chance: { mid: 0.71, low: 0.45, high: 0.9 }, ...overrides };
}

/** What the fake suggestions server starts from. */
export interface FakeSuggestionsOptions {
  suggestions?: Suggestion[];
  learning?: number;
  computed_at?: string | null;
  actions?: ActionRecord[];
  ranking?: TypeRecord[];
  /** The preview of a suggestion; by default it matches and the entity is Active. */
  preview?: (suggestion: Suggestion) => ApplyPreview;
}

/** An empty list, as a workspace whose suggestions were never computed has. */
export const emptySuggestionListBody = (overrides: Partial<SuggestionList> = {}): SuggestionList => ({
  items: [],
  total: 0,
  learning: 0,
  computed_at: null,
  ...overrides,
});

const notFound = (detail: string) => HttpResponse.json({ detail, code: 'not_found' }, { status: 404 });

/**
 * The suggestions and actions endpoints as the contract describes them, with state: open
 * suggestions with the server's filters and limit, previews, Apply and Done (which log an
 * action), Dismiss, Snooze, the log and Undo. Tests add `fake.handlers` with `server.use` and read what
 * was asked in `fake.requests`.
 */
export function fakeSuggestionsServer({
  suggestions: initial = [suggestionBody()],
  learning = 0,
  computed_at = '2030-01-07T09:00:00.000Z',
  actions: initialActions = [],
  ranking = [],
  preview = (suggestion) => ({ suggestion, current_matches: true, current_state: 'Active', detail: null }),
}: FakeSuggestionsOptions = {}) {
  let open = [...initial];
  let actions = [...initialActions];
  let applied = 0;
  const requests = {
    lists: [] as URLSearchParams[],
    previews: [] as string[],
    applied: [] as string[],
    done: [] as string[],
    dismissed: [] as { id: string; body: unknown }[],
    snoozed: [] as string[],
    actionLists: 0,
    undone: [] as string[],
    retried: [] as string[],
  };
  /** The action an Apply (or a task marked done) logs, first in the log. */
  const logged = (found: Suggestion, byHand: boolean) => {
    applied += 1;
    const action = actionRecordBody({
      id: `act-new-${applied}`,
      suggestion_id: found.id,
      type: found.type,
      platform: found.platform,
      account: found.account,
      headline: found.headline,
      change_lines: found.change_lines,
      by_hand: byHand,
      applied_at: new Date().toISOString(),
      undo_until: new Date(Date.now() + UNDO_WINDOW_MINUTES * 60_000).toISOString(),
    });
    actions = [action, ...actions];
    return action;
  };
  const take = (id: string) => {
    const found = open.find((suggestion) => suggestion.id === id);
    open = open.filter((suggestion) => suggestion.id !== id);
    return found;
  };

  const handlers = [
    http.get(api('suggestions/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.lists.push(params);
      const type = params.get('type');
      const platform = params.get('platform');
      const account = params.get('account');
      const limit = Number(params.get('limit') ?? Infinity);
      const found = open.filter(
        (suggestion) =>
          (!type || suggestion.type === type) &&
          (!platform || suggestion.platform === platform) &&
          (!account || suggestion.account.id === account),
      );
      return HttpResponse.json({
        items: found.slice(0, limit),
        total: found.length,
        learning,
        computed_at,
      } satisfies SuggestionList);
    }),
    http.get(api('suggestions/:id/preview/'), ({ params }) => {
      const id = String(params.id);
      requests.previews.push(id);
      const found = open.find((suggestion) => suggestion.id === id);
      return found ? HttpResponse.json(preview(found)) : notFound(SUGGESTION_MESSAGES.notFound);
    }),
    http.post(api('suggestions/:id/apply/'), ({ params }) => {
      const id = String(params.id);
      requests.applied.push(id);
      const found = take(id);
      if (!found) return notFound(SUGGESTION_MESSAGES.notFound);
      return HttpResponse.json(logged(found, false));
    }),
    http.post(api('suggestions/:id/done/'), ({ params }) => {
      const id = String(params.id);
      requests.done.push(id);
      const found = open.find((suggestion) => suggestion.id === id);
      if (!found) return notFound(SUGGESTION_MESSAGES.notFound);
      if (found.change.kind !== 'task')
        return HttpResponse.json({ detail: SUGGESTION_MESSAGES.notATask, code: 'conflict' }, { status: 409 });
      take(id);
      return HttpResponse.json(logged(found, true));
    }),
    http.post(api('suggestions/:id/dismiss/'), async ({ request, params }) => {
      const id = String(params.id);
      requests.dismissed.push({ id, body: await request.json() });
      const found = take(id);
      return found
        ? HttpResponse.json({ ...found, status: 'dismissed' } satisfies Suggestion)
        : notFound(SUGGESTION_MESSAGES.notFound);
    }),
    http.post(api('suggestions/:id/snooze/'), ({ params }) => {
      const id = String(params.id);
      requests.snoozed.push(id);
      const found = take(id);
      return found
        ? HttpResponse.json({
            ...found,
            status: 'snoozed',
            snoozed_until: '2030-01-14T09:00:00.000Z',
          } satisfies Suggestion)
        : notFound(SUGGESTION_MESSAGES.notFound);
    }),
    http.get(api('actions/'), () => {
      requests.actionLists += 1;
      return HttpResponse.json({ items: actions, ranking } satisfies ActionList);
    }),
    http.post(api('actions/:id/undo/'), ({ params }) => {
      const id = String(params.id);
      requests.undone.push(id);
      const found = actions.find((action) => action.id === id);
      if (!found) return notFound(ACTION_MESSAGES.notFound);
      if (!found.can_undo)
        return HttpResponse.json({ detail: ACTION_MESSAGES.undoExpired, code: 'conflict' }, { status: 409 });
      const undone: ActionRecord = {
        ...found,
        can_undo: false,
        can_retry: false,
        status: 'undone',
        undone_at: new Date().toISOString(),
        problem: null,
      };
      actions = actions.map((action) => (action.id === id ? undone : action));
      return HttpResponse.json(undone);
    }),
    http.get(api('actions/:id/'), ({ params }) => {
      const found = actions.find((action) => action.id === String(params.id));
      return found ? HttpResponse.json(found) : notFound(ACTION_MESSAGES.notFound);
    }),
    http.post(api('actions/:id/retry/'), ({ params }) => {
      const id = String(params.id);
      requests.retried.push(id);
      const found = actions.find((action) => action.id === id);
      if (!found) return notFound(ACTION_MESSAGES.notFound);
      if (!found.can_retry)
        return HttpResponse.json({ detail: ACTION_MESSAGES.notPartial, code: 'conflict' }, { status: 409 });
      const finished: ActionRecord = {
        ...found,
        can_retry: false,
        status: 'applied',
        problem: null,
        steps: found.steps.map((step) => ({ ...step, state: 'done' })),
      };
      actions = actions.map((action) => (action.id === id ? finished : action));
      return HttpResponse.json(finished);
    }),
  ];
  return { handlers, requests, suggestions: () => open, actions: () => actions };
}

/** Any screen showing the dashboard asks for its suggestions: by default there are none yet, and nothing was applied. */
export const defaultSuggestionHandlers = [
  http.get(api('suggestions/'), () => HttpResponse.json(emptySuggestionListBody())),
  http.get(api('actions/'), () => HttpResponse.json({ items: [], ranking: [] } satisfies ActionList)),
];
