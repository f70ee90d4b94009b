import {
  type DryRun,
  type DryRunFiring,
  type Rule,
  RULE_ACTION_LABELS,
  RULE_LEVEL_LABELS,
  RULE_MESSAGES,
  RULE_PRESETS,
  type RuleActionItem,
  type RuleDefinition,
  type RuleDetail,
  type RuleList,
  type RuleRunSummary,
} from '@shared/api/rules';
import { checkInOrder } from '@shared/validation/firstError';
import { ruleSchema } from '@shared/validation/rules';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';
import { BRAND_ACCOUNT, STORE_ACCOUNT } from './suggestions.handlers';

/** The fake rules' ids. */
export const RULE_ID = '00000000-0000-4000-8000-600000000001';
export const SECOND_RULE_ID = '00000000-0000-4000-8000-600000000002';

/** A run of a rule; by default this morning's, after a sync: 42 judged, 3 matched, 2 acted. */
export function ruleRunBody(overrides: Partial<RuleRunSummary> = {}): RuleRunSummary {
  return {
    id: '00000000-0000-4000-8000-610000000001',
    trigger: 'sync',
    started_at: '2030-01-07T09:00:00.000Z',
    finished_at: '2030-01-07T09:00:04.000Z',
    judged: 42,
    matched: 3,
    acted: 2,
    failed: 0,
    revived: 0,
    skipped: 5,
    ...overrides,
  };
}

/** A rule; by default the first preset (pause ads that spent 2× target CPA with no conversion), on, run this morning. */
export function ruleBody(overrides: Partial<Rule> = {}): Rule {
  return {
    ...RULE_PRESETS[0].definition('UTC'),
    id: RULE_ID,
    created_at: '2030-01-01T09:00:00.000Z',
    updated_at: '2030-01-01T09:00:00.000Z',
    created_by: { id: '00000000-0000-4000-8000-300000000001', name: 'Asha Rao' },
    summary: [
      'Ads · Spend (last 7 days) > 2,000',
      'and Conversions (last 7 days) = 0',
      'Pause, and resume if late conversions arrive',
    ],
    last_run: ruleRunBody(),
    ...overrides,
  };
}

/** A second rule: the CPA preset, off and never run. */
export const cpaRuleBody = (overrides: Partial<Rule> = {}) =>
  ruleBody({
    ...RULE_PRESETS[1].definition('UTC'),
    id: SECOND_RULE_ID,
    enabled: false,
    summary: [
      'Campaigns · CPA (last 3 days) > 1.5 × its 30-day average',
      'and Spend (last 3 days) ≥ 2,000',
      'Notify me',
    ],
    last_run: null,
    ...overrides,
  });

/** A change waiting for approval; by default: pause the Google ad “Spring sale”, queued by the CTR rule. */
export function pendingActionBody(overrides: Partial<RuleActionItem> = {}): RuleActionItem {
  return {
    id: '00000000-0000-4000-8000-620000000001',
    rule: { id: SECOND_RULE_ID, name: 'Pause ads whose CTR halved' },
    platform: 'google',
    account: { ...BRAND_ACCOUNT },
    level: 'ad',
    entity_id: 'ad-1',
    entity_name: 'Spring sale',
    kind: 'pause',
    change_lines: ['Google Ads: set ad “Spring sale” from Active to Paused'],
    reasons: ['CTR (last 3 days) 0.41% < 0.5 × its 30-day average 1.10%'],
    status: 'pending',
    error: null,
    action_id: null,
    created_at: '2030-01-07T09:00:05.000Z',
    decided_at: null,
    ...overrides,
  };
}

/** One firing of a dry run; by default the Meta ad “Lookalike 3” of the INR store account. */
export function dryRunFiringBody(overrides: Partial<DryRunFiring> = {}): DryRunFiring {
  return {
    day: '2029-12-20',
    platform: 'meta',
    account: { ...STORE_ACCOUNT },
    entity_id: 'ad-7',
    entity_name: 'Lookalike 3',
    kind: 'pause',
    reasons: ['Spend (last 7 days) ₹2,450.00 > ₹2,000.00', 'Conversions (last 7 days) 0 = 0'],
    after: { days: 7, spend: 2380.5, conversions: 1, cpa: 2380.5 },
    before: { days: 7, spend: 2450, conversions: 0, cpa: null },
    ...overrides,
  };
}

