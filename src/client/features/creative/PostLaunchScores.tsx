import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { formatCount, formatMoney } from '@client/lib/format';
import { paths } from '@client/lib/paths';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControl,
  IconButton,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type {
  PostLaunchAdView,
  PostLaunchObjectiveName,
  PostLaunchScoreView,
  PostLaunchView,
} from '@shared/api/creativePostLaunch';
import { PLATFORM_LABELS } from '@shared/constants';
import { minorDigits } from '@shared/money';
import { Fragment, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { isNeedsPro, NeedsPro } from './NeedsPro';
import { useGetPostLaunchQuery } from './postLaunch.api';

export const POST_LAUNCH_INTRO =
  'Every delivering ad scored 1–100 against the other ads of its own campaign, so its audience, bidding and budget do not flatter or hurt it. 50 is on par with the campaign; the range is where the true score likely lies, and it narrows as the ad spends. Small-spend ads are pulled towards 50 so luck does not make a winner.';
export const POST_LAUNCH_FAILED = 'Unable to load the live ads’ scores right now. Please try again.';
export const NO_ACCOUNTS = 'Connect an ad account to score your live ads.';
export const NO_DELIVERING_ADS = 'No delivering ads in this account’s active campaigns yet.';
export const NOT_ENOUGH_DATA = 'Not enough data yet';
export const OBJECTIVE_LABELS: Record<PostLaunchObjectiveName, string> = {
  cpa: 'Cost per conversion',
  roas: 'Return on ad spend',
};
const FATIGUE_LABELS = { fresh: 'Fresh', watch: 'Watch: click-through falling', fatigued: 'Fatigued' } as const;
const FATIGUE_COLOURS = { fresh: 'success', watch: 'warning', fatigued: 'error' } as const;

/**
 * A score firms up at about this many times the spend floor. Measured on the sandbox
 * (npm run bench:creative -- --floor-inr N, seeds 42 and 7): the score's rank correlation with the
 * true quality is 0.48/0.72 at the floor (₹4,000), 0.60/0.73 at twice it, 0.74/0.74 at four times
 * and 0.80/0.82 at eight times, against a bound from counting noise of 0.73/0.86, 0.80/0.91,
 * 0.89/0.88 and 0.92/0.90: by four times the floor most of what more spend can add is in. With the
 * account's learnt wear by age in the prior (issue 35) it is 0.64/0.65 at the floor, 0.78/0.74 at
 * three times and 0.83/0.75 at four times, against bounds of 0.71/0.87, 0.87/0.90 and 0.90/0.90:
 * still most of the way there by four times.
 */
export const FIRM_SPEND_MULTIPLE = 4;

/** The sentence saying at what spend, in the account's currency, a score firms up. */
export const firmSpendText = (floorMinor: number, currency: string) =>
  `A score firms up once the ad has spent about ${formatMoney((FIRM_SPEND_MULTIPLE * floorMinor) / 10 ** minorDigits(currency), currency)} (${FIRM_SPEND_MULTIPLE} times that floor); below it, luck in the counts can still move it a lot.`;

/** A score with its range, as shown and as read out. */
export const scoreText = (score: PostLaunchScoreView) => `${score.score} (${score.low}–${score.high})`;

/** What the ad's scores say, in one sentence per figure. */
function Explanations({ ad }: { ad: PostLaunchAdView }) {
  const lines = [ad.overall, ad.hook, ad.conversion, ad.efficiency]
    .filter((s): s is PostLaunchScoreView => s !== null)
    .map((s) => s.explanation);
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <Typography key={line} component="li" variant="body2">
          {line}
        </Typography>
      ))}
      {ad.fatigue && (
        <Typography component="li" variant="body2">
          {ad.fatigue.explanation}
        </Typography>
      )}
      {!ad.enough_data && (
        <Typography component="li" variant="body2">
          {ad.summary}
        </Typography>
      )}
    </Stack>
  );
}

interface AdRowProps {
  ad: PostLaunchAdView;
  currency: string;
  analysing: boolean;
  onAnalyse: (ad: PostLaunchAdView) => void;
}

function AdRow({ ad, currency, analysing, onAnalyse }: AdRowProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const headline = ad.creative?.headlines[0] ?? ad.creative?.primaryText ?? null;
  const spend = formatMoney(ad.spend / 10 ** minorDigits(currency), currency);
  return (
    <Fragment>
      <TableRow>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ad.name}
          </Typography>
          {headline && (
            <Typography variant="caption" color="text.secondary">
              “{headline}”
            </Typography>
          )}
        </TableCell>
        <TableCell align="right">{spend}</TableCell>
        <TableCell align="right">{formatCount(ad.conversions, currency)}</TableCell>
        {ad.enough_data ? (
          <>
            <TableCell align="right">
              <strong>{scoreText(ad.overall!)}</strong>
            </TableCell>
            <TableCell align="right">{scoreText(ad.hook!)}</TableCell>
            <TableCell align="right">{scoreText(ad.conversion!)}</TableCell>
            <TableCell align="right">{scoreText(ad.efficiency!)}</TableCell>
          </>
        ) : (
          <TableCell colSpan={4}>
            <Typography variant="body2" color="text.secondary">
              {NOT_ENOUGH_DATA}
            </Typography>
          </TableCell>
        )}
        <TableCell>
          {ad.fatigue ? (
            <Chip size="small" color={FATIGUE_COLOURS[ad.fatigue.state]} label={FATIGUE_LABELS[ad.fatigue.state]} />
          ) : (
            '—'
          )}
        </TableCell>
        <TableCell>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton
              size="small"
              aria-label={`${open ? 'Hide' : 'Show'} why for ${ad.name}`}
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen(!open)}
            >
              {open ? <ExpandLess /> : <ExpandMore />}
            </IconButton>
            <Button
              size="small"
              variant="outlined"
              disabled={!ad.creative || analysing}
              aria-label={`Analyse ${ad.name}`}
              onClick={() => onAnalyse(ad)}
            >
              Analyse
            </Button>
          </Stack>
        </TableCell>
      </TableRow>
      <TableRow id={detailsId} hidden={!open}>
        <TableCell colSpan={9} sx={{ bgcolor: 'action.hover' }}>
          {open && <Explanations ad={ad} />}
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

