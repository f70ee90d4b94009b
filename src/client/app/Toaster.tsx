import type { ToasterControls } from '@client/lib/notify';
import { NOTIFICATION_ANCHOR, NOTIFICATION_DURATION_MS } from '@shared/constants';
import { SnackbarProvider } from 'notistack';
import { useLayoutEffect, useRef } from 'react';

// notistack in a chunk of its own ("toaster"): ToastHost loads it once the first page is up and
// mounts it with the first toast.

/** Props of Toaster. */
export interface ToasterProps {
  /** Hands the toaster to its host's channel; returns how to take it back. */
  attach: (toaster: ToasterControls) => () => void;
}

/** notistack's provider with the app's toast settings; shows every toast its channel is given. */
export function Toaster({ attach }: ToasterProps) {
  const provider = useRef<SnackbarProvider>(null);
  // A layout effect: the toasts that waited for it show in the same paint as the toaster itself,
  // together with whatever else the update that asked for them changed on the page.
  useLayoutEffect(
    () =>
      attach({
        // This provider's own methods (notistack's standalone functions reach only the latest one mounted).
        show: ({ message, options }) => provider.current?.enqueueSnackbar(message, options),
        close: (key) => provider.current?.closeSnackbar(key),
      }),
    [attach],
  );
  return (
    <SnackbarProvider
      ref={provider}
      autoHideDuration={NOTIFICATION_DURATION_MS}
      anchorOrigin={NOTIFICATION_ANCHOR}
      preventDuplicate
    />
  );
}
