import { alpha, getContrastRatio, type Theme } from '@mui/material/styles';

import { themes } from './theme';

/** WCAG 2.2 AA for body text (1.4.3). */
const AA_TEXT = 4.5;

/** `colour` drawn at `opacity` over `under`, as the eye sees it (an opaque hex). */
function over(under: string, colour: string): string {
  const parse = (css: string) => {
    const rgba = css.match(/rgba?\(([^)]+)\)/);
    if (rgba) {
      const [r, g, b, a = '1'] = rgba[1]!.split(',').map((part) => part.trim());
      return { rgb: [Number(r), Number(g), Number(b)], a: Number(a) };
    }
    const hex = css.replace('#', '');
    return { rgb: [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)), a: 1 };
  };
  const top = parse(colour);
  const bottom = parse(under);
  const mixed = top.rgb.map((channel, index) => Math.round(channel * top.a + bottom.rgb[index]! * (1 - top.a)));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Every foreground/background pair the app draws text in, named for the failure message. */
function textPairs(theme: Theme): [string, string, string][] {
  const { palette } = theme;
  const surfaces = { page: palette.background.default, paper: palette.background.paper };
  const pairs: [string, string, string][] = [];
  for (const [surfaceName, surface] of Object.entries(surfaces)) {
    pairs.push([`text.primary on ${surfaceName}`, palette.text.primary, surface]);
    pairs.push([`text.secondary on ${surfaceName}`, palette.text.secondary, surface]);
    // Coloured text: links and text buttons (primary), status words and outlined chips (the rest).
    for (const colour of ['primary', 'success', 'warning', 'error', 'info'] as const) {
      pairs.push([`${colour}.main on ${surfaceName}`, palette[colour].main, surface]);
    }
    // The current page in the navigation: the primary colour on its own tint.
    const selected = over(surface, alpha(palette.primary.main, palette.action.selectedOpacity));
    pairs.push([`primary.main on the selected tint over ${surfaceName}`, palette.primary.main, selected]);
    pairs.push([
      `text.primary on the selected tint over ${surfaceName}`,
      palette.text.primary,
      over(surface, palette.action.selected),
    ]);
  }
  // Filled chips and contained buttons: their text on their colour.
  for (const colour of ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const) {
    pairs.push([`${colour}.contrastText on ${colour}.main`, palette[colour].contrastText, palette[colour].main]);
  }
  return pairs;
}

describe.each(['light', 'dark'] as const)('the %s theme', (scheme) => {
  const theme = themes[scheme];

  it('is that scheme', () => {
    expect(theme.palette.mode).toBe(scheme);
  });

  it('draws every text pair at WCAG AA contrast (4.5:1) or more', () => {
    const failing = textPairs(theme)
      .map(([name, foreground, background]) => ({
        name,
        ratio: Math.round(getContrastRatio(foreground, background) * 100) / 100,
      }))
      .filter(({ ratio }) => ratio < AA_TEXT);
    expect(failing).toEqual([]);
  });
});
