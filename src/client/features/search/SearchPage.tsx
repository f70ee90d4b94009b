import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { visuallyHidden } from '@client/components/visuallyHidden';
import { paths } from '@client/lib/paths';
import { Alert, Box, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { SEARCH_KIND_LABELS, SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG, type SearchResult } from '@shared/api/search';
import { queryWords } from '@shared/search/search';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { Highlighted } from './Highlighted';
import { useSearchSiteQuery } from './search.api';
import { SiteSearchForm } from './SiteSearchForm';

/** Shown when the search request fails without a server message. */
export const SEARCH_ERROR_FALLBACK = 'Unable to search right now.';

const SKELETON_ROWS = 3;

/** "3 results found". */
export function resultCount(count: number): string {
  return count === 1 ? '1 result found' : `${count} results found`;
}

function ResultsSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Box key={index}>
          <Skeleton variant="text" width="20%" />
          <Skeleton variant="text" width="55%" sx={{ fontSize: (theme) => theme.typography.h3.fontSize }} />
          <Skeleton variant="text" width="90%" />
        </Box>
      ))}
    </Stack>
  );
}

function EmptyState({ query }: { query: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h3" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        No pages match "{query}"
      </Typography>
      <Typography color="text.secondary">
        Try another word, go to the{' '}
        <Link component={RouterLink} to={paths.home}>
          home page
        </Link>
        , or{' '}
        <Link component={RouterLink} to={paths.contact}>
          contact us
        </Link>
        .
      </Typography>
    </Paper>
  );
}

function ResultItem({ result, words }: { result: SearchResult; words: readonly string[] }) {
  return (
    <Box component="li" sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Chip label={SEARCH_KIND_LABELS[result.kind]} size="small" variant="outlined" />
        <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={result.path}>
            <Highlighted text={result.title} words={words} />
          </Link>
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Highlighted text={result.snippet} words={words} />
        </Typography>
      </Stack>
    </Box>
  );
}

/** The results for a non-empty query: skeleton, failure with retry, empty state or the labelled list. */
function SearchResults({ query }: { query: string }) {
  const tooLong = query.length > SEARCH_QUERY_MAX;
  const { currentData: results, error, isError, isFetching, refetch } = useSearchSiteQuery(query, { skip: tooLong });
  const words = useMemo(() => queryWords(query), [query]);

  if (tooLong) return <Alert severity="warning">{SEARCH_QUERY_TOO_LONG}</Alert>;
  const failed = isError && !results;
  const loading = !results && !failed;
  const badQuery = failed && typeof error === 'object' && error !== null && 'status' in error && error.status === 400;

  return (
    <>
      {/* One live region for the whole lifetime of the query, so each change is announced. */}
      <Box role="status">
        {loading && <Typography sx={visuallyHidden}>Searching…</Typography>}
        {results && results.length === 0 && <EmptyState query={query} />}
        {results && results.length > 0 && <Typography color="text.secondary">{resultCount(results.length)}</Typography>}
      </Box>
      {loading && <ResultsSkeleton />}
      {failed &&
        (badQuery ? (
          <Alert severity="warning">{errorMessage(error, SEARCH_ERROR_FALLBACK)}</Alert>
        ) : (
          <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
            {errorMessage(error, SEARCH_ERROR_FALLBACK)}
          </RetryAlert>
        ))}
      {results && results.length > 0 && (
        <Box component="ul" aria-label="Search results" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {results.map((result) => (
            <ResultItem key={`${result.kind}:${result.path}:${result.title}`} result={result} words={words} />
          ))}
        </Box>
      )}
    </>
  );
}

/** Site search (/search?q=...) over the public pages, the blog's articles and the open roles. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();

  return (
    // A long query in the heading wraps instead of widening the page.
    <Box sx={{ '& h1': { overflowWrap: 'anywhere' } }}>
      <SimplePage title={query ? `Search results for "${query}"` : 'Search'}>
        {/* Keyed by the query so the box follows back/forward navigation. */}
        <SiteSearchForm key={query} label="Search Adwise" initialQuery={query} />
        {query === '' ? (
          <Typography color="text.secondary">
            Type what you are looking for, such as pricing, integrations or careers.
          </Typography>
        ) : (
          <SearchResults query={query} />
        )}
      </SimplePage>
    </Box>
  );
}
