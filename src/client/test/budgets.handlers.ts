import type { ActionRecord } from '@shared/api/actions';
import type { ConnectedAdAccount } from '@shared/api/adAccounts';
import {
  type Budget,
  BUDGET_MESSAGES,
  type BudgetInput,
  type BudgetList,
  type FollowedPlan,
  type FollowedPlanList,
  type OptimizerApplyInput,
  type OptimizerApplyResult,
  type OptimizerCampaignView,
  type OptimizerObjective,
  type OptimizerPlanView,
  type PacingPointView,
  type PacingView,
} from '@shared/api/budgets';
import type { CampaignPage } from '@shared/api/dashboard';
import { PLATFORM_LABELS } from '@shared/constants';
import { budgetSchema } from '@shared/validation/budgets';
import { checkInOrder } from '@shared/validation/firstError';
import { http, HttpResponse } from 'msw';

import { adAccountBody, api, campaignRowBody } from './handlers';
import { actionRecordBody } from './suggestions.handlers';

/** The fake budgets' ids. */
export const BUDGET_ID = '00000000-0000-4000-8000-700000000001';
export const SECOND_BUDGET_ID = '00000000-0000-4000-8000-700000000002';

/** The workspace's connected ad accounts: a USD Google account and an INR Meta account. */
export const GOOGLE_ACCOUNT: ConnectedAdAccount = adAccountBody({
  id: '00000000-0000-4000-8000-400000000001',
  platform: 'google',
  account_id: '123-456-7890',
  name: 'Brand',
  currency: 'USD',
});
export const META_ACCOUNT: ConnectedAdAccount = adAccountBody({
  id: '00000000-0000-4000-8000-400000000002',
  name: 'Main store',
});
/** An account whose currency is no display currency (tests pass it in `accounts`). */
export const BRL_ACCOUNT: ConnectedAdAccount = adAccountBody({
  id: '00000000-0000-4000-8000-400000000003',
  platform: 'google',
  account_id: '555-000-1111',
  name: 'Loja',
  currency: 'BRL',
});

/** The pacing chart's days of January 2030 up to the 31st: actual spend until today (the 14th), a forecast after. */
export function pacingPointsBody(target = 31_000, today = 14, dailySpend = 900): PacingPointView[] {
  const daily = target / 31;
  return Array.from({ length: 31 }, (_, index) => {
    const day = index + 1;
    const date = `2030-01-${String(day).padStart(2, '0')}`;
    const actual = day <= today ? dailySpend * day : null;
    const forecast =
      day >= today
        ? {
            mid: dailySpend * day,
            low: dailySpend * today + dailySpend * 0.8 * (day - today),
            high: dailySpend * today + dailySpend * 1.2 * (day - today),
          }
        : null;
    return { date, actual, ideal: Math.round(daily * day * 100) / 100, forecast };
  });
}

/** A month's pacing; by default 14 Jan 2030 against $31,000, heading 10% under: raise daily budgets. */
export function pacingBody(overrides: Partial<PacingView> = {}): PacingView {
  return {
    month: '2030-01',
    today: '2030-01-14',
    target: 31_000,
    spent: 12_600,
    projected: { mid: 27_900, low: 25_000, high: 30_800 },
    ratio: 0.9,
    tolerance: 0.12,
    status: 'on_track',
    daily_now: 900,
    daily_needed: 1_082.35,
    change: 0.2,
    advice: 'Within the band: keep daily budgets as they are.',
    points: pacingPointsBody(),
    ...overrides,
  };
}

/** A budget; by default the whole workspace's $31,000 a month, on track. */
export function budgetBody(overrides: Partial<Budget> = {}): Budget {
  return {
    id: BUDGET_ID,
    scope: 'workspace',
    platform: null,
    account: null,
    amount: 31_000,
    currency: 'USD',
    campaign_caps: [],
    band: { start: 0.25, end: 0.01 },
    label: 'The whole workspace',
    created_at: '2030-01-01T09:00:00.000Z',
    pacing: pacingBody(),
    ...overrides,
  };
}

