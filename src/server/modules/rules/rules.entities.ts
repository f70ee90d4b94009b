import { DRY_RUN_DAYS, MAX_WINDOW_DAYS } from '@shared/api/rules';

import type { RuleEntity } from '../../analysis/rules';
import type { AccountSeries } from '../../analysis/types';
import { dayNumber, sumByDate } from '../../analysis/window';
import type { DbOrTx } from '../../db/connect';
import type { connectedAdAccounts } from '../../db/schema';
import { loadAccountSeries } from '../metrics/accountSeries.queries';
import { workspaceAccounts } from './rules.queries';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

/** Days of history a rule can read: a window, the span of an average before it, and the dry run's days before both. */
export const RULE_HISTORY_DAYS = 2 * MAX_WINDOW_DAYS + DRY_RUN_DAYS;

export interface WorkspaceEntities {
  accounts: Map<string, AccountRow>;
  entities: RuleEntity[];
  /** Each account's day number today, in its own time zone. */
  todayOf: Map<string, number>;
}

/** An account's series as the entities rules judge: the account (its campaigns summed), each campaign, each ad. */
export function entitiesOf(
  account: Pick<AccountRow, 'id' | 'accountId' | 'name'>,
  series: AccountSeries,
): RuleEntity[] {
  const base = { accountRef: account.id, platform: series.platform, currency: series.currency };
  const entities: RuleEntity[] = [
    {
      ...base,
      key: `${account.id}:account:${account.accountId}`,
      level: 'account',
      entityId: account.accountId,
      entityName: account.name,
      campaignId: null,
      campaignName: null,
      status: 'ACTIVE',
      budgetMinor: null,
      days: sumByDate(series.campaigns.flatMap((campaign) => campaign.days)),
    },
  ];
  for (const campaign of series.campaigns) {
    const parent = { campaignId: campaign.id, campaignName: campaign.name };
    entities.push({
      ...base,
      ...parent,
      key: `${account.id}:campaign:${campaign.id}`,
      level: 'campaign',
      entityId: campaign.id,
      entityName: campaign.name,
      status: campaign.status,
      budgetMinor: campaign.dailyBudget,
      days: campaign.days,
    });
    for (const ad of campaign.ads) {
      entities.push({
        ...base,
        ...parent,
        key: `${account.id}:ad:${ad.id}`,
        level: 'ad',
        entityId: ad.id,
        entityName: ad.name,
        status: ad.status,
        budgetMinor: null,
        days: ad.days,
      });
    }
  }
  return entities;
}

/**
 * Every account, campaign and ad of a workspace as rules judge them: their days from the metrics
 * seam (each in its account's currency), their status and budget as last synced (or as changed
 * from here since).
 */
export async function loadWorkspaceEntities(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  onlyAccount?: string,
): Promise<WorkspaceEntities> {
  const accountRows = await workspaceAccounts(db, workspaceId, onlyAccount);
  const loaded: WorkspaceEntities = {
    accounts: new Map(accountRows.map((account) => [account.id, account])),
    entities: [],
    todayOf: new Map(),
  };
  for (const account of accountRows) {
    const { series } = await loadAccountSeries(db, account, now, RULE_HISTORY_DAYS);
    loaded.todayOf.set(account.id, dayNumber(series.today));
    loaded.entities.push(...entitiesOf(account, series));
  }
  return loaded;
}
