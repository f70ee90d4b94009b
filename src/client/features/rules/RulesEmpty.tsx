import { Alert, Stack, Typography } from '@mui/material';

/** The empty list's first line. */
export const NO_RULES = 'No rules yet…';
/** What a rule is for, under the empty list's first line. */
export const NO_RULES_TEXT =
  'A rule watches your campaigns and ads after every sync, and tells you, asks you or acts when its conditions are met.';
/** Said to a writer under the empty list: where to start. */
export const START_HERE_TEXT = 'Start from a preset below, or build one with New rule.';
/** Said to a role that reads rules but may not change them (a viewer). */
export const RULES_READ_ONLY = 'Only an owner or a manager can create or change rules.';
/** Said to a role that does not see rules (a client). */
export const RULES_NOT_FOR_ROLE = 'Automated rules are for the team running the ads: your role does not include them.';

/** Props of RulesEmpty. */
export interface RulesEmptyProps {
  /** Whether the role may create rules: then it is told where to start (a viewer is told above the list that it cannot). */
  writes: boolean;
}

/** Why the list is empty, and where to start. */
export function RulesEmpty({ writes }: RulesEmptyProps) {
  return (
    <Stack spacing={0.5} role="status">
      <Typography sx={{ fontWeight: 600 }}>{NO_RULES}</Typography>
      <Typography color="text.secondary">{NO_RULES_TEXT}</Typography>
      {writes && <Typography color="text.secondary">{START_HERE_TEXT}</Typography>}
    </Stack>
  );
}

/** Shown instead of the rules to a role without 'rules:read'. */
export function NotForRoleNotice() {
  return <Alert severity="info">{RULES_NOT_FOR_ROLE}</Alert>;
}
