import path from 'node:path';

import type { Font as PdfFont } from '@react-pdf/renderer';

/**
 * The typeface of every PDF: DejaVu Sans, shipped in the npm package dejavu-fonts-ttf (free
 * licence, TrueType), embedded subset by react-pdf. PDF's standard Helvetica is WinAnsi only:
 * it has no ₹, no Devanagari and no emoji, and an ad's copy or a report's money may hold any of
 * the first two; DejaVu Sans covers the rupee sign, Latin, Greek and Cyrillic. Text stays
 * selectable (the embedded subset carries its character map).
 */
export const PDF_FONT_FAMILY = 'DejaVu Sans';

const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Registers the family with react-pdf's font store (once per process; registering again is harmless). */
export function registerPdfFonts(Font: typeof PdfFont): void {
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: path.join(FONT_DIR, 'DejaVuSans.ttf'), fontWeight: 'normal' },
      { src: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
    ],
  });
}
