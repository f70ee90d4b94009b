import type { RuleActionItem } from '@shared/api/rules';
import { z } from 'zod';

import { uuidArgument } from '../schemas';
import type { ToolContext } from '../tool';
import { type ActPreview, actTool, confirmationArgument, TWO_STEPS } from './act';
import { whereWords } from './words';

const input = z.object({
  rule_action_id: uuidArgument('rule_action_id').describe(
    'The pending change, its `id` in the Rules page’s approvals.',
  ),
  confirmation_id: confirmationArgument,
});

const itemView = (item: RuleActionItem) => ({
  id: item.id,
  rule: item.rule,
  platform: item.platform,
  account: item.account,
  level: item.level,
  entity_name: item.entity_name,
  change_lines: item.change_lines,
  reasons: item.reasons,
  status: item.status,
  error: item.error,
  action_id: item.action_id,
});

async function pendingPreview(
  id: string,
  { principal, services }: ToolContext,
  verb: string,
  tail: string,
): Promise<ActPreview> {
  const item = await services.rules.pendingAction(principal, id);
  return {
    preview: { rule_action: itemView(item), from: 'pending', to: verb === 'Approve' ? 'approved' : 'rejected' },
    summary: `${verb} rule “${item.rule.name}”’s change on ${whereWords(item.platform, item.account)}: ${item.change_lines.join('; ')} (because ${item.reasons.join('; ')})${tail}.`,
    state: { status: item.status, change_lines: item.change_lines },
  };
}

/** approve_rule_action: Approve on a rule's pending change (POST rules/approvals/<id>/approve/): the change is written now. */
export const approveRuleAction = actTool({
  name: 'approve_rule_action',
  title: "Approve a rule's pending change",
  description:
    'Approves a change an automated rule queued for approval: it is written at the ad platform now, logged in the actions log and undoable for 10 minutes, as Approve under Rules does.' +
    TWO_STEPS,
  action: 'rules:write',
  destructive: true,
  openWorld: true,
  input,
  preview: (args, context) =>
    pendingPreview(args.rule_action_id, context, 'Approve', '; it is written at the platform now'),
  async execute(args, { principal, services }) {
    const item = await services.rules.approve(principal, args.rule_action_id);
    const ok = item.status !== 'failed';
    return {
      structured: { status: item.status, rule_action: itemView(item) },
      summary: ok
        ? `Approved: ${item.change_lines.join('; ')}.${item.action_id ? ` undo_action with action_id "${item.action_id}" sets it back within 10 minutes.` : ''}`
        : `Approved, but the platform did not take it: ${item.error ?? 'no reason given'}.`,
    };
  },
});

/** reject_rule_action: Reject on a rule's pending change (POST rules/approvals/<id>/reject/); nothing is written to a platform. */
export const rejectRuleAction = actTool({
  name: 'reject_rule_action',
  title: "Reject a rule's pending change",
  description:
    'Rejects a change an automated rule queued for approval, as Reject under Rules does; nothing changes at the ad platform.' +
    TWO_STEPS,
  action: 'rules:write',
  destructive: false,
  openWorld: false,
  input,
  preview: (args, context) =>
    pendingPreview(args.rule_action_id, context, 'Reject', '; nothing changes at the platform'),
  async execute(args, { principal, services }) {
    const item = await services.rules.reject(principal, args.rule_action_id);
    return {
      structured: { status: item.status, rule_action: itemView(item) },
      summary: `Rejected: ${item.change_lines.join('; ')} will not be made.`,
    };
  },
});
