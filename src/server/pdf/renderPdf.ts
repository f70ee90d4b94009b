import type { DocumentProps } from '@react-pdf/renderer';
import type { ReactElement } from 'react';

import { registerPdfFonts } from './fonts';

/**
 * Renders a document to PDF bytes. The renderer is ESM-only and large: it is imported on first
 * use (a dynamic import resolves its ESM-only dependencies under tsx and jest alike) and kept.
 */
let renderer: Promise<typeof import('@react-pdf/renderer')> | undefined;

const loadRenderer = async () => {
  const module = await import('@react-pdf/renderer');
  registerPdfFonts(module.Font);
  return module;
};

/** `document` is an element whose component returns PdfDocument (react-pdf's <Document>). */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  renderer ??= loadRenderer();
  const { renderToBuffer } = await renderer;
  return renderToBuffer(document as ReactElement<DocumentProps>);
}
