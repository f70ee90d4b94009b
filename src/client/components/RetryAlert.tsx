import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

import { LoadingButton } from './LoadingButton';

/** Props of RetryAlert. */
export interface RetryAlertProps {
  /** True while the retried request is in flight (the button shows it and ignores clicks). */
  retrying: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** A failed load, said in an error alert, with a Retry button that asks again. */
export function RetryAlert({ retrying, onRetry, children }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <LoadingButton color="inherit" size="small" loading={retrying} onClick={onRetry}>
          Retry
        </LoadingButton>
      }
    >
      {children}
    </Alert>
  );
}
