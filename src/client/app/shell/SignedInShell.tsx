import { useAlertStream } from './useAlertStream';

// The parts of the shell only a signed-in user sees, loaded as one chunk ("shell-signed-in",
// signedInShellChunk.ts) so a visitor's pages never load them: the side navigation (headed by the
// workspace switcher with its New workspace form) and its small-screen counterpart, the alerts
// bell, the live alerts stream, the shell's queries, and the command palette with the keyboard
// shortcuts.
export { CommandPalette } from './CommandPalette';
export { MobileAppNavigation, SideNav } from './SideNav';
export { SignedInShellData } from './SignedInShellData';
export { AlertsBell } from '@client/features/alerts/AlertsBell';

/** Listens to live alerts while mounted (the app mounts it wherever the bell shows). */
export function AlertStream() {
  useAlertStream(true);
  return null;
}
