import { Alert, AlertTitle, Box } from '@mui/material';
import type { FirstPartyLineProblem } from '@shared/api/firstParty';

/** Lines shown before "and N more": a file of thousands of bad lines must not become a page of them. */
export const SHOWN_LINES = 50;

/**
 * A refused file: what is wrong with it, then each bad line with everything wrong on it. The
 * browser's own check and the server's 400 read the same way, so the user sees one kind of answer.
 */
export function LineProblems({
  detail,
  lines,
  id,
}: {
  detail: string;
  lines: readonly FirstPartyLineProblem[];
  id?: string;
}) {
  const shown = lines.slice(0, SHOWN_LINES);
  return (
    <Alert severity="error" id={id}>
      <AlertTitle>{detail}</AlertTitle>
      {shown.length > 0 && (
        <Box component="ul" aria-label="Lines to fix" sx={{ m: 0, pl: 2.5 }}>
          {shown.map(({ line, problems }) => (
            <li key={line}>
              Line {line}: {problems.join('; ')}
            </li>
          ))}
          {lines.length > shown.length && <li>and {lines.length - shown.length} more lines</li>}
        </Box>
      )}
    </Alert>
  );
}