/** A dry run over 8 Dec 2029 – 6 Jan 2030: three firings on two ads, some held back, with an effect and a caveat. */
export function dryRunBody(overrides: Partial<DryRun> = {}): DryRun {
  return {
    from: '2029-12-08',
    to: '2030-01-06',
    entities: 18,
    firings: [
      dryRunFiringBody(),
      dryRunFiringBody({ day: '2029-12-28', after: { days: 7, spend: 1200, conversions: 0, cpa: null } }),
      dryRunFiringBody({
        day: '2030-01-02',
        platform: 'google',
        account: { ...BRAND_ACCOUNT },
        entity_id: 'ad-9',
        entity_name: 'Brand exact',
        reasons: ['Spend (last 7 days) $2,100.00 > $2,000.00', 'Conversions (last 7 days) 0 = 0'],
        after: { days: 7, spend: 310.25, conversions: 0, cpa: null },
      }),
    ],
    skipped: { guard: 4, cooldown: 2, cap: 0 },
    effect: [
      'INR: the ads it would have paused spent ₹3,580.50 and converted 1 time in the 7 days after.',
      'USD: $310.25 and no conversion.',
    ],
    caveats: ['Budgets are today’s: their history is not kept.'],
    ...overrides,
  };
}

/** What the fake rules server starts from. */
export interface FakeRulesOptions {
  rules?: Rule[];
  pending?: RuleActionItem[];
  /** The dry run every valid rule gets. */
  dryRun?: DryRun;
  /** What Approve comes to; by default the change is written (status 'applied'). */
  approve?: (item: RuleActionItem) => RuleActionItem;
}

const badRequest = (detail: string, field?: string) =>
  HttpResponse.json({ detail, code: 'validation_failed', ...(field ? { field } : {}) }, { status: 400 });
const notFound = (detail: string) => HttpResponse.json({ detail, code: 'not_found' }, { status: 404 });
const DECIDED_AT = '2030-01-07T10:00:00.000Z';

/**
 * The rules endpoints as the contract describes them, with state: the list and the approval
 * queue, create and update (validated with the shared schema like the server, a taken name
 * refused on 'name'), the dry run, the switch, delete, and Approve / Reject. Tests add
 * `fake.handlers` with `server.use` and read what was asked in `fake.requests`.
 */
