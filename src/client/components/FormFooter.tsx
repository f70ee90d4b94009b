import { Alert, Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** Props of FormFooter. */
export interface FormFooterProps {
  /** The form's button(s), on a row of their own. */
  children: ReactNode;
  /** Why the last submit was refused, or null. */
  failure: string | null | undefined;
  /** The alert's id: what the form (or its button) names in aria-describedby while it shows. */
  failureId: string;
}

/** A form's button row and, under it after a refusal, the reason in an error alert. */
export function FormFooter({ children, failure, failureId }: FormFooterProps) {
  return (
    <>
      <Stack direction="row">{children}</Stack>
      {failure && (
        <Alert severity="error" id={failureId}>
          {failure}
        </Alert>
      )}
    </>
  );
}
