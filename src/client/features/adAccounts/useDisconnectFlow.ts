import { otpConfirmWith } from '@client/components/otp/otpConfirm.machine';
import { notify } from '@client/lib/notify';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import { useDeleteConnectedAccountMutation, useGenerateOtpMutation, useVerifyOtpMutation } from './adAccounts.api';
import { disconnectMachine } from './disconnect.machine';

/** Success notices of the disconnect flow (spec section 8). */
export const OTP_SENT_MESSAGE = 'OTP sent to your email.';
export const OTP_VERIFIED_MESSAGE = 'OTP verified.';
export const ACCOUNT_DISCONNECTED_MESSAGE = 'Account disconnected.';

/**
 * Runs the disconnect machine with the real effects: the three calls (the two OTP ones through its
 * OTP child) and the success toasts. Failures are toasted by the API error channel; the dialog
 * also shows them inline.
 */
export function useDisconnectFlow() {
  const [generateOtp] = useGenerateOtpMutation();
  const [verifyOtp] = useVerifyOtpMutation();
  const [deleteConnectedAccount] = useDeleteConnectedAccountMutation();
  const [snapshot, send] = useMachine(
    disconnectMachine.provide({
      actors: {
        otpConfirm: otpConfirmWith({
          generateOtp: () => generateOtp().unwrap(),
          verifyOtp: (input) => verifyOtp(input).unwrap(),
        }),
        deleteConnectedAccount: fromPromise(({ input }) => deleteConnectedAccount(input).unwrap()),
      },
      actions: {
        notifyOtpSent: () => notify(OTP_SENT_MESSAGE, 'success'),
        notifyVerified: () => notify(OTP_VERIFIED_MESSAGE, 'success'),
        notifyDisconnected: () => notify(ACCOUNT_DISCONNECTED_MESSAGE, 'success'),
      },
    }),
  );
  return { snapshot, send };
}

/** What useDisconnectFlow returns. */
export type DisconnectFlow = ReturnType<typeof useDisconnectFlow>;
