import { addDays } from '@shared/days';
import type { FastifyReply } from 'fastify';

import type { SandboxAccount, SandboxAd, SandboxCampaign, World } from '../../world';
import { toOffsetUnits } from './budget';
import type { InsightsQuery } from './insights';
import { businessIdOf } from './usage';
import { expansionOf, invalidParameter } from './wire';

/**
 * The Graph nodes the Meta emulator serves (ad accounts, campaigns, ads, async report runs): their
 * fields as Graph writes them, and the `fields` selection every read goes through.
 */

const PLATFORM = 'meta';

/** Campaign objectives the world uses, as Graph names them since the ODAX objectives. */
const OBJECTIVES: Record<string, string> = {
  CONVERSIONS: 'OUTCOME_SALES',
  TRAFFIC: 'OUTCOME_TRAFFIC',
  LEAD_GENERATION: 'OUTCOME_LEADS',
  AWARENESS: 'OUTCOME_AWARENESS',
};
export const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'account_id',
  'status',
  'configured_status',
  'effective_status',
  'daily_budget',
  'lifetime_budget',
  'objective',
  'buying_type',
  'start_time',
];
/** The sandbox has no ad sets, so adset_id is not among them. */
export const AD_FIELDS = [
  'id',
  'name',
  'account_id',
  'campaign_id',
  'status',
  'configured_status',
  'effective_status',
  'created_time',
  'creative',
];
/** AdCreative fields the emulator serves (on an ad through `creative{...}`). */
export const CREATIVE_FIELDS = [
  'id',
  'name',
  'status',
  'title',
  'body',
  'call_to_action_type',
  'image_hash',
  'image_url',
  'thumbnail_url',
  'link_url',
  'object_url',
  'object_story_spec',
];
/** Where the emulator serves ad images, under /meta: shaped like Meta's CDN (…/<image_hash>.png). */
export const IMAGE_PATH = '/adimages';
export const ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'account_status', 'timezone_name', 'business'];
export const REPORT_RUN_FIELDS = [
  'id',
  'account_id',
  'async_status',
  'async_percent_completion',
  'date_start',
  'date_stop',
  'time_ref',
  'time_completed',
  'is_running',
];
/** account_status 1 = ACTIVE. */
const ACCOUNT_ACTIVE = 1;

/**
 * How an async report run advances: one step per status poll (GET /{report_run_id}). Meta can
 * report 100% while the job is still running, so clients must wait for "Job Completed".
 */
export const ASYNC_PROGRESS: [status: string, percent: number][] = [
  ['Job Not Started', 0],
  ['Job Started', 0],
  ['Job Running', 60],
  ['Job Running', 100],
  ['Job Completed', 100],
];

export interface ReportRun {
  id: string;
  account: SandboxAccount;
  query: InsightsQuery;
  createdAt: Date;
  completedAt?: Date;
  polls: number;
}

export const isDone = (run: ReportRun) => run.polls >= ASYNC_PROGRESS.length;

export const accountNode = (account: SandboxAccount): Record<string, unknown> => ({
  id: account.id,
  account_id: account.id.replace(/^act_/, ''),
  name: account.name,
  currency: account.currency,
  account_status: ACCOUNT_ACTIVE,
  timezone_name: account.timeZone,
  business: { id: businessIdOf(account), name: 'Acme Sandbox Business' },
});

export function campaignNode(
  world: World,
  account: SandboxAccount,
  campaign: SandboxCampaign,
): Record<string, unknown> {
  const status = world.status(PLATFORM, campaign.id);
  return {
    id: campaign.id,
    name: campaign.name,
    account_id: account.id.replace(/^act_/, ''),
    status,
    configured_status: status,
    effective_status: status,
    daily_budget: String(toOffsetUnits(world.dailyBudgetMinor(PLATFORM, campaign.id), account.currency)),
    lifetime_budget: '0',
    objective: OBJECTIVES[campaign.objective] ?? 'OUTCOME_AWARENESS',
    buying_type: 'AUCTION',
    start_time: `${campaign.startDate}T00:00:00+0000`,
  };
}

/** Objects that are Graph nodes of their own: a field naming one gives only its id unless expanded. */
const NODES = new WeakSet<object>();

/** A page id for the sandbox's link ads (every account posts as one page). */
const pageIdOf = (account: SandboxAccount) => `10${account.id.replace(/^act_/, '').slice(0, 13)}`;

/**
 * An ad's AdCreative node: a link ad whose copy is in object_story_spec.link_data (message =
 * primary text, name = headline, description, link, call_to_action), mirrored in the flat
 * read-only fields Graph also answers (body, title, call_to_action_type, link_url, object_url,
 * image_hash, image_url). `imageBase` is the absolute URL the emulator serves images under.
 */
