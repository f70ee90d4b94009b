import { errorMessage } from '@client/api/errors';
import { DeleteDialog } from '@client/components/ConfirmDialog';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { paths } from '@client/lib/paths';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { Rule } from '@shared/api/rules';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { PendingApprovals } from './PendingApprovals';
import { RulePresets } from './RulePresets';
import { RuleRow, RuleRowSkeleton } from './RuleRow';
import { useDeleteRuleMutation, useListRulesQuery } from './rules.api';
import { NotForRoleNotice, RULES_READ_ONLY, RulesEmpty } from './RulesEmpty';

const TITLE = 'Automated rules';
/** The line under the title. */
export const RULES_INTRO =
  'Rules watch your campaigns and ads after every sync, and notify you, ask you or act when their conditions are met.';
/** Said when the list cannot be loaded and the server gave no reason. */
export const RULES_FAILED = 'Unable to load your rules right now.';
/** The list's heading, and the button that opens the builder. */
export const RULES_HEADING = 'Your rules';
export const NEW_RULE_LABEL = 'New rule';
/** The delete dialog's title, and the toast once deleted. */
export const deleteTitle = (name: string) => `Delete “${name}”?`;
export const DELETE_TEXT = 'It stops running at once. What it already did stays in the actions log.';
export const deletedText = (name: string) => `Rule “${name}” deleted.`;
const SKELETONS = 3;

/** Asks before deleting a rule; the rule's name is in the title. */
function DeleteRuleDialog({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const [deleteRule, { isLoading }] = useDeleteRuleMutation();
  return (
    <DeleteDialog
      item={rule}
      title={(shown) => deleteTitle(shown.name)}
      text={DELETE_TEXT}
      remove={(item) => deleteRule(item.id).unwrap()}
      busy={isLoading}
      deleted={(item) => deletedText(item.name)}
      onClose={onClose}
    />
  );
}

function RuleList({ rules, writes }: { rules: readonly Rule[]; writes: boolean }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState<Rule | null>(null);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {RULES_HEADING}
      </Typography>
      {rules.length === 0 ? (
        <RulesEmpty writes={writes} />
      ) : (
        <Stack component="ul" spacing={1.5} aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rules.map((rule) => (
            <RuleRow key={rule.id} rule={rule} writes={writes} onDelete={() => setDeleting(rule)} />
          ))}
        </Stack>
      )}
      {writes && <DeleteRuleDialog rule={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

function Rules({ writes }: { writes: boolean }) {
  const { data, error, isError, isFetching, refetch } = useListRulesQuery();

  let content;
  if (isError && !data) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, RULES_FAILED)}
      </RetryAlert>
    );
  } else if (!data) {
    content = (
      <Stack spacing={1.5} role="status" aria-label="Loading rules">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <RuleRowSkeleton key={index} />
        ))}
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={4} aria-busy={isFetching}>
        <PendingApprovals items={data.pending} writes={writes} />
        <RuleList rules={data.rules} writes={writes} />
        {writes && <RulePresets />}
      </Stack>
    );
  }

  return (
    <>
      {writes ? (
        <Box>
          <Button variant="contained" component={RouterLink} to={paths.newRule} startIcon={<AddIcon aria-hidden />}>
            {NEW_RULE_LABEL}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {RULES_READ_ONLY}
        </Typography>
      )}
      {content}
    </>
  );
}

/** Props of RulesPage. */
export interface RulesPageProps {
  /** Whether the role reads rules ('rules:read'); the app decides, as features do not read each other's state. */
  readsRules?: boolean;
  /** Whether the role changes rules ('rules:write'): New rule, the switches, Edit, Delete, Approve and Reject, and the presets. */
  writesRules?: boolean;
}

/**
 * Automated rules (/rules): the changes waiting for approval (Approve or Reject), every rule of
 * the workspace with what it does and its last run (a switch to turn it on or off, Edit, and
 * Delete after a confirmation), New rule and the presets to start from. A viewer sees it all
 * read-only; a role without 'rules:read' is told so, and nothing is asked.
 */
export function RulesPage({ readsRules = true, writesRules = false }: RulesPageProps) {
  return (
    <SimplePage title={TITLE} intro={RULES_INTRO}>
      {readsRules ? <Rules writes={writesRules} /> : <NotForRoleNotice />}
    </SimplePage>
  );
}
