import type { Platform } from '@shared/constants';
import { readState } from './server';

export interface Totals {
  spendMinor: number;
  impressions: number;
}

/** A call to the in-process sandbox's admin API, with the token globalSetup gave the server. */
async function sandboxAdmin<T>(path: string): Promise<T> {
  const token = process.env.SANDBOX_ADMIN_TOKEN;
  if (!token) throw new Error('SANDBOX_ADMIN_TOKEN is not set: e2e/globalSetup.ts sets it before starting the server');
  const { baseUrl } = readState();
  const res = await fetch(`${baseUrl}/sandbox/_sandbox${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`sandbox admin ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Ground truth from the in-process sandbox's admin API. */
export async function sandboxTotals(platform: Platform, account: string, since: string, until: string): Promise<Totals> {
  return sandboxAdmin<Totals>(`/totals?${new URLSearchParams({ platform, account, since, until })}`);
}

export async function sandboxCampaignStatus(platform: Platform, name: string): Promise<string | undefined> {
  const { accounts } = await sandboxAdmin<{ accounts: { campaigns: { name: string; status: string }[] }[] }>(`/accounts?platform=${platform}`);
  return accounts.flatMap((a) => a.campaigns).find((c) => c.name === name)?.status;
}
