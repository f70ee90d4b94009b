import { LoadingButton } from '@client/components/LoadingButton';
import { notify } from '@client/lib/notify';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { RuleActionItem } from '@shared/api/rules';
import { PLATFORM_LABELS } from '@shared/constants';
import { useId } from 'react';

import { changeText, entityText } from './ruleFormat';
import { useApproveRuleActionMutation, useRejectRuleActionMutation } from './rules.api';

/** The section's heading. */
export const PENDING_HEADING = 'Waiting for your approval';
/** The words of an item's buttons. */
export const APPROVE_LABEL = 'Approve';
export const REJECT_LABEL = 'Reject';
/** Said to a role that sees the queue but does not decide (a viewer). */
export const PENDING_READ_ONLY = 'An owner or a manager approves or rejects these.';

/** The toast after Approve: what was written, or the platform's refusal. */
export function approvedText(item: RuleActionItem): string {
  if (item.status === 'failed')
    return `${entityText(item)} was not changed: ${item.error ?? 'the platform refused the change.'}`;
  return `Approved: ${changeText(item)}`;
}

/** The toast after Reject. */
export const rejectedText = (item: RuleActionItem) => `Rejected: ${entityText(item)} stays as it is.`;

function PendingItem({ item, writes }: { item: RuleActionItem; writes: boolean }) {
  const headingId = useId();
  const [approve, { isLoading: approving }] = useApproveRuleActionMutation();
  const [reject, { isLoading: rejecting }] = useRejectRuleActionMutation();

  // A refusal of the request itself (no longer pending, no right) is said by the API error channel.
  const decideApprove = async () => {
    try {
      const result = await approve(item.id).unwrap();
      notify(approvedText(result), result.status === 'failed' ? 'error' : 'success');
    } catch {
      // Said by the API error channel.
    }
  };
  const decideReject = async () => {
    try {
      notify(rejectedText(await reject(item.id).unwrap()), 'info');
    } catch {
      // Said by the API error channel.
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, borderLeftWidth: 4, borderLeftColor: 'warning.main' }}
    >
      <Stack spacing={1}>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {entityText(item)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {PLATFORM_LABELS[item.platform]} · {item.account.name} · Rule “{item.rule.name}”
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {item.change_lines.map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
        {item.reasons.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Why: {item.reasons.join('; ')}
          </Typography>
        )}
        {writes && (
          <Stack direction="row" spacing={1}>
            <LoadingButton
              size="small"
              variant="contained"
              loading={approving}
              disabled={rejecting}
              onClick={() => void decideApprove()}
              aria-describedby={headingId}
            >
              {APPROVE_LABEL}
            </LoadingButton>
            <LoadingButton
              size="small"
              variant="outlined"
              loading={rejecting}
              disabled={approving}
              onClick={() => void decideReject()}
              aria-describedby={headingId}
            >
              {REJECT_LABEL}
            </LoadingButton>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Props of PendingApprovals. */
export interface PendingApprovalsProps {
  items: readonly RuleActionItem[];
  /** Whether the role decides ('rules:write'): Approve and Reject. */
  writes: boolean;
}

/**
 * The changes rules queued for approval, newest first: what would change, on which entity, by
 * which rule and why, with Approve (written at the platform now; a refusal is said in the
 * platform's words) and Reject. Nothing is shown when nothing waits.
 */
export function PendingApprovals({ items, writes }: PendingApprovalsProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {PENDING_HEADING}
      </Typography>
      {!writes && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {PENDING_READ_ONLY}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {items.map((item) => (
          <PendingItem key={item.id} item={item} writes={writes} />
        ))}
      </Stack>
    </Box>
  );
}
