import { errorMessage } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { useAppSelector } from '@client/app/hooks';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { visuallyHidden } from '@client/components/visuallyHidden';
import {
  describeChange,
  formatCount,
  formatExactTime,
  formatMoney,
  formatRange,
  formatRelativeTime,
} from '@client/lib/format';
import { paths } from '@client/lib/paths';
import { selectWorkspace } from '@client/session/session.slice';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { ROLE_TITLES } from '@shared/access/policy';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@shared/api/dashboard';
import type { WorkspaceOverviewRow } from '@shared/api/workspaces';
import { daysInRange } from '@shared/days';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useNow } from '../../../lib/useNow';
import { useSwitchWorkspace } from '../useSwitchWorkspace';
import { useGetWorkspaceOverviewQuery } from '../workspaces.api';
import { workspacesErrorFallbacks } from '../workspaces.errors';
import {
  DEFAULT_SORT,
  filterRows,
  isTypingTarget,
  nextSort,
  type OverviewSort,
  type OverviewSortKey,
  sortRows,
} from './allClients';
import { ContinueWhereYouLeftOff } from './ContinueWhereYouLeftOff';

/** The page's title, also its h1. */
export const ALL_CLIENTS_TITLE = 'All clients';
/** Labels named once for the page and its tests. */
export const ALL_CLIENTS_LABELS = {
  search: 'Search workspaces',
  table: 'Workspaces',
  loading: 'Loading workspaces',
  empty: 'No workspaces yet. Create one for each client with New workspace in the workspace switcher.',
  noMatch: (search: string) => `No workspace matches “${search.trim()}”.`,
} as const;

/** What a figure the server does not have yet (alerts, suggestions) or cannot convert shows. */
const MISSING = '—';
/** The search field's shortcut, as aria-keyshortcuts names it. */
const SEARCH_SHORTCUT = '/';
const SKELETON_ROWS = 4;
/** Where the shortcut must not steal the focus: dialogs and menus keep it. */
const FOCUS_KEEPERS = '[role="dialog"], [role="menu"], [role="listbox"]';

interface Column {
  key: OverviewSortKey;
  label: string;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Workspace' },
  { key: 'role', label: 'Role' },
  { key: 'spend', label: 'Spend (last 7 days)', numeric: true },
  { key: 'spend_change', label: 'Change', numeric: true },
  { key: 'connected_accounts', label: 'Connected accounts', numeric: true },
  { key: 'needs_reconnect', label: 'Needs reconnect', numeric: true },
  { key: 'last_synced_at', label: 'Last synced' },
  { key: 'open_alerts', label: 'Open alerts', numeric: true },
  { key: 'open_suggestions', label: 'Suggestions', numeric: true },
];

/** `/` anywhere on the page (but in a field, a dialog or a menu) focuses `target`. */
function useSearchShortcut(target: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== SEARCH_SHORTCUT || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest(FOCUS_KEEPERS)) return;
      event.preventDefault();
      target.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [target]);
}

function Change({ change, days }: { change: number | null; days: number }) {
  const { direction, text, label } = describeChange(change, days);
  const Arrow = direction === 'up' ? ArrowUpwardIcon : direction === 'down' ? ArrowDownwardIcon : null;
  return (
    <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {Arrow && <Arrow fontSize="inherit" />}
      {text}
    </Box>
  );
}

function LastSynced({ at, now }: { at: string | null; now: number }) {
  if (at === null) return <>Not synced yet</>;
  const exact = formatExactTime(at);
  return (
    <Tooltip title={exact}>
      <Box component="span">
        <time dateTime={at} title={exact}>
          {formatRelativeTime(at, now)}
        </time>
      </Box>
    </Tooltip>
  );
}

function countOrMissing(value: number | null, currency: string): string {
  return value === null ? MISSING : formatCount(value, currency);
}