/** A second budget: Google Ads at $10,000, over-pacing. */
export const googleBudgetBody = (overrides: Partial<Budget> = {}) =>
  budgetBody({
    id: SECOND_BUDGET_ID,
    scope: 'platform',
    platform: 'google',
    amount: 10_000,
    label: 'Google Ads',
    pacing: pacingBody({
      target: 10_000,
      spent: 6_300,
      projected: { mid: 13_950, low: 13_000, high: 14_900 },
      ratio: 1.395,
      status: 'over',
      daily_now: 450,
      daily_needed: 217.65,
      change: -0.52,
      advice: 'Projected to end 40% over target: lower daily budgets by about 52%.',
      points: pacingPointsBody(10_000, 14, 450),
    }),
    ...overrides,
  });

/** A campaign of a plan (minor units of USD); by default $100.00 a day moved up to $130.00. */
export function optimizerCampaignBody(overrides: Partial<OptimizerCampaignView> = {}): OptimizerCampaignView {
  return {
    campaign_id: 'cmp-1',
    name: 'Brand search',
    from: 10_000,
    to: 13_000,
    hold: null,
    marginal_cpa_now: 2_500,
    marginal_cpa_after: 3_100,
    conversions_now: { mid: 4, low: 3.2, high: 4.8 },
    conversions_after: { mid: 4.9, low: 3.9, high: 5.9 },
    value_now: { mid: 400_000, low: 320_000, high: 480_000 },
    value_after: { mid: 490_000, low: 390_000, high: 590_000 },
    target: 16_900,
    min: null,
    max: null,
    ...overrides,
  };
}

/** A plan for the Google account: one campaign up 30%, one down 30%, one locked. */
export function optimizerPlanBody(overrides: Partial<OptimizerPlanView> = {}): OptimizerPlanView {
  return {
    account: { id: GOOGLE_ACCOUNT.id, name: GOOGLE_ACCOUNT.name, platform: 'google', currency: 'USD' },
    max_step: 0.3,
    objective: 'conversions',
    locked: [],
    steps_to_target: 2,
    value: null,
    total_budget: 25_000,
    campaigns: [
      optimizerCampaignBody(),
      optimizerCampaignBody({
        campaign_id: 'cmp-2',
        name: 'Generic search',
        from: 10_000,
        to: 7_000,
        marginal_cpa_now: 6_000,
        marginal_cpa_after: 4_800,
        conversions_now: { mid: 1.5, low: 1, high: 2 },
        conversions_after: { mid: 1.2, low: 0.8, high: 1.6 },
      }),
      optimizerCampaignBody({
        campaign_id: 'cmp-3',
        name: 'Display remarketing',
        from: 5_000,
        to: 5_000,
        hold: 'locked',
        marginal_cpa_now: null,
        marginal_cpa_after: null,
        conversions_now: { mid: 0.5, low: 0.2, high: 0.8 },
        conversions_after: { mid: 0.5, low: 0.2, high: 0.8 },
      }),
    ],
    now: { mid: 6, low: 4.4, high: 7.6 },
    after: { mid: 6.6, low: 4.9, high: 8.3 },
    gain: { mid: 0.6, low: 0.2, high: 1.1 },
    note: null,
    ...overrides,
  };
}

/** The Google account's plan for the most conversion value (the account reports it). */
export const valuePlanBody = (overrides: Partial<OptimizerPlanView> = {}) =>
  optimizerPlanBody({
    objective: 'value',
    value: {
      now: { mid: 600_000, low: 440_000, high: 760_000 },
      after: { mid: 690_000, low: 500_000, high: 880_000 },
      gain: { mid: 90_000, low: 30_000, high: 150_000 },
    },
    ...overrides,
  });

/** The Google account's campaigns, as the campaigns route lists them for the caps. */
export const GOOGLE_CAMPAIGNS = [
  { campaign_id: 'cmp-1', name: 'Brand search' },
  { campaign_id: 'cmp-2', name: 'Generic search' },
  { campaign_id: 'cmp-3', name: 'Display remarketing' },
].map(({ campaign_id, name }, index) =>
  campaignRowBody({
    id: `00000000-0000-4000-8000-50000000000${index + 1}`,
    platform: 'google',
    campaign_id,
    name,
    account: {
      id: GOOGLE_ACCOUNT.id,
      account_id: GOOGLE_ACCOUNT.account_id,
      name: GOOGLE_ACCOUNT.name,
      currency: 'USD',
    },
  }),
);

