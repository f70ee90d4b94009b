/** How long after "g" the second key of a go-to shortcut is awaited (GitHub and Linear wait about as long). */
export const GO_SEQUENCE_MS = 1500;

/** "g then <key>" opens the page of that key (app/appPages' page keys), when the member may see it. */
export const GO_SHORTCUTS: readonly { key: string; page: string }[] = [
  { key: 'd', page: 'dashboard' },
  { key: 's', page: 'suggestions' },
  { key: 'a', page: 'alerts' },
  { key: 'r', page: 'reports' },
  { key: 'u', page: 'rules' },
  { key: 'b', page: 'budget' },
  { key: 'c', page: 'creative' },
  { key: 't', page: 'team' },
  { key: 'w', page: 'workspaces' },
];

/** Whether a key press lands in something the user types into (shortcuts then stay quiet). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Ctrl+K, or ⌘K on a Mac: the palette's key everywhere, typing or not (the modifier says it is not text). */
export function isPaletteKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}
