import { otpConfirmWith } from '@client/components/otp/otpConfirm.machine';
import { notify } from '@client/lib/notify';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import {
  useDeleteWorkspaceMutation,
  useRequestDeleteWorkspaceOtpMutation,
  useVerifyDeleteWorkspaceOtpMutation,
} from '../team.api';
import { useReturnToPersonal } from '../team/useReturnToPersonal';
import { deleteWorkspaceMachine } from './deleteWorkspace.machine';

/** Success notices of the delete-workspace flow. */
export const OTP_SENT_MESSAGE = 'OTP sent to your email.';
export const workspaceDeletedMessage = (name: string) => `Workspace ${name} deleted.`;

/**
 * Runs the delete-workspace machine with the real effects: the three calls (the two OTP ones
 * through its OTP child), the notices and, once deleted, the way back to the personal workspace.
 * Failures are toasted by the API error channel; the dialog also shows them inline.
 */
export function useDeleteWorkspaceFlow() {
  const [generateOtp] = useRequestDeleteWorkspaceOtpMutation();
  const [verifyOtp] = useVerifyDeleteWorkspaceOtpMutation();
  const [deleteWorkspace] = useDeleteWorkspaceMutation();
  const returnToPersonal = useReturnToPersonal();
  const [snapshot, send] = useMachine(
    deleteWorkspaceMachine.provide({
      actors: {
        otpConfirm: otpConfirmWith({
          generateOtp: () => generateOtp().unwrap(),
          verifyOtp: (input) => verifyOtp(input).unwrap(),
        }),
        deleteWorkspace: fromPromise(({ input }) => deleteWorkspace(input).unwrap()),
      },
      actions: {
        notifyOtpSent: () => notify(OTP_SENT_MESSAGE, 'success'),
        notifyDeleted: ({ context }) => notify(workspaceDeletedMessage(context.workspace?.name ?? ''), 'success'),
        leaveDeletedWorkspace: ({ context }) => {
          if (context.workspace) void returnToPersonal(context.workspace.id);
        },
      },
    }),
  );
  return { snapshot, send };
}

/** What useDeleteWorkspaceFlow returns. */
export type DeleteWorkspaceFlow = ReturnType<typeof useDeleteWorkspaceFlow>;
