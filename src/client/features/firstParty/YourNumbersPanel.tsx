import { formatCount, formatMoney } from '@client/lib/format';
import { paths } from '@client/lib/paths';
import { useCan } from '@client/session/useCan';
import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { DashboardQuery } from '@shared/api/dashboard';
import type { FirstPartyFigures } from '@shared/api/firstParty';
import { PLATFORM_LABELS } from '@shared/constants';
import { formatMultiple, overAttributionText } from '@shared/firstPartyFormat';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useGetFirstPartyQuery } from './firstParty.api';
import { FIRST_PARTY_SECTION_ANCHOR } from './FirstPartySection';

export const YOUR_NUMBERS_TITLE = 'Your numbers';
/** Said under the panel: the blended figures inform, they do not replace the platforms' counts anywhere else. */
export const DEFAULT_VIEW_NOTE = 'Everything else on this page still shows each platform’s own counts.';
export const ADD_YOUR_OWN = 'Add your own conversions';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

const orDash = (value: number | null, format: (value: number) => string) => (value === null ? '—' : format(value));

function Figure({ title, value, help }: { title: string; value: string; help: string }) {
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId}>
      <Typography id={titleId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {help}
      </Typography>
    </Box>
  );
}

/** The blended figures and each platform's claim against the workspace's own count. */
function Figures({
  figures,
  currency,
  rangeDays,
}: {
  figures: FirstPartyFigures;
  currency: string;
  rangeDays: number;
}) {
  const headingId = useId();
  const level = Math.round(figures.interval_level * 100);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {YOUR_NUMBERS_TITLE}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatCount(figures.conversions, currency)} conversions and {formatMoney(figures.revenue, currency)} of
            revenue from your own records, against {formatMoney(figures.spend, currency)} of ad spend on the same days.
          </Typography>
        </Box>
        <Box sx={GRID}>
          <Figure
            title="Blended CPA"
            value={orDash(figures.blended_cpa, (value) => formatMoney(value, currency))}
            help="All ad spend ÷ your conversions"
          />
          <Figure
            title="Blended ROAS"
            value={orDash(figures.blended_roas, formatMultiple)}
            help="Your revenue ÷ all ad spend"
          />
          <Figure
            title="MER"
            value={orDash(figures.mer, formatMultiple)}
            help="Marketing efficiency: revenue ÷ all ad spend"
          />
          <Figure
            title="Days covered"
            value={`${figures.days_covered} of ${rangeDays}`}
            help="Days of the range with your numbers; only these are compared"
          />
        </Box>
        {figures.platforms.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              What each platform claims against its share of spend ({level}% interval)
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {figures.platforms.map((platform) => (
                <li key={platform.platform}>
                  <Typography variant="body2" component="span">
                    <strong>{PLATFORM_LABELS[platform.platform]}</strong>{' '}
                    {overAttributionText(platform.over_attribution)}:{' '}
                    {formatCount(platform.claimed_conversions, currency)} claimed where its share of spend explains{' '}
                    {formatCount(platform.expected_conversions, currency)}.
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {figures.unconverted_currencies.length > 0 && (
          <Alert severity="warning">
            No exchange rate is known for {figures.unconverted_currencies.join(', ')}; those amounts are left out of
            these figures.
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {DEFAULT_VIEW_NOTE}
        </Typography>
      </Stack>
    </Paper>
  );
}

/**
 * "Your numbers" on the dashboard (issue 37): with first-party days, blended CPA, ROAS and MER and
 * each platform's over-attribution over the dashboard's range; without, only a quiet link to the
 * settings for those who may add them. While loading or on failure it shows nothing: the
 * platforms' figures around it stand on their own.
 */
export function YourNumbersPanel({ query }: { query: DashboardQuery }) {
  const canWrite = useCan('firstparty:write');
  const { currentData: view } = useGetFirstPartyQuery(query);
  if (!view) return null;
  if (view.firstParty)
    return <Figures figures={view.firstParty} currency={view.currency} rangeDays={view.range.days} />;
  if (!canWrite) return null;
  return (
    <Typography variant="body2">
      <Link component={RouterLink} to={`${paths.workspaceSettings}#${FIRST_PARTY_SECTION_ANCHOR}`}>
        {ADD_YOUR_OWN}
      </Link>
    </Typography>
  );
}
