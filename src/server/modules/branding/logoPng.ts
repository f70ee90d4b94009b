import type { FastifyBaseLogger } from 'fastify';

import type { DbOrTx } from '../../db/connect';
import { logoOf } from './branding.queries';
import { checkedPng, drawSvg } from './logoRaster';

/**
 * The workspace's logo as PNG, for the places that draw no SVG (react-pdf, many mail clients):
 * a PNG as stored; an SVG (sanitised when it was saved) rasterised by sharp from its bytes alone,
 * so nothing it names outside itself is fetched. Null without a logo, and null (logged) when it
 * cannot be drawn: a logo, even one saved before uploads were checked for size, never fails a report.
 */
export async function logoPng(
  db: DbOrTx,
  workspaceId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer | null> {
  const row = await logoOf(db, workspaceId);
  if (!row?.logo) return null;
  try {
    return row.type === 'image/png' ? await checkedPng(row.logo) : (await drawSvg(row.logo)).png;
  } catch (error) {
    // The reason only: neither the logo's bytes nor anything that signs its URL.
    log.warn(
      { workspaceId, logoType: row.type, err: { message: error instanceof Error ? error.message : String(error) } },
      'workspace logo could not be drawn; the report goes without it',
    );
    return null;
  }
}
