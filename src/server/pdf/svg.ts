import * as primitives from '@react-pdf/primitives';
import type * as ReactPdf from '@react-pdf/renderer';

/** react-pdf's SVG elements, typed as its components (see primitives.ts for why they come from @react-pdf/primitives). */
export const Svg = primitives.Svg as unknown as typeof ReactPdf.Svg;
export const G = primitives.G as unknown as typeof ReactPdf.G;
export const Line = primitives.Line as unknown as typeof ReactPdf.Line;
export const Polyline = primitives.Polyline as unknown as typeof ReactPdf.Polyline;
export const Rect = primitives.Rect as unknown as typeof ReactPdf.Rect;
export const Circle = primitives.Circle as unknown as typeof ReactPdf.Circle;
