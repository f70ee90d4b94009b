import { isRole, type Role } from '@shared/access/policy';
import { SESSION_STORAGE_KEY } from '@shared/constants';

/** The current workspace as stored: its id and the user's role in it. */
export interface StoredWorkspace {
  id: string;
  role: Role;
}

/** What the browser keeps of a session between visits (spec section 3). */
export interface StoredSession {
  /** Access token. */
  access: string;
  /** Refresh token; null when the server did not issue one. */
  refresh: string | null;
  /** Full name for the greeting in the top bar. */
  fullName: string | null;
  /** The account's e-mail address, sent as X-User-Email. */
  username: string | null;
  /**
   * The workspace last worked in, so the first requests after a reload already carry its header;
   * the server's workspace list has the last word. Absent until the list has answered.
   */
  workspace?: StoredWorkspace;
}

/** A stored session and whether it came from localStorage ("Remember me"). */
export interface LoadedSession extends StoredSession {
  remember: boolean;
}

// Storage can be missing or throw (private modes, disabled cookies); a session that
// cannot be stored simply lasts as long as the page.
function storageOf(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function workspaceOf(value: unknown): StoredWorkspace | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, role } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && isRole(role) ? { id, role } : undefined;
}

function parse(text: string | null): StoredSession | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const access = optionalString(record.access);
    if (access === null) return null;
    const workspace = workspaceOf(record.workspace);
    return {
      access,
      refresh: optionalString(record.refresh),
      fullName: optionalString(record.fullName),
      // Older sessions carry the address as `email` only.
      username: optionalString(record.username) ?? optionalString(record.email),
      ...(workspace ? { workspace } : {}),
    };
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session'): StoredSession | null {
  try {
    return parse(storageOf(kind)?.getItem(SESSION_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Reads the stored session: localStorage first, then sessionStorage. */
export function readStoredSession(): LoadedSession | null {
  const local = read('local');
  if (local) return { ...local, remember: true };
  const session = read('session');
  return session ? { ...session, remember: false } : null;
}

/** Stores the session where "Remember me" says, and clears the other storage. */
export function writeStoredSession(session: StoredSession, remember: boolean): void {
  const [keep, clear] = remember ? (['local', 'session'] as const) : (['session', 'local'] as const);
  try {
    storageOf(clear)?.removeItem(SESSION_STORAGE_KEY);
    storageOf(keep)?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // A full or blocked storage leaves the in-memory session working.
  }
}

/** Removes the session from both storages. */
export function clearStoredSession(): void {
  for (const kind of ['local', 'session'] as const) {
    try {
      storageOf(kind)?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  }
}

/** Empties local and session storage entirely: after an account is deleted nothing of it may stay in the browser. */
export function clearAllStorage(): void {
  for (const kind of ['local', 'session'] as const) {
    try {
      storageOf(kind)?.clear();
    } catch {
      // A blocked storage holds nothing we could clear.
    }
  }
}
