import { downloadBlob } from '@client/lib/downloadBlob';
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
// Links that are themselves a secret: a shared result (/shared/creative/<token>), an invitation
// (/invitations/<token>), and a token, code or OAuth state in a query string (password reset,
// newsletter and consent links).
const LINK_TOKEN_PATTERN = /(\/(?:shared\/creative|invitations)\/)[^/?#\s"'`)]+/gi;
const QUERY_TOKEN_PATTERN =
  /([?&](?:token|access_token|refresh_token|id_token|code|state|otp|code_verifier)=)[^&#\s"'`]+/gi;

/** RTK Query endpoints whose whole argument is a token (a share link's or an invitation's). */
const TOKEN_ARG_ENDPOINTS = ['getSharedCreative', 'getInvitationPreview', 'acceptInvitation'];
const TOKEN_ARG_ENDPOINT_SET = new Set(TOKEN_ARG_ENDPOINTS);
// Their cache keys carry the argument too: `getSharedCreative("<token>")`.
const TOKEN_CACHE_KEY_PATTERN = new RegExp(`\\b(${TOKEN_ARG_ENDPOINTS.join('|')})\\("(?:[^"\\\\]|\\\\.)*"\\)`, 'g');

function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_KEYS.has(normalized) || SECRET_KEY_PARTS.some((part) => normalized.includes(part));
}

function redactString(text: string): string {
  return text
    .replace(BEARER_PATTERN, REDACTED)
    .replace(JWT_PATTERN, REDACTED)
    .replace(EMAIL_PATTERN, REDACTED)
    .replace(LINK_TOKEN_PATTERN, `$1${REDACTED}`)
    .replace(QUERY_TOKEN_PATTERN, `$1${REDACTED}`)
    .replace(TOKEN_CACHE_KEY_PATTERN, `$1("${REDACTED}")`);
}

/** An RTK Query request (in an action's meta.arg, or a cache entry) whose argument is a token. */
function hasTokenArgument(value: Record<string, unknown>): boolean {
  return (
    typeof value.endpointName === 'string' && TOKEN_ARG_ENDPOINT_SET.has(value.endpointName) && 'originalArgs' in value
  );
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
    const tokenArgument = hasTokenArgument(value);
    for (const [key, item] of Object.entries(value)) {
      // Judged on the redacted key: a cache key holding a token names the endpoint, not a secret.
      const safeKey = redactString(key);
      const secret = isSecretKey(safeKey) || (tokenArgument && key === 'originalArgs');
      // Keep null/undefined visible: whether a token was there at all is useful and harmless.
      out[safeKey] = secret && item !== null && item !== undefined ? REDACTED : redactValue(item, path);
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
 * replaced (by key name, any string that looks like an address, a JWT, a bearer header
 * or a link carrying a token, and the argument of the endpoints that take a token);
 * the input is never changed.
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
  /** The page the app was on (path and query), so a replay can show the screen of that state. */
  location?: string;
}

/**
 * One entry of the lifted state's actionsById, as Redux DevTools' instrument writes it
 * (`liftAction`); `location` is ours: the import keeps entries as they are and ignores it.
 */
export interface LiftedActionEntry {
  type: 'PERFORM_ACTION';
  action: UnknownAction;
  timestamp: number;
  location?: string;
}

/**
 * Redux DevTools' lifted state (the instrument's history): importing it replaces the monitor's
 * history with these actions and their computed states, no reducer needed.
 */
export interface DevToolsLiftedState {
  monitorState: Record<string, unknown>;
  actionsById: Record<number, LiftedActionEntry>;
  nextActionId: number;
  stagedActionIds: number[];
  skippedActionIds: number[];
  committedState: unknown;
  currentStateIndex: number;
  computedStates: { state: unknown; error?: string }[];
  isLocked: boolean;
  isPaused: boolean;
}

/**
 * The file Redux DevTools' import reads (what its own Export writes): both fields are JSON
 * strings. Its importState parses `payload`; an object there is a whole lifted state and
 * replaces the history as it is (an array would be bare actions to run through the reducer).
 */
export interface DevToolsExportFile {
  /** The lifted state (Redux DevTools instrument's history) as JSON: DevToolsLiftedState. */
  payload: string;
  /** The state before the first recorded action, as JSON. */
  preloadedState: string;
}

const PERFORM_ACTION = 'PERFORM_ACTION';
/** The type of the lifted state's first entry, the one holding the committed state. */
export const INIT_ACTION_TYPE = '@@INIT';

/** Where the app is now: path and query, or undefined outside a browser. */
function currentLocation(): string | undefined {
  // A test environment tears its window's location down before the last late action is recorded.
  if (typeof window === 'undefined' || !window.location) return undefined;
  return `${window.location.pathname}${window.location.search}`;
}

/** The location, redacted, on a lifted entry (left out when unknown). */
function withLocation(entry: LiftedActionEntry, location: string | undefined): LiftedActionEntry {
  return location === undefined ? entry : { ...entry, location: redact(location) as string };
}

/**
 * Builds the export in Redux DevTools' format: id 0 is the @@INIT entry holding
 * the committed state, ids 1..n the recorded actions with the states after them.
 * Everything is redacted.
 */
export function buildDiagnosticsExport(
  committedState: unknown,
  recorded: readonly RecordedAction[],
  now: number,
  committedLocation?: string,
): DevToolsExportFile {
  const committed = redact(committedState);
  const actionsById: Record<number, LiftedActionEntry> = {
    0: withLocation(
      { type: PERFORM_ACTION, action: { type: INIT_ACTION_TYPE }, timestamp: recorded[0]?.timestamp ?? now },
      committedLocation,
    ),
  };
  const computedStates: { state: unknown }[] = [{ state: committed }];
  recorded.forEach((entry, index) => {
    actionsById[index + 1] = withLocation(
      { type: PERFORM_ACTION, action: redact(entry.action) as UnknownAction, timestamp: entry.timestamp },
      entry.location,
    );
    computedStates.push({ state: redact(entry.state) });
  });
  const stagedActionIds = computedStates.map((_entry, index) => index);
  const liftedState: DevToolsLiftedState = {
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
  downloadBlob(blob, `adwise-diagnostics-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
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
  locate: () => string | undefined = currentLocation,
): DiagnosticsRecorder {
  const recorded = new RingBuffer<RecordedAction>(limit);
  let committedState: unknown;
  let committedLocation: string | undefined;
  let seenFirst = false;
  const exportFile = () => buildDiagnosticsExport(committedState, recorded.toArray(), Date.now(), committedLocation);

  const middleware: Middleware = (api) => (next) => (action) => {
    if (diagnosticsRequested.match(action)) {
      save(exportFile());
      return action;
    }
    if (!seenFirst) {
      committedState = api.getState();
      committedLocation = locate();
      seenFirst = true;
    }
    const result = next(action);
    if (isAction(action)) {
      const evicted = recorded.push({
        action: action as UnknownAction,
        state: api.getState(),
        timestamp: Date.now(),
        location: locate(),
      });
      if (evicted) {
        committedState = evicted.state;
        committedLocation = evicted.location;
      }
    }
    return result;
  };

  return { middleware, exportFile };
}
