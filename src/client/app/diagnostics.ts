import { createAction, isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { DIAGNOSTICS_ACTION_LIMIT } from '@shared/constants';

/** What replaces a secret or personal value in a diagnostics file. */
export const REDACTED = '[redacted]';

/** Dispatched by "Download diagnostics"; the recorder answers it by saving the file. */
export const diagnosticsRequested = createAction('diagnostics/downloadRequested');

// Keys are compared lower-cased with separators removed, so `confirm_password`,
// `confirmPassword` and `X-User-Email` all match.
const SECRET_KEYS = new Set([
  'access',
  'refresh',
  'token',
  'password',
  'confirmpassword',
  'otp',
  'email',
  'username',
  'fullname',
  'authorization',
  'xuseremail',
  'codeverifier',
  'cookie',
]);
const SECRET_KEY_PARTS = ['token', 'password', 'secret', 'authorization'];

const EMAIL_PATTERN = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
// A JWT's header is base64url JSON, so it always starts with "eyJ".
const JWT_PATTERN = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const BEARER_PATTERN = /\bBearer\s+\S+/gi;

function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_KEYS.has(normalized) || SECRET_KEY_PARTS.some((part) => normalized.includes(part));
}

function redactString(text: string): string {
  return text.replace(BEARER_PATTERN, REDACTED).replace(JWT_PATTERN, REDACTED).replace(EMAIL_PATTERN, REDACTED);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function redactValue(value: unknown, path: Set<object>): unknown {
  if (typeof value === 'string') return redactString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  if (value === null || typeof value !== 'object') return value;
  if (path.has(value)) return '[circular]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return { name: value.name, message: redactString(value.message) };

  path.add(value);
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map((item) => redactValue(item, path));
  } else if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Keep null/undefined visible: whether a token was there at all is useful and harmless.
      out[redactString(key)] = isSecretKey(key) && item !== null && item !== undefined ? REDACTED : redactValue(item, path);
    }
    copy = out;
  } else {
    // Class instances (Request, Response, Headers...) can hide secrets in internal slots.
    copy = `[${value.constructor?.name ?? 'object'}]`;
  }
  path.delete(value);
  return copy;
}

/**
 * A deep copy of `value` with tokens, passwords, OTPs, names and e-mail addresses
 * replaced (by key name, and any string that looks like an address, a JWT or a
 * bearer header); the input is never changed.
 */
export function redact(value: unknown): unknown {
  return redactValue(value, new Set());
}

/** A fixed-size buffer that overwrites its oldest item once full. */
export class RingBuffer<T> {
  private readonly items: T[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  /** Adds an item; returns the item it pushed out, if the buffer was full. */
  push(item: T): T | undefined {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return undefined;
    }
    const evicted = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return evicted;
  }

  /** The items, oldest first. */
  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}

/** One recorded dispatch. */
export interface RecordedAction {
  action: UnknownAction;
  /** The state right after the action. */
  state: unknown;
  timestamp: number;
}

/** The file Redux DevTools' import reads: both fields are JSON strings. */
export interface DevToolsExportFile {
  /** The lifted state (Redux DevTools instrument's history) as JSON. */
  payload: string;
  /** The state before the first recorded action, as JSON. */
  preloadedState: string;
}

const PERFORM_ACTION = 'PERFORM_ACTION';
const INIT_ACTION_TYPE = '@@INIT';

/**
 * Builds the export in Redux DevTools' format: id 0 is the @@INIT entry holding
 * the committed state, ids 1..n the recorded actions with the states after them.
 * Everything is redacted.
 */
export function buildDiagnosticsExport(committedState: unknown, recorded: readonly RecordedAction[], now: number): DevToolsExportFile {
  const committed = redact(committedState);
  const actionsById: Record<number, { type: string; action: unknown; timestamp: number }> = {
    0: { type: PERFORM_ACTION, action: { type: INIT_ACTION_TYPE }, timestamp: recorded[0]?.timestamp ?? now },
  };
  const computedStates: { state: unknown }[] = [{ state: committed }];
  recorded.forEach((entry, index) => {
    actionsById[index + 1] = { type: PERFORM_ACTION, action: redact(entry.action), timestamp: entry.timestamp };
    computedStates.push({ state: redact(entry.state) });
  });
  const stagedActionIds = computedStates.map((_entry, index) => index);
  const liftedState = {
    monitorState: {},
    actionsById,
    nextActionId: stagedActionIds.length,
    stagedActionIds,
    skippedActionIds: [],
    committedState: committed,
    currentStateIndex: stagedActionIds.length - 1,
    computedStates,
    isLocked: false,
    isPaused: false,
  };
  return { payload: JSON.stringify(liftedState), preloadedState: JSON.stringify(committed) };
}

/** Offers the export to the user as a .json download. */
export function saveDiagnosticsFile(file: DevToolsExportFile): void {
  const blob = new Blob([JSON.stringify(file, null, '\t')], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `adwise-diagnostics-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(href));
}

/** The recorder: a middleware keeping the last `limit` actions, and a way to export them. */
export interface DiagnosticsRecorder {
  middleware: Middleware;
  exportFile: () => DevToolsExportFile;
}

/**
 * Records the most recent actions and the states after them. It keeps references
 * only (Redux state is immutable, so they share structure) and redacts on export.
 */
export function createDiagnosticsRecorder(
  limit: number = DIAGNOSTICS_ACTION_LIMIT,
  save: (file: DevToolsExportFile) => void = saveDiagnosticsFile,
): DiagnosticsRecorder {
  const recorded = new RingBuffer<RecordedAction>(limit);
  let committedState: unknown;
  let seenFirst = false;
  const exportFile = () => buildDiagnosticsExport(committedState, recorded.toArray(), Date.now());

  const middleware: Middleware = (api) => (next) => (action) => {
    if (diagnosticsRequested.match(action)) {
      save(exportFile());
      return action;
    }
    if (!seenFirst) {
      committedState = api.getState();
      seenFirst = true;
    }
    const result = next(action);
    if (isAction(action)) {
      const evicted = recorded.push({ action: action as UnknownAction, state: api.getState(), timestamp: Date.now() });
      if (evicted) committedState = evicted.state;
    }
    return result;
  };

  return { middleware, exportFile };
}
