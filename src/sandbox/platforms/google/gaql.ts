import { fault, type GoogleAdsFault } from './errors';

/**
 * A small, strict parser for the Google Ads Query Language as clients send it:
 *
 *   SELECT field, ... FROM resource
 *   [WHERE condition AND condition ...]
 *   [ORDER BY field [ASC|DESC], ...] [LIMIT n] [PARAMETERS name = value, ...]
 *
 * Conditions: field (= | != | > | >= | < | <=) value, field [NOT] IN (values),
 * field BETWEEN value AND value, field DURING DATE_RANGE_LITERAL. GAQL has no OR.
 * Syntax errors come back as Google's queryError codes (BAD_OPERATOR, EXPECTED_FROM ...).
 */

export type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT IN' | 'BETWEEN' | 'DURING';

/** A literal: a quoted string, a number, or a bare word (enum constants, date range literals). */
export interface Literal {
  type: 'string' | 'number' | 'word';
  text: string;
}

export interface Condition {
  field: string;
  operator: Operator;
  values: Literal[];
}

export interface OrderBy {
  field: string;
  descending: boolean;
}

export interface GaqlQuery {
  select: string[];
  from: string;
  where: Condition[];
  orderBy: OrderBy[];
  limit: number | null;
  parameters: Record<string, string>;
}

/** The date range literals DURING accepts (LAST_90_DAYS is not one of them). */
export const DATE_RANGE_LITERALS = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'LAST_BUSINESS_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'THIS_WEEK_SUN_TODAY',
  'THIS_WEEK_MON_TODAY',
  'LAST_WEEK_SUN_SAT',
  'LAST_WEEK_MON_SUN',
] as const;
export type DateRangeLiteral = (typeof DATE_RANGE_LITERALS)[number];

/** Query parameters GAQL knows, with the values each takes. */
const KNOWN_PARAMETERS: Record<string, string[]> = {
  include_drafts: ['true', 'false'],
  omit_unselected_resource_names: ['true', 'false'],
};

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number };

/** A queryError with the offending text as trigger. */
export function queryError(code: string, message: string, trigger?: string): GoogleAdsFault {
  return fault(
    'INVALID_ARGUMENT',
    'queryError',
    code,
    message,
    trigger === undefined ? {} : { trigger: { stringValue: trigger } },
  );
}

