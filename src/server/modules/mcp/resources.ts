import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { type Action, ROLE_TITLES, roleCan } from '@shared/access/policy';

import { HttpError } from '../../lib/httpError';
import { INTERNAL_ERROR_DETAIL } from '../../plugins/errors';
import type { McpCaller } from '../mcpAuth/mcpTokens';
import { type McpCallOutcome, recordCall } from './mcp.audit';
import { listAdAccounts } from './tools/listAdAccounts';
import type { ToolContext } from './tools/tool';

export const GLOSSARY_URI = 'adwise://glossary/metrics';
export const ACCOUNTS_URI = 'adwise://workspace/accounts';

export const MCP_RESOURCE_MESSAGES = {
  notAllowed: (role: McpCaller['role']) =>
    `Your role in this workspace (${ROLE_TITLES[role]}) does not include the connected accounts. Ask an owner of the workspace for a role that does.`,
} as const;

/**
 * How Adwise derives its figures (the formulas of @shared/metrics `derive`, with its rounding) and
 * what each platform counts as a conversion (src/server/platforms/<platform>/map.ts). The default
 * attribution windows are the platforms' own defaults: Adwise reads each platform's reported
 * conversions as they are and does not re-attribute them. The windows were checked on 2026-11-29
 * against LinkedIn's help article "LinkedIn conversion window" (30-day click, 7-day view), X's Ads
 * API reference for conversion_attribution (click_window default 14, view_through_window default
 * 1) and TikTok's "flexible attribution windows" announcement (7-day click, 1-day view); Google's
 * 30-day click and Meta's 7-day click / 1-day view are those platforms' documented defaults.
 */
export const METRICS_GLOSSARY = `# Adwise metrics glossary

Every figure Adwise shows (dashboard, reports, \`get_performance\`) is computed from five sums over the
rows in the filter: **spend**, **impressions**, **clicks**, **conversions** and **conversion value**.
Derived metrics are computed from those sums (never averaged over days, campaigns or accounts), rounded
half up to 2 decimals:

| Metric | Formula | When the denominator is 0 |
|---|---|---|
| **CTR** (click-through rate) | clicks ÷ impressions × 100 (%) | 0 |
| **CPC** (cost per click) | spend ÷ clicks | 0 |
| **CPA** (cost per acquisition) | spend ÷ conversions | none (null: no conversions) |
| **ROAS** (return on ad spend) | conversion value ÷ spend (a ratio: 3.2 means 3.20 of value per 1 spent) | 0 |
| **CVR** (conversion rate) | conversions ÷ clicks × 100 (%) | none (null: no clicks) |

## Where Adwise normalises

- **Money**: each platform's amounts (Google and X in micros, Meta, LinkedIn and TikTok in decimal
  strings) are stored in minor units of the account's currency. A figure in a display currency converts
  every row with the exchange rate of its own day (the latest rate on or before it), then sums. A
  currency without any rate is left out of the sums and named in the answer.
- **Days**: each platform reports days in the account's reporting time zone (LinkedIn in UTC); Adwise
  keeps the platform's day as it is, so a date range means the account's own days.
- **Conversions**: one count and one value per row, chosen per platform as below. Adwise does not
  re-attribute conversions: each platform's number is its own attribution, so totals across platforms add
  conversions counted under different windows. Compare a platform with itself over time before comparing
  platforms with each other.
- **Clicks**: the platform's clicks metric (X: all clicks on the ad, not only link clicks).

## What each platform counts as a conversion

| Platform | Conversions Adwise reads | Conversion value | Default attribution window (the platform's default; advertisers can change it) |
|---|---|---|---|
| **Google Ads** | \`metrics.conversions\`: the conversion actions the advertiser includes in "Conversions" (fractional with data-driven attribution) | \`metrics.conversions_value\` | Set per conversion action: 30 days after a click for most website actions (engaged-view and view-through windows are separate); Google reports a conversion on the day of the click |
| **Meta** (Facebook, Instagram) | Purchases in \`actions\`: the first of \`omni_purchase\`, \`purchase\`, \`offsite_conversion.fb_pixel_purchase\` a row carries (Meta repeats one purchase under each) | The same action type in \`action_values\` | 7-day click and 1-day view (the ad set's attribution setting) |
| **LinkedIn** | \`externalWebsiteConversions\` (Insight Tag / Conversions API website conversions) | \`conversionValueInLocalCurrency\` | Set per conversion: 30-day click and 7-day view by default |
| **X** | \`conversion_purchases\`: post-engagement + post-view purchases (X's "assisted" ones are left out) | The purchases' sale amount | 14-day post-engagement and 1-day post-view by default |
| **TikTok** | \`conversion\`: conversions of each ad group's optimization event | \`total_complete_payment_rate\` (value of CompletePayment, i.e. purchase, events) | 7-day click and 1-day view by default (set per ad group) |

Some of these mappings are marked UNCONFIRMED in the code until checked against a live account (TikTok's
value metric, X's sale-amount unit, LinkedIn's reporting zone); the attribution windows are the platforms'
published defaults, not something Adwise sets or can see per account.
`;

/**
 * The MCP resources: the metrics glossary (static words, any member) and the workspace's connected
 * accounts (the same answer as list_ad_accounts, under the same role action). Every read is audited
 * as `resource:<uri>`, like a tool call; a refusal is a JSON-RPC error in a person's words.
 */
export function registerResources(server: McpServer, context: ToolContext): void {
  const { caller, ctx } = context;

  async function audited(
    uri: string,
    action: Action | undefined,
    read: () => Promise<ReadResourceResult>,
  ): Promise<ReadResourceResult> {
    let outcome: McpCallOutcome = 'ok';
    try {
      if (action && !roleCan(caller.role, action)) {
        outcome = 'refused';
        throw new McpError(ErrorCode.InvalidRequest, MCP_RESOURCE_MESSAGES.notAllowed(caller.role));
      }
      return await read();
    } catch (error) {
      if (error instanceof McpError) throw error;
      if (error instanceof HttpError && error.statusCode < 500) {
        outcome = error.statusCode === 403 ? 'refused' : 'error';
        throw new McpError(ErrorCode.InvalidRequest, error.detail);
      }
      outcome = 'error';
      ctx.log.error({ err: error, resource: uri }, 'MCP resource read failed');
      throw new McpError(ErrorCode.InternalError, INTERNAL_ERROR_DETAIL);
    } finally {
      await recordCall(ctx.db, caller, `resource:${uri}`, outcome, ctx.clock.now());
    }
  }

  server.registerResource(
    'metrics_glossary',
    GLOSSARY_URI,
    {
      title: 'Metrics glossary',
      description:
        'How Adwise derives CTR, CPC, CPA, ROAS and CVR, where it normalises money and days, and what each platform counts as a conversion over which default attribution window.',
      mimeType: 'text/markdown',
    },
    (uri) =>
      audited(GLOSSARY_URI, undefined, async () => ({
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: METRICS_GLOSSARY }],
      })),
  );

  server.registerResource(
    'workspace_accounts',
    ACCOUNTS_URI,
    {
      title: 'Connected ad accounts',
      description:
        'The ad accounts connected in this workspace with their platform, currency, connection status and sync state (the same as the list_ad_accounts tool).',
      mimeType: 'application/json',
    },
    (uri) =>
      audited(ACCOUNTS_URI, listAdAccounts.action, async () => {
        const answer = await listAdAccounts.run({}, context);
        return {
          contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(answer.structured, null, 2) }],
        };
      }),
  );
}
