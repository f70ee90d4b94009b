import type { OptionsObject, SnackbarKey } from 'notistack';

/** The kinds of toast the app shows. */
export type NotifyVariant = 'success' | 'error' | 'warning' | 'info';

/** A toast as notistack's enqueueSnackbar takes it. */
export interface Toast {
  message: string;
  options: OptionsObject;
}

/** What a mounted toaster does with toasts. */
export interface ToasterControls {
  show: (toast: Toast) => void;
  close: (key: SnackbarKey) => void;
}

/** A ToastHost's end of its channel. */
export interface ToastChannelHandle {
  /** The toaster's side: shows what waited and everything after, until the returned function is called. */
  attach: (toaster: ToasterControls) => () => void;
  close: () => void;
}

/** Where toasts go: a mounted ToastHost (which loads its toaster) and, once it is up, the toaster itself. */
interface ToastChannel {
  /** Asks the host to mount its toaster now. */
  wake: () => void;
  /** The toaster; null until it has mounted. */
  toaster: ToasterControls | null;
  /** Toasts asked for before the toaster mounted, shown by it as it mounts. */
  waiting: Toast[];
}

/** Open channels, the latest last: toasts go to the latest (the support replay's own screen, while it is open). */
const channels: ToastChannel[] = [];

/**
 * Shows a toast: the one channel for user feedback outside components (listeners, route guards).
 * notistack is not in the first load (ToastHost brings it); a toast asked for before it is up
 * waits for it.
 */
export function notify(message: string, variant: NotifyVariant, options: Omit<OptionsObject, 'variant'> = {}): void {
  // Without a mounted host (logic-only tests, or before the app renders) there is nowhere to show a toast.
  const channel = channels.at(-1);
  if (!channel) return;
  const toast = { message, options: { ...options, variant } };
  if (channel.toaster) channel.toaster.show(toast);
  else {
    channel.waiting.push(toast);
    channel.wake();
  }
}

/** Closes a toast that is on screen (a toast's own Close or Undo button). */
export function closeToast(key: SnackbarKey): void {
  for (const channel of channels) channel.toaster?.close(key);
}

/** ToastHost's side: opens a channel while it is mounted. */
export function openToastChannel(wake: () => void): ToastChannelHandle {
  const channel: ToastChannel = { wake, toaster: null, waiting: [] };
  channels.push(channel);
  return {
    attach: (toaster) => {
      channel.toaster = toaster;
      for (const toast of channel.waiting.splice(0)) toaster.show(toast);
      return () => {
        if (channel.toaster === toaster) channel.toaster = null;
      };
    },
    close: () => {
      const index = channels.indexOf(channel);
      if (index >= 0) channels.splice(index, 1);
    },
  };
}
