import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';

import type { OtpConfirmMachine } from './otpConfirm.machine';

/** Where the OTP child's flow stands. */
export type OtpStage = 'idle' | 'sending' | 'awaitingCode' | 'verifying' | 'verified';

/** What a dialog shows of the OTP child: its stage, the last failure and the resend lock. */
export interface OtpView {
  stage: OtpStage;
  error: unknown;
  resendSecondsLeft: number;
}

const same = (a: OtpView, b: OtpView) =>
  a.stage === b.stage && a.error === b.error && a.resendSecondsLeft === b.resendSecondsLeft;

/**
 * The OTP child of a flow (its `snapshot.children.otp`) as its dialog reads it; idle and
 * unlocked before the child has started.
 */
export function useOtpConfirm(otp: ActorRefFrom<OtpConfirmMachine> | undefined): OtpView {
  return useSelector(
    otp,
    (snapshot) => ({
      stage: (snapshot?.value.flow ?? 'idle') as OtpStage,
      error: snapshot?.context.error ?? null,
      resendSecondsLeft: snapshot?.context.resendSecondsLeft ?? 0,
    }),
    same,
  );
}
