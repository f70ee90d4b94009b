import { useCan } from '@client/session/useCan';
import { Alert, Divider, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { ConversionBasisSetting } from './ConversionBasisSetting';
import { FirstPartyHowTo } from './FirstPartyHowTo';
import { FirstPartyImport } from './FirstPartyImport';
import { IngestionKey } from './IngestionKey';

/** The section's heading, and its anchor (the dashboard links to it). */
export const FIRST_PARTY_TITLE = 'First-party conversions';
export const FIRST_PARTY_SECTION_ANCHOR = 'first-party';
export const FIRST_PARTY_INTRO =
  'Your own daily conversions and revenue, from your shop or CRM. With them the dashboard shows blended CPA, blended ROAS and MER, and how far each platform’s claimed conversions go beyond its share.';
/** Why a viewer or client sees no controls: the policy gives first-party writes to owners and managers. */
export const FIRST_PARTY_MANAGERS_ONLY = 'Only owners and managers can import days or manage the ingestion key.';

/**
 * Workspace settings' "First-party conversions" (issue 37): the CSV import, the ingestion key and
 * how both work, for owners and managers ('firstparty:write'). Other roles see what it is and who
 * can change it; the key's very id is kept from them, as the server does.
 */
export function FirstPartySection() {
  const headingId = useId();
  const canWrite = useCan('firstparty:write');
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The dashboard's "Add your own conversions" lands here: the page itself does not scroll to an anchor.
  useEffect(() => {
    if (hash === `#${FIRST_PARTY_SECTION_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <Paper
      ref={section}
      component="section"
      id={FIRST_PARTY_SECTION_ANCHOR}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, scrollMarginTop: 80 }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} variant="h2">
          {FIRST_PARTY_TITLE}
        </Typography>
        <Typography color="text.secondary">{FIRST_PARTY_INTRO}</Typography>
        {canWrite ? (
          <>
            <FirstPartyImport />
            <Divider />
            <IngestionKey />
          </>
        ) : (
          <Alert severity="info">{FIRST_PARTY_MANAGERS_ONLY}</Alert>
        )}
        <Divider />
        <ConversionBasisSetting />
        <Divider />
        <FirstPartyHowTo />
      </Stack>
    </Paper>
  );
}
