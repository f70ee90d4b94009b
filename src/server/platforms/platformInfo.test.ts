/**
 * The public pages describe the integrations in words; these tests hold the words to the code
 * they describe (the platform adapters and the sync engine), so neither drifts alone.
 */
import { OAUTH_STATE_TTL_MS } from '@server/modules/adAccounts/adAccounts.service';
import {
  BACKFILL_DAYS,
  RESTATEMENT_DAYS,
  SYNC_SCHEDULE_CRON,
  SYNC_SCHEDULE_TICK_MINUTES,
} from '@server/modules/sync/sync.service';
import { platformAdapters } from '@server/platforms';
import { GOOGLE_ADS_SCOPE } from '@server/platforms/google/oauth';
import { LINKEDIN_SCOPES } from '@server/platforms/linkedin/oauth';
import { META_SCOPES } from '@server/platforms/meta/oauth';
import { sandboxSettings } from '@server/platforms/settings';
import type { ClientRuntime, UnifiedMetricRow } from '@server/platforms/types';
import { X_SCOPES } from '@server/platforms/x/oauth';
import { type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import {
  connectionSecurity,
  DERIVED_METRICS,
  OAUTH_STATE_TTL_MINUTES,
  PLATFORM_INFO,
  PLATFORM_INFO_LIST,
  SYNC_BACKFILL_DAYS,
  SYNC_INTERVAL_HOURS,
  SYNC_INTERVAL_MINUTES,
  SYNC_RESTATEMENT_DAYS,
  SYNC_STEPS,
  SYNCED_METRICS,
} from '@shared/platformInfo';

// Every synced metric names a field of the unified row the sync writes (checked by the compiler).
const METRIC_FIELDS: Record<(typeof SYNCED_METRICS)[number], keyof UnifiedMetricRow> = {
  Spend: 'spendMinor',
  Impressions: 'impressions',
  Clicks: 'clicks',
  Conversions: 'conversions',
  'Conversion value': 'conversionValueMinor',
};

const runtime: ClientRuntime = {
  fetch: () => Promise.reject(new Error('no network in this test')),
  sleep: async () => undefined,
  now: () => new Date('2030-01-01T00:00:00Z'),
};
const settings = sandboxSettings('http://sandbox.invalid');

/** The authorize URL the server would send the browser to for `platform`, with a challenge offered. */
function authorizeUrl(platform: Platform): URL {
  const oauth = platformAdapters[platform].oauth(settings[platform], runtime);
  return new URL(
    oauth.authorizeUrl({
      state: 'state-1',
      redirectUri: 'http://localhost/cb',
      codeChallenge: oauth.usesPkce ? 'challenge-1' : undefined,
    }),
  );
}

describe('PLATFORM_INFO', () => {
  it('has one entry per platform, in the product order, with the product labels', () => {
    expect(Object.keys(PLATFORM_INFO).sort()).toEqual([...PLATFORMS].sort());
    expect(PLATFORM_INFO_LIST.map((info) => info.platform)).toEqual([...PLATFORMS]);
    for (const platform of PLATFORMS) {
      const info = PLATFORM_INFO[platform];
      expect(info.platform).toBe(platform);
      expect(info.label).toBe(PLATFORM_LABELS[platform]);
      expect(info.summary).not.toBe('');
      expect(info.levels[0]).toBe('Campaigns');
      expect(info.changes.length).toBeGreaterThan(0);
    }
  });

  it('says PKCE exactly where the adapter uses it', () => {
    for (const platform of PLATFORMS) {
      const oauth = platformAdapters[platform].oauth(settings[platform], runtime);
      expect([platform, PLATFORM_INFO[platform].pkce]).toEqual([platform, oauth.usesPkce]);
      const url = authorizeUrl(platform);
      expect([platform, url.searchParams.get('code_challenge_method')]).toEqual([
        platform,
        oauth.usesPkce ? 'S256' : null,
      ]);
      expect(url.searchParams.get('state')).toBe('state-1');
    }
    expect(PLATFORMS.filter((platform) => PLATFORM_INFO[platform].pkce)).toEqual(['google', 'x']);
    expect(connectionSecurity(PLATFORM_INFO.google)).toContain('PKCE');
    expect(connectionSecurity(PLATFORM_INFO.meta)).not.toContain('PKCE');
  });

  it('lists the permissions each platform is asked for', () => {
    expect(PLATFORM_INFO.meta.scopes).toEqual(META_SCOPES);
    expect(PLATFORM_INFO.google.scopes).toEqual([GOOGLE_ADS_SCOPE]);
    expect(PLATFORM_INFO.linkedin.scopes).toEqual([...LINKEDIN_SCOPES]);
    expect(PLATFORM_INFO.x.scopes).toEqual([...X_SCOPES]);
    for (const platform of PLATFORMS) {
      const requested = authorizeUrl(platform).searchParams.get('scope');
      const scopes = requested === null ? [] : requested.split(/[ ,]/);
      expect([platform, PLATFORM_INFO[platform].scopes]).toEqual([platform, scopes]);
    }
  });

  it('gives the OAuth round trip the time the server allows', () => {
    expect(OAUTH_STATE_TTL_MINUTES * 60_000).toBe(OAUTH_STATE_TTL_MS);
  });

  it('mentions the Google invitation only for Google', () => {
    expect(PLATFORM_INFO.google.note).toContain('Admin > Access and Security');
    expect(PLATFORMS.filter((platform) => PLATFORM_INFO[platform].note !== undefined)).toEqual(['google']);
  });
});

describe('the sync facts', () => {
  it('match the sync engine', () => {
    expect(SYNC_BACKFILL_DAYS).toBe(BACKFILL_DAYS);
    expect(SYNC_RESTATEMENT_DAYS).toBe(RESTATEMENT_DAYS);
    // minute hour day month weekday: every few minutes, so the shortest cadence (15 minutes) is kept;
    // each workspace's cadence decides who is due, hourly unless it chose another.
    const [minute, hour, ...rest] = SYNC_SCHEDULE_CRON.split(' ');
    expect(minute).toBe(`*/${SYNC_SCHEDULE_TICK_MINUTES}`);
    expect(hour).toBe('*');
    expect(rest).toEqual(['*', '*', '*']);
    expect(SYNC_INTERVAL_MINUTES.min % SYNC_SCHEDULE_TICK_MINUTES).toBe(0);
    expect(SYNC_INTERVAL_HOURS).toBe(1);
    expect(SYNC_INTERVAL_MINUTES.default).toBe(60);
    expect(SYNC_STEPS[0]).toContain(`${BACKFILL_DAYS} days`);
    expect(SYNC_STEPS[1]).toContain(`${RESTATEMENT_DAYS} days`);
  });

  it('name the five metrics every platform reports and the two derived from them', () => {
    expect(Object.keys(METRIC_FIELDS)).toEqual([...SYNCED_METRICS]);
    expect(DERIVED_METRICS.map((metric) => metric.split(' ')[0])).toEqual(['CTR', 'CPC']);
  });
});
