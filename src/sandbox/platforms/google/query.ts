import { addDays, isCalendarDay, weekdayOf } from '@shared/days';
import { minorToDecimal, minorToMicros } from '@shared/money';

import { SANDBOX_ATTRIBUTION } from '../../attribution';
import {
  type DayMetrics,
  type SandboxAccount,
  type SandboxAd,
  type SandboxCampaign,
  sum,
  type World,
} from '../../world';
import { type Condition, type DateRangeLiteral, type GaqlQuery, type Literal, queryError } from './gaql';

/**
 * Runs a parsed GAQL query against one customer of the sandbox world and renders the rows the
 * way the REST API does: lowerCamelCase keys, int64 as strings, doubles as numbers, enums as
 * strings, a resourceName on every resource a field was selected from. Resources emulated in
 * FROM: customer, campaign, ad_group_ad, conversion_action (with their attributed resources).
 */

const PLATFORM = 'google';

/** Budget and ad group ids are derived from the campaign id, so they are stable across restarts. */
const BUDGET_ID_OFFSET = 300_000_000_000n;
const AD_GROUP_ID_OFFSET = 500_000_000_000n;

/** The campaign budget id of a sandbox campaign (each campaign has its own, non-shared budget). */
export function budgetIdOf(campaignId: string): string {
  return (BigInt(campaignId) + BUDGET_ID_OFFSET).toString();
}

/** The id of the one ad group each sandbox campaign has. */
export function adGroupIdOf(campaignId: string): string {
  return (BigInt(campaignId) + AD_GROUP_ID_OFFSET).toString();
}

/** Sandbox status to Google's CampaignStatus. */
export function campaignStatusOf(world: World, campaignId: string): 'ENABLED' | 'PAUSED' {
  return world.status(PLATFORM, campaignId) === 'ACTIVE' ? 'ENABLED' : 'PAUSED';
}

/** An ad's own status as Google's AdGroupAdStatus (independent of its campaign's). */
export function adGroupAdStatusOf(world: World, adId: string): 'ENABLED' | 'PAUSED' {
  return world.adStatus(PLATFORM, adId) === 'ACTIVE' ? 'ENABLED' : 'PAUSED';
}

/** 'repeated': a list (final_urls) or a list of messages (AdTextAsset); selectable, not filtered or sorted on. */
type FieldType = 'int64' | 'double' | 'string' | 'enum' | 'bool' | 'date' | 'repeated';
type Value = string | number | boolean | readonly unknown[];

/** One row before rendering: the entity it is about, and its day and metrics when segmented or with metrics. */
interface Row {
  account: SandboxAccount;
  campaign?: SandboxCampaign;
  ad?: SandboxAd;
  date?: string;
  metrics?: DayMetrics;
}

interface FieldDef {
  type: FieldType;
  enumValues?: readonly string[];
  get(row: Row): Value;
}

const ENABLED_PAUSED_REMOVED = ['ENABLED', 'PAUSED', 'REMOVED', 'UNKNOWN', 'UNSPECIFIED'] as const;
/** AdType values a query may compare with (the sandbox only has responsive search ads). */
const AD_TYPES = [
  'RESPONSIVE_SEARCH_AD',
  'RESPONSIVE_DISPLAY_AD',
  'EXPANDED_TEXT_AD',
  'IMAGE_AD',
  'VIDEO_AD',
  'UNKNOWN',
  'UNSPECIFIED',
] as const;

/** The resources a query may read from, by the resource in FROM. */
const ATTRIBUTED: Record<string, string[]> = {
  customer: ['customer'],
  campaign: ['campaign', 'campaign_budget', 'customer'],
  ad_group_ad: ['ad_group_ad', 'ad_group', 'campaign', 'customer'],
  conversion_action: ['conversion_action', 'customer'],
};

const owner = (field: string) => (field.startsWith('ad_group_ad.') ? 'ad_group_ad' : field.split('.')[0]);
const camel = (part: string) => part.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Resource names of the entities a row is about. */
const names = {
  customer: (row: Row) => `customers/${row.account.id}`,
  campaign: (row: Row) => `customers/${row.account.id}/campaigns/${row.campaign!.id}`,
  campaign_budget: (row: Row) => `customers/${row.account.id}/campaignBudgets/${budgetIdOf(row.campaign!.id)}`,
  ad_group: (row: Row) => `customers/${row.account.id}/adGroups/${adGroupIdOf(row.campaign!.id)}`,
  ad_group_ad: (row: Row) => `customers/${row.account.id}/adGroupAds/${adGroupIdOf(row.campaign!.id)}~${row.ad!.id}`,
  ad: (row: Row) => `customers/${row.account.id}/ads/${row.ad!.id}`,
  conversion_action: (row: Row) => `customers/${row.account.id}/conversionActions/${SANDBOX_ATTRIBUTION.google.id}`,
};

