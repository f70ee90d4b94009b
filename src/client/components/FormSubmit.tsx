import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

import { LoadingButton } from './LoadingButton';
import { useHydrated } from './useHydrated';

/** Props of FormSubmit. */
export interface FormSubmitProps {
  /** The button's text. */
  label: string;
  submitting: boolean;
  /** Why the last submit failed; shown under the button. */
  failure?: string | null;
  /** Id of the failure message, for the form's aria-describedby. */
  failureId?: string;
  /** A way out offered next to the failure (e.g. "Request a new link"). */
  failureAction?: ReactNode;
}

/**
 * The account forms' submit button, with the reason of the last failure under it. Disabled until
 * the app has hydrated a prerendered page (useHydrated): a disabled default button also stops a
 * native submit on Enter.
 */
export function FormSubmit({ label, submitting, failure, failureId, failureAction }: FormSubmitProps) {
  const hydrated = useHydrated();
  return (
    <>
      <LoadingButton type="submit" variant="contained" size="large" loading={submitting} disabled={!hydrated} fullWidth>
        {label}
      </LoadingButton>
      {failure && (
        <Alert severity="error" id={failureId} action={failureAction}>
          {failure}
        </Alert>
      )}
    </>
  );
}
