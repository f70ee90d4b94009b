/**
 * Full-page navigations (leaving the SPA for a platform's consent page, or reloading at a
 * clean URL). Kept in one tiny object so tests can replace them: jsdom cannot navigate.
 */
export const browserLocation = {
  /** Goes to `url`, keeping the current page in the history. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads `url` in place of the current page (no history entry). */
  replace(url: string): void {
    window.location.replace(url);
  },
};
