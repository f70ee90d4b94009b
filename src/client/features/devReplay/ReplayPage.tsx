import { SimplePage } from '@client/components/SimplePage';
import { paths } from '@client/lib/paths';
import {
  Alert,
  Box,
  Button,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type DragEvent, type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react';

import { actionLabel, isInitStep, parseReplayFile, ReplayFileError, type ReplayTrace } from './replayFile';
import { ReplayScreen } from './ReplayScreen';
import { diffStates, type StateChange } from './stateDiff';

const TITLE = 'Replay a trace';
const INTRO =
  'A development page for support: load a Redux DevTools export (Download diagnostics writes one) and step through it: each action, the state it changed, and the screen drawn from the state at that step, read-only and without network.';

function preview(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** A file's text (FileReader: jsdom's File has no text()). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** The route of a step: its own, or the last one recorded before it. */
function locationAt(trace: ReplayTrace, index: number): string | undefined {
  for (let i = index; i >= 0; i -= 1) {
    const location = trace.steps[i].location;
    if (location) return location;
  }
  return undefined;
}

function ChangesTable({ changes }: { changes: StateChange[] }) {
  if (changes.length === 0) return <Typography>This action changed nothing in the state.</Typography>;
  return (
    <Box
      component="table"
      sx={{
        borderCollapse: 'collapse',
        width: '100%',
        fontSize: 14,
        '& td, & th': { border: 1, borderColor: 'divider', p: 0.5, textAlign: 'left', verticalAlign: 'top' },
        '& td': { fontFamily: 'monospace', wordBreak: 'break-all' },
      }}
    >
      <caption style={{ captionSide: 'top', textAlign: 'left' }}>
        {changes.length} changed {changes.length === 1 ? 'path' : 'paths'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <td>{change.path}</td>
            <td>{change.kind === 'added' ? '(absent)' : preview(change.before)}</td>
            <td>{change.kind === 'removed' ? '(removed)' : preview(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** /dev/replay (development builds only): steps through a recorded Redux trace. */
export function ReplayPage() {
  const inputId = useId();
  const [trace, setTrace] = useState<ReplayTrace | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [routeEdit, setRouteEdit] = useState<{ index: number; route: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  const load = useCallback(async (file: File) => {
    try {
      const parsed = parseReplayFile(await readText(file));
      setTrace(parsed);
      setFileName(file.name);
      setIndex(parsed.currentIndex);
      setRouteEdit(null);
      setError(null);
    } catch (caught) {
      setError(caught instanceof ReplayFileError ? caught.message : `The file could not be read: ${String(caught)}`);
    }
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void load(file);
  };

  const last = trace ? trace.steps.length - 1 : 0;
  const goTo = (next: number, focusList = false) => {
    const clamped = Math.min(Math.max(0, next), last);
    setIndex(clamped);
    if (focusList) listRef.current?.querySelectorAll<HTMLElement>('[role="button"], button')[clamped]?.focus();
  };
  const onListKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    goTo(moves[event.key], true);
  };

  const step = trace?.steps[index];
  const changes = useMemo(
    () => (trace && index > 0 ? diffStates(trace.steps[index - 1].state, trace.steps[index].state) : []),
    [trace, index],
  );
  const recordedRoute = trace ? locationAt(trace, index) : undefined;
  const route = routeEdit?.index === index ? routeEdit.route : (recordedRoute ?? paths.dashboard);

  return (
    <SimplePage title={TITLE} intro={INTRO}>
      <Paper
        variant="outlined"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ p: 2, borderStyle: 'dashed', bgcolor: dragging ? 'action.hover' : undefined }}
      >
        <Stack spacing={1}>
          <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600 }}>
            Trace file
          </Typography>
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void load(file);
            }}
          />
          <Typography variant="body2" color="text.secondary">
            Or drop the file here.
          </Typography>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {trace && step && (
        <Stack spacing={3}>
          <Typography>
            {fileName}: {trace.steps.length} {trace.steps.length === 1 ? 'step' : 'steps'}.
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            role="toolbar"
            aria-label="Step through the trace"
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Button variant="outlined" onClick={() => goTo(0)} disabled={index === 0}>
              First
            </Button>
            <Button variant="outlined" onClick={() => goTo(index - 1)} disabled={index === 0}>
              Previous
            </Button>
            <Button variant="contained" onClick={() => goTo(index + 1)} disabled={index === last}>
              Next
            </Button>
            <Button variant="outlined" onClick={() => goTo(last)} disabled={index === last}>
              Last
            </Button>
            <Typography role="status" aria-live="polite" sx={{ alignSelf: 'center' }}>
              Step {index} of {last}: {actionLabel(step)}
            </Typography>
          </Stack>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(16rem, 1fr) 2fr' } }}>
            <Box component="section" aria-labelledby={`${inputId}-actions`}>
              <Typography variant="h2" id={`${inputId}-actions`} sx={{ fontSize: '1.25rem', mb: 1 }}>
                Actions
              </Typography>
              <List
                ref={listRef}
                dense
                aria-label="Actions"
                onKeyDown={onListKey}
                sx={{ maxHeight: '28rem', overflow: 'auto', border: 1, borderColor: 'divider' }}
              >
                {trace.steps.map((item, itemIndex) => (
                  <ListItemButton
                    key={item.id}
                    selected={itemIndex === index}
                    aria-current={itemIndex === index ? 'step' : undefined}
                    onClick={() => goTo(itemIndex)}
                  >
                    <ListItemText
                      primary={`${itemIndex}. ${actionLabel(item)}`}
                      secondary={
                        [
                          isInitStep(item) ? 'committed state' : null,
                          item.skipped ? 'skipped' : null,
                          item.error ? 'reducer error' : null,
                        ]
                          .filter(Boolean)
                          .join(', ') || undefined
                      }
                      slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' } } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Box>
            <Stack spacing={2}>
              <Box component="section" aria-labelledby={`${inputId}-action`}>
                <Typography variant="h2" id={`${inputId}-action`} sx={{ fontSize: '1.25rem', mb: 1 }}>
                  Current action
                </Typography>
                {step.error && <Alert severity="error">The reducer failed here: {step.error}</Alert>}
                <Box
                  component="pre"
                  aria-label="Action"
                  sx={{ m: 0, p: 1, bgcolor: 'grey.100', overflow: 'auto', maxHeight: '14rem', fontSize: 13 }}
                >
                  {JSON.stringify(step.action, null, 2)}
                </Box>
              </Box>
              <Box component="section" aria-labelledby={`${inputId}-diff`}>
                <Typography variant="h2" id={`${inputId}-diff`} sx={{ fontSize: '1.25rem', mb: 1 }}>
                  State diff
                </Typography>
                {index === 0 ? (
                  <Typography>The first step holds the state the trace starts from.</Typography>
                ) : (
                  <ChangesTable changes={changes} />
                )}
              </Box>
            </Stack>
          </Box>
          <Box component="section" aria-labelledby={`${inputId}-screen`}>
            <Typography variant="h2" id={`${inputId}-screen`} sx={{ fontSize: '1.25rem', mb: 1 }}>
              Screen at this step
            </Typography>
            <TextField
              label="Route"
              size="small"
              value={route}
              onChange={(event) => setRouteEdit({ index, route: event.target.value })}
              helperText={`${recordedRoute ? 'Where the app was at this step.' : 'The file does not say where the app was: pick a route.'} The screen ignores clicks and typing.`}
              sx={{ mb: 2, minWidth: '20rem' }}
            />
            <Paper variant="outlined" role="region" aria-label="Replayed screen" sx={{ p: 1, overflow: 'hidden' }}>
              <ReplayScreen state={step.state} location={route.startsWith('/') ? route : `/${route}`} />
            </Paper>
          </Box>
        </Stack>
      )}
    </SimplePage>
  );
}
