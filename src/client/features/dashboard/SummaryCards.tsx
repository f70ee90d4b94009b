import {
  type ChangeDirection,
  describeChange,
  formatCount,
  formatMoney,
  formatPercent,
  previousPeriodLabel,
} from '@client/lib/format';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Box, IconButton, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import {
  type DashboardView,
  describeWindows,
  MAY_DOUBLE_COUNT,
  PLATFORM_REPORTED,
  type PlatformAttribution,
  type TotalsChange,
} from '@shared/api/dashboard';
import { useId } from 'react';

interface CardSpec {
  title: string;
  change: keyof TotalsChange;
  value: (view: DashboardView) => string;
  /** Whether a rise is good news (spend going up is neither). */
  riseIsGood: boolean | null;
  /** Whose count it is, said on the card (conversions are each platform's own claim). */
  source?: string;
}

/**
 * The windows behind the platform-reported count, on hover or focus of an info button (its name
 * says them too, for screen readers): each platform counts a conversion within its own window.
 */
function ConversionWindows({ attribution }: { attribution: readonly PlatformAttribution[] }) {
  if (attribution.length === 0) return null;
  const windows = describeWindows(attribution);
  return (
    <Tooltip title={`Each platform counts within its own window. ${windows}.`}>
      <IconButton
        size="small"
        aria-label={`Conversion windows: ${windows}`}
        sx={{ p: 0.25, ml: 0.5, verticalAlign: 'middle' }}
      >
        <InfoOutlinedIcon aria-hidden fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

/** The four summary cards (spec section 2), in order. */
export const SUMMARY_CARDS: readonly CardSpec[] = [
  {
    title: 'Total Spend',
    change: 'spend',
    value: (view) => formatMoney(view.summary.spend, view.currency),
    riseIsGood: null,
  },
  {
    title: 'Impressions',
    change: 'impressions',
    value: (view) => formatCount(view.summary.impressions, view.currency),
    riseIsGood: true,
  },
  { title: 'CTR', change: 'ctr', value: (view) => formatPercent(view.summary.ctr), riseIsGood: true },
  {
    title: 'Conversions',
    change: 'conversions',
    value: (view) => formatCount(view.summary.conversions, view.currency),
    riseIsGood: true,
    source: PLATFORM_REPORTED,
  },
];

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

/** Whether a move is good news: null when it is neither (no move, or a figure like spend). */
function isGoodNews(direction: ChangeDirection, riseIsGood: boolean | null): boolean | null {
  if (riseIsGood === null || (direction !== 'up' && direction !== 'down')) return null;
  return direction === 'up' ? riseIsGood : !riseIsGood;
}

function Change({ change, days, riseIsGood }: { change: number | null; days: number; riseIsGood: boolean | null }) {
  const { direction, text, label } = describeChange(change, days);
  const good = isGoodNews(direction, riseIsGood);
  const color = good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';
  const Arrow = direction === 'up' ? ArrowUpwardIcon : direction === 'down' ? ArrowDownwardIcon : null;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color, fontSize: '0.875rem', fontWeight: 600 }}
    >
      {Arrow && <Arrow fontSize="inherit" />}
      {text}
      {direction !== 'none' && (
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          vs {previousPeriodLabel(days)}
        </Box>
      )}
    </Box>
  );
}

function SummaryCard({
  spec,
  view,
  summedPlatforms,
}: {
  spec: CardSpec;
  view: DashboardView;
  summedPlatforms: number;
}) {
  const titleId = useId();
  return (
    <Paper variant="outlined" role="group" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={0.5}>
        <Typography id={titleId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {spec.title}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
          {spec.value(view)}
        </Typography>
        <Change change={view.change[spec.change]} days={view.range.days} riseIsGood={spec.riseIsGood} />
        {spec.source && (
          <Typography variant="caption" color="text.secondary">
            {spec.source}
            {summedPlatforms > 1 && ` · ${MAY_DOUBLE_COUNT}`}
            <ConversionWindows attribution={view.attribution ?? []} />
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Total Spend, Impressions, CTR and Conversions over the range, each with its change against the
 * previous period. `summedPlatforms`: how many platforms the figures add up (more than one, and the
 * Conversions card warns that a sale may be claimed by each).
 */
export function SummaryCards({ view, summedPlatforms }: { view: DashboardView; summedPlatforms: number }) {
  return (
    <Box sx={GRID}>
      {SUMMARY_CARDS.map((spec) => (
        <SummaryCard key={spec.title} spec={spec} view={view} summedPlatforms={summedPlatforms} />
      ))}
    </Box>
  );
}

/** The cards' placeholder while the view loads. */
export function SummaryCardsSkeleton() {
  return (
    <Box sx={GRID} role="status" aria-busy="true" aria-label="Loading summary">
      {SUMMARY_CARDS.map((spec) => (
        <Paper key={spec.title} variant="outlined" sx={{ p: 2 }}>
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="text" width="70%" sx={{ fontSize: '1.75rem' }} />
          <Skeleton variant="text" width="40%" />
        </Paper>
      ))}
    </Box>
  );
}
