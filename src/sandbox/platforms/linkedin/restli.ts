/**
 * Rest.li 2.0 query syntax, as LinkedIn's versioned API reads it (research 3.1):
 *   dateRange=(start:(year:2024,month:1,day:1),end:(year:2024,month:1,day:31))
 *   accounts=List(urn%3Ali%3AsponsoredAccount%3A123)
 * Structure characters `( ) , :` are literal; anything inside a value that would clash with
 * them is percent-encoded, so a URN's colons arrive as %3A. The query must therefore be read
 * from the raw URL: a normal query parser decodes %3A before the structure is known.
 */

export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

/** A query value that is not valid Rest.li 2.0 (LinkedIn answers these with 400). */
export class RestliSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestliSyntaxError';
  }
}

const STRUCTURE = '(),:';
const LIST_OPEN = 'List(';
/** Rest.li 2.0 writes the empty string as two single quotes. */
const EMPTY_STRING = "''";
const RAW_COLON = "Unexpected ':' (percent-encode it as %3A inside values, e.g. URNs)";

function decode(text: string, at: number): string {
  if (text === EMPTY_STRING) return '';
  try {
    return decodeURIComponent(text);
  } catch {
    throw new RestliSyntaxError(`Bad percent-encoding near position ${at}`);
  }
}

/** Parses one Rest.li 2.0 value: a primitive (percent-decoded), List(...) or a (key:value,...) record. */
export function parseRestli(raw: string): RestliValue {
  let pos = 0;
  const fail = (what: string): never => {
    throw new RestliSyntaxError(`${what} at position ${pos} of ${JSON.stringify(raw)}`);
  };
  const expect = (char: string) => {
    if (raw[pos] !== char) fail(raw[pos] === ':' ? RAW_COLON : `Expected '${char}'`);
    pos += 1;
  };
  const primitive = (): string => {
    const start = pos;
    while (pos < raw.length && !STRUCTURE.includes(raw[pos])) pos += 1;
    if (pos === start) fail('Expected a value');
    return decode(raw.slice(start, pos), start);
  };
  const value = (): RestliValue => {
    if (raw.startsWith(LIST_OPEN, pos)) {
      pos += LIST_OPEN.length;
      const items: RestliValue[] = [];
      if (raw[pos] === ')') {
        pos += 1;
        return items;
      }
      for (;;) {
        items.push(value());
        if (raw[pos] !== ',') break;
        pos += 1;
      }
      expect(')');
      return items;
    }
    if (raw[pos] === '(') {
      pos += 1;
      const record: { [key: string]: RestliValue } = {};
      if (raw[pos] === ')') {
        pos += 1;
        return record;
      }
      for (;;) {
        const key = primitive();
        expect(':');
        record[key] = value();
        if (raw[pos] !== ',') break;
        pos += 1;
      }
      expect(')');
      return record;
    }
    return primitive();
  };
  const result = value();
  if (pos !== raw.length) fail(raw[pos] === ':' ? RAW_COLON : 'Unexpected text after the value');
  return result;
}

/** The query parameters of one request, kept raw so Rest.li values can be parsed as sent. */
export class RestliQuery {
  private constructor(private readonly raw: Map<string, string>) {}

  /** Reads the query of a request URL (path?query). Throws RestliSyntaxError on a repeated name. */
  static fromUrl(url: string): RestliQuery {
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const raw = new Map<string, string>();
    for (const pair of query.split('&')) {
      if (!pair) continue;
      const equals = pair.indexOf('=');
      const name = decode(equals < 0 ? pair : pair.slice(0, equals), 0);
      if (raw.has(name)) throw new RestliSyntaxError(`Query parameter ${name} appears more than once`);
      raw.set(name, equals < 0 ? '' : pair.slice(equals + 1));
    }
    return new RestliQuery(raw);
  }

  names(): string[] {
    return [...this.raw.keys()];
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  /** A plain parameter, percent-decoded (q, pivot, pageToken ...). */
  text(name: string): string | undefined {
    const value = this.raw.get(name);
    return value === undefined ? undefined : decode(value, 0);
  }

  /** A structured parameter, parsed (search, dateRange, accounts ...). */
  value(name: string): RestliValue | undefined {
    const value = this.raw.get(name);
    return value === undefined ? undefined : parseRestli(value);
  }
}
