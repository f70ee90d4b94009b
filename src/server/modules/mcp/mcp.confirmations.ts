import { createHash } from 'node:crypto';

import { isUuid } from '@shared/validation/uuid';

import type { DbOrTx } from '../../db/connect';
import { claimConfirmationRow, confirmationById, insertConfirmation } from './mcp.queries';

/** A preview's confirmation_id is good for this long. */
export const MCP_CONFIRMATION_TTL_MS = 5 * 60_000;

/** Why a confirmation was not accepted (nothing is written in any of these cases). */
export type ConfirmationProblem = 'unknown' | 'other_call' | 'used' | 'expired';

/** JSON with object keys sorted at every level: the same arguments hash the same whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of a value's canonical JSON. */
export const hashOf = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

/** Stores a preview's confirmation: the grant, the tool, its arguments and the state the preview showed. */
export async function issueConfirmation(
  db: DbOrTx,
  call: { grantId: string; tool: string; argumentsHash: string; previewHash: string },
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + MCP_CONFIRMATION_TTL_MS);
  const id = await insertConfirmation(db, { ...call, createdAt: now, expiresAt });
  return { id, expiresAt };
}

/**
 * Takes a confirmation for the same call as its preview, once: one UPDATE claims it (two calls
 * with the same id, on any replicas, never both write). The preview's state hash when accepted;
 * otherwise why not. A confirmation offered with another tool or other arguments stays unused.
 */
export async function claimConfirmation(
  db: DbOrTx,
  call: { id: string; grantId: string; tool: string; argumentsHash: string },
  now: Date,
): Promise<{ ok: true; previewHash: string } | { ok: false; problem: ConfirmationProblem }> {
  if (!isUuid(call.id)) return { ok: false, problem: 'unknown' };
  const id = call.id.toLowerCase();
  const claimed = await claimConfirmationRow(db, { ...call, id }, now);
  if (claimed) return { ok: true, previewHash: claimed.previewHash };
  const row = await confirmationById(db, id);
  // Another grant's confirmation is as unknown here as one that never existed.
  if (!row || row.grantId !== call.grantId) return { ok: false, problem: 'unknown' };
  if (row.tool !== call.tool || row.argumentsHash !== call.argumentsHash) return { ok: false, problem: 'other_call' };
  if (row.usedAt) return { ok: false, problem: 'used' };
  return { ok: false, problem: 'expired' };
}
