/** One changed path between two states. */
export interface StateChange {
  /** Dotted path; array indexes and keys that are not identifiers in brackets: `api.queries["getDashboard(...)"].status`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * The paths where `after` differs from `before`, deepest first found in key order: a value that
 * changed kind (object to array, object to number...) is one change, not one per key. Stops after
 * `limit` changes; recorded states share structure, so identical subtrees are skipped at once.
 */
export function diffStates(before: unknown, after: unknown, limit = 500): StateChange[] {
  const changes: StateChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (changes.length >= limit || Object.is(a, b)) return;
    if (isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b)) {
      if (Array.isArray(a) && Array.isArray(b)) {
        const length = Math.max(a.length, b.length);
        for (let i = 0; i < length; i += 1) {
          if (i >= a.length) changes.push({ path: childPath(path, i), kind: 'added', after: b[i] });
          else if (i >= b.length) changes.push({ path: childPath(path, i), kind: 'removed', before: a[i] });
          else walk(a[i], b[i], childPath(path, i));
          if (changes.length >= limit) return;
        }
        return;
      }
      const left = a as Record<string, unknown>;
      const right = b as Record<string, unknown>;
      for (const key of Object.keys(left)) {
        if (!(key in right)) changes.push({ path: childPath(path, key), kind: 'removed', before: left[key] });
        else walk(left[key], right[key], childPath(path, key));
        if (changes.length >= limit) return;
      }
      for (const key of Object.keys(right)) {
        if (!(key in left)) changes.push({ path: childPath(path, key), kind: 'added', after: right[key] });
        if (changes.length >= limit) return;
      }
      return;
    }
    // JSON-equal leaves (a recorded state is JSON) are not a change.
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    changes.push({ path: path || '(root)', kind: 'changed', before: a, after: b });
  };
  walk(before, after, '');
  return changes;
}
