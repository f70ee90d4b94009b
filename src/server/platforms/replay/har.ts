/**
 * Reading a HAR 1.2 recording and answering requests from it (the replay harness, issue 37).
 * An exchange is matched on method, path and query; credentials (Meta's access_token and
 * appsecret_proof, OAuth 1.0a oauth_* parameters) are ignored, and so are headers, where the
 * other platforms carry theirs. When several recorded exchanges share method, path and query
 * (Google's searchStream POSTs differ only in their body), the request body decides: the
 * recorded postData.text, compared with whitespace and JSON formatting normalised.
 */

/** The parts of a HAR 1.2 entry the replay reads. */
export interface HarEntry {
  request: {
    method: string;
    url: string;
    postData?: { mimeType?: string; text?: string };
  };
  response: {
    status: number;
    statusText?: string;
    headers?: { name: string; value: string }[];
    content: { mimeType?: string; text?: string; encoding?: string };
  };
}

export interface Har {
  log: { version?: string; entries: HarEntry[] };
}

/**
 * Query parameters that carry credentials or app identity: never part of a match (Meta's
 * access_token and appsecret_proof; TikTok's app_id and secret on oauth2/advertiser/get).
 */
export const IGNORED_QUERY_PARAMS = new Set(['access_token', 'appsecret_proof', 'app_id', 'secret']);
const IGNORED_QUERY_PREFIXES = ['oauth_'];

/** A HAR file's text as a Har; throws naming what is missing. */
export function parseHar(text: string): Har {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Not a HAR file (invalid JSON: ${(error as Error).message})`);
  }
  const log = (json as { log?: { entries?: unknown } } | null)?.log;
  if (!log || !Array.isArray(log.entries)) throw new Error('Not a HAR file (no log.entries)');
  (log.entries as unknown[]).forEach((entry, index) => {
    const e = entry as Partial<HarEntry> | null;
    if (!e?.request?.method || !e.request.url || typeof e.response?.status !== 'number' || !e.response.content) {
      throw new Error(`HAR entry ${index} lacks request.method, request.url, response.status or response.content`);
    }
  });
  return json as Har;
}

/** "GET /v25.0/act_1/insights?fields=…&level=ad": method, path and sorted query without credentials. */
export function requestKey(method: string, url: string): string {
  const parsed = new URL(url, 'http://replay.invalid');
  const params = [...parsed.searchParams.entries()]
    .filter(
      ([name]) => !IGNORED_QUERY_PARAMS.has(name) && !IGNORED_QUERY_PREFIXES.some((prefix) => name.startsWith(prefix)),
    )
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = new URLSearchParams(params).toString();
  return `${method.toUpperCase()} ${parsed.pathname}${query ? `?${query}` : ''}`;
}

/** A URL as errors show it: credentials (access_token …) left out. */
export function displayUrl(url: string): string {
  const parsed = new URL(url, 'http://replay.invalid');
  for (const name of [...parsed.searchParams.keys()]) {
    if (IGNORED_QUERY_PARAMS.has(name) || IGNORED_QUERY_PREFIXES.some((prefix) => name.startsWith(prefix)))
      parsed.searchParams.delete(name);
  }
  return parsed.toString();
}

/** A body in a comparable form: JSON re-serialised, anything else with runs of whitespace collapsed. */
export function normaliseBody(text: string | undefined): string {
  if (text === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.replace(/\s+/g, ' ').trim();
  }
}

/** What the replay answers with. */
export interface RecordedResponse {
  status: number;
  headers: { name: string; value: string }[];
  body: string;
  /**
   * The recorded bytes of a binary body (base64 in the HAR, a non-text mimeType: X's gzipped
   * analytics file), served as they are; `body` is then empty. Text bodies stay in `body`
   * because their recorded origins are rewritten.
   */
  bytes?: Buffer;
}

/** Whether a HAR content mimeType names text (JSON, XML, text/*) rather than bytes. */
function isTextMime(mimeType: string | undefined): boolean {
  return !mimeType || /^text\/|json|xml|javascript|x-www-form-urlencoded/i.test(mimeType);
}

/**
 * The recorded exchanges of one HAR, looked up by request. A key recorded once answers every
 * time it is asked; a key recorded several times without distinguishing bodies answers in
 * recorded order and then repeats its last answer (a retry after a recorded 429, say).
 */
export class HarReplay {
  private readonly byKey = new Map<string, HarEntry[]>();
  private readonly served = new Map<string, number>();
  /** Origins (https://graph.facebook.com) the recording was made against, for rewriting links. */
  readonly recordedOrigins: string[];

  constructor(har: Har) {
    const origins = new Set<string>();
    for (const entry of har.log.entries) {
      const key = requestKey(entry.request.method, entry.request.url);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), entry]);
      const origin = new URL(entry.request.url, 'http://replay.invalid').origin;
      if (origin !== 'http://replay.invalid') origins.add(origin);
    }
    this.recordedOrigins = [...origins];
  }

  /** Whether any recorded exchange has this method and path (query and body aside). */
  hasPath(method: string, pathname: string): boolean {
    const prefix = `${method.toUpperCase()} ${pathname}`;
    return [...this.byKey.keys()].some((key) => key === prefix || key.startsWith(`${prefix}?`));
  }

  /**
   * The recorded answer to a request, or undefined when the HAR holds none. `origin` replaces
   * the recorded origins in the body, so paging links lead back to the replay.
   */
  answer(method: string, url: string, body: string | undefined, origin?: string): RecordedResponse | undefined {
    const key = requestKey(method, url);
    let candidates = this.byKey.get(key);
    if (!candidates) return undefined;
    const withBodies = candidates.filter((entry) => entry.request.postData?.text !== undefined);
    if (withBodies.length > 0) {
      const wanted = normaliseBody(body);
      candidates = withBodies.filter((entry) => normaliseBody(entry.request.postData?.text) === wanted);
      if (candidates.length === 0) return undefined;
    }
    const servedKey = `${key}\n${normaliseBody(body)}`;
    const index = this.served.get(servedKey) ?? 0;
    this.served.set(servedKey, index + 1);
    const entry = candidates[Math.min(index, candidates.length - 1)]!;
    const content = entry.response.content;
    const headers = (entry.response.headers ?? []).filter(
      (header) =>
        !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(header.name.toLowerCase()),
    );
    if (!headers.some((header) => header.name.toLowerCase() === 'content-type')) {
      headers.push({ name: 'content-type', value: content.mimeType || 'application/json' });
    }
    if (content.encoding === 'base64' && !isTextMime(content.mimeType)) {
      return { status: entry.response.status, headers, body: '', bytes: Buffer.from(content.text ?? '', 'base64') };
    }
    let text = content.text ?? '';
    if (content.encoding === 'base64') text = Buffer.from(text, 'base64').toString('utf8');
    if (origin) for (const recorded of this.recordedOrigins) text = text.split(recorded).join(origin);
    return { status: entry.response.status, headers, body: text };
  }
}
