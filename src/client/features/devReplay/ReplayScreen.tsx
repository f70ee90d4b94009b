import { ReplayedRoutes } from '@client/app/replayRoutes';
import { theme } from '@client/app/theme/theme';
import { ToastHost } from '@client/app/ToastHost';
import { PageSkeleton } from '@client/components/PageSkeleton';
import { Alert } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { Component, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { makeReplayStore } from './readOnlyStore';

/** Keeps a page that cannot render from a recorded state from taking the replay page down. */
class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error)
      return (
        <Alert severity="warning">
          This screen could not be drawn from the recorded state: {this.state.error.message}
        </Alert>
      );
    return this.props.children;
  }
}

/** What a user could change the replayed screen with. */
const BLOCKED_EVENTS = ['click', 'auxclick', 'dblclick', 'submit', 'beforeinput', 'input', 'change', 'drop'] as const;

/** Props of ReplayScreen. */
export interface ReplayScreenProps {
  /** The recorded state to draw. */
  state: unknown;
  /** The route it was on (path and query). */
  location: string;
}

/**
 * The app's own page for `location`, drawn from `state` in a read-only store of its own
 * (makeReplayStore: no action changes it, no request leaves) inside a MemoryRouter. It renders in
 * a React root of its own, so its store, router and toasts never meet the replay page's.
 */
export function ReplayScreen({ state, location }: ReplayScreenProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<Root | null>(null);
  const renders = useRef(0);
  const store = useMemo(() => makeReplayStore(state), [state]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    // Read-only for the user too: clicks, typing and submits stop here, before the replayed
    // root's React sees them (a click could otherwise send a beacon or open a link).
    const block = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    for (const type of BLOCKED_EVENTS) host.addEventListener(type, block, true);
    const element = document.createElement('div');
    host.appendChild(element);
    const root = createRoot(element);
    rootRef.current = root;
    return () => {
      for (const type of BLOCKED_EVENTS) host.removeEventListener(type, block, true);
      rootRef.current = null;
      // Unmounting a root while React renders this one is not allowed: after this commit.
      setTimeout(() => {
        root.unmount();
        element.remove();
      });
    };
  }, []);

  useEffect(() => {
    // A new key per step: the page, its router and its hooks start afresh on the new store.
    renders.current += 1;
    rootRef.current?.render(
      <Provider store={store} key={renders.current}>
        <ThemeProvider theme={theme}>
          <ToastHost>
            <MemoryRouter initialEntries={[location]}>
              <ScreenBoundary>
                <Suspense fallback={<PageSkeleton />}>
                  <ReplayedRoutes />
                </Suspense>
              </ScreenBoundary>
            </MemoryRouter>
          </ToastHost>
        </ThemeProvider>
      </Provider>,
    );
  }, [store, location]);

  return <div ref={hostRef} />;
}
