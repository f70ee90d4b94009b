import { enqueueSnackbar, type OptionsObject } from 'notistack';

/** The kinds of toast the app shows. */
export type NotifyVariant = 'success' | 'error' | 'warning' | 'info';

/**
 * Shows a toast through notistack's standalone API: the one channel for user
 * feedback outside components (listeners, route guards).
 */
export function notify(message: string, variant: NotifyVariant, options: Omit<OptionsObject, 'variant'> = {}): void {
  // notistack only defines the standalone function once a SnackbarProvider has
  // mounted; before that (or in logic-only tests) there is nowhere to show a toast.
  if (typeof enqueueSnackbar !== 'function') return;
  enqueueSnackbar(message, { ...options, variant });
}
