import * as yup from 'yup';

import { OTP_LENGTH } from '../constants';

/** Spec section 5: digits only, one per box, six boxes. */
export const OTP_MESSAGE = 'Please enter the 6-digit OTP.';

export const otpPattern = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** verify-otp/ body; the client checks the same rule before sending. */
export const verifyOtpSchema = yup.object({
  otp: yup.string().required(OTP_MESSAGE).matches(otpPattern, OTP_MESSAGE),
});