const SYMBOLS = ['!=', '>=', '<=', '=', '>', '<', '(', ')', ','];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j += 1) {
        if (text[j] === '\n')
          throw queryError('PROHIBITED_NEWLINE_IN_STRING', 'Error in query: a string contains a newline.');
        if (text[j] === '\\') {
          const next = text[j + 1];
          if (next === undefined || !`\\'"%_`.includes(next)) {
            throw queryError('BAD_ESCAPE_SEQUENCE', 'Error in query: invalid escape sequence.', text.slice(j, j + 2));
          }
          j += 1;
        }
        value += text[j];
      }
      if (j >= text.length)
        throw queryError('STRING_NOT_TERMINATED', 'Error in query: unterminated string.', text.slice(i));
      tokens.push({ kind: 'string', text: value, at: i });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'word', text: match, at: i });
      i += match.length;
    } else if (/[-\d]/.test(c)) {
      const match = /^-?\d+(?:\.\d+)?/.exec(text.slice(i))?.[0];
      if (!match) throw queryError('BAD_NUMBER', 'Error in query: a number cannot be parsed.', text.slice(i, i + 10));
      tokens.push({ kind: 'number', text: match, at: i });
      i += match.length;
    } else {
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
      if (!symbol) {
        throw c.charCodeAt(0) > 127
          ? queryError('BAD_SYMBOL', 'Error in query: non-ASCII symbol outside of a string.', c)
          : queryError('UNEXPECTED_INPUT', `Error in query: unexpected input ${c}.`, c);
      }
      tokens.push({ kind: 'symbol', text: symbol, at: i });
      i += symbol.length;
    }
  }
  return tokens;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private next(): Token {
    const token = this.tokens[this.position];
    if (!token) throw queryError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    this.position += 1;
    return token;
  }

  private isKeyword(keyword: string, offset = 0): boolean {
    const token = this.tokens[this.position + offset];
    return token?.kind === 'word' && token.text.toUpperCase() === keyword;
  }

  private isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private expectSymbol(symbol: string, code: string): void {
    const token = this.next();
    if (token.kind !== 'symbol' || token.text !== symbol)
      throw queryError(code, `Error in query: expected ${symbol}.`, token.text);
  }

  private field(): string {
    const token = this.next();
    if (token.kind !== 'word')
      throw queryError('BAD_FIELD_NAME', `Error in query: invalid field name ${token.text}.`, token.text);
    return token.text;
  }

  private literal(): Literal {
    const token = this.next();
    if (token.kind === 'symbol')
      throw queryError('BAD_VALUE', `Error in query: invalid value ${token.text}.`, token.text);
    return { type: token.kind, text: token.text };
  }

  parse(): GaqlQuery {
    if (!this.isKeyword('SELECT'))
      throw queryError('EXPECTED_SELECT', 'Error in query: SELECT is missing at the beginning of the query.');
    this.next();
    const select = [this.field()];
    while (this.isSymbol(',')) {
      this.next();
      select.push(this.field());
    }
    if (!this.isKeyword('FROM')) throw queryError('EXPECTED_FROM', 'Error in query: missing FROM clause.');
    this.next();
    const fromToken = this.next();
    if (fromToken.kind !== 'word' || fromToken.text.includes('.')) {
      const message = `Error in query: invalid resource type ${fromToken.text} in the FROM clause.`;
      throw queryError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', message, fromToken.text);
    }
    const where: Condition[] = [];
    if (this.isKeyword('WHERE')) {
      this.next();
      where.push(this.condition());
      while (this.isKeyword('AND')) {
        this.next();
        where.push(this.condition());
      }
    }
    const orderBy: OrderBy[] = [];
    if (this.isKeyword('ORDER')) {
      this.next();
      if (!this.isKeyword('BY')) throw queryError('EXPECTED_BY', 'Error in query: expecting ORDER BY to have BY.');
      this.next();
      do {
        if (orderBy.length) this.next();
        const field = this.field();
        let descending = false;
        if (this.isKeyword('ASC') || this.isKeyword('DESC')) descending = this.next().text.toUpperCase() === 'DESC';
        orderBy.push({ field, descending });
      } while (this.isSymbol(','));
    }
    let limit: number | null = null;
    if (this.isKeyword('LIMIT')) {
      this.next();
      const token = this.next();
      if (token.kind !== 'number' || !/^-?\d+$/.test(token.text)) {
        throw queryError('BAD_LIMIT_VALUE', 'Error in query: invalid LIMIT value.', token.text);
      }
      limit = Number(token.text);
      if (limit < 1) throw queryError('LIMIT_VALUE_TOO_LOW', 'Error in query: the LIMIT value is too low.', token.text);
    }
    const parameters: Record<string, string> = {};
    if (this.isKeyword('PARAMETERS')) {
      this.next();
      do {
        if (Object.keys(parameters).length) this.next();
        const name = this.field();
        this.expectSymbol('=', 'BAD_PARAMETER_VALUE');
        const value = this.literal().text.toLowerCase();
        if (!KNOWN_PARAMETERS[name])
          throw queryError('BAD_PARAMETER_NAME', `Error in query: unknown parameter ${name}.`, name);
        if (!KNOWN_PARAMETERS[name].includes(value))
          throw queryError('BAD_PARAMETER_VALUE', `Error in query: invalid value for ${name}.`, value);
        parameters[name] = value;
      } while (this.isSymbol(','));
    }
    const rest = this.peek();
    if (rest) throw queryError('UNEXPECTED_INPUT', `Error in query: unexpected input ${rest.text}.`, rest.text);
    return { select, from: fromToken.text, where, orderBy, limit, parameters };
  }

  private condition(): Condition {
    const field = this.field();
    const token = this.next();
    if (token.kind === 'symbol' && ['=', '!=', '>', '>=', '<', '<='].includes(token.text)) {
      if (this.isSymbol('('))
        throw queryError('EXPECTED_SINGLE_VALUE', `Error in query: ${token.text} expects a single value.`);
      return { field, operator: token.text as Operator, values: [this.literal()] };
    }
    const word = token.kind === 'word' ? token.text.toUpperCase() : '';
    if (word === 'IN' || (word === 'NOT' && this.isKeyword('IN'))) {
      if (word === 'NOT') this.next();
      return { field, operator: word === 'NOT' ? 'NOT IN' : 'IN', values: this.list() };
    }
    if (word === 'BETWEEN') {
      if (this.isKeyword('AND'))
        throw queryError(
          'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR',
          'Error in query: missing value with the BETWEEN operator.',
        );
      const low = this.literal();
      if (!this.isKeyword('AND'))
        throw queryError('EXPECTED_AND', 'Error in query: expected AND between values with the BETWEEN operator.');
      this.next();
      return { field, operator: 'BETWEEN', values: [low, this.literal()] };
    }
    if (word === 'DURING') {
      const value = this.next();
      if (value.kind !== 'word' || !(DATE_RANGE_LITERALS as readonly string[]).includes(value.text)) {
        throw queryError(
          'INVALID_VALUE_WITH_DURING_OPERATOR',
          `Error in query: the value passed to the DURING operator is not a date range literal: ${value.text}.`,
          value.text,
        );
      }
      return { field, operator: 'DURING', values: [{ type: 'word', text: value.text }] };
    }
    throw queryError('BAD_OPERATOR', `Error in query: invalid or unsupported operator ${token.text}.`, token.text);
  }

  private list(): Literal[] {
    if (!this.isSymbol('('))
      throw queryError('EXPECTED_LIST', 'Error in query: the operator requires a list of values.');
    this.next();
    if (this.isSymbol(')'))
      throw queryError('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'Error in query: a condition has an empty list.');
    const values = [this.literal()];
    while (this.isSymbol(',')) {
      this.next();
      values.push(this.literal());
    }
    this.expectSymbol(')', 'UNEXPECTED_INPUT');
    return values;
  }
}

/** Parses a GAQL query or throws a queryError GoogleAdsFault. */
export function parseGaql(text: string): GaqlQuery {
  return new Parser(tokenize(text)).parse();
}
