// What only a signed-in user needs of the shell comes in one chunk of its own ("shell-signed-in"),
// so a visitor's pages never load it: the side navigation with the workspace switcher, the alerts bell and stream, and the
// queries behind the shell's data (with RTK Query itself).
export const loadSignedInShell = () => import(/* webpackChunkName: "shell-signed-in" */ './SignedInShell');
