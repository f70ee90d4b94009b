import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { formatMoney, formatPercent } from '@client/lib/format';
import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { CAMPAIGN_PAGE_SIZES, type CampaignRow, type CampaignSortKey } from '@shared/api/dashboard';
import { PLATFORM_LABELS } from '@shared/constants';
import type { IsoDay } from '@shared/days';
import { type ReactNode, useEffect, useId, useState } from 'react';

import { csvFileName, downloadCsv } from './csv';
import { useExportCampaignsMutation, useListCampaignsQuery, useSetCampaignStatusMutation } from './dashboard.api';
import { dashboardErrorFallbacks } from './dashboard.errors';
import type { CampaignTableState } from './useCampaignTable';

/** Spec section 2: what an empty table says. */
export const NO_CAMPAIGNS_MESSAGE = 'No campaigns to display.';
/** Success notices of a status change. */
export const CAMPAIGN_PAUSED_MESSAGE = 'Campaign paused.';
export const CAMPAIGN_RESUMED_MESSAGE = 'Campaign resumed.';

const SKELETON_ROWS = 5;
/** The table's own scroll height: the sticky header row has somewhere to stick, and the page below stays in reach. */
const TABLE_MAX_HEIGHT = 'min(70vh, 640px)';
const ACTIONS_LABEL = 'Actions';

interface Column {
  label: string;
  sortKey: CampaignSortKey | null;
  numeric?: boolean;
}

/** The Campaign Overview's columns (spec section 2). */
const COLUMNS: readonly Column[] = [
  { label: 'Platform', sortKey: 'platform' },
  { label: 'Campaign', sortKey: 'name' },
  { label: 'Status', sortKey: 'status' },
  { label: 'CTR', sortKey: 'ctr', numeric: true },
  { label: 'CPC', sortKey: 'cpc', numeric: true },
  { label: ACTIONS_LABEL, sortKey: null },
];

interface RowProps {
  row: CampaignRow;
  currency: string;
  busy: boolean;
  /** Whether the role may pause and resume campaigns. */
  canChange: boolean;
  onToggleStatus: (row: CampaignRow) => void;
  onOpenAds: (row: CampaignRow) => void;
}