interface RowProps {
  row: WorkspaceOverviewRow;
  index: number;
  currency: DisplayCurrency;
  days: number;
  now: number;
  current: boolean;
  /** The row that takes the Tab stop (one per table; the arrows move it). */
  tabStop: boolean;
  opening: boolean;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onFocus: (index: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  onOpen: (row: WorkspaceOverviewRow) => void;
}

function OverviewRow({
  row,
  index,
  currency,
  days,
  now,
  current,
  tabStop,
  opening,
  buttonRef,
  onFocus,
  onKeyDown,
  onOpen,
}: RowProps) {
  return (
    <TableRow hover aria-busy={opening} sx={{ '&:focus-within': { bgcolor: 'action.selected' } }}>
      <TableCell sx={{ maxWidth: 280 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            ref={buttonRef}
            tabIndex={tabStop ? 0 : -1}
            onFocus={() => onFocus(index)}
            onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index)}
            onClick={() => onOpen(row)}
            sx={{ textAlign: 'left', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {row.name}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (open dashboard)
            </Box>
          </Link>
          {current && <Chip size="small" label="Current" variant="outlined" />}
        </Stack>
      </TableCell>
      <TableCell>{ROLE_TITLES[row.role]}</TableCell>
      <TableCell align="right">{row.spend === null ? MISSING : formatMoney(row.spend, currency)}</TableCell>
      <TableCell align="right">
        <Change change={row.spend_change} days={days} />
      </TableCell>
      <TableCell align="right">{formatCount(row.connected_accounts, currency)}</TableCell>
      <TableCell align="right">
        {row.needs_reconnect > 0 ? (
          <Chip size="small" color="warning" label={formatCount(row.needs_reconnect, currency)} />
        ) : (
          formatCount(0, currency)
        )}
      </TableCell>
      <TableCell>
        <LastSynced at={row.last_synced_at} now={now} />
      </TableCell>
      <TableCell align="right">{countOrMissing(row.open_alerts, currency)}</TableCell>
      <TableCell align="right">{countOrMissing(row.open_suggestions, currency)}</TableCell>
    </TableRow>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>
        <Typography color="text.secondary">{children}</Typography>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return (
    <Stack spacing={1} role="status" aria-busy="true" aria-label={ALL_CLIENTS_LABELS.loading}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={40} />
      ))}
    </Stack>
  );
}

/**
 * All clients (/workspaces): every workspace the user can see in one sortable, searchable table,
 * with the last 7 days' spend in a display currency, its change, connections, reconnects, the last
 * sync, and open alerts and suggestions. `/` focuses the search, the arrow keys move between rows
 * and Enter opens one: the app switches to that workspace and shows its dashboard.
 */
export function AllClientsPage() {
  const navigate = useNavigate();
  const session = useAppSelector(selectWorkspace);
  const [currency, setCurrency] = useState<DisplayCurrency | undefined>(undefined);
  const { data, error, isError, isFetching, refetch } = useGetWorkspaceOverviewQuery({ currency });
  const { switchTo } = useSwitchWorkspace();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<OverviewSort>(DEFAULT_SORT);
  const [tabStop, setTabStop] = useState(0);
  const [opening, setOpening] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const now = useNow();
  useSearchShortcut(searchRef);

  const rows = data ? sortRows(filterRows(data.rows, search), sort) : [];
  const activeRow = Math.min(tabStop, Math.max(0, rows.length - 1));

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setTabStop(target);
    rowButtons.current[target]?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusRow(index + 1),
      // Up from the first row goes back to the search.
      ArrowUp: () => (index === 0 ? searchRef.current?.focus() : focusRow(index - 1)),
      Home: () => focusRow(0),
      End: () => focusRow(rows.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' || rows.length === 0) return;
    event.preventDefault();
    focusRow(activeRow);
  };

  const open = async (row: WorkspaceOverviewRow) => {
    if (opening !== null) return;
    setOpening(row.id);
    const switched = row.id === session?.id || (await switchTo(row));
    setOpening(null);
    if (switched) navigate(paths.dashboard);
  };

  let content;
  if (data) {
    const days = daysInRange(data.from, data.to);
    let body;
    if (data.rows.length === 0) body = <MessageRow>{ALL_CLIENTS_LABELS.empty}</MessageRow>;
    else if (rows.length === 0) body = <MessageRow>{ALL_CLIENTS_LABELS.noMatch(search)}</MessageRow>;
    else {
      body = rows.map((row, index) => (
        <OverviewRow
          key={row.id}
          row={row}
          index={index}
          currency={data.currency}
          days={days}
          now={now}
          current={row.id === session?.id}
          tabStop={index === activeRow}
          opening={opening === row.id}
          buttonRef={(element) => {
            rowButtons.current[index] = element;
          }}
          onFocus={setTabStop}
          onKeyDown={onRowKeyDown}
          onOpen={(chosen) => void open(chosen)}
        />
      ));
    }
    content = (
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Updating workspaces" />}</Box>
        <TableContainer>
          <Table size="small" aria-label={ALL_CLIENTS_LABELS.table} aria-busy={isFetching}>
            <caption style={visuallyHidden}>
              Spend from {formatRange(data.from, data.to)} in {data.currency}. Sortable by every column.
            </caption>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  return (
                    <TableCell
                      key={column.key}
                      align={column.numeric ? 'right' : 'left'}
                      sortDirection={active ? sort.order : false}
                    >
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.order : 'asc'}
                        onClick={() => setSort((current) => nextSort(current, column.key))}
                      >
                        {column.label}
                      </TableSortLabel>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  } else if (isError) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, fallbackText(workspacesErrorFallbacks.getWorkspaceOverview))}
      </RetryAlert>
    );
  } else {
    content = <LoadingRows />;
  }

  const shown = data && search.trim() !== '' ? `${rows.length} of ${data.rows.length} workspaces` : '';

  return (
    <SimplePage
      title={ALL_CLIENTS_TITLE}
      intro="Every workspace you can see, with its spend over the last 7 days. Open one to work in it."
    >
      <ContinueWhereYouLeftOff />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={ALL_CLIENTS_LABELS.search}
          placeholder="Press / to search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKeyDown}
          inputRef={searchRef}
          slotProps={{
            htmlInput: { 'aria-keyshortcuts': SEARCH_SHORTCUT },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: { sm: 280 } }}
        />
        <TextField
          select
          size="small"
          label="Currency"
          value={currency ?? data?.currency ?? ''}
          onChange={(event) => setCurrency(event.target.value as DisplayCurrency)}
          disabled={!data}
          sx={{ minWidth: 110 }}
        >
          {DISPLAY_CURRENCIES.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {shown}
        </Typography>
      </Stack>
      {content}
    </SimplePage>
  );
}
