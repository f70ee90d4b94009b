import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { paths } from '@client/app/paths';
import { SimplePage } from '@client/components/SimplePage';
import { searchPages } from './search';
import { SiteSearchForm } from './SiteSearchForm';

/** Site search (/search?q=...) over the product's public pages. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const results = useMemo(() => searchPages(query), [query]);

  return (
    <SimplePage title={query ? `Search results for "${query}"` : 'Search'}>
      {/* Keyed by the query so the box follows back/forward navigation. */}
      <SiteSearchForm key={query} label="Search Adwise" initialQuery={query} />
      {query === '' ? (
        <Typography color="text.secondary">Type what you are looking for, such as pricing, integrations or careers.</Typography>
      ) : results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }} role="status">
          <Typography component="h2" variant="h3" gutterBottom>
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
      ) : (
        <>
          <Typography role="status" color="text.secondary">
            {results.length === 1 ? '1 page found' : `${results.length} pages found`}
          </Typography>
          <List aria-label="Search results">
            {results.map((entry) => (
              <ListItem key={entry.path} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={entry.path} variant="h3">
                      {entry.title}
                    </Link>
                  }
                  secondary={entry.description}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </SimplePage>
  );
}
