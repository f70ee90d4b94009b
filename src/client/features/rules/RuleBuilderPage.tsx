import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { Alert, Box, Skeleton, Stack } from '@mui/material';
import { blankRule, RULE_PRESETS } from '@shared/api/rules';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

import { RuleBuilder } from './RuleBuilder';
import { browserTimeZone, definitionOf } from './ruleForm';
import { useGetRuleQuery } from './rules.api';
import { RULES_NOT_FOR_ROLE, RULES_READ_ONLY } from './RulesEmpty';

/** The builder's titles. */
export const NEW_RULE_TITLE = 'New rule';
export const EDIT_RULE_TITLE = 'Edit rule';
/** Said when the rule to edit cannot be loaded and the server gave no reason. */
export const RULE_FAILED = 'Unable to load this rule right now.';
/** Heads the numbers a preset asks the user to set. */
export const PRESET_ASKS_HEADING = 'Before you save, set these for your account:';

/** A new rule: blank, or a preset's (?preset=<id>), in the browser's time zone. */
function NewRule() {
  const [params] = useSearchParams();
  const presetId = params.get('preset');
  const preset = RULE_PRESETS.find((candidate) => candidate.id === presetId);
  // Computed once: the machine and the form start from it and keep their own state after.
  const initial = useMemo(
    () => (preset ? preset.definition(browserTimeZone()) : blankRule(browserTimeZone())),
    [preset],
  );
  return (
    <>
      {preset && preset.asks.length > 0 && (
        <Alert severity="info">
          {PRESET_ASKS_HEADING}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {preset.asks.map((ask) => (
              <li key={ask}>{ask}</li>
            ))}
          </Box>
        </Alert>
      )}
      <RuleBuilder key={preset?.id ?? 'blank'} initial={initial} />
    </>
  );
}

/** An existing rule: loaded, then its definition (server-only fields taken off) in the builder. */
function EditRule({ id }: { id: string }) {
  const { data, error, isError, isFetching, refetch } = useGetRuleQuery(id);
  const initial = useMemo(() => (data ? definitionOf(data.rule) : null), [data]);
  if (isError && !data) {
    return (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, RULE_FAILED)}
      </RetryAlert>
    );
  }
  if (!initial) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading the rule">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={48} width="40%" />
      </Stack>
    );
  }
  return <RuleBuilder key={id} initial={initial} ruleId={id} />;
}

/** Props of RuleBuilderPage. */
export interface RuleBuilderPageProps {
  /** Whether the role reads rules ('rules:read'); the app decides, as features do not read each other's state. */
  readsRules?: boolean;
  /** Whether the role changes rules ('rules:write'). */
  writesRules?: boolean;
}

/**
 * The rule builder's page: /rules/new (blank, or ?preset=<id> prefilled from a preset, with the
 * numbers it asks for) and /rules/<id>/edit (the rule loaded first). A role that may not change
 * rules is told so, and nothing is asked.
 */
export function RuleBuilderPage({ readsRules = true, writesRules = false }: RuleBuilderPageProps) {
  const { id } = useParams<{ id: string }>();
  const title = id ? EDIT_RULE_TITLE : NEW_RULE_TITLE;
  let content;
  if (!writesRules) content = <Alert severity="info">{readsRules ? RULES_READ_ONLY : RULES_NOT_FOR_ROLE}</Alert>;
  else content = id ? <EditRule id={id} /> : <NewRule />;
  return <SimplePage title={title}>{content}</SimplePage>;
}
