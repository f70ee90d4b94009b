import { Box, Typography } from '@mui/material';
import {
  FIRST_PARTY_CSV_COLUMNS,
  FIRST_PARTY_CSV_MAX_ROWS,
  FIRST_PARTY_INGEST_MAX_DAYS,
  FIRST_PARTY_KEY_HEADER,
  FIRST_PARTY_SIGNATURE_HEADER,
  FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS,
  FIRST_PARTY_TIMESTAMP_HEADER,
} from '@shared/api/firstParty';

const CODE_SX = {
  display: 'block',
  p: 1,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

const EXAMPLE_CSV = `${FIRST_PARTY_CSV_COLUMNS.join(',')}\n2026-11-01,42,3150.00,USD\n2026-11-02,38,2890.5,USD`;

/** How to give Adwise its own days: the CSV's columns and how a signed request is made (docs/product/first-party-conversions.md says the rest). */
export function FirstPartyHowTo() {
  return (
    <Box component="section" aria-label="How to send your days" sx={{ '& p': { mb: 1 } }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        How it works
      </Typography>
      <Typography variant="body2">
        <strong>CSV:</strong> a header line naming the columns {FIRST_PARTY_CSV_COLUMNS.join(', ')} (any order), then
        one line per day: the day as YYYY-MM-DD, whole conversions, revenue as a plain decimal (no thousands separators)
        and an ISO currency code. Up to {FIRST_PARTY_CSV_MAX_ROWS.toLocaleString('en-US')} days a file; a day imported
        again replaces the one saved.
      </Typography>
      <Box component="code" sx={CODE_SX}>
        {EXAMPLE_CSV}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <strong>From your shop or CRM:</strong> POST {'{"days": [{"day", "conversions", "revenue", "currency"}]}'} to
        /api/first-party/ingest/ (at most {FIRST_PARTY_INGEST_MAX_DAYS} days a request), with the key id in{' '}
        {FIRST_PARTY_KEY_HEADER}, the Unix time in seconds in {FIRST_PARTY_TIMESTAMP_HEADER}, and in{' '}
        {FIRST_PARTY_SIGNATURE_HEADER} v1= followed by the hex HMAC-SHA256 under the secret of the timestamp, a dot and
        the exact body. A request signed more than {FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes before or
        after it arrives is refused, so sign each one as you send it. Each day replaces its own, so sending a day again
        never counts it twice.
      </Typography>
    </Box>
  );
}
