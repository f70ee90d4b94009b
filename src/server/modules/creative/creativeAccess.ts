import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { ErrorCode } from '@shared/api/errors';

import type { DbOrTx } from '../../db/connect';
import { HttpError } from '../../lib/httpError';
import { workspaceEntitlements } from '../access/entitlements';

/** The Creative Analyzer is Pro (a running trial counts): a Starter workspace gets a 403 that says so. */
export async function assertCreativePro(db: DbOrTx, workspaceId: string, now: Date): Promise<void> {
  const { plan } = await workspaceEntitlements(db, workspaceId, now);
  if (plan === 'starter') throw new HttpError(403, CREATIVE_MESSAGES.needsPro, ErrorCode.Forbidden);
}