export function creativeNode(account: SandboxAccount, ad: SandboxAd, imageBase: string): Record<string, unknown> {
  const { copy } = ad;
  const imageUrl = copy.image ? `${imageBase}${IMAGE_PATH}/${copy.image.key}.png` : undefined;
  const node = {
    id: `1203${ad.id.slice(4)}`,
    name: `${ad.name} creative`,
    status: 'ACTIVE',
    title: copy.headlines[0],
    body: copy.primaryText ?? undefined,
    call_to_action_type: copy.callToAction ?? undefined,
    image_hash: copy.image?.key,
    image_url: imageUrl,
    thumbnail_url: imageUrl ? `${imageUrl}?stp=thumb` : undefined,
    link_url: copy.landingUrl,
    object_url: copy.landingUrl,
    object_story_spec: {
      page_id: pageIdOf(account),
      link_data: {
        link: copy.landingUrl,
        message: copy.primaryText ?? undefined,
        name: copy.headlines[0],
        description: copy.description ?? undefined,
        image_hash: copy.image?.key,
        call_to_action: copy.callToAction ? { type: copy.callToAction, value: { link: copy.landingUrl } } : undefined,
      },
    },
  };
  NODES.add(node);
  return node;
}

/**
 * An ad node. `status` (= configured_status) is the ad's own; effective_status also reflects its
 * campaign: an ACTIVE ad of a paused campaign is CAMPAIGN_PAUSED. `imageBase`: see creativeNode.
 */
export function adNode(
  world: World,
  account: SandboxAccount,
  campaign: SandboxCampaign,
  ad: SandboxAd,
  imageBase: string,
): Record<string, unknown> {
  const status = world.adStatus(PLATFORM, ad.id);
  const effective =
    status !== 'ACTIVE' ? status : world.status(PLATFORM, campaign.id) === 'ACTIVE' ? 'ACTIVE' : 'CAMPAIGN_PAUSED';
  const launched = addDays(campaign.startDate, ad.launchOffsetDays);
  return {
    id: ad.id,
    name: ad.name,
    account_id: account.id.replace(/^act_/, ''),
    campaign_id: campaign.id,
    status,
    configured_status: status,
    effective_status: effective,
    created_time: `${launched}T00:00:00+0000`,
    creative: creativeNode(account, ad, imageBase),
  };
}

export function runNode(run: ReportRun): Record<string, unknown> {
  const [status, percent] = ASYNC_PROGRESS[Math.min(run.polls, ASYNC_PROGRESS.length) - 1] ?? ASYNC_PROGRESS[0];
  return {
    id: run.id,
    account_id: run.account.id.replace(/^act_/, ''),
    async_status: status,
    async_percent_completion: percent,
    date_start: run.query.since,
    date_stop: run.query.until,
    time_ref: Math.floor(run.createdAt.getTime() / 1000),
    time_completed: run.completedAt ? Math.floor(run.completedAt.getTime() / 1000) : undefined,
    is_running: status !== 'Job Completed',
  };
}

/** The first requested field a node type does not have, if any (an expansion by its name). */
export function unknownField(requested: string[], known: string[]): string | undefined {
  return requested.map((field) => expansionOf(field).name).find((name) => !known.includes(name));
}

/** The first field asked of an expanded field `name{...}` that its node type does not have. */
export function unknownExpandedField(requested: string[], name: string, known: string[]): string | undefined {
  for (const field of requested) {
    const expansion = expansionOf(field);
    if (expansion.name !== name || !expansion.fields) continue;
    const unknown = unknownField(expansion.fields, known);
    if (unknown) return unknown;
  }
  return undefined;
}

/** Graph's answer to a field the node type does not have. */
export function nonexistingField(reply: FastifyReply, field: string, nodeType: string): FastifyReply {
  return invalidParameter(reply, `Tried accessing nonexisting field (${field}) on node type (${nodeType})`);
}

/**
 * A node with only the requested fields (Graph leaves out fields without a value). A field that
 * names another node gives its id, or the fields of an expansion (`creative{title,body}`).
 */
export function pick(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const field of fields) {
    const { name, fields: expanded } = expansionOf(field);
    const value = values[name];
    if (value === undefined) continue;
    const isNode = typeof value === 'object' && value !== null && NODES.has(value);
    if (isNode) node[name] = pick(value as Record<string, unknown>, expanded ?? ['id']);
    else node[name] = withoutUndefined(value);
  }
  return node;
}

/** A struct value as JSON writes it (fields without a value left out). */
const withoutUndefined = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (JSON.parse(JSON.stringify(value)) as unknown) : value;

/** A single node's requested fields, or the unknown-field error. */
export function sendNode(
  reply: FastifyReply,
  nodeType: string,
  fields: string[],
  known: string[],
  values: Record<string, unknown>,
): FastifyReply {
  const unknown = unknownField(fields, known);
  if (unknown) return nonexistingField(reply, unknown, nodeType);
  const unknownCreative = nodeType === 'Ad' ? unknownExpandedField(fields, 'creative', CREATIVE_FIELDS) : undefined;
  if (unknownCreative) return nonexistingField(reply, unknownCreative, 'AdCreative');
  return reply.send(pick(values, fields));
}
