import sharp from 'sharp';
import type { DbOrTx } from '../../db/connect';
import { logoOf } from './branding.queries';

/** Height in pixels an SVG logo is drawn at: sharp in a 28 pt PDF header and a 32 px mail header, on high-density screens too. */
const RASTER_HEIGHT = 128;

/**
 * The workspace's logo as PNG, for the places that draw no SVG (react-pdf, many mail clients):
 * a PNG as stored; an SVG (sanitised when it was saved) rasterised by sharp from its bytes alone,
 * so nothing it names outside itself is fetched. Null without a logo.
 */
export async function logoPng(db: DbOrTx, workspaceId: string): Promise<Buffer | null> {
  const row = await logoOf(db, workspaceId);
  if (!row?.logo) return null;
  if (row.type === 'image/png') return row.logo;
  return sharp(row.logo, { density: 300 }).resize({ height: RASTER_HEIGHT }).png().toBuffer();
}
