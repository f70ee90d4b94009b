import {
  CREATIVE_HISTORY,
  CREATIVE_MESSAGES,
  type CreativeAnalysisPage,
  type CreativeAnalysisRecord,
  type CreativeShare,
  type CreativeShareCreated,
  type CreativeSharedView,
} from '@shared/api/creative';
import { ErrorCode } from '@shared/api/errors';
import { DAY_MS } from '@shared/days';
import { CREATIVE_VALIDATION } from '@shared/validation/creative';
import { isUuid } from '@shared/validation/uuid';
import { createElement } from 'react';

import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { renderPdf } from '../../pdf/renderPdf';
import type { Principal } from '../access/principal';
import { CreativeReport } from './creative.pdf';
import { presentRecord, presentShare, presentSummary } from './creative.presenter';
import * as queries from './creative.queries';
import { createShareTokens } from './creative.share';

/** A WebP thumbnail of an image, its longest side at most CREATIVE_HISTORY.thumbnailPx; sharp writes no metadata unless asked. */
export async function thumbnailOf(image: Buffer): Promise<Buffer> {
  // Loaded by the first image, not at start (docs/operations.md#memory).
  const { default: sharp } = await import('sharp');
  const side = CREATIVE_HISTORY.thumbnailPx;
  return sharp(image)
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** The history's cursor: the last row's time and id, opaque to the client. */
export const encodeCursor = (position: queries.HistoryPosition) =>
  Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url');

function decodeCursor(cursor: string): queries.HistoryPosition | null {
  if (cursor === '') return null;
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  // A forged time outside what the database holds would fail the query: refused like any bad cursor.
  const year = createdAt.getUTCFullYear();
  if (rest.length > 0 || !id || !isUuid(id) || Number.isNaN(year) || year < 2000 || year > 9999)
    throw badRequest(CREATIVE_VALIDATION.badCursor, 'cursor');
  return { createdAt, id };
}

const analysisNotFound = () => notFound(CREATIVE_MESSAGES.analysisNotFound);

/**
 * Saved analyses and their share links (issue 16, "History and sharing"). Every read and write is
 * scoped to the principal's workspace; another workspace's id is answered as unknown (404).
 */
export function createCreativeHistory(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = ctx;
  const tokens = createShareTokens(config.appSecret);
  const shareUrl = (token: string) => `${config.publicUrl}/shared/creative/${token}`;

  async function rowOf(principal: Principal, id: string) {
    const row = isUuid(id) ? await queries.findAnalysis(db, principal.workspaceId, id.toLowerCase()) : undefined;
    if (!row) throw analysisNotFound();
    return row;
  }

  return {
    /** Saves one result (the caller has checked everything: nothing is saved for a refusal). */
    save: (row: Omit<queries.NewCreativeAnalysisRow, 'createdAt'>) =>
      queries.insertAnalysis(db, { ...row, createdAt: clock.now() }),

    /** A saved analysis of the workspace by id, or 404. */
    row: rowOf,

    /** GET creative/analyses/. */
    async list(principal: Principal, query: { cursor: string; limit: number }): Promise<CreativeAnalysisPage> {
      const rows = await queries.listAnalyses(db, principal.workspaceId, query.limit, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentSummary),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** GET creative/analyses/<id>/. */
    async get(principal: Principal, id: string): Promise<CreativeAnalysisRecord> {
      return presentRecord(await rowOf(principal, id));
    },

    /** DELETE creative/analyses/<id>/. */
    async remove(principal: Principal, id: string): Promise<void> {
      if (!isUuid(id) || !(await queries.deleteAnalysis(db, principal.workspaceId, id.toLowerCase())))
        throw analysisNotFound();
    },

    /** GET creative/analyses/<id>/pdf/: the report and its file name. */
    async pdf(principal: Principal, id: string): Promise<{ bytes: Buffer; fileName: string }> {
      const row = await rowOf(principal, id);
      const record = presentRecord(row);
      // react-pdf draws PNG and JPEG only: the stored WebP thumbnail is converted for the page.
      const { default: sharp } = await import('sharp');
      const thumbnail = row.thumbnail ? await sharp(row.thumbnail).png().toBuffer() : null;
      const bytes = await renderPdf(createElement(CreativeReport, { record, thumbnail }));
      return { bytes, fileName: `adwise-creative-${record.created_at.slice(0, 10)}-${record.id.slice(0, 8)}.pdf` };
    },

    /** POST creative/analyses/<id>/share/. */
    async share(principal: Principal, id: string, days: number): Promise<CreativeShareCreated> {
      const row = await rowOf(principal, id);
      const now = clock.now();
      const share = await queries.insertShare(db, {
        analysisId: row.id,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + days * DAY_MS),
      });
      const token = tokens.sign(share.id);
      return { id: share.id, url: shareUrl(token), token, expires_at: share.expiresAt.toISOString() };
    },

    /** GET creative/analyses/<id>/shares/: the links still open. */
    async shares(principal: Principal, id: string): Promise<CreativeShare[]> {
      const row = await rowOf(principal, id);
      const rows = await queries.activeShares(db, principal.workspaceId, row.id, clock.now());
      return rows.map((share) => presentShare(share, shareUrl(tokens.sign(share.id))));
    },

    /** DELETE creative/shares/<shareId>/. */
    async revoke(principal: Principal, shareId: string): Promise<void> {
      if (
        !isUuid(shareId) ||
        !(await queries.revokeShare(db, principal.workspaceId, shareId.toLowerCase(), clock.now()))
      )
        throw notFound(CREATIVE_MESSAGES.shareNotFound);
    },

    /** GET shared/creative/<token>/ (public): a bad signature or unknown link is 404, an expired or revoked one 410. */
    async shared(token: string): Promise<CreativeSharedView> {
      const shareId = tokens.verify(token);
      const found = shareId ? await queries.findShared(db, shareId) : undefined;
      if (!found) throw notFound(CREATIVE_MESSAGES.linkNotFound);
      if (found.share.revokedAt) throw new HttpError(410, CREATIVE_MESSAGES.linkRevoked, ErrorCode.Gone);
      if (found.share.expiresAt.getTime() <= clock.now().getTime())
        throw new HttpError(410, CREATIVE_MESSAGES.linkExpired, ErrorCode.Gone);
      const record = presentRecord(found.analysis);
      return {
        ...record,
        previous_id: null,
        workspace_name: found.workspaceName,
        expires_at: found.share.expiresAt.toISOString(),
      } as CreativeSharedView;
    },
  };
}
export type CreativeHistory = ReturnType<typeof createCreativeHistory>;