/** Every field the emulator knows, with its type and how to read it from a row. */
function catalog(world: World): Record<string, FieldDef> {
  const metric = (type: FieldType, get: (m: DayMetrics, row: Row) => Value): FieldDef => ({
    type,
    get: (row) => get(row.metrics!, row),
  });
  return {
    'customer.resource_name': { type: 'string', get: names.customer },
    'customer.id': { type: 'int64', get: (row) => row.account.id },
    'customer.descriptive_name': { type: 'string', get: (row) => row.account.name },
    'customer.currency_code': { type: 'string', get: (row) => row.account.currency },
    'customer.time_zone': { type: 'string', get: (row) => row.account.timeZone },
    'customer.manager': { type: 'bool', get: () => false },
    'customer.test_account': { type: 'bool', get: () => false },
    'customer.status': {
      type: 'enum',
      enumValues: ['ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED', 'UNKNOWN', 'UNSPECIFIED'],
      get: () => 'ENABLED',
    },

    'campaign.resource_name': { type: 'string', get: names.campaign },
    'campaign.id': { type: 'int64', get: (row) => row.campaign!.id },
    'campaign.name': { type: 'string', get: (row) => row.campaign!.name },
    'campaign.status': {
      type: 'enum',
      enumValues: ENABLED_PAUSED_REMOVED,
      get: (row) => campaignStatusOf(world, row.campaign!.id),
    },
    'campaign.campaign_budget': { type: 'string', get: names.campaign_budget },

    'campaign_budget.resource_name': { type: 'string', get: names.campaign_budget },
    'campaign_budget.id': { type: 'int64', get: (row) => budgetIdOf(row.campaign!.id) },
    'campaign_budget.amount_micros': {
      type: 'int64',
      get: (row) => minorToMicros(world.dailyBudgetMinor(PLATFORM, row.campaign!.id), row.account.currency),
    },
    'campaign_budget.explicitly_shared': { type: 'bool', get: () => false },
    'campaign_budget.period': {
      type: 'enum',
      enumValues: ['DAILY', 'CUSTOM_PERIOD', 'UNKNOWN', 'UNSPECIFIED'],
      get: () => 'DAILY',
    },

    'ad_group.resource_name': { type: 'string', get: names.ad_group },
    'ad_group.id': { type: 'int64', get: (row) => adGroupIdOf(row.campaign!.id) },
    'ad_group.name': { type: 'string', get: (row) => `${row.campaign!.name} #1` },
    'ad_group.status': { type: 'enum', enumValues: ENABLED_PAUSED_REMOVED, get: () => 'ENABLED' },

    'ad_group_ad.resource_name': { type: 'string', get: names.ad_group_ad },
    'ad_group_ad.status': {
      type: 'enum',
      enumValues: ENABLED_PAUSED_REMOVED,
      get: (row) => adGroupAdStatusOf(world, row.ad!.id),
    },
    'ad_group_ad.ad.resource_name': { type: 'string', get: names.ad },
    'ad_group_ad.ad.id': { type: 'int64', get: (row) => row.ad!.id },
    'ad_group_ad.ad.name': { type: 'string', get: (row) => row.ad!.name },
    // Every sandbox ad is a responsive search ad: headlines and descriptions are AdTextAssets.
    'ad_group_ad.ad.type': { type: 'enum', enumValues: AD_TYPES, get: () => 'RESPONSIVE_SEARCH_AD' },
    'ad_group_ad.ad.final_urls': { type: 'repeated', get: (row) => [row.ad!.copy.landingUrl] },
    'ad_group_ad.ad.responsive_search_ad.headlines': {
      type: 'repeated',
      get: (row) => row.ad!.copy.headlines.map((text) => ({ text })),
    },
    'ad_group_ad.ad.responsive_search_ad.descriptions': {
      type: 'repeated',
      get: (row) => row.ad!.copy.descriptions.map((text) => ({ text })),
    },

    // The one conversion action every sandbox customer has; int64 windows render as strings like every int64.
    'conversion_action.resource_name': { type: 'string', get: names.conversion_action },
    'conversion_action.id': { type: 'int64', get: () => SANDBOX_ATTRIBUTION.google.id },
    'conversion_action.name': { type: 'string', get: () => SANDBOX_ATTRIBUTION.google.name },
    'conversion_action.status': {
      type: 'enum',
      enumValues: ['ENABLED', 'REMOVED', 'HIDDEN', 'UNKNOWN', 'UNSPECIFIED'],
      get: () => 'ENABLED',
    },
    'conversion_action.include_in_conversions_metric': { type: 'bool', get: () => true },
    'conversion_action.click_through_lookback_window_days': {
      type: 'int64',
      get: () => SANDBOX_ATTRIBUTION.google.clickThroughLookbackWindowDays,
    },
    'conversion_action.view_through_lookback_window_days': {
      type: 'int64',
      get: () => SANDBOX_ATTRIBUTION.google.viewThroughLookbackWindowDays,
    },

    'segments.date': { type: 'date', get: (row) => row.date! },

    'metrics.impressions': metric('int64', (m) => String(m.impressions)),
    'metrics.clicks': metric('int64', (m) => String(m.clicks)),
    'metrics.cost_micros': metric('int64', (m, row) => minorToMicros(m.spendMinor, row.account.currency)),
    'metrics.conversions': metric('double', (m) => m.conversions),
    'metrics.conversions_value': metric('double', (m, row) =>
      Number(minorToDecimal(m.conversionValueMinor, row.account.currency)),
    ),
  };
}

