import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { useAppSelector } from '@client/app/hooks';
import { RetryAlert } from '@client/components/RetryAlert';
import { useListAdAccountsQuery } from '@client/features/adAccounts/adAccounts.api';
import { adAccountsErrorFallbacks } from '@client/features/adAccounts/adAccounts.errors';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn } from '@client/session/session.slice';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import { Button, Grid, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { PLAN_ACCOUNT_LIMITS, PLAN_TITLES, PLANS } from '@shared/api/adAccounts';
import type { Platform } from '@shared/constants';
import {
  CAMPAIGN_DETAILS,
  DERIVED_METRICS,
  OAUTH_STATE_TTL_MINUTES,
  PLATFORM_INFO_LIST,
  REVOKE_STEPS,
  STORED_DATA,
  SYNC_STEPS,
  SYNCED_METRICS,
} from '@shared/platformInfo';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { IntegrationsPlatformCard, type PlatformConnection } from './IntegrationsPlatformCard';
import { MarketingHero } from './MarketingHero';
import { MarketingSection } from './MarketingSection';

const PKCE_PLATFORMS = PLATFORM_INFO_LIST.filter((info) => info.pkce).map((info) => info.label);

/** Each plan's cap on connected ad accounts, in words. */
export const PLAN_LIMITS_TEXT = `${PLANS.map((plan) => {
  const limit = PLAN_ACCOUNT_LIMITS[plan];
  return `${PLAN_TITLES[plan]}: ${limit === null ? 'no fixed cap' : `${limit} ad account${limit === 1 ? '' : 's'}`}`;
}).join('; ')}. A running trial counts as ${PLAN_TITLES.pro}.`;

/** The connection status of every platform for the page's user, from the ad-accounts list. */
function useConnections(): { connections: Record<Platform, PlatformConnection>; failure: ReactNode } {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  // Fetched on every visit: a platform may have ended a connection since the list was cached.
  const { data, error, isError, isFetching, refetch } = useListAdAccountsQuery(undefined, {
    skip: !isLoggedIn,
    refetchOnMountOrArgChange: true,
  });

  const connectionOf = (platform: Platform): PlatformConnection => {
    if (!isLoggedIn) return { kind: 'visitor' };
    if (data) {
      const mine = data.filter((account) => account.platform === platform);
      return {
        kind: 'known',
        accounts: mine.length,
        needsReconnect: mine.filter((account) => account.status === 'needs_reconnect').length,
      };
    }
    return isError ? { kind: 'unknown' } : { kind: 'loading' };
  };
  const connections = Object.fromEntries(
    PLATFORM_INFO_LIST.map((info) => [info.platform, connectionOf(info.platform)]),
  ) as Record<Platform, PlatformConnection>;

  let failure: ReactNode = null;
  if (isLoggedIn && !data && isError) {
    failure = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, fallbackText(adAccountsErrorFallbacks.listAdAccounts))} Your connection status is unknown;
        you can still connect a platform.
      </RetryAlert>
    );
  } else if (isLoggedIn && !data) {
    failure = (
      <Typography role="status" color="text.secondary">
        Checking your connections…
      </Typography>
    );
  }
  return { connections, failure };
}

/** Scrolls to the card named in the address (`/integrations#platform-meta`), as a full page load would. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List disablePadding>
      {items.map((item) => (
        <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
            <CheckCircleIcon color="success" fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText primary={item} />
        </ListItem>
      ))}
    </List>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Stack spacing={1.5}>
        <Typography variant="h3">{title}</Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function HowConnectingWorks() {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="1. You say yes at the platform">
          <Typography color="text.secondary">
            Connect sends you to the platform&apos;s own consent page (OAuth). You sign in there and choose what to
            share; Adwise never sees your password.
          </Typography>
          <Typography color="text.secondary">
            Each attempt carries a single-use state that expires after {OAUTH_STATE_TTL_MINUTES} minutes, so a stray or
            forged reply is refused. {PKCE_PLATFORMS.join(' and ')} also use PKCE.
          </Typography>
          <Typography color="text.secondary">{PLAN_LIMITS_TEXT}</Typography>
        </Step>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="2. What Adwise stores">
          <CheckList items={STORED_DATA} />
        </Step>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="3. How to revoke access">
          <CheckList items={REVOKE_STEPS} />
        </Step>
      </Grid>
    </Grid>
  );
}

function WhatIsSynced() {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="Daily metrics">
          <Typography color="text.secondary">For every campaign and every ad, per day:</Typography>
          <CheckList items={SYNCED_METRICS} />
          <Typography color="text.secondary">Worked out from them: {DERIVED_METRICS.join('; ')}.</Typography>
        </Step>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="About each campaign">
          <CheckList items={CAMPAIGN_DETAILS} />
        </Step>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Step title="When">
          <CheckList items={SYNC_STEPS} />
        </Step>
      </Grid>
    </Grid>
  );
}

/**
 * The integrations page (/integrations): the five platforms with what each brings, how
 * connecting works (OAuth, what is stored, how to revoke), what is synced and when, and for a
 * signed-in user each platform's connection status with Connect or Manage.
 */
export function IntegrationsPage() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { connections, failure } = useConnections();
  useScrollToHash();

  return (
    <>
      <MarketingHero
        title="Integrations"
        eyebrow="Meta, Google Ads, LinkedIn, Twitter and TikTok"
        intro="Bring every ad account into one dashboard. Here is what each platform brings, how connecting works, what Adwise keeps, and how to take it back."
        actions={
          isLoggedIn ? (
            <Button
              component={RouterLink}
              to={paths.connectedAccounts}
              variant="contained"
              startIcon={<LockIcon aria-hidden />}
            >
              Manage connected accounts
            </Button>
          ) : (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            >
              <Button component={RouterLink} to={paths.register} variant="contained">
                Start free trial
              </Button>
              <Button component={RouterLink} to={paths.login} variant="outlined">
                Log in to connect
              </Button>
            </Stack>
          )
        }
      />

      <MarketingSection
        id="platforms"
        title="Supported platforms"
        intro={
          isLoggedIn
            ? 'Your connection to each platform, and what it brings.'
            : 'What each platform brings. Log in to see which ones you have connected.'
        }
      >
        {failure}
        <Grid container spacing={3}>
          {PLATFORM_INFO_LIST.map((info) => (
            <Grid key={info.platform} size={{ xs: 12, md: 6 }}>
              <IntegrationsPlatformCard info={info} connection={connections[info.platform]} />
            </Grid>
          ))}
        </Grid>
      </MarketingSection>

      <MarketingSection id="how-connecting-works" tinted title="How connecting works">
        <HowConnectingWorks />
      </MarketingSection>

      <MarketingSection id="what-is-synced" title="What is synced, and when">
        <WhatIsSynced />
      </MarketingSection>
    </>
  );
}
