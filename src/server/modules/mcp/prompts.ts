import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { isCalendarDay } from '@shared/days';
import { z } from 'zod';

import { GLOSSARY_URI } from './resources';

/** The metrics why_did_metric_change explains: the five sums and the figures derived from them (@shared/metrics). */
export const PROMPT_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'value',
  'ctr',
  'cpc',
  'cpa',
  'roas',
  'cvr',
] as const;

export const MCP_PROMPT_MESSAGES = {
  badDay: (name: string) => `${name} must be a date written YYYY-MM-DD.`,
  badPeriod: 'period must be two dates written YYYY-MM-DD..YYYY-MM-DD, the first not after the second.',
  badMetric: `metric must be one of ${PROMPT_METRICS.join(', ')}.`,
  tooLong: (name: string) => `${name} must be at most 200 characters.`,
} as const;

const day = (name: string) => z.string().refine(isCalendarDay, { error: MCP_PROMPT_MESSAGES.badDay(name) });
const period = z.string().refine(
  (value) => {
    const [from, to, ...rest] = value.split('..');
    return (
      rest.length === 0 &&
      from !== undefined &&
      to !== undefined &&
      isCalendarDay(from) &&
      isCalendarDay(to) &&
      from <= to
    );
  },
  { error: MCP_PROMPT_MESSAGES.badPeriod },
);
const words = (name: string) => z.string().max(200, { error: MCP_PROMPT_MESSAGES.tooLong(name) });

const user = (text: string): GetPromptResult['messages'][number] => ({ role: 'user', content: { type: 'text', text } });

const EVIDENCE = [
  'Present evidence the way Adwise does: quote the figures the tools returned (never estimate or invent one), name the date range and the display currency,',
  'and give each claim its source (which tool, which filters). For a suggestion, give its headline, its confidence and expected impact as list_suggestions states them;',
  `if a derived metric needs explaining, read the resource ${GLOSSARY_URI}. Say plainly when the data is too thin to conclude anything.`,
].join(' ');

/**
 * The MCP prompts: each returns one user message that tells the assistant which Adwise tools to
 * call, in which order and with which arguments, and how to present the evidence. Arguments are
 * checked by their zod schemas: a bad one is a JSON-RPC error (invalid params) naming it.
 */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'weekly_review',
    {
      title: 'Weekly review',
      description:
        'A weekly review of the workspace: performance against the week before, what changed, open suggestions and alerts, and what was done.',
      argsSchema: {
        week_end: day('week_end')
          .optional()
          .describe('Last day of the week to review, YYYY-MM-DD (default: yesterday).'),
      },
    },
    ({ week_end }) => {
      const week = week_end ? `the 7 days ending ${week_end}` : 'the last 7 complete days (ending yesterday)';
      return {
        description: `Weekly review of ${week}`,
        messages: [
          user(
            [
              `Write a weekly review of my Adwise workspace for ${week}.`,
              '1. Call list_workspaces (the workspace, my role, its display currency) and list_ad_accounts (which accounts, whether any needs reconnecting or failed to sync; say so first if one did).',
              `2. Call get_performance for ${week} and again for the 7 days before it, level "account", in the workspace's display currency; then level "campaign" with limit 10 for the week.`,
              '3. Call list_suggestions, list_alerts (unread first), list_actions (what was changed and whether it worked) and get_budgets (how each monthly budget is pacing).',
              'Then write: a headline (spend, conversions, CPA and ROAS with the change against the week before, in percent); the three biggest movers by campaign; the alerts that matter; budgets off track with their advice; the open suggestions worth acting on; and what the actions log shows worked or not.',
              EVIDENCE,
            ].join('\n'),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'why_did_metric_change',
    {
      title: 'Why did this metric change?',
      description:
        'Explains a change in one metric (e.g. CPA or ROAS) over a period against the period before, down to the accounts, campaigns and ads that drove it.',
      argsSchema: {
        metric: z
          .enum(PROMPT_METRICS, { error: MCP_PROMPT_MESSAGES.badMetric })
          .describe(`One of ${PROMPT_METRICS.join(', ')}.`),
        period: period.optional().describe('The period to explain, YYYY-MM-DD..YYYY-MM-DD (default: the last 7 days).'),
        account: words('account')
          .optional()
          .describe('Only this ad account (its name or its id from list_ad_accounts).'),
        campaign: words('campaign').optional().describe('Only this campaign (its name or id).'),
      },
    },
    ({ metric, period: range, account, campaign }) => {
      const when = range ? `from ${range.replace('..', ' to ')}` : 'over the last 7 days';
      const scope =
        [account ? `account “${account}”` : undefined, campaign ? `campaign “${campaign}”` : undefined]
          .filter(Boolean)
          .join(', ') || 'the whole workspace';
      return {
        description: `Why ${metric} changed ${when} (${scope})`,
        messages: [
          user(
            [
              `Why did ${metric.toUpperCase()} change ${when} for ${scope}?`,
              `1. Call list_ad_accounts${account ? ` and find the account “${account}” (use its id as account_id)` : ''}.`,
              `2. Call get_performance ${when} and for the period of the same length just before it${account ? ', with that account_id' : ''}, breakdown "day", so the change and the day it started are visible.`,
              `3. Decompose ${metric}: it is derived from spend, impressions, clicks, conversions and conversion value (see ${GLOSSARY_URI}); say which of the inputs moved.`,
              `4. Call get_performance at level "campaign"${campaign ? ` (find “${campaign}”)` : ''} and then "ad" for both periods, sorted by spend, to find which ones drove the change.`,
              '5. Call list_alerts and list_actions: an alert may already have flagged it, and a change someone made (a paused ad, a new budget) may explain it.',
              'Answer with the change (before, after, percent), the inputs that moved, the campaigns or ads responsible with their figures, and any action or alert that lines up with it in time.',
              EVIDENCE,
            ].join('\n'),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'what_should_i_pause',
    {
      title: 'What should I pause?',
      description:
        'Finds campaigns and ads that spend without results, using Adwise’s statistically checked suggestions first.',
      argsSchema: {
        account: words('account')
          .optional()
          .describe('Only this ad account (its name or its id from list_ad_accounts).'),
      },
    },
    ({ account }) => {
      const scope = account ? `the ad account “${account}”` : 'my workspace';
      return {
        description: `What to pause in ${scope}`,
        messages: [
          user(
            [
              `What should I pause in ${scope}?`,
              `1. Call list_ad_accounts${account ? ` and find “${account}” (use its id as account_id below)` : ''}.`,
              `2. Call list_suggestions${account ? ' with that account_id' : ''}: Adwise's pause suggestions come with statistical evidence and a confidence; list them first.`,
              '3. Call get_performance for the last 30 days at level "ad" and level "campaign", sorted by spend, and look for spend with few or no conversions, CPA far above the account\'s, or ROAS far below it.',
              '4. Call list_actions to leave out what was already paused, and to see whether earlier pauses worked.',
              'Recommend what to pause, most spend wasted first, each with its spend, conversions, CPA or ROAS against the account average, and whether an Adwise suggestion backs it (with its confidence). Do not pause anything yourself: if I ask you to, use the suggestion (apply_suggestion) or set_status, which show a preview to confirm first.',
              EVIDENCE,
            ].join('\n'),
          ),
        ],
      };
    },
  );
}
