import { type AnyObjectSchema, ValidationError } from 'yup';

/** The first failure in the order the form lists its fields (yup's own order follows field dependencies). */
export interface FieldError {
  message: string;
  field?: string;
}

/** What a request that no form could have sent is told; forms never show these. */
export const REQUEST_MESSAGES = {
  notAnObject: 'The request must be a JSON object.',
  notText: (field: string) => `"${field}" must be text.`,
  nulCharacter: (field: string) => `"${field}" must not contain NUL characters.`,
  unreadable: 'The request could not be read. Please check its fields.',
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when a string anywhere in `value` holds U+0000 (PostgreSQL text cannot store it). */
function containsNul(value: unknown): boolean {
  // Iterative: the value may be nested deeper than the call stack allows.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Type checks yup cannot do before its own transforms run: `string().trim()` calls `.trim()` on
 * whatever arrives, so an array in a text field would throw instead of failing validation.
 */
function precheck(schema: AnyObjectSchema, input: Record<string, unknown>): FieldError | undefined {
  for (const [field, inner] of Object.entries(schema.fields)) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const type = (inner as { type?: string }).type;
    if (type === 'string' && typeof value !== 'string' && typeof value !== 'number')
      return { message: REQUEST_MESSAGES.notText(field), field };
    if (containsNul(value)) return { message: REQUEST_MESSAGES.nulCharacter(field), field };
  }
  return undefined;
}

/** A schema's verdict on some input: the cast value, or the first failure in form order. */
export type InOrderResult<S extends AnyObjectSchema> =
  { value: ReturnType<S['validateSync']>; error?: undefined } | { value?: undefined; error: FieldError };

/**
 * Validates everything, then reports the failure of the earliest field in the schema's declared
 * order, so a reply names the field a person sees first. Returns the cast value when valid.
 * Never throws: input no form could send (wrong types, NUL characters, not an object) is a failure too.
 * Synchronous (the shared schemas have no async tests), so Fastify can use it as a route validator.
 */
export function checkInOrder<S extends AnyObjectSchema>(schema: S, input: unknown): InOrderResult<S> {
  const candidate = input ?? {};
  if (!isPlainObject(candidate)) return { error: { message: REQUEST_MESSAGES.notAnObject } };
  const early = precheck(schema, candidate);
  if (early) return { error: early };
  try {
    return { value: schema.validateSync(candidate, { abortEarly: false, stripUnknown: true }) };
  } catch (error) {
    // A transform or test that throws on odd input is the input's fault, not the server's.
    if (!(error instanceof ValidationError)) return { error: { message: REQUEST_MESSAGES.unreadable } };
    const order = Object.keys(schema.fields);
    const failures = error.inner.length > 0 ? error.inner : [error];
    const rank = (e: ValidationError) => {
      const index = order.indexOf((e.path ?? '').split(/[.[]/)[0]);
      return index < 0 ? order.length : index;
    };
    const first = [...failures].sort((a, b) => rank(a) - rank(b))[0];
    return { error: { message: first.errors[0] ?? first.message, field: first.path || undefined } };
  }
}

/** `checkInOrder` for callers that await (forms, tests). */
export async function validateInOrder<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InOrderResult<S>> {
  return checkInOrder(schema, input);
}
