import { useTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';

import { COLOR_MODE_KEY, ColorModeThemeProvider } from './colorMode';

afterEach(() => localStorage.clear());

/** Records the scheme of every render. */
function recorder() {
  const schemes: string[] = [];
  function Probe() {
    schemes.push(useTheme().palette.mode);
    return null;
  }
  return { schemes, Probe };
}

describe('ColorModeThemeProvider', () => {
  it('taking over a prerendered page, draws its first render in light as the prerender was, then the chosen scheme', () => {
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    const { schemes, Probe } = recorder();
    render(
      <ColorModeThemeProvider hydrating>
        <Probe />
      </ColorModeThemeProvider>,
    );
    expect(schemes[0]).toBe('light');
    expect(schemes.at(-1)).toBe('dark');
  });

  it('drawing a page of its own, draws the chosen scheme from the first render (no flash of light)', () => {
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    const { schemes, Probe } = recorder();
    render(
      <ColorModeThemeProvider>
        <Probe />
      </ColorModeThemeProvider>,
    );
    expect(new Set(schemes)).toEqual(new Set(['dark']));
  });

  it('tells the browser the scheme (color-scheme on the root), so scroll bars and native controls match', () => {
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    render(<ColorModeThemeProvider>{null}</ColorModeThemeProvider>);
    expect(getComputedStyle(document.documentElement).colorScheme).toBe('dark');
  });
});
