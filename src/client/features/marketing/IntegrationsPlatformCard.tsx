import { visuallyHidden } from '@client/components/visuallyHidden';
import { ConnectButton } from '@client/features/adAccounts/ConnectButton';
import { paths } from '@client/lib/paths';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { connectionSecurity, DERIVED_METRICS, type PlatformInfo, SYNCED_METRICS } from '@shared/platformInfo';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { platformAnchor, PlatformMark } from './MarketingPlatformList';

/** What the page knows about the user's connections to one platform. */
export type PlatformConnection =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  /** The list could not be read: the status is unknown, connecting still works. */
  | { kind: 'unknown' }
  | { kind: 'known'; accounts: number; needsReconnect: number };

/** The status words of a platform with `accounts` connected accounts. */
export function connectionStatusText(accounts: number): string {
  if (accounts === 0) return 'Not connected';
  return `Connected (${accounts} ${accounts === 1 ? 'account' : 'accounts'})`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function listInWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What is synced for a platform, in one sentence. */
export function syncedText(info: PlatformInfo): string {
  const [campaign, ad] = info.levels;
  const metrics = listInWords(SYNCED_METRICS.map(lowerFirst));
  const derived = listInWords(DERIVED_METRICS.map((metric) => metric.split(' ')[0]!));
  return `${campaign} and ${lowerFirst(ad)}, day by day: ${metrics}. ${derived} are worked out from them.`;
}

function StatusChip({ connection }: { connection: PlatformConnection }) {
  if (connection.kind === 'loading') return <Skeleton aria-hidden variant="rounded" width={150} height={24} />;
  if (connection.kind !== 'known') return null;
  const connected = connection.accounts > 0;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        label={connectionStatusText(connection.accounts)}
        color={connected ? 'success' : 'default'}
        variant="outlined"
        size="small"
      />
      {connection.needsReconnect > 0 && (
        <Chip label="Needs reconnect" color="warning" variant="outlined" size="small" />
      )}
    </Stack>
  );
}

function Actions({ info, connection }: { info: PlatformInfo; connection: PlatformConnection }) {
  const hidden = (text: string) => (
    <Box component="span" sx={visuallyHidden}>
      {text}
    </Box>
  );
  switch (connection.kind) {
    case 'visitor':
      return (
        <Button component={RouterLink} to={paths.login} variant="outlined">
          Log in to connect{hidden(` ${info.label}`)}
        </Button>
      );
    case 'loading':
      return <Skeleton aria-hidden variant="rounded" width={160} height={36} />;
    case 'unknown':
      return (
        <ConnectButton platform={info.platform} variant="contained">
          Connect {info.label}
        </ConnectButton>
      );
    case 'known':
      if (connection.accounts === 0) {
        return (
          <ConnectButton platform={info.platform} variant="contained">
            Connect {info.label}
          </ConnectButton>
        );
      }
      return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {connection.needsReconnect > 0 && (
            <ConnectButton platform={info.platform} variant="contained">
              Reconnect {info.label}
            </ConnectButton>
          )}
          <Button component={RouterLink} to={paths.connectedAccounts} variant="outlined">
            Manage{hidden(` ${info.label} accounts`)}
          </Button>
        </Stack>
      );
  }
}

function Details({ info }: { info: PlatformInfo }) {
  const items: { term: string; description: ReactNode }[] = [
    { term: 'Accounts', description: info.accounts },
    { term: 'Synced every hour', description: syncedText(info) },
    { term: 'Conversions', description: info.conversions },
    { term: 'What you can change from Adwise', description: info.changes.join(' ') },
    { term: 'Connecting', description: `${info.consent} ${connectionSecurity(info)}` },
    {
      term: 'Permissions asked for',
      description:
        info.scopes.length > 0 ? (
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {info.scopes.join(', ')}
          </Box>
        ) : (
          `${info.label} sets them on Adwise's app rather than in the request, and lists them on its consent page.`
        ),
    },
    { term: 'How long access lasts', description: info.tokenLife },
    { term: 'Revoking at the platform', description: info.revokeAt },
  ];
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {items.map(({ term, description }) => (
        <Box key={term} sx={{ '& + &': { mt: 1.5 } }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, overflowWrap: 'break-word' }}>
            {description}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Props of IntegrationsPlatformCard. */
export interface IntegrationsPlatformCardProps {
  info: PlatformInfo;
  connection: PlatformConnection;
}

/**
 * One platform on the integrations page: what it brings, how it connects and, for a signed-in
 * user, whether it is connected, with Connect or Manage.
 */
export function IntegrationsPlatformCard({ info, connection }: IntegrationsPlatformCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      id={platformAnchor(info.platform)}
      aria-labelledby={titleId}
      sx={{ height: '100%', scrollMarginTop: 80 }}
    >
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PlatformMark platform={info.platform} />
            <Typography variant="h3" id={titleId} sx={{ overflowWrap: 'break-word' }}>
              {info.label}
            </Typography>
          </Stack>
          <Typography color="text.secondary">{info.summary}</Typography>
          <StatusChip connection={connection} />
          <Box>
            <Actions info={info} connection={connection} />
          </Box>
          {info.note && (
            // A standing note, not news: role="note" so it is not announced like an alert.
            <Alert severity="info" role="note" sx={{ overflowWrap: 'break-word' }}>
              {info.note}
            </Alert>
          )}
          <Details info={info} />
        </Stack>
      </CardContent>
    </Card>
  );
}
