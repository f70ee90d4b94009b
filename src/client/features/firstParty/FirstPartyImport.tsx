import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { FIRST_PARTY_CSV_MAX_BYTES, type FirstPartyDayInput, type FirstPartyLineProblem } from '@shared/api/firstParty';
import { parseFirstPartyCsv } from '@shared/validation/firstParty';
import { type ChangeEvent, useId, useRef, useState } from 'react';

import { useImportFirstPartyCsvMutation } from './firstParty.api';
import { importResultText, readyText } from './firstPartyFormat';
import { LineProblems } from './LineProblems';

export const IMPORT_LABELS = {
  title: 'Import a CSV file',
  file: 'CSV file of first-party days',
  fileHelp: 'The whole file is checked here first; nothing is sent until every line is valid.',
  import: 'Import days',
  clear: 'Choose another file',
  unreadable: 'This file could not be read. Save it as plain-text CSV (UTF-8) and choose it again.',
  tooLarge: `The file is larger than ${FIRST_PARTY_CSV_MAX_BYTES / 1024} KiB; split it into several files.`,
  failed: 'Unable to import the file. Please try again.',
} as const;

/** Where the file stands: nothing chosen, checked and waiting, refused (here or by the server), or saved. */
type ImportState =
  | { step: 'empty' }
  | { step: 'ready'; csv: string; days: FirstPartyDayInput[] }
  | { step: 'refused'; detail: string; lines: FirstPartyLineProblem[] }
  | { step: 'saved'; text: string };

/** The file's text; FileReader rather than Blob.text() so older browsers read it too. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

function linesOf(error: unknown): FirstPartyLineProblem[] | null {
  const data =
    typeof error === 'object' && error !== null && 'data' in error ? (error.data as { lines?: unknown }) : null;
  return data && Array.isArray(data.lines) ? (data.lines as FirstPartyLineProblem[]) : null;
}

/**
 * The CSV import: a chosen file is read and checked whole with the shared validator (the server's
 * own checks), each bad line named; only a file with no bad line can be sent, and the server's
 * refusal, should it still refuse, is shown the same way. The server saves all days or none.
 */
export function FirstPartyImport() {
  const inputId = useId();
  const helpId = useId();
  const outcomeId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ step: 'empty' });
  const [importCsv, { isLoading }] = useImportFirstPartyCsvMutation();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return setState({ step: 'empty' });
    if (file.size > FIRST_PARTY_CSV_MAX_BYTES)
      return setState({ step: 'refused', detail: IMPORT_LABELS.tooLarge, lines: [] });
    let csv: string;
    try {
      csv = await readText(file);
    } catch {
      return setState({ step: 'refused', detail: IMPORT_LABELS.unreadable, lines: [] });
    }
    const parsed = parseFirstPartyCsv(csv);
    setState(
      parsed.ok
        ? { step: 'ready', csv, days: parsed.days }
        : { step: 'refused', detail: parsed.detail, lines: parsed.lines },
    );
  };

  const send = async (csv: string) => {
    try {
      const result = await importCsv(csv).unwrap();
      setState({ step: 'saved', text: importResultText(result) });
      // The same file may be chosen again (a change event needs a new value).
      if (input.current) input.current.value = '';
    } catch (error) {
      setState({ step: 'refused', detail: errorMessage(error, IMPORT_LABELS.failed), lines: linesOf(error) ?? [] });
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {IMPORT_LABELS.title}
      </Typography>
      <Box>
        <Typography
          component="label"
          htmlFor={inputId}
          variant="body2"
          sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
        >
          {IMPORT_LABELS.file}
        </Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={state.step === 'empty' ? helpId : `${helpId} ${outcomeId}`}
          onChange={(event) => void choose(event)}
          disabled={isLoading}
        />
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {IMPORT_LABELS.fileHelp}
        </Typography>
      </Box>
      <Box id={outcomeId} role="status">
        {state.step === 'refused' && <LineProblems detail={state.detail} lines={state.lines} />}
        {state.step === 'ready' && <Alert severity="info">{readyText(state.days)}</Alert>}
        {state.step === 'saved' && <Alert severity="success">{state.text}</Alert>}
      </Box>
      {state.step === 'ready' && (
        <Stack direction="row" spacing={1}>
          <LoadingButton variant="contained" loading={isLoading} onClick={() => void send(state.csv)}>
            {IMPORT_LABELS.import}
          </LoadingButton>
          <Button
            disabled={isLoading}
            onClick={() => {
              setState({ step: 'empty' });
              if (input.current) {
                input.current.value = '';
                input.current.focus();
              }
            }}
          >
            {IMPORT_LABELS.clear}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
