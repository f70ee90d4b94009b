import { createHash } from 'node:crypto';

/**
 * Opaque page cursors: the offset of the next page, bound to the filters it was made for. Nothing
 * is kept on the server (any replica reads any cursor); a cursor used with other filters is refused
 * rather than read as a page of something else.
 */

interface CursorBody {
  /** Offset of the next page. */
  o: number;
  /** Fingerprint of the filters. */
  f: string;
}

const fingerprint = (filters: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url')
    .slice(0, 16);

export function encodeCursor(offset: number, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint(filters) } satisfies CursorBody)).toString('base64url');
}

/** The offset a cursor stands for, or undefined when it is not one of ours or was made for other filters. */
export function decodeCursor(cursor: string, filters: Record<string, unknown>): number | undefined {
  try {
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
    if (typeof body.o !== 'number' || !Number.isSafeInteger(body.o) || body.o < 0 || body.f !== fingerprint(filters))
      return undefined;
    return body.o;
  } catch {
    return undefined;
  }
}