function CampaignScores({
  view,
  analysing,
  onAnalyse,
}: {
  view: PostLaunchView;
  analysing: boolean;
  onAnalyse: (ad: PostLaunchAdView) => void;
}) {
  const currency = view.account!.currency;
  return (
    <Stack spacing={3}>
      {view.campaigns.map((campaign) => (
        <Box key={campaign.campaign_id} component="section" aria-label={`Campaign ${campaign.name}`}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {campaign.name}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={`Ads of ${campaign.name}, scored against each other`}>
              <TableHead>
                <TableRow>
                  <TableCell>Ad</TableCell>
                  <TableCell align="right">Spend</TableCell>
                  <TableCell align="right">Conversions</TableCell>
                  <TableCell align="right">Overall</TableCell>
                  <TableCell align="right">Hook (CTR)</TableCell>
                  <TableCell align="right">Conversion (CVR)</TableCell>
                  <TableCell align="right">
                    {view.objective === 'roas' ? 'Efficiency (ROAS)' : 'Efficiency (CPA)'}
                  </TableCell>
                  <TableCell>Fatigue</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {campaign.ads.map((ad) => (
                  <AdRow key={ad.ad_id} ad={ad} currency={currency} analysing={analysing} onAnalyse={onAnalyse} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
    </Stack>
  );
}

export interface PostLaunchScoresProps {
  /** Opens a live ad in the analyzer's form (its copy, and its image when the platform serves one). */
  onAnalyse: (ad: PostLaunchAdView, view: PostLaunchView) => void;
  /** True while an ad is being opened. */
  analysing?: boolean;
}

/** The "Live ads" tab: post-launch scores of one connected account's ads, campaign by campaign. */
export function PostLaunchScores({ onAnalyse, analysing = false }: PostLaunchScoresProps) {
  const ids = useId();
  const [account, setAccount] = useState<string | undefined>(undefined);
  const [objective, setObjective] = useState<PostLaunchObjectiveName>('cpa');
  const { data, error, isLoading, isFetching, refetch } = useGetPostLaunchQuery({ account, objective });

  if (isLoading) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading the live ads’ scores">
        <Skeleton variant="rectangular" height={56} />
        <Skeleton variant="rectangular" height={160} />
      </Stack>
    );
  }
  if (error) {
    if (isNeedsPro(error)) return <NeedsPro />;
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, POST_LAUNCH_FAILED)}
      </RetryAlert>
    );
  }
  if (!data || !data.account) {
    return (
      <Alert severity="info">
        {NO_ACCOUNTS}{' '}
        <Link component={RouterLink} to={paths.integrations}>
          Connect an ad account
        </Link>
      </Alert>
    );
  }
  return (
    <Stack spacing={3} component="section" aria-label="Live ads">
      <Typography variant="h2">Live ads</Typography>
      <Typography variant="body2">{POST_LAUNCH_INTRO}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id={`${ids}-account`}>Ad account</InputLabel>
          <Select
            labelId={`${ids}-account`}
            label="Ad account"
            value={data.account.id}
            onChange={(event) => setAccount(event.target.value)}
          >
            {data.accounts.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name} ({PLATFORM_LABELS[a.platform]}, {a.currency})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id={`${ids}-objective`}>Judge efficiency by</InputLabel>
          <Select
            labelId={`${ids}-objective`}
            label="Judge efficiency by"
            value={objective}
            onChange={(event) => setObjective(event.target.value as PostLaunchObjectiveName)}
          >
            {(Object.keys(OBJECTIVE_LABELS) as PostLaunchObjectiveName[]).map((key) => (
              <MenuItem key={key} value={key}>
                {OBJECTIVE_LABELS[key]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {(isFetching || analysing) && (
          <CircularProgress size={20} aria-label={analysing ? 'Opening the ad' : 'Updating'} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {data.spend_floor_note}
        {data.spend_floor > 0 && ` ${firmSpendText(data.spend_floor, data.account.currency)}`}
      </Typography>
      {data.campaigns.length === 0 ? (
        <Alert severity="info">{NO_DELIVERING_ADS}</Alert>
      ) : (
        <CampaignScores view={data} analysing={analysing} onAnalyse={(ad) => onAnalyse(ad, data)} />
      )}
    </Stack>
  );
}
