import { useAppSelector } from '@client/app/hooks';
import { lazyPage } from '@client/app/lazyPage';
import { selectIsLoggedIn } from '@client/session/session.slice';
import { type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';

import type { ShellSelectors } from './shellData';
import { ShellDataContext } from './shellData';
import { loadSignedInShell } from './signedInShellChunk';
import type { SignedInShellDataProps } from './SignedInShellData';

const SignedInShellData = lazyPage<'SignedInShellData', SignedInShellDataProps>(loadSignedInShell, 'SignedInShellData');

/**
 * Gives the shell its server data (see shellData.ts): for a signed-in user, once something reads
 * it, the signed-in shell's chunk loads and runs the queries; a visitor loads nothing.
 */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [needed, setNeeded] = useState(false);
  const [selectors, setSelectors] = useState<ShellSelectors | null>(null);
  const need = useCallback(() => setNeeded(true), []);
  const channel = useMemo(() => ({ selectors, need }), [selectors, need]);
  return (
    <ShellDataContext.Provider value={channel}>
      {isLoggedIn && needed && (
        <Suspense fallback={null}>
          <SignedInShellData onReady={setSelectors} />
        </Suspense>
      )}
      {children}
    </ShellDataContext.Provider>
  );
}
