import {
  buildDiagnosticsExport,
  createDiagnosticsRecorder,
  type DevToolsExportFile,
  REDACTED,
} from '@client/app/diagnostics';
import { configureStore, createSlice } from '@reduxjs/toolkit';

import { isInitStep, parseReplayFile, ReplayFileError } from './replayFile';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, email: 'asha@example.com' },
  reducers: { incremented: (state) => void (state.value += 1) },
});

describe('parseReplayFile', () => {
  it('reads back what the recorder exports: every action with the state after it and the page it was on', () => {
    let location = '/';
    const recorder = createDiagnosticsRecorder(10, jest.fn(), () => location);
    const store = configureStore({
      reducer: { counter: counter.reducer },
      middleware: (gDM) => gDM().concat(recorder.middleware),
    });
    store.dispatch(counter.actions.incremented());
    location = '/dashboard';
    store.dispatch(counter.actions.incremented());

    const text = JSON.stringify(recorder.exportFile(), null, '\t');
    const trace = parseReplayFile(text);
    expect(trace.currentIndex).toBe(2);
    expect(trace.steps.map((step) => [step.action.type, step.state, step.location])).toEqual([
      ['@@INIT', { counter: { value: 0, email: REDACTED } }, '/'],
      ['counter/incremented', { counter: { value: 1, email: REDACTED } }, '/'],
      ['counter/incremented', { counter: { value: 2, email: REDACTED } }, '/dashboard'],
    ]);
    expect(isInitStep(trace.steps[0])).toBe(true);
    expect(isInitStep(trace.steps[1])).toBe(false);
  });

  it('takes the bare lifted state too, with its skipped actions and reducer errors', () => {
    const file = buildDiagnosticsExport({ n: 0 }, [{ action: { type: 'a' }, state: { n: 1 }, timestamp: 5 }], 1);
    const lifted = JSON.parse(file.payload) as { skippedActionIds: number[]; computedStates: { error?: string }[] };
    lifted.skippedActionIds = [1];
    lifted.computedStates[1].error = 'Boom';
    const [, step] = parseReplayFile(JSON.stringify(lifted)).steps;
    expect(step).toMatchObject({ id: 1, skipped: true, error: 'Boom', state: { n: 1 }, timestamp: 5 });
  });

  it.each([
    ['not JSON', 'nope', 'The file is not JSON.'],
    ['a payload that is not JSON', JSON.stringify({ payload: '{', preloadedState: '{}' }), 'Its payload is not JSON.'],
    [
      'bare actions',
      JSON.stringify({ payload: JSON.stringify([{ type: 'a' }]), preloadedState: '{}' } satisfies DevToolsExportFile),
      /without their states/,
    ],
    ['something else', JSON.stringify({ hello: 1 }), /not a Redux DevTools export/],
    [
      'states missing',
      JSON.stringify({
        actionsById: { 0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' } } },
        stagedActionIds: [0],
        computedStates: [],
      }),
      /1 actions but 0 computed states/,
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseReplayFile(text)).toThrow(ReplayFileError);
    expect(() => parseReplayFile(text)).toThrow(message);
  });
});