export function fakeRulesServer({
  rules: initial = [ruleBody(), cpaRuleBody()],
  pending: initialPending = [pendingActionBody()],
  dryRun = dryRunBody(),
  approve,
}: FakeRulesOptions = {}) {
  let rules = [...initial];
  let pending = [...initialPending];
  let created = 0;
  const requests = {
    lists: 0,
    reads: [] as string[],
    created: [] as unknown[],
    updated: [] as { id: string; body: unknown }[],
    dryRuns: [] as unknown[],
    enabled: [] as { id: string; body: unknown }[],
    deleted: [] as string[],
    approved: [] as string[],
    rejected: [] as string[],
  };

  /** The body checked as the server checks it: the definition, or the 400 to answer. */
  const checked = (body: unknown, id?: string): RuleDefinition | Response => {
    const result = checkInOrder(ruleSchema, body);
    if (result.error) return badRequest(result.error.message, result.error.field);
    const definition = result.value as RuleDefinition;
    if (rules.some((rule) => rule.id !== id && rule.name === definition.name))
      return badRequest(RULE_MESSAGES.nameTaken, 'name');
    return definition;
  };
  const summaryOf = (definition: RuleDefinition) => [
    `${RULE_LEVEL_LABELS[definition.level]} · ${definition.groups.length} group(s) of conditions`,
    RULE_ACTION_LABELS[definition.action.kind],
  ];
  const decide = (id: string, decision: (item: RuleActionItem) => RuleActionItem) => {
    const found = pending.find((item) => item.id === id);
    if (!found) return notFound(RULE_MESSAGES.actionNotFound);
    pending = pending.filter((item) => item.id !== id);
    return HttpResponse.json(decision(found));
  };

  const handlers = [
    http.get(api('rules/'), () => {
      requests.lists += 1;
      return HttpResponse.json({ rules, pending } satisfies RuleList);
    }),
    http.post(api('rules/'), async ({ request }) => {
      const body = await request.json();
      requests.created.push(body);
      const definition = checked(body);
      if (definition instanceof Response) return definition;
      created += 1;
      const rule: Rule = {
        ...definition,
        id: `00000000-0000-4000-8000-6900000000${String(created).padStart(2, '0')}`,
        created_at: DECIDED_AT,
        updated_at: DECIDED_AT,
        created_by: { id: '00000000-0000-4000-8000-300000000001', name: 'Asha Rao' },
        summary: summaryOf(definition),
        last_run: null,
      };
      rules = [...rules, rule];
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.post(api('rules/dry-run/'), async ({ request }) => {
      const body = await request.json();
      requests.dryRuns.push(body);
      // Checked like a save, but a dry run may share a saved rule's name (it saves nothing).
      const result = checkInOrder(ruleSchema, body);
      if (result.error) return badRequest(result.error.message, result.error.field);
      return HttpResponse.json(dryRun);
    }),
    http.get(api('rules/:id/'), ({ params }) => {
      const id = String(params.id);
      requests.reads.push(id);
      const rule = rules.find((candidate) => candidate.id === id);
      if (!rule) return notFound(RULE_MESSAGES.notFound);
      return HttpResponse.json({ rule, runs: rule.last_run ? [rule.last_run] : [], actions: [] } satisfies RuleDetail);
    }),
    http.put(api('rules/:id/'), async ({ request, params }) => {
      const id = String(params.id);
      const body = await request.json();
      requests.updated.push({ id, body });
      const found = rules.find((rule) => rule.id === id);
      if (!found) return notFound(RULE_MESSAGES.notFound);
      const definition = checked(body, id);
      if (definition instanceof Response) return definition;
      const rule: Rule = { ...found, ...definition, updated_at: DECIDED_AT, summary: summaryOf(definition) };
      rules = rules.map((candidate) => (candidate.id === id ? rule : candidate));
      return HttpResponse.json(rule);
    }),
    http.put(api('rules/:id/enabled/'), async ({ request, params }) => {
      const id = String(params.id);
      const body = (await request.json()) as { enabled?: unknown };
      requests.enabled.push({ id, body });
      if (typeof body.enabled !== 'boolean') return badRequest(RULE_MESSAGES.badEnabled, 'enabled');
      const found = rules.find((rule) => rule.id === id);
      if (!found) return notFound(RULE_MESSAGES.notFound);
      const rule = { ...found, enabled: body.enabled };
      rules = rules.map((candidate) => (candidate.id === id ? rule : candidate));
      return HttpResponse.json(rule);
    }),
    http.delete(api('rules/:id/'), ({ params }) => {
      const id = String(params.id);
      requests.deleted.push(id);
      if (!rules.some((rule) => rule.id === id)) return notFound(RULE_MESSAGES.notFound);
      rules = rules.filter((rule) => rule.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(api('rules/approvals/:id/approve/'), ({ params }) => {
      const id = String(params.id);
      requests.approved.push(id);
      return decide(
        id,
        approve ?? ((item) => ({ ...item, status: 'applied', action_id: 'act-rule-1', decided_at: DECIDED_AT })),
      );
    }),
    http.post(api('rules/approvals/:id/reject/'), ({ params }) => {
      const id = String(params.id);
      requests.rejected.push(id);
      return decide(id, (item) => ({ ...item, status: 'rejected', decided_at: DECIDED_AT }));
    }),
  ];
  return { handlers, requests, rules: () => rules, pending: () => pending };
}
