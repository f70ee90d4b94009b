import { openToastChannel, type ToastChannelHandle, type ToasterControls } from '@client/lib/notify';
import { whenIdle } from '@client/lib/whenIdle';
import { type ReactNode, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';

import { lazyPage } from './lazyPage';
import type { ToasterProps } from './Toaster';

const Toaster = lazyPage<'Toaster', ToasterProps>(
  () => import(/* webpackChunkName: "toaster" */ './Toaster'),
  'Toaster',
);

/**
 * Opens its host's channel for notify. It renders before the app, and its layout effect runs
 * before any of the app's effects: a toast asked for while the first page mounts (a route
 * guard's) is kept. The toaster's chunk loads once the browser is idle.
 */
function ToastChannel({ wake, onOpen }: { wake: () => void; onOpen: (handle: ToastChannelHandle | null) => void }) {
  useLayoutEffect(() => {
    const handle = openToastChannel(wake);
    onOpen(handle);
    const cancel = whenIdle(() => void Toaster.preload());
    return () => {
      cancel();
      onOpen(null);
      handle.close();
    };
  }, [wake, onOpen]);
  return null;
}

/**
 * The app and, after it, its toasts. notistack stays out of the first load: the toaster's chunk
 * loads when the browser is first idle, and the toaster mounts with the first toast (which waits
 * for it, and brings the chunk at once when it has not come yet).
 */
export function ToastHost({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const channel = useRef<ToastChannelHandle | null>(null);
  const wake = useCallback(() => setWanted(true), []);
  const onOpen = useCallback((handle: ToastChannelHandle | null) => {
    channel.current = handle;
  }, []);
  const attach = useCallback((toaster: ToasterControls) => channel.current?.attach(toaster) ?? (() => {}), []);
  return (
    <>
      <ToastChannel wake={wake} onOpen={onOpen} />
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Toaster attach={attach} />
        </Suspense>
      )}
    </>
  );
}
