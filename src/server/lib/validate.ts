import type { AnyObjectSchema, InferType } from 'yup';
import { validateInOrder } from '@shared/validation/firstError';
import { badRequest } from './httpError';

/**
 * Runs one of the shared yup schemas on untrusted input. Unknown keys are dropped; a failure
 * becomes a 400 whose `detail` is the message the client shows for the first bad field (in form
 * order), and whose `field` names it.
 */
export async function validate<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InferType<S>> {
  const result = await validateInOrder(schema, input);
  if (result.error) throw badRequest(result.error.message, result.error.field);
  return result.value as InferType<S>;
}
