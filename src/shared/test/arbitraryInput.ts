import fc from 'fast-check';

/**
 * Input no form would send, for property tests of the API's edges: wrong types, deep nesting,
 * prototype keys, huge strings, NUL characters and lone surrogates, next to ordinary JSON.
 */

/** Strings that have broken servers: NUL, lone surrogates, huge, formula-looking, blank. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '',
    '   ',
    '=HYPERLINK("x")',
    '../../etc/passwd',
    "' OR 1=1 --",
    '0001-01-01',
    '0000-01-01',
    '9999-12-31',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, with the nasty strings in it. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string(), nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 2_000 }).map((depth) => nestedArray(depth)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2) },
);

/** `depth` arrays inside each other, built without recursion. */
export function nestedArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

/**
 * Objects with the given field names (the ones a schema reads) plus odd keys, each holding any
 * value; as an object, for schemas called directly.
 */
export const objectWithFields = (fields: string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(fc.oneof(fc.constantFrom(...fields, 'constructor', 'prototype'), fc.string()), anyValue, {
    maxKeys: fields.length + 2,
  });

/**
 * Request bodies as JSON text, since some attacks (a `__proto__` key, 5,000-deep nesting) do not
 * survive being built as JavaScript objects first.
 */
export const jsonBodyText = (fields: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: objectWithFields(fields).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__', 'constructor', 'prototype')
        .chain((key) => anyValue.map((value) => `{"${key}":${JSON.stringify(value) ?? 'null'}}`)),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 30, max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '{"a":1}{', '\uFEFF{}', '{"a":NaN}') },
  );

/** Percent-encoding that cannot throw: lone surrogates become U+FFFD, as a browser sends them. */
export const encodeQueryComponent = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** Query strings: the route's own parameter names and others, repeated, encoded or not. */
export const queryString = (names: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...names, 'constructor', '__proto__'), fc.string({ maxLength: 8 })),
        nastyString.map((v) => v.slice(0, 300)),
      ),
      { maxLength: 5 },
    )
    .map((pairs) =>
      pairs.map(([name, value]) => `${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`).join('&'),
    );
