import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { useLastShown } from '@client/components/useLastShown';
import { formatCount, formatMoney, formatPercent, formatRange } from '@client/lib/format';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CampaignRow } from '@shared/api/dashboard';
import { PLATFORM_LABELS } from '@shared/constants';
import type { IsoDay } from '@shared/days';
import { useId } from 'react';

import { useGetCampaignAdsQuery } from './dashboard.api';
import { dashboardErrorFallbacks } from './dashboard.errors';

/** What the drill-down says for a campaign without ads in the range. */
export const NO_ADS_MESSAGE = 'No ads to display.';

const HEADERS = ['Ad', 'Spend', 'Impressions', 'Clicks', 'CTR', 'CPC', 'Conversions'] as const;
const SKELETON_ROWS = 3;

/** Props of CampaignAdsDialog. */
export interface CampaignAdsDialogProps {
  /** The campaign drilled into; null: closed. */
  campaign: CampaignRow | null;
  from: IsoDay;
  to: IsoDay;
  onClose: () => void;
}

/** A campaign's ads over the dashboard's range (GET dashboard/campaigns/<id>/ads/). */
export function CampaignAdsDialog({ campaign, from, to, onClose }: CampaignAdsDialogProps) {
  const titleId = useId();
  // The last campaign shown stays on screen while the dialog closes.
  const shown = useLastShown(campaign);
  const { currentData, error, isError, isFetching } = useGetCampaignAdsQuery(
    campaign ? { id: campaign.id, from, to } : skipToken,
  );

  let rows;
  if (currentData) {
    const { currency } = currentData;
    rows =
      currentData.items.length === 0 ? (
        <TableRow>
          <TableCell colSpan={HEADERS.length}>
            <Typography color="text.secondary">{NO_ADS_MESSAGE}</Typography>
          </TableCell>
        </TableRow>
      ) : (
        currentData.items.map((ad) => (
          <TableRow key={ad.ad_id}>
            <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
              {ad.name || ad.ad_id}
            </TableCell>
            <TableCell align="right">{formatMoney(ad.spend, currency)}</TableCell>
            <TableCell align="right">{formatCount(ad.impressions, currency)}</TableCell>
            <TableCell align="right">{formatCount(ad.clicks, currency)}</TableCell>
            <TableCell align="right">{formatPercent(ad.ctr)}</TableCell>
            <TableCell align="right">{formatMoney(ad.cpc, currency)}</TableCell>
            <TableCell align="right">{formatCount(ad.conversions, currency)}</TableCell>
          </TableRow>
        ))
      );
  } else if (isError) {
    rows = (
      <TableRow>
        <TableCell colSpan={HEADERS.length}>
          <Alert severity="error">{errorMessage(error, fallbackText(dashboardErrorFallbacks.getCampaignAds))}</Alert>
        </TableCell>
      </TableRow>
    );
  } else {
    rows = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <TableRow key={index}>
        {HEADERS.map((header) => (
          <TableCell key={header}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Dialog open={campaign !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Ads of {shown?.name}</DialogTitle>
      <DialogContent>
        {shown && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {PLATFORM_LABELS[shown.platform]} · {shown.account.name || shown.account.account_id} · {shown.status} ·{' '}
            {formatRange(from, to)}
          </Typography>
        )}
        <TableContainer>
          <Table size="small" aria-label={`Ads of ${shown?.name ?? 'the campaign'}`} aria-busy={isFetching}>
            <TableHead>
              <TableRow>
                {HEADERS.map((header, index) => (
                  <TableCell key={header} align={index === 0 ? 'left' : 'right'}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
