import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import { useCreateInvitationMutation } from '../team.api';
import { inviteMachine } from './invite.machine';

/**
 * Runs the invite machine with the real call. A refusal is toasted by the API error channel; the
 * dialog also shows it beside the form, and says whom a sent invitation went to.
 */
export function useInviteFlow() {
  const [createInvitation] = useCreateInvitationMutation();
  const [snapshot, send] = useMachine(
    inviteMachine.provide({
      actors: {
        createInvitation: fromPromise(({ input }) => createInvitation(input).unwrap()),
      },
    }),
  );
  return { snapshot, send };
}

/** What useInviteFlow returns. */
export type InviteFlow = ReturnType<typeof useInviteFlow>;
