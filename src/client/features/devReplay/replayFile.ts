import { type DevToolsLiftedState, INIT_ACTION_TYPE, type LiftedActionEntry } from '@client/app/diagnostics';
import type { UnknownAction } from '@reduxjs/toolkit';

/** One step of a trace: an action and the state after it (step 0 is @@INIT and the committed state). */
export interface ReplayStep {
  /** Its id in the lifted state's actionsById. */
  id: number;
  action: UnknownAction;
  state: unknown;
  timestamp: number;
  /** The page the app was on, when the file says (path and query). */
  location?: string;
  /** The reducer's error at this step, as Redux DevTools records it. */
  error?: string;
  /** Skipped in Redux DevTools (toggled off): its state is the one before. */
  skipped: boolean;
}

/** A trace read from a file, ready to step through. */
export interface ReplayTrace {
  steps: ReplayStep[];
  /** Where Redux DevTools' slider stood when the file was written. */
  currentIndex: number;
}

/** A file that is not a Redux DevTools export with computed states. */
export class ReplayFileError extends Error {
  override name = 'ReplayFileError';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ReplayFileError(`${what} is not JSON.`);
  }
}

/**
 * Reads what Redux DevTools' import reads: `{ payload, preloadedState }` with JSON strings (its
 * Export and our Download diagnostics), or the lifted state itself. The lifted state must carry its
 * computed states: the replay shows recorded states, it never runs a reducer over the actions
 * (a payload that is a bare array of actions is refused for that reason).
 */
export function parseReplayFile(text: string): ReplayTrace {
  let lifted = parseJson(text, 'The file');
  if (isObject(lifted) && typeof lifted.payload === 'string') lifted = parseJson(lifted.payload, 'Its payload');
  if (Array.isArray(lifted)) {
    throw new ReplayFileError(
      'This file holds actions without their states; export it again with computed states (Download diagnostics does).',
    );
  }
  if (
    !isObject(lifted) ||
    !isObject(lifted.actionsById) ||
    !Array.isArray(lifted.stagedActionIds) ||
    !Array.isArray(lifted.computedStates)
  ) {
    throw new ReplayFileError(
      'This is not a Redux DevTools export: it has no actionsById, stagedActionIds and computedStates.',
    );
  }
  const { actionsById, stagedActionIds, computedStates } = lifted as unknown as DevToolsLiftedState;
  if (computedStates.length !== stagedActionIds.length) {
    throw new ReplayFileError(
      `The file has ${stagedActionIds.length} actions but ${computedStates.length} computed states.`,
    );
  }
  const skipped = new Set(Array.isArray(lifted.skippedActionIds) ? (lifted.skippedActionIds as number[]) : []);
  const steps = stagedActionIds.map((id, index): ReplayStep => {
    const entry = actionsById[id] as LiftedActionEntry | undefined;
    const computed = computedStates[index];
    if (!isObject(entry) || !isObject(entry.action) || typeof entry.action.type !== 'string') {
      throw new ReplayFileError(`Action ${id} is missing or has no type.`);
    }
    return {
      id,
      action: entry.action,
      state: isObject(computed) ? computed.state : undefined,
      timestamp: typeof entry.timestamp === 'number' ? entry.timestamp : 0,
      ...(typeof entry.location === 'string' ? { location: entry.location } : {}),
      ...(isObject(computed) && typeof computed.error === 'string' ? { error: computed.error } : {}),
      skipped: skipped.has(id),
    };
  });
  if (steps.length === 0) throw new ReplayFileError('The file has no actions.');
  const current = typeof lifted.currentStateIndex === 'number' ? lifted.currentStateIndex : steps.length - 1;
  return { steps, currentIndex: Math.min(Math.max(0, current), steps.length - 1) };
}

/** Whether a step is the lifted state's first entry, which only holds the committed state. */
export function isInitStep(step: ReplayStep): boolean {
  return step.action.type === INIT_ACTION_TYPE;
}

/** How an action is named in the list: its type, and the endpoint of an RTK Query request. */
export function actionLabel(step: ReplayStep): string {
  const arg = (step.action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg;
  return typeof arg?.endpointName === 'string' ? `${step.action.type} (${arg.endpointName})` : step.action.type;
}
