import type { EntityStatus } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';

import { type PlatformAccount, type PlatformClient, PlatformError } from '../../platforms/types';
import type { Connections } from '../adAccounts/connections';
import type { AccountRow } from './actions.queries';
import type { JournalStep } from './actions.steps';

/**
 * The one place Adwise writes to an ad platform (the seam test holds that): one step of a change
 * at a time, and the reads that tell where the steps stand.
 */

export const platformAccountOf = (account: AccountRow): PlatformAccount => ({
  id: account.accountId,
  name: account.name,
  currency: account.currency,
  timeZone: account.timeZone,
});

/**
 * How a write ended. `uncertain`: no answer came (a timeout, a dropped connection), so the write
 * may have landed; an answer that refused it means it did not.
 */
export type WriteOutcome = { ok: true } | { ok: false; error: PlatformError; uncertain: boolean };

/** What the platform holds for each step now (undefined: the campaign or ad is gone; null: a campaign without a daily budget of its own). */
export type LiveValues = (EntityStatus | number | null | undefined)[];

export function createPlatformWrites(connections: Connections) {
  function use<T>(account: AccountRow, call: (client: PlatformClient) => Promise<T>): Promise<T> {
    return connections.use(account.connectionId, account.platform as Platform, call);
  }

  /** Writes one step's value; anything but a platform's failure (a bug, the database) is thrown. */
  async function write(account: AccountRow, step: JournalStep, value: EntityStatus | number): Promise<WriteOutcome> {
    const target = platformAccountOf(account);
    try {
      if (step.kind === 'ad_status')
        await use(account, (client) => client.setAdStatus(target, step.entity_id, value as EntityStatus));
      else if (step.kind === 'campaign_status')
        await use(account, (client) => client.setCampaignStatus(target, step.entity_id, value as EntityStatus));
      else await use(account, (client) => client.setCampaignDailyBudget(target, step.entity_id, value as number));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      return { ok: false, error, uncertain: error.kind === 'unavailable' && error.status === undefined };
    }
  }

  /** Lists the account's campaigns and ads (each once, only those the steps need) and finds each step's entity; a platform failure is thrown. */
  async function read(account: AccountRow, steps: Pick<JournalStep, 'kind' | 'entity_id'>[]) {
    const target = platformAccountOf(account);
    const needsCampaigns = steps.some((step) => step.kind !== 'ad_status');
    const needsAds = steps.some((step) => step.kind === 'ad_status');
    const [campaignList, adList] = await Promise.all([
      needsCampaigns ? use(account, (client) => client.listCampaigns(target)) : [],
      needsAds ? use(account, (client) => client.listAds(target)) : [],
    ]);
    const values: LiveValues = steps.map((step) => {
      if (step.kind === 'ad_status') return adList.find((ad) => ad.id === step.entity_id)?.status;
      const campaign = campaignList.find((c) => c.id === step.entity_id);
      if (!campaign) return undefined;
      return step.kind === 'campaign_status' ? campaign.status : campaign.dailyBudgetMinor;
    });
    return {
      values,
      campaigns: campaignList.filter((c) => steps.some((step) => step.kind !== 'ad_status' && step.entity_id === c.id)),
      ads: adList.filter((ad) => steps.some((step) => step.kind === 'ad_status' && step.entity_id === ad.id)),
    };
  }

  return { write, read };
}
export type PlatformWrites = ReturnType<typeof createPlatformWrites>;