function CampaignTableRow({ row, currency, busy, canChange, onToggleStatus, onOpenAds }: RowProps) {
  const active = row.status === 'Active';
  const action = active ? 'Pause' : 'Resume';
  return (
    <TableRow hover>
      <TableCell>{PLATFORM_LABELS[row.platform]}</TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onOpenAds(row)}
          sx={{ textAlign: 'left', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {row.name}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (show ads)
          </Box>
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {row.account.name || row.account.account_id}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={row.status}
          color={active ? 'success' : 'default'}
          variant={active ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell align="right">{formatPercent(row.ctr)}</TableCell>
      <TableCell align="right">{formatMoney(row.cpc, currency)}</TableCell>
      {canChange && (
        <TableCell>
          <LoadingButton
            size="small"
            variant="outlined"
            loading={busy}
            onClick={() => onToggleStatus(row)}
            aria-label={`${action} ${row.name}`}
          >
            {action}
          </LoadingButton>
        </TableCell>
      )}
    </TableRow>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>{children}</TableCell>
    </TableRow>
  );
}

/** Props of CampaignTable. */
export interface CampaignTableProps {
  table: CampaignTableState;
  /** The dashboard's range, for the export's file name. */
  from: IsoDay;
  to: IsoDay;
  onOpenAds: (row: CampaignRow) => void;
}

/**
 * The Campaign Overview (spec section 2): campaigns under the dashboard filters with server-side
 * sort, paging and name search; Pause/Resume changes the campaign at its platform (the row
 * changes at once and goes back if the platform refuses); a name opens its ads; Export CSV
 * downloads every matching campaign.
 */
export function CampaignTable({ table, from, to, onOpenAds }: CampaignTableProps) {
  const headingId = useId();
  const { query } = table;
  const { data, error, isError, isFetching, refetch } = useListCampaignsQuery(query);
  const [setCampaignStatus] = useSetCampaignStatusMutation();
  const [exportCampaigns, { isLoading: exporting }] = useExportCampaignsMutation();
  const [changing, setChanging] = useState<ReadonlySet<string>>(new Set());
  const canChange = useCan('campaigns:write');
  // Without the right to change campaigns there is nothing in the Actions column.
  const columns = canChange ? COLUMNS : COLUMNS.filter((column) => column.label !== ACTIONS_LABEL);

  const toggleStatus = async (row: CampaignRow) => {
    const status = row.status === 'Active' ? 'Paused' : 'Active';
    setChanging((ids) => new Set(ids).add(row.id));
    try {
      await setCampaignStatus({ id: row.id, status }).unwrap();
      notify(status === 'Paused' ? CAMPAIGN_PAUSED_MESSAGE : CAMPAIGN_RESUMED_MESSAGE, 'success');
    } catch {
      // The row has rolled back and the API error channel has said why.
    } finally {
      setChanging((ids) => {
        const next = new Set(ids);
        next.delete(row.id);
        return next;
      });
    }
  };

  // A page past the end (an old link, fewer campaigns since) shows the last page instead, in place.
  const lastPage = data && data.total > 0 ? Math.ceil(data.total / table.pageSize) - 1 : null;
  const { page, clampPage } = table;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) clampPage(lastPage);
  }, [lastPage, page, clampPage]);

  const exportCsv = async () => {
    const { page: _page, page_size: _pageSize, ...filters } = query;
    try {
      downloadCsv(await exportCampaigns(filters).unwrap(), csvFileName(from, to));
    } catch {
      // Toasted by the API error channel.
    }
  };

  let body;
  if (data) {
    body =
      data.items.length === 0 ? (
        <MessageRow>
          <Typography color="text.secondary">{NO_CAMPAIGNS_MESSAGE}</Typography>
        </MessageRow>
      ) : (
        data.items.map((row) => (
          <CampaignTableRow
            key={row.id}
            row={row}
            currency={data.currency}
            busy={changing.has(row.id)}
            canChange={canChange}
            onToggleStatus={toggleStatus}
            onOpenAds={onOpenAds}
          />
        ))
      );
  } else if (isError) {
    body = (
      <MessageRow>
        <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
          {errorMessage(error, fallbackText(dashboardErrorFallbacks.listCampaigns))}
        </RetryAlert>
      </MessageRow>
    );
  } else {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <TableRow key={index}>
        {columns.map((column) => (
          <TableCell key={column.label}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h3" component="h2" id={headingId}>
          Campaign Overview
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            size="small"
            type="search"
            label="Search campaigns"
            value={table.search}
            onChange={(event) => table.setSearch(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <LoadingButton
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </LoadingButton>
        </Stack>
      </Stack>
      <Box sx={{ height: 4 }}>{isFetching && data && <LinearProgress aria-label="Loading campaigns" />}</Box>
      {/* The header row stays in view while the rows scroll under it; on a narrow screen the table
          scrolls sideways inside its frame, never the page. Focusable, so the keyboard scrolls it too. */}
      <TableContainer role="region" aria-label="Campaigns" tabIndex={0} sx={{ maxHeight: TABLE_MAX_HEIGHT }}>
        <Table size="small" stickyHeader aria-labelledby={headingId} aria-busy={isFetching}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = column.sortKey !== null && table.sort.key === column.sortKey;
                return (
                  <TableCell
                    key={column.label}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? table.sort.order : false}
                  >
                    {column.sortKey ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? table.sort.order : 'asc'}
                        onClick={() => column.sortKey && table.sortBy(column.sortKey)}
                      >
                        {column.label}
                        {active && (
                          <Box component="span" sx={visuallyHidden}>
                            {table.sort.order === 'desc' ? ', sorted descending' : ', sorted ascending'}
                          </Box>
                        )}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={lastPage !== null ? Math.min(table.page, lastPage) : 0}
        rowsPerPage={table.pageSize}
        rowsPerPageOptions={[...CAMPAIGN_PAGE_SIZES]}
        onPageChange={(_, page) => table.setPage(page)}
        onRowsPerPageChange={(event) => table.setPageSize(Number(event.target.value))}
      />
    </Paper>
  );
}
