import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { badRequest } from './httpError';

/**
 * Runs one of the shared yup schemas on untrusted input. Unknown keys are dropped; the first
 * failure becomes a 400 whose `detail` is the same message the client shows, naming the field.
 */
export async function validate<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: true, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.errors[0] ?? error.message, error.path || undefined);
    throw error;
  }
}
