import * as primitives from '@react-pdf/primitives';
import type * as ReactPdf from '@react-pdf/renderer';

/**
 * react-pdf's elements, typed as its components. They are plain element names the renderer's
 * reconciler knows; taking them from @react-pdf/primitives keeps the renderer itself (ESM-only,
 * and heavy) out of every module that only describes a document: it is loaded by renderPdf alone.
 */
export const Document = primitives.Document as unknown as typeof ReactPdf.Document;
export const Page = primitives.Page as unknown as typeof ReactPdf.Page;
export const View = primitives.View as unknown as typeof ReactPdf.View;
export const Text = primitives.Text as unknown as typeof ReactPdf.Text;
export const Image = primitives.Image as unknown as typeof ReactPdf.Image;
export const Link = primitives.Link as unknown as typeof ReactPdf.Link;

export type PdfStyle = ReactPdf.Styles[string];
