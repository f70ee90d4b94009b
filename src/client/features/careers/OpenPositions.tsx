import { OutlinedNativeSelect } from '@client/components/OutlinedNativeSelect';
import { OutlinedTextField } from '@client/components/OutlinedTextField';
import { PageSection } from '@client/components/PageSection';
import { Box, Grid, Stack, Typography } from '@mui/material';
import {
  CAREERS_NO_FILTERS,
  CAREERS_NO_MATCH_TEXT,
  type CareersFilters,
  filterOpenings,
  JOB_OPENINGS,
} from '@shared/careers';
import { CAREERS_LOCATION_OPTIONS, CAREERS_TYPE_OPTIONS } from '@shared/constants';
import { useMemo, useState } from 'react';

import { JobCard } from './JobCard';

/** Props of OpenPositions. */
export interface OpenPositionsProps {
  /** The talent-pool opt-in, reported when someone applies. */
  talentOptIn: boolean;
}

/** "Showing 2 of 3 roles": how many openings pass the filters. */
function resultCount(shown: number, total: number): string {
  const noun = total === 1 ? 'role' : 'roles';
  return shown === total ? `Showing all ${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
}

/** The Open Positions section: search, type and location filters (all three together), a live count and the roles. */
export function OpenPositions({ talentOptIn }: OpenPositionsProps) {
  const [filters, setFilters] = useState<CareersFilters>(CAREERS_NO_FILTERS);
  const shown = useMemo(() => filterOpenings(JOB_OPENINGS, filters), [filters]);
  const update = (change: Partial<CareersFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <PageSection title="Open positions">
      <Box role="search" aria-label="Filter open positions" sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <OutlinedTextField
            label="Search roles"
            type="search"
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
            sx={{ flex: 2 }}
          />
          <OutlinedNativeSelect
            label="Job type"
            value={filters.type}
            onChange={(event) => update({ type: event.target.value as CareersFilters['type'] })}
            sx={{ flex: 1 }}
          >
            {CAREERS_TYPE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </OutlinedNativeSelect>
          <OutlinedNativeSelect
            label="Location"
            value={filters.location}
            onChange={(event) => update({ location: event.target.value as CareersFilters['location'] })}
            sx={{ flex: 1 }}
          >
            {CAREERS_LOCATION_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </OutlinedNativeSelect>
        </Stack>
      </Box>

      {/* One live region for the count and the no-match text, so a screen reader hears what the filters did. */}
      <Box role="status" sx={{ mb: 2 }}>
        <Typography color="text.secondary">{resultCount(shown.length, JOB_OPENINGS.length)}</Typography>
        {shown.length === 0 && <Typography sx={{ mt: 1, fontWeight: 600 }}>{CAREERS_NO_MATCH_TEXT}</Typography>}
      </Box>

      {shown.length > 0 && (
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Open roles">
          {shown.map((opening) => (
            <Grid key={opening.title} component="li" size={{ xs: 12, md: 4 }}>
              <JobCard opening={opening} talentOptIn={talentOptIn} />
            </Grid>
          ))}
        </Grid>
      )}
    </PageSection>
  );
}