/** A date literal ('2024-01-31' or '20240131') as YYYY-MM-DD, or undefined when it is not a real date. */
function parseDate(literal: Literal): string | undefined {
  if (literal.type !== 'string') return undefined;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(literal.text);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDay(day) ? day : undefined;
}

/** The days a DURING literal covers, relative to the account's today. */
export function duringRange(literal: DateRangeLiteral, today: string): [string, string] {
  const weekday = weekdayOf(today);
  const monday = addDays(today, -((weekday + 6) % 7));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (literal) {
    case 'TODAY':
      return [today, today];
    case 'YESTERDAY':
      return [addDays(today, -1), addDays(today, -1)];
    case 'LAST_7_DAYS':
      return [addDays(today, -7), addDays(today, -1)];
    case 'LAST_14_DAYS':
      return [addDays(today, -14), addDays(today, -1)];
    case 'LAST_30_DAYS':
      return [addDays(today, -30), addDays(today, -1)];
    case 'LAST_BUSINESS_WEEK':
      return [addDays(monday, -7), addDays(monday, -3)];
    case 'THIS_MONTH':
      return [firstOfMonth, today];
    case 'LAST_MONTH': {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return [`${lastOfPrevious.slice(0, 8)}01`, lastOfPrevious];
    }
    case 'THIS_WEEK_SUN_TODAY':
      return [addDays(today, -weekday), today];
    case 'THIS_WEEK_MON_TODAY':
      return [monday, today];
    case 'LAST_WEEK_SUN_SAT':
      return [addDays(today, -weekday - 7), addDays(today, -weekday - 1)];
    case 'LAST_WEEK_MON_SUN':
      return [addDays(monday, -7), addDays(monday, -1)];
  }
}

/** A literal as a value comparable with the field's rendered values. */
function comparable(def: FieldDef, field: string, literal: Literal, operator: string): Value {
  switch (def.type) {
    case 'date': {
      const day = parseDate(literal);
      if (!day) {
        throw operator === 'BETWEEN'
          ? queryError(
              'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
              `Error in query: ${literal.text} is not a date.`,
              literal.text,
            )
          : queryError(
              'INVALID_DATE_FORMAT',
              "Error in query: invalid date format. Expected 'YYYY-MM-DD'.",
              literal.text,
            );
      }
      return day;
    }
    case 'int64':
    case 'double':
      if (!/^-?\d+(\.\d+)?$/.test(literal.text)) {
        throw queryError('BAD_NUMBER', `Error in query: ${literal.text} is not a number for ${field}.`, literal.text);
      }
      return Number(literal.text);
    case 'bool':
      if (!/^(true|false)$/i.test(literal.text))
        throw queryError('BAD_VALUE', `Error in query: ${literal.text} is not a boolean.`, literal.text);
      return literal.text.toLowerCase() === 'true';
    case 'enum':
      if (!def.enumValues!.includes(literal.text)) {
        throw queryError(
          'BAD_ENUM_CONSTANT',
          `Error in query: invalid enum constant ${literal.text} for ${field}.`,
          literal.text,
        );
      }
      return literal.text;
    case 'string':
      if (literal.type !== 'string') {
        throw queryError(
          'INVALID_STRING_VALUE',
          `Error in query: ${literal.text} must be a quoted string.`,
          literal.text,
        );
      }
      return literal.text;
    case 'repeated':
      throw queryError(
        'OPERATOR_FIELD_MISMATCH',
        `Error in query: the repeated field ${field} cannot be compared.`,
        field,
      );
  }
}

