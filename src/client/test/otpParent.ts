import { type OtpConfirmMachine, otpConfirmWith } from '@client/components/otp/otpConfirm.machine';
import type { OtpStage } from '@client/components/otp/useOtpConfirm';
import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import type { ActorRefFrom } from 'xstate';

/** An OTP sent, with the spec's 30 s resend lock. */
export const OTP_SENT: GenerateOtpResult = {
  sent: true,
  resend_after_seconds: RESEND_LOCK_SECONDS,
  expires_in_seconds: 600,
};
/** A code that checks out. */
export const OTP_VERIFIED: VerifyOtpResult = { verified: true, expires_in_seconds: 300 };

/** The OTP child's two calls as a test answers them (each answers by default). */
export interface OtpCalls {
  generateOtp?: () => Promise<GenerateOtpResult>;
  verifyOtp?: (input: { otp: string }) => Promise<VerifyOtpResult>;
}

/** The OTP child with its calls stubbed (jest mocks, to count and read), for its tests and its parents'. */
export function stubbedOtpChild(calls: OtpCalls = {}) {
  const generateOtp = jest.fn(calls.generateOtp ?? (() => Promise.resolve(OTP_SENT)));
  const verifyOtp = jest.fn(calls.verifyOtp ?? (() => Promise.resolve(OTP_VERIFIED)));
  return { generateOtp, verifyOtp, otpConfirm: otpConfirmWith({ generateOtp, verifyOtp }) };
}

/** A running flow that invokes the OTP child (`otp`) and names its own failure `error`. */
interface OtpParentActor<TContext extends { error: unknown }> {
  getSnapshot(): { value: unknown; context: TContext; children: { otp?: ActorRefFrom<OtpConfirmMachine> } };
}

/**
 * A parent of the OTP child as its dialog sees it, for the parents' machine tests: the step on
 * show (the parent's own state, or on its `otp` step the child's stage under the name given) and
 * the context read there (the parent's failure, else the child's, and the child's resend lock).
 */
export function otpParentView<TContext extends { error: unknown }>(
  actor: OtpParentActor<TContext>,
  stages: Record<OtpStage, string>,
) {
  const otp = () => {
    const child = actor.getSnapshot().children.otp;
    if (!child) throw new Error('the OTP child is not running');
    return child.getSnapshot();
  };
  const step = () => {
    const { value } = actor.getSnapshot();
    return value === 'otp' ? stages[otp().value.flow] : value;
  };
  const context = () => {
    const { context: parent } = actor.getSnapshot();
    const { context: child } = otp();
    return { ...parent, error: parent.error ?? child.error, resendSecondsLeft: child.resendSecondsLeft };
  };
  return { step, context };
}
