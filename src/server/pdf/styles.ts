import { PDF_FONT_FAMILY } from './fonts';
import type { PdfStyle } from './primitives';

/** The look of every PDF the product makes (A4, DejaVu Sans embedded: see fonts.ts). */
export const PDF_COLORS = {
  ink: '#1b2430',
  muted: '#5b6675',
  rule: '#d9dee5',
  brand: '#2453c7',
  good: '#1e7d46',
  fair: '#b7791f',
  poor: '#c0392b',
  track: '#eef1f5',
  earned: '#e3f4ea',
  cost: '#fbe6e4',
} as const;

/** A score's colour band: 70+ good, 40+ fair, below poor. */
export function scoreColor(score: number | null): string {
  if (score === null) return PDF_COLORS.muted;
  if (score >= 70) return PDF_COLORS.good;
  if (score >= 40) return PDF_COLORS.fair;
  return PDF_COLORS.poor;
}

export const pdfStyles = {
  page: {
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: 44,
    fontFamily: PDF_FONT_FAMILY,
    fontSize: 10,
    color: PDF_COLORS.ink,
    lineHeight: 1.4,
  },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    borderBottomWidth: 1,
    borderBottomColor: PDF_COLORS.rule,
    paddingBottom: 8,
    marginBottom: 16,
  },
  brand: { fontFamily: PDF_FONT_FAMILY, fontWeight: 'bold', fontSize: 16, color: PDF_COLORS.brand },
  title: { fontFamily: PDF_FONT_FAMILY, fontWeight: 'bold', fontSize: 13 },
  meta: { fontSize: 9, color: PDF_COLORS.muted },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 44,
    right: 44,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: PDF_COLORS.muted,
  },
  section: { marginBottom: 14 },
  heading: { fontFamily: PDF_FONT_FAMILY, fontWeight: 'bold', fontSize: 12, marginBottom: 6 },
  subheading: { fontFamily: PDF_FONT_FAMILY, fontWeight: 'bold', fontSize: 10, marginBottom: 2 },
  muted: { color: PDF_COLORS.muted },
  small: { fontSize: 9 },
  bold: { fontFamily: PDF_FONT_FAMILY, fontWeight: 'bold' },
  row: { flexDirection: 'row' },
} satisfies Record<string, PdfStyle>;