/** Field values as they compare (int64 strings become numbers). */
const asComparable = (def: FieldDef, value: Value): Value => (def.type === 'int64' ? Number(value) : value);

/** A condition as a row predicate; checks operator/field fit and literal types up front. */
function predicate(defs: Record<string, FieldDef>, condition: Condition, today: string): (row: Row) => boolean {
  const def = defs[condition.field];
  const { operator } = condition;
  const ordered = def.type === 'int64' || def.type === 'double' || def.type === 'date';
  if (
    (operator === 'DURING' && def.type !== 'date') ||
    (['>', '>=', '<', '<=', 'BETWEEN'].includes(operator) && !ordered)
  ) {
    throw queryError(
      'OPERATOR_FIELD_MISMATCH',
      `Error in query: ${operator} cannot be used with ${condition.field}.`,
      condition.field,
    );
  }
  if (operator === 'DURING') {
    const [since, until] = duringRange(condition.values[0].text as DateRangeLiteral, today);
    return (row) => row.date! >= since && row.date! <= until;
  }
  const values = condition.values.map((literal) => comparable(def, condition.field, literal, operator));
  const read = (row: Row) => asComparable(def, def.get(row));
  switch (operator) {
    case '=':
      return (row) => read(row) === values[0];
    case '!=':
      return (row) => read(row) !== values[0];
    case '>':
      return (row) => read(row) > values[0];
    case '>=':
      return (row) => read(row) >= values[0];
    case '<':
      return (row) => read(row) < values[0];
    case '<=':
      return (row) => read(row) <= values[0];
    case 'IN':
      return (row) => values.includes(read(row));
    case 'NOT IN':
      return (row) => !values.includes(read(row));
    case 'BETWEEN':
      return (row) => read(row) >= values[0] && read(row) <= values[1];
  }
}

/** The closed date range the WHERE clause sets on segments.date, as far as it sets one. */
function dateBounds(conditions: Condition[], today: string): { since?: string; until?: string } {
  let since: string | undefined;
  let until: string | undefined;
  const later = (a: string | undefined, b: string) => (a === undefined || b > a ? b : a);
  const earlier = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);
  for (const condition of conditions) {
    if (condition.field !== 'segments.date') continue;
    const days = condition.operator === 'DURING' ? [] : condition.values.map(parseDate);
    if (days.some((d) => d === undefined)) continue; // predicate() reports the bad literal
    const [first, second] = days as string[];
    switch (condition.operator) {
      case 'DURING': {
        const [from, to] = duringRange(condition.values[0].text as DateRangeLiteral, today);
        since = later(since, from);
        until = earlier(until, to);
        break;
      }
      case 'BETWEEN':
        since = later(since, first);
        until = earlier(until, second);
        break;
      case '=':
        since = later(since, first);
        until = earlier(until, first);
        break;
      case 'IN':
        since = later(since, [...days].sort()[0]!);
        until = earlier(until, [...days].sort().at(-1)!);
        break;
      case '>':
        since = later(since, addDays(first, 1));
        break;
      case '>=':
        since = later(since, first);
        break;
      case '<':
        until = earlier(until, addDays(first, -1));
        break;
      case '<=':
        until = earlier(until, first);
        break;
      default:
        break;
    }
  }
  return { since, until };
}

/** The entities FROM names, one row each. */
function entities(from: string, account: SandboxAccount): Row[] {
  if (from === 'customer' || from === 'conversion_action') return [{ account }];
  if (from === 'campaign') return account.campaigns.map((campaign) => ({ account, campaign }));
  return account.campaigns.flatMap((campaign) => campaign.ads.map((ad) => ({ account, campaign, ad })));
}

/** Rows with metrics: one per entity and day with delivery when segmented by date, else one per entity. */
function metricRows(
  world: World,
  from: string,
  account: SandboxAccount,
  since: string,
  until: string,
  segmented: boolean,
): Row[] {
  const level = from === 'ad_group_ad' ? 'ad' : 'campaign';
  const daily: Row[] = world.rows(PLATFORM, account.id, since, until, level).map((r) => ({
    account,
    campaign: r.campaign,
    ad: r.ad ?? undefined,
    date: r.date,
    metrics: r.metrics,
  }));
  const keyOf = (row: Row) => (from === 'customer' ? '' : from === 'campaign' ? row.campaign!.id : row.ad!.id);
  if (segmented) {
    if (from !== 'customer') return daily;
    const byDate = new Map<string, DayMetrics[]>();
    for (const row of daily) byDate.set(row.date!, [...(byDate.get(row.date!) ?? []), row.metrics!]);
    return [...byDate].map(([date, days]) => ({ account, date, metrics: sum(days) }));
  }
  return entities(from, account).map((entity) => ({
    ...entity,
    metrics: sum(daily.filter((row) => keyOf(row) === keyOf(entity)).map((row) => row.metrics!)),
  }));
}

