import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import { useTransferOwnershipMutation } from '../team.api';
import { transferMachine } from './transfer.machine';

/**
 * Runs the transfer machine with the real call. A refusal is toasted by the API error channel;
 * the dialog also shows it, and says when ownership has moved.
 */
export function useTransferFlow() {
  const [transferOwnership] = useTransferOwnershipMutation();
  const [snapshot, send] = useMachine(
    transferMachine.provide({
      actors: {
        transferOwnership: fromPromise(({ input }) => transferOwnership(input).unwrap()),
      },
    }),
  );
  return { snapshot, send };
}

/** What useTransferFlow returns. */
export type TransferFlow = ReturnType<typeof useTransferFlow>;
