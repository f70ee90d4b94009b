import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { SUGGESTIONS_JOB, type SuggestionsService } from './suggestions.service';

/** A connection's suggestions, recomputed after each of its syncs. */
export function suggestionsJobs(suggestions: SuggestionsService): JobDefinition[] {
  return [
    defineJob({
      id: SUGGESTIONS_JOB,
      payload: object({ connectionId: string().uuid().required() }),
      async handler(payload, { log }) {
        log.info({ found: await suggestions.computeConnection(payload.connectionId) }, 'suggestions computed');
      },
    }),
  ];
}