/** Sets a value at a camelCase path, creating objects (with their resourceName first) on the way. */
function place(target: Record<string, unknown>, field: string, value: Value, row: Row, withNames: boolean): void {
  const parts = field.split('.');
  let node = target;
  parts.slice(0, -1).forEach((part, depth) => {
    const key = camel(part);
    if (!node[key]) {
      const resource = depth === 0 ? part : part === 'ad' ? 'ad' : undefined;
      const name = withNames && resource && resource in names ? names[resource as keyof typeof names](row) : undefined;
      node[key] = name ? { resourceName: name } : {};
    }
    node = node[key] as Record<string, unknown>;
  });
  node[camel(parts.at(-1)!)] = value;
}

export interface QueryResult {
  results: Record<string, unknown>[];
  /** The selected fields in lowerCamelCase, comma-separated. */
  fieldMask: string;
}

/** Runs a query on one customer; throws a queryError GoogleAdsFault when the query is not valid. */
export function runQuery(world: World, account: SandboxAccount, query: GaqlQuery): QueryResult {
  const defs = catalog(world);
  const allowed = ATTRIBUTED[query.from];
  if (!allowed) {
    throw queryError(
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `The sandbox does not serve the resource '${query.from}'.`,
      query.from,
    );
  }
  const check = (field: string, clause: 'SELECT' | 'WHERE' | 'ORDER BY') => {
    if (!defs[field]) throw queryError('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${field}'.`, field);
    const resource = owner(field);
    if (resource !== 'segments' && resource !== 'metrics' && !allowed.includes(resource)) {
      const code =
        clause === 'WHERE' ? 'PROHIBITED_RESOURCE_TYPE_IN_WHERE_CLAUSE' : 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE';
      throw queryError(code, `Error in query: '${field}' cannot be used with FROM ${query.from}.`, field);
    }
    // Google filters repeated fields only with CONTAINS ANY/ALL/NONE, which the sandbox does not emulate.
    if (defs[field].type === 'repeated' && clause !== 'SELECT') {
      const code = clause === 'WHERE' ? 'OPERATOR_FIELD_MISMATCH' : 'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE';
      throw queryError(code, `Error in query: the repeated field '${field}' cannot be used in ${clause}.`, field);
    }
  };
  query.select.forEach((field) => check(field, 'SELECT'));
  query.where.forEach((condition) => check(condition.field, 'WHERE'));
  query.orderBy.forEach((order) => check(order.field, 'ORDER BY'));

  const today = world.today(account);
  const predicates = query.where.map((condition) => predicate(defs, condition, today));
  const segmented = query.select.includes('segments.date');
  const referenced = [...query.select, ...query.where.map((c) => c.field), ...query.orderBy.map((o) => o.field)];
  const usesMetrics = referenced.some((field) => field.startsWith('metrics.'));
  const bounds = dateBounds(query.where, today);
  if (segmented && (!bounds.since || !bounds.until)) {
    throw queryError(
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Error in query: segments.date in the SELECT clause needs a finite date range on segments.date in the WHERE clause.',
    );
  }
  if (bounds.since && bounds.until && bounds.since > bounds.until) {
    throw queryError('DATE_RANGE_TOO_NARROW', 'Error in query: the start date is after the end date.');
  }

  let rows: Row[];
  if (segmented || usesMetrics) {
    const earliest = account.campaigns.map((c) => c.startDate).sort()[0] ?? today;
    rows = metricRows(world, query.from, account, bounds.since ?? earliest, bounds.until ?? today, segmented);
  } else {
    rows = entities(query.from, account);
  }
  rows = rows.filter((row) => predicates.every((test) => test(row)));
  if (query.orderBy.length) {
    rows.sort((a, b) => {
      for (const { field, descending } of query.orderBy) {
        const x = asComparable(defs[field], defs[field].get(a));
        const y = asComparable(defs[field], defs[field].get(b));
        if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
      }
      return 0;
    });
  }
  if (query.limit !== null) rows = rows.slice(0, query.limit);

  const withNames = query.parameters.omit_unselected_resource_names !== 'true';
  const results = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const field of query.select) place(out, field, defs[field].get(row), row, withNames);
    return out;
  });
  return { results, fieldMask: query.select.map((field) => field.split('.').map(camel).join('.')).join(',') };
}
