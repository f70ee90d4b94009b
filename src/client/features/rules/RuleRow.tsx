import { editRulePath } from '@client/lib/paths';
import { Box, Button, Chip, Paper, Skeleton, Stack, Switch, Typography } from '@mui/material';
import type { Rule } from '@shared/api/rules';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { lastRunText } from './ruleFormat';
import { useSetRuleEnabledMutation } from './rules.api';

/** The accessible name of a rule's switch: 'Enabled: Pause the losers'. */
export const enabledLabel = (name: string) => `Enabled: ${name}`;
/** The words of a row's buttons. */
export const EDIT_LABEL = 'Edit';
export const DELETE_LABEL = 'Delete';

/** Props of RuleRow. */
export interface RuleRowProps {
  rule: Rule;
  /** Whether the role changes rules: the switch, Edit and Delete. */
  writes: boolean;
  onDelete: () => void;
}

/**
 * One rule as a list item: its name, what it does in words (the server's summary lines) and its
 * last run's figures; for a role that changes rules, a switch that turns it on and off at once,
 * Edit and Delete, described by the name so a screen reader knows which rule they act on.
 */
export function RuleRow({ rule, writes, onDelete }: RuleRowProps) {
  const nameId = useId();
  const [setEnabled] = useSetRuleEnabledMutation();
  return (
    <Paper component="li" variant="outlined" aria-labelledby={nameId} sx={{ p: 2, opacity: rule.enabled ? 1 : 0.8 }}>
      <Stack spacing={1}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            id={nameId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', flexGrow: 1 }}
          >
            {rule.name}
          </Typography>
          {writes ? (
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Switch
                checked={rule.enabled}
                // A failure puts the switch back; the API error channel says why.
                onChange={(event) =>
                  void setEnabled({ id: rule.id, enabled: event.target.checked })
                    .unwrap()
                    .catch(() => undefined)
                }
                slotProps={{ input: { 'aria-label': enabledLabel(rule.name) } }}
              />
              <Typography variant="body2" aria-hidden>
                {rule.enabled ? 'On' : 'Off'}
              </Typography>
            </Stack>
          ) : (
            <Chip size="small" label={rule.enabled ? 'On' : 'Off'} color={rule.enabled ? 'success' : 'default'} />
          )}
        </Stack>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {rule.summary.map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {lastRunText(rule.last_run)}
        </Typography>
        {writes && (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={editRulePath(rule.id)}
              aria-describedby={nameId}
            >
              {EDIT_LABEL}
            </Button>
            <Button size="small" color="error" onClick={onDelete} aria-describedby={nameId}>
              {DELETE_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A row's placeholder while the rules load. */
export function RuleRowSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="text" width="45%" sx={{ fontSize: '1.1rem' }} />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="text" width="35%" />
    </Paper>
  );
}
