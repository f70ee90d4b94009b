import type { AppContext } from '../context';
import type { JobDefinition } from './queue';

/** Every job the workers run, in one list: a job missing here is never picked up. */
export function jobDefinitions(ctx: AppContext): JobDefinition[] {
  return [ctx.mailer.flushJob];
}
