import { errorMessage } from '@client/api/errors';
import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { Box, Button, Stack, Step, StepButton, StepLabel, Stepper, Typography } from '@mui/material';
import type { RuleDefinition } from '@shared/api/rules';
import { Formik, type FormikTouched, setNestedObjectValues, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { ActionStep } from './ActionStep';
import { ConditionGroupsStep } from './ConditionGroupsStep';
import { DryRunStep, SAVE_FAILED } from './DryRunStep';
import { RULE_FORM_STEPS, type RuleFormStep, stepIndexOf } from './ruleBuilder.machine';
import { errorField, STEP_TITLES, stepErrors, validateRule } from './ruleForm';
import { ScheduleStep } from './ScheduleStep';
import { type RuleBuilderFlow, useRuleBuilderFlow } from './useRuleBuilderFlow';

/** The buttons that move between steps. */
export const NEXT_LABEL = 'Next';
export const BACK_LABEL = 'Back';
/** Said under "Dry run" in the stepper once the rule changed after its dry run. */
export const STALE_STEP_LABEL = 'Out of date';

/** The toast once a rule is saved. */
export const savedText = (name: string, editing: boolean) =>
  editing ? `Changes to “${name}” saved.` : `Rule “${name}” saved.`;

const HEADING_ID = 'rule-builder-step';

interface BuilderFormProps extends RuleBuilderFlow {
  editing: boolean;
}

/** The steps as the stepper shows them: earlier ones can be gone back to, "Dry run" says when it is out of date. */
function BuilderStepper({ snapshot, send }: RuleBuilderFlow) {
  const active = stepIndexOf(snapshot.value);
  const busy = snapshot.matches('saving') || snapshot.matches('saved');
  return (
    <Stepper activeStep={active} aria-label="Steps" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {STEP_TITLES.map((title, index) => {
        const formStep: RuleFormStep | undefined = RULE_FORM_STEPS[index];
        const optional =
          index === RULE_FORM_STEPS.length && snapshot.context.dryRunStale ? (
            <Typography variant="caption" color="warning.main">
              {STALE_STEP_LABEL}
            </Typography>
          ) : undefined;
        return (
          <Step key={title} completed={index < active}>
            {formStep && index < active && !busy ? (
              <StepButton optional={optional} onClick={() => send({ type: 'GOTO', step: formStep })}>
                {title}
              </StepButton>
            ) : (
              <StepLabel optional={optional}>{title}</StepLabel>
            )}
          </Step>
        );
      })}
    </Stepper>
  );
}

function BuilderForm({ snapshot, send, editing }: BuilderFormProps) {
  const { values, touched, validateForm, setTouched, setFieldTouched, setFieldError } =
    useFormikContext<RuleDefinition>();
  const navigate = useNavigate();
  const stepIndex = stepIndexOf(snapshot.value);
  const step: RuleFormStep | undefined = RULE_FORM_STEPS[stepIndex];
  const busy = snapshot.matches('saving') || snapshot.matches('saved');
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [refusedNext, setRefusedNext] = useState(0);

  // Every change of the form goes to the machine (the dry run and the save send what it holds).
  const reported = useRef(values);
  useEffect(() => {
    if (reported.current === values) return;
    reported.current = values;
    send({ type: 'CHANGE', definition: values });
  }, [values, send]);

  // A new step: focus goes to its heading, so a keyboard or screen reader user starts there.
  const shownStep = useRef(stepIndex);
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    headingRef.current?.focus();
  }, [stepIndex]);

  // A refused Next: focus goes to the first field that says why.
  useEffect(() => {
    if (refusedNext > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedNext]);

  // A server's 400 that names a field: its message goes on that field too.
  const serverError = snapshot.context.saveError ?? snapshot.context.dryRunError;
  useEffect(() => {
    const field = errorField(serverError);
    if (!field) return;
    void setFieldTouched(field, true, false);
    setFieldError(field, errorMessage(serverError, SAVE_FAILED));
  }, [serverError, setFieldTouched, setFieldError]);

  // Saved: back to the list, which says so.
  const saved = snapshot.context.saved;
  useEffect(() => {
    if (!saved) return;
    notify(savedText(saved.name, editing), 'success');
    void navigate(paths.rules);
  }, [saved, editing, navigate]);

  const next = async () => {
    if (!step) return;
    const errors = await validateForm();
    const here = stepErrors(errors, step);
    const valid = Object.keys(here).length === 0;
    if (!valid) {
      await setTouched({ ...touched, ...setNestedObjectValues<FormikTouched<RuleDefinition>>(here, true) }, false);
      setRefusedNext((count) => count + 1);
    }
    send({ type: 'VALIDITY', valid });
    send({ type: 'NEXT' });
  };

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-labelledby={HEADING_ID}
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      <Stack spacing={3}>
        <BuilderStepper snapshot={snapshot} send={send} />
        <Typography id={HEADING_ID} ref={headingRef} tabIndex={-1} variant="h2" sx={{ outline: 'none' }}>
          {STEP_TITLES[stepIndex]}
        </Typography>
        {step === 'conditions' && <ConditionGroupsStep />}
        {step === 'actions' && <ActionStep />}
        {step === 'schedule' && <ScheduleStep />}
        {step === undefined && (
          <DryRunStep
            snapshot={snapshot}
            send={send}
            editing={editing}
            onGoTo={(target) => send({ type: 'GOTO', step: target })}
          />
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {stepIndex > 0 && (
            <Button variant="outlined" disabled={busy} onClick={() => send({ type: 'BACK' })}>
              {BACK_LABEL}
            </Button>
          )}
          {step && (
            <Button type="submit" variant="contained">
              {NEXT_LABEL}
            </Button>
          )}
          <Button component={RouterLink} to={paths.rules} disabled={busy} sx={{ ml: { sm: 'auto' } }}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Props of RuleBuilder. */
export interface RuleBuilderProps {
  /** What the form starts from: the blank rule, a preset, or the rule being edited (without its server-only fields). */
  initial: RuleDefinition;
  /** The rule being edited; a new rule without. */
  ruleId?: string;
}

/**
 * The rule builder: a Formik form over a RuleDefinition, validated with the shared schema the
 * server runs, in four steps driven by the rule builder machine: Conditions, Action, Schedule
 * and Dry run (which runs on entering, then offers Save). Next checks only the step's own
 * fields; a server's 400 naming a field puts its message on that field. Saved, it goes back to
 * the rules list.
 */
export function RuleBuilder({ initial, ruleId }: RuleBuilderProps) {
  const flow = useRuleBuilderFlow(initial, ruleId);
  return (
    <Formik<RuleDefinition> initialValues={initial} validate={validateRule} onSubmit={() => undefined}>
      <BuilderForm snapshot={flow.snapshot} send={flow.send} editing={ruleId !== undefined} />
    </Formik>
  );
}
