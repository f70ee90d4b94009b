import { Alert, Button, DialogActions, DialogContent, DialogContentText, FormHelperText, Stack } from '@mui/material';
import { OTP_MESSAGE, verifyOtpSchema } from '@shared/validation/otp';
import { Form, Formik, type FormikErrors } from 'formik';
import type { ReactNode } from 'react';

import { LoadingButton } from './LoadingButton';
import { lockedLabel } from './otp/otpResendLock';
import { emptyOtp, OtpInput } from './OtpInput';

interface OtpValues {
  digits: string[];
}

// The shared schema checks the code the boxes add up to; its message goes under the boxes.
function validateOtp({ digits }: OtpValues): FormikErrors<OtpValues> {
  return verifyOtpSchema.isValidSync({ otp: digits.join('') }) ? {} : { digits: OTP_MESSAGE };
}

/** Props of OtpEntryStep. */
export interface OtpEntryStepProps {
  /** Ids the dialog names itself with (its title) and describes itself with (the text here). */
  titleId: string;
  textId: string;
  /** What the step says above the six boxes. */
  text: ReactNode;
  /** The submit button's words ('Verify OTP', 'Delete workspace' …) and colour. */
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  /** A call is under way: the boxes and Resend wait, the submit button spins. */
  busy: boolean;
  /** Cancel is off while the action itself runs (its outcome must be seen). */
  cancelDisabled?: boolean;
  /** Seconds until Resend works again; 0 when it does. */
  resendSecondsLeft: number;
  /** The last failure, ready to show. */
  failure: string | null;
  onVerify: (otp: string) => void;
  onCancel: () => void;
  onResend: () => void;
}

/**
 * The step of an OTP-guarded dialog where the e-mailed code is typed: six boxes checked by the
 * shared schema, Cancel, Resend (locked while the server's cooldown runs) and the submit button.
 * The disconnect and delete-workspace dialogs both use it.
 */
export function OtpEntryStep({
  titleId,
  textId,
  text,
  submitLabel,
  submitColor = 'primary',
  busy,
  cancelDisabled = false,
  resendSecondsLeft,
  failure,
  onVerify,
  onCancel,
  onResend,
}: OtpEntryStepProps) {
  const errorId = `${textId}-otp-error`;
  return (
    <Formik<OtpValues>
      initialValues={{ digits: emptyOtp() }}
      validate={validateOtp}
      onSubmit={({ digits }) => onVerify(digits.join(''))}
    >
      {({ values, errors, submitCount, setFieldValue }) => {
        const invalid = submitCount > 0 && typeof errors.digits === 'string';
        return (
          <Form noValidate aria-labelledby={titleId}>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText id={textId}>{text}</DialogContentText>
                <OtpInput
                  value={values.digits}
                  onChange={(digits) => void setFieldValue('digits', digits)}
                  autoFocus
                  disabled={busy}
                  error={invalid}
                  describedBy={invalid ? errorId : undefined}
                />
                {invalid && (
                  <FormHelperText id={errorId} error sx={{ textAlign: 'center' }}>
                    {errors.digits as string}
                  </FormHelperText>
                )}
                {failure && <Alert severity="error">{failure}</Alert>}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onCancel} disabled={cancelDisabled}>
                Cancel
              </Button>
              <Button onClick={onResend} disabled={resendSecondsLeft > 0 || busy}>
                {lockedLabel('Resend', resendSecondsLeft)}
              </Button>
              <LoadingButton type="submit" variant="contained" color={submitColor} loading={busy}>
                {submitLabel}
              </LoadingButton>
            </DialogActions>
          </Form>
        );
      }}
    </Formik>
  );
}
