import type { SyncStatus } from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';

import { api, until } from './api';
import { readState } from './server';

export interface Totals {
  spendMinor: number;
  impressions: number;
}

/** A call to the in-process sandbox's admin API, with the token globalSetup gave the server. */
function adminToken(): string {
  const token = process.env.SANDBOX_ADMIN_TOKEN;
  if (!token) throw new Error('SANDBOX_ADMIN_TOKEN is not set: e2e/globalSetup.ts sets it before starting the server');
  return token;
}

async function sandboxAdmin<T>(path: string, baseUrl = readState().baseUrl): Promise<T> {
  const res = await fetch(`${baseUrl}/sandbox/_sandbox${path}`, {
    headers: { authorization: `Bearer ${adminToken()}` },
  });
  if (!res.ok) throw new Error(`sandbox admin ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Ground truth from the in-process sandbox's admin API. */
export async function sandboxTotals(
  platform: Platform,
  account: string,
  since: string,
  until: string,
): Promise<Totals> {
  return sandboxAdmin<Totals>(`/totals?${new URLSearchParams({ platform, account, since, until })}`);
}

export async function sandboxCampaignStatus(platform: Platform, name: string): Promise<string | undefined> {
  const { accounts } = await sandboxAdmin<{ accounts: { campaigns: { name: string; status: string }[] }[] }>(
    `/accounts?platform=${platform}`,
  );
  return accounts.flatMap((a) => a.campaigns).find((c) => c.name === name)?.status;
}

/** A campaign's daily budget (minor units) at the sandbox platform, found by its platform id. */
export async function sandboxCampaignBudget(
  platform: Platform,
  campaignId: string,
  baseUrl?: string,
): Promise<number | undefined> {
  const { accounts } = await sandboxAdmin<{ accounts: { campaigns: { id: string; dailyBudgetMinor: number }[] }[] }>(
    `/accounts?platform=${platform}`,
    baseUrl,
  );
  return accounts.flatMap((a) => a.campaigns).find((c) => c.id === campaignId)?.dailyBudgetMinor;
}

/** An ad's status at the sandbox platform, found by its platform id. */
export async function sandboxAdStatus(platform: Platform, adId: string, baseUrl?: string): Promise<string | undefined> {
  const { accounts } = await sandboxAdmin<{ accounts: { campaigns: { ads: { id: string; status: string }[] }[] }[] }>(
    `/accounts?platform=${platform}`,
    baseUrl,
  );
  return accounts.flatMap((a) => a.campaigns.flatMap((c) => c.ads)).find((ad) => ad.id === adId)?.status;
}

/** Moves the development server's clock (and its in-process sandbox's) forward by `days`. */
export async function travel(days: number, baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/_dev/clock/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!res.ok) throw new Error(`time travel answered ${res.status}: ${await res.text()}`);
}

/**
 * A day later: moves the server's clock one day on, signs in again (access tokens live minutes),
 * runs a sync and waits for it to finish, so the jobs that follow a sync have the new day's data.
 * Returns the fresh access token.
 */
export async function nextDaySynced(baseUrl: string, login: () => Promise<string>): Promise<string> {
  await travel(1, baseUrl);
  const token = await login();
  const before = ((await api('sync/', { token, baseUrl })) as SyncStatus).last_synced_at;
  await api('sync/', { method: 'POST', body: {}, token, baseUrl });
  await until('the day synced', async () => {
    const status = (await api('sync/', { token, baseUrl })) as SyncStatus;
    return !status.running && status.last_synced_at !== before ? true : undefined;
  });
  return token;
}
