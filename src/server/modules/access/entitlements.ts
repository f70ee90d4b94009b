import { type Plan, PLAN_ACCOUNT_LIMITS, PLANS } from '@shared/api/adAccounts';
import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';

import type { DbOrTx } from '../../db/connect';
import { HttpError } from '../../lib/httpError';
import { ownerPlans } from './access.queries';

/**
 * What a workspace may do, in one place: its plan is the best of its owners' plans, where an
 * owner's running trial counts as Pro (the trial belongs to the user who started it and covers the
 * workspaces they own). The plan decides the connected-account cap and the dashboard.
 */
export interface Entitlements {
  plan: Plan;
  /** Connected ad accounts the workspace may hold; null: no fixed cap. */
  accountLimit: number | null;
  /** The dashboard, sync and everything built on them need a running trial or a paid plan (spec section 6). */
  dashboard: boolean;
}

/** The plan a user's own plan and trial amount to right now. */
export function effectivePlan(user: { plan: Plan; trialEndsAt: Date | null }, now: Date): Plan {
  const onTrial = user.trialEndsAt !== null && user.trialEndsAt > now;
  return user.plan === 'starter' && onTrial ? 'pro' : user.plan;
}

const rank = (plan: Plan) => PLANS.indexOf(plan);

export async function workspaceEntitlements(db: DbOrTx, workspaceId: string, now: Date): Promise<Entitlements> {
  const owners = await ownerPlans(db, workspaceId);
  const plan = owners
    .map((owner) => effectivePlan(owner, now))
    .reduce<Plan>((best, next) => (rank(next) > rank(best) ? next : best), 'starter');
  const onTrialOrPaid = owners.some((owner) => effectivePlan(owner, now) !== 'starter');
  return { plan, accountLimit: PLAN_ACCOUNT_LIMITS[plan], dashboard: onTrialOrPaid };
}

/** 403 'Start your free trial to use the dashboard.' unless the workspace's owners have a trial running or a paid plan. */
export async function assertDashboardAccess(db: DbOrTx, workspaceId: string, now: Date): Promise<void> {
  if (!(await workspaceEntitlements(db, workspaceId, now)).dashboard)
    throw new HttpError(403, DASHBOARD_MESSAGES.needsAccess, ErrorCode.Forbidden);
}
