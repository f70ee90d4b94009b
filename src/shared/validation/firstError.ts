import { ValidationError, type AnyObjectSchema } from 'yup';

/** The first failure in the order the form lists its fields (yup's own order follows field dependencies). */
export interface FieldError {
  message: string;
  field?: string;
}

/**
 * Validates everything, then reports the failure of the earliest field in the schema's declared
 * order, so a reply names the field a person sees first. Returns the cast value when valid.
 */
export async function validateInOrder<S extends AnyObjectSchema>(
  schema: S,
  input: unknown,
): Promise<{ value: Awaited<ReturnType<S['validate']>>; error?: undefined } | { value?: undefined; error: FieldError }> {
  try {
    const value = await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
    return { value };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
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
