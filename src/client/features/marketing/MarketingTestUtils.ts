/** Helpers for the marketing pages' tests. */

/** The heading levels of `root` in document order (h1-h6 and role="heading" with aria-level). */
export function headingLevels(root: ParentNode = document): number[] {
  return Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')).map((element) => {
    const aria = element.getAttribute('aria-level');
    return aria ? Number(aria) : Number(element.tagName.slice(1));
  });
}

/** One h1, first, and no level skipped on the way down (h2 then h4 is a skip; h3 then h2 is fine). */
export function expectOrderedHeadings(root: ParentNode = document): void {
  const levels = headingLevels(root);
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  const skips = levels.flatMap((level, index) =>
    index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} then h${level}`] : [],
  );
  expect(skips).toEqual([]);
}

/**
 * Records console.error and console.warn (React's key, nesting and act warnings) for one test;
 * call `expectNone()` at its end.
 */
export function watchConsole() {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  return {
    expectNone() {
      const calls = [...error.mock.calls, ...warn.mock.calls].map((args) => args.map(String).join(' '));
      error.mockRestore();
      warn.mockRestore();
      expect(calls).toEqual([]);
    },
  };
}