/** The id of the plan followed after an apply with follow. */
export const FOLLOWED_PLAN_ID = '00000000-0000-4000-8000-720000000001';

/** A followed plan of the Google account; by default following, one step taken. */
export function followedPlanBody(overrides: Partial<FollowedPlan> = {}): FollowedPlan {
  return {
    id: FOLLOWED_PLAN_ID,
    account: { id: GOOGLE_ACCOUNT.id, name: GOOGLE_ACCOUNT.name, platform: 'google', currency: 'USD' },
    objective: 'conversions',
    max_step: 0.3,
    status: 'following',
    stop_reason: null,
    campaigns: [
      { campaign_id: 'cmp-1', name: 'Brand search', start: 10_000, written: 13_000, target: 16_900 },
      { campaign_id: 'cmp-2', name: 'Generic search', start: 10_000, written: 7_000, target: 3_100 },
    ],
    steps: [{ day: '2030-01-14', action_id: PLAN_ACTION_ID, expected: { mid: 6.6, low: 4.9, high: 8.3 } }],
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

/** A plan that moves nothing, with why. */
export const heldPlanBody = () =>
  optimizerPlanBody({
    campaigns: [
      optimizerCampaignBody({ to: 10_000 }),
      optimizerCampaignBody({
        campaign_id: 'cmp-3',
        name: 'Display remarketing',
        from: 5_000,
        to: 5_000,
        hold: 'learning',
      }),
    ],
    gain: { mid: 0, low: 0, high: 0 },
    after: { mid: 6, low: 4.4, high: 7.6 },
    note: 'No credible gain',
  });

/** What GET optimizer/ is asked. */
export interface FakePlanQuery {
  account: string;
  max_step: number;
  objective: OptimizerObjective;
  locked: string[];
}

/** What the fake budgets server starts from. */
export interface FakeBudgetsOptions {
  budgets?: Budget[];
  accounts?: ConnectedAdAccount[];
  /** The plan GET optimizer/ answers (by default the options asked, locked campaigns kept), or a refusal. */
  plan?: (query: FakePlanQuery) => OptimizerPlanView | Response;
  /** The answer of POST optimizer/apply/; by default every change is written (and followed when asked). */
  apply?: (body: OptimizerApplyInput, attempt: number) => Response | OptimizerApplyResult;
  /** The followed plans GET optimizer/plans/ starts from. */
  followedPlans?: FollowedPlan[];
  /** Answers GET optimizer/plans/ instead, e.g. a failure; may hold the answer back (a promise) to show the loading state. */
  plansAnswer?: () => Response | undefined | Promise<Response | undefined>;
  /** The campaigns of each account, for the caps (by default the Google account's three). */
  campaigns?: Record<string, CampaignPage['items']>;
}

/** The default plan: the options asked for, a locked campaign kept where it is. */
export function planFor(query: FakePlanQuery): OptimizerPlanView {
  const plan = optimizerPlanBody({ max_step: query.max_step, objective: query.objective, locked: query.locked });
  const campaigns = plan.campaigns.map((campaign) =>
    query.locked.includes(campaign.campaign_id)
      ? { ...campaign, to: campaign.from, hold: 'locked' as const }
      : campaign,
  );
  return { ...plan, campaigns };
}

const badRequest = (detail: string, field?: string) =>
  HttpResponse.json({ detail, code: 'validation_failed', ...(field ? { field } : {}) }, { status: 400 });
const notFound = (detail: string) => HttpResponse.json({ detail, code: 'not_found' }, { status: 404 });
/** The actions-log entry an applied plan makes. */
export const PLAN_ACTION_ID = '00000000-0000-4000-8000-710000000001';
const CREATED_AT = '2030-01-14T10:00:00.000Z';

/** A 409 refusal of a stale plan. */
export const stalePlanResponse = () =>
  HttpResponse.json({ detail: BUDGET_MESSAGES.stale, code: 'conflict' }, { status: 409 });

/**
 * The budget tools' endpoints as the contract describes them, with state: the budgets (create and
 * update validated with the shared schema like the server, a second budget for the same thing
 * refused with a 409), delete, the ad accounts, the optimizer's plan and its apply, and Undo of
 * the applied plan. Tests add `fake.handlers` with `server.use` and read `fake.requests`.
 */
export function fakeBudgetsServer({
  budgets: initial = [budgetBody()],
  accounts = [GOOGLE_ACCOUNT, META_ACCOUNT],
  plan = planFor,
  apply,
  followedPlans = [],
  plansAnswer,
  campaigns = { [GOOGLE_ACCOUNT.id]: GOOGLE_CAMPAIGNS },
}: FakeBudgetsOptions = {}) {
  let budgets = [...initial];
  let plans = [...followedPlans];
  let created = 0;
  const requests = {
    lists: 0,
    created: [] as unknown[],
    updated: [] as { id: string; body: unknown }[],
    deleted: [] as string[],
    plans: [] as { account: string | null; max_step: string | null; objective: string | null; locked: string | null }[],
    applied: [] as unknown[],
    undone: [] as string[],
    followedLists: [] as string[],
    stopped: [] as string[],
    campaignLists: [] as string[],
  };

  /** The body checked as the server checks it: the input, or the answer to give. */
  const checked = (body: unknown, id?: string): BudgetInput | Response => {
    const result = checkInOrder(budgetSchema, body);
    if (result.error) return badRequest(result.error.message, result.error.field);
    const input = result.value as BudgetInput;
    if (input.scope === 'account' && !accounts.some((account) => account.id === input.account))
      return notFound(BUDGET_MESSAGES.accountNotFound);
    const same = budgets.some(
      (budget) =>
        budget.id !== id &&
        budget.scope === input.scope &&
        budget.platform === input.platform &&
        budget.account === input.account,
    );
    if (same) return HttpResponse.json({ detail: BUDGET_MESSAGES.duplicate, code: 'conflict' }, { status: 409 });
    return input;
  };
  const labelOf = (input: BudgetInput) => {
    if (input.scope === 'platform' && input.platform) return PLATFORM_LABELS[input.platform];
    const account = accounts.find((candidate) => candidate.id === input.account);
    return account ? `${account.name} (${PLATFORM_LABELS[account.platform]})` : 'The whole workspace';
  };

  const handlers = [
    http.get(api('budgets/'), () => {
      requests.lists += 1;
      return HttpResponse.json({ budgets } satisfies BudgetList);
    }),
    http.post(api('budgets/'), async ({ request }) => {
      const body = await request.json();
      requests.created.push(body);
      const input = checked(body);
      if (input instanceof Response) return input;
      created += 1;
      const budget: Budget = {
        ...input,
        id: `00000000-0000-4000-8000-7900000000${String(created).padStart(2, '0')}`,
        label: labelOf(input),
        created_at: CREATED_AT,
        pacing: pacingBody({ target: input.amount, points: pacingPointsBody(input.amount) }),
      };
      budgets = [...budgets, budget];
      return HttpResponse.json(budget, { status: 201 });
    }),
    http.put(api('budgets/:id/'), async ({ request, params }) => {
      const id = String(params.id);
      const body = await request.json();
      requests.updated.push({ id, body });
      const found = budgets.find((budget) => budget.id === id);
      if (!found) return notFound(BUDGET_MESSAGES.notFound);
      const input = checked(body, id);
      if (input instanceof Response) return input;
      const budget: Budget = {
        ...found,
        ...input,
        label: labelOf(input),
        pacing: { ...found.pacing, target: input.amount },
      };
      budgets = budgets.map((candidate) => (candidate.id === id ? budget : candidate));
      return HttpResponse.json(budget);
    }),
    http.delete(api('budgets/:id/'), ({ params }) => {
      const id = String(params.id);
      requests.deleted.push(id);
      if (!budgets.some((budget) => budget.id === id)) return notFound(BUDGET_MESSAGES.notFound);
      budgets = budgets.filter((budget) => budget.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('ad-accounts/'), () => HttpResponse.json(accounts)),
    http.get(api('optimizer/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const query = {
        account: params.get('account'),
        max_step: params.get('max_step'),
        objective: params.get('objective'),
        locked: params.get('locked'),
      };
      requests.plans.push(query);
      if (!accounts.some((account) => account.id === query.account)) return notFound(BUDGET_MESSAGES.accountNotFound);
      const answer = plan({
        account: String(query.account),
        max_step: Number(query.max_step ?? 0.3),
        objective: (query.objective ?? 'conversions') as OptimizerObjective,
        locked: query.locked ? query.locked.split(',') : [],
      });
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.post(api('optimizer/apply/'), async ({ request }) => {
      const body = (await request.json()) as OptimizerApplyInput;
      requests.applied.push(body);
      const names = new Map(optimizerPlanBody().campaigns.map((campaign) => [campaign.campaign_id, campaign.name]));
      const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;
      // Followed, the first step is the one just written.
      if (!apply && body.follow)
        plans = [
          followedPlanBody({ objective: body.objective ?? 'conversions', max_step: body.max_step ?? 0.3 }),
          ...plans,
        ];
      const answer = apply?.(body, requests.applied.length) ?? {
        action_id: PLAN_ACTION_ID,
        plan_id: body.follow ? FOLLOWED_PLAN_ID : null,
        change_lines: body.changes.map(
          (change) =>
            `Google Ads: set the daily budget of “${names.get(change.campaign_id) ?? change.campaign_id}” from ${dollars(change.from)} to ${dollars(change.to)}`,
        ),
      };
      return answer instanceof Response ? answer : HttpResponse.json(answer satisfies OptimizerApplyResult);
    }),
    http.get(api('optimizer/plans/'), async ({ request }) => {
      const account = new URL(request.url).searchParams.get('account') ?? '';
      requests.followedLists.push(account);
      const answer = await plansAnswer?.();
      if (answer) return answer;
      return HttpResponse.json({
        plans: plans.filter((candidate) => candidate.account.id === account),
      } satisfies FollowedPlanList);
    }),
    http.post(api('optimizer/plans/:id/stop/'), ({ params }) => {
      const id = String(params.id);
      requests.stopped.push(id);
      const found = plans.find((candidate) => candidate.id === id);
      if (!found) return notFound(BUDGET_MESSAGES.planNotFound);
      if (found.status !== 'following')
        return HttpResponse.json({ detail: BUDGET_MESSAGES.planNotFollowing, code: 'conflict' }, { status: 409 });
      const stopped: FollowedPlan = {
        ...found,
        status: 'stopped',
        stop_reason: BUDGET_MESSAGES.stoppedByUser('asha@example.com'),
        updated_at: CREATED_AT,
      };
      plans = plans.map((candidate) => (candidate.id === id ? stopped : candidate));
      return HttpResponse.json(stopped);
    }),
    http.get(api('dashboard/campaigns/'), ({ request }) => {
      const account = new URL(request.url).searchParams.get('account') ?? '';
      requests.campaignLists.push(account);
      const items = campaigns[account] ?? [];
      return HttpResponse.json({
        items,
        total: items.length,
        page: 1,
        page_size: 100,
        currency: 'USD',
      } satisfies CampaignPage);
    }),
    http.post(api('actions/:id/undo/'), ({ params }) => {
      const id = String(params.id);
      requests.undone.push(id);
      const undone: ActionRecord = actionRecordBody({
        id,
        headline: 'Budget plan for Brand',
        status: 'undone',
        can_undo: false,
        undone_at: CREATED_AT,
      });
      return HttpResponse.json(undone);
    }),
  ];
  return {
    handlers,
    requests,
    budgets: () => budgets,
    followedPlans: () => plans,
    /** Changes a followed plan as the server's daily job would (a step taken, or it stopped). */
    updateFollowedPlan: (id: string, changes: Partial<FollowedPlan>) => {
      plans = plans.map((candidate) => (candidate.id === id ? { ...candidate, ...changes } : candidate));
    },
  };
}
