import { editRulePath, newRulePath, paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import {
  cpaRuleBody,
  dryRunBody,
  type FakeRulesOptions,
  fakeRulesServer,
  ruleBody,
  SECOND_RULE_ID,
} from '@client/test/rules.handlers';
import { server } from '@client/test/server';
import { type Role, roleCan } from '@shared/access/policy';
import { blankRule, RULE_MESSAGES, RULE_PRESETS, type RuleDefinition } from '@shared/api/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { APPROVAL_LABEL, REVIVE_LABEL } from './ActionStep';
import { ADD_GROUP_LABEL, addConditionLabel, removeGroupLabel } from './ConditionGroupsStep';
import { removeConditionLabel } from './ConditionRow';
import { DRY_RUN_STALE, FIRINGS_TABLE_LABEL, RUN_AGAIN_LABEL } from './DryRunStep';
import { BACK_LABEL, NEXT_LABEL, STALE_STEP_LABEL } from './RuleBuilder';
import { EDIT_RULE_TITLE, NEW_RULE_TITLE, PRESET_ASKS_HEADING, RULE_FAILED, RuleBuilderPage } from './RuleBuilderPage';
import { RULES_NOT_FOR_ROLE, RULES_READ_ONLY } from './RulesEmpty';
import { ADD_TIME_LABEL, removeTimeLabel } from './ScheduleStep';

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const PAUSE_PRESET = RULE_PRESETS.find((preset) => preset.id === 'pause-no-conversion')!;
const SCALE_PRESET = RULE_PRESETS.find((preset) => preset.id === 'scale-roas')!;

interface SetupOptions extends FakeRulesOptions {
  route?: string;
  role?: Role;
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The builder for a signed-in owner (no rules saved yet by default), with the list's route stubbed to see where Save leads. */
function setup({ route = paths.newRule, role = 'owner', overrides = [], rules = [], ...options }: SetupOptions = {}) {
  const fake = fakeRulesServer({ rules, ...options });
  server.use(...fake.handlers);
  server.use(...overrides);
  const session = signedInSession({ workspace: { id: '00000000-0000-4000-8000-00000000acme', role } });
  const page = <RuleBuilderPageFor role={role} />;
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.rules} element={<p>The rules list</p>} />
      <Route path={paths.newRule} element={page} />
      <Route path={paths.editRule} element={page} />
    </Routes>,
    { route, preloadedState: { session } },
  );
  return { ...rendered, fake };
}

function RuleBuilderPageFor({ role }: { role: Role }) {
  return <RuleBuilderPage readsRules={roleCan(role, 'rules:read')} writesRules={roleCan(role, 'rules:write')} />;
}

const form = () => screen.getByRole('form');
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const condition = (group: number, index: number) =>
  screen.getByRole('group', { name: `Group ${group}, condition ${index}` });
const toasts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

type User = ReturnType<typeof setup>['user'];

async function next(user: User) {
  await user.click(screen.getByRole('button', { name: NEXT_LABEL }));
}

/** Types into an input after clearing it. */
async function retype(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

/** Goes from the conditions to the dry run's result. */
async function toDryRunResult(user: User) {
  await next(user);
  await stepHeading('Action');
  await next(user);
  await stepHeading('Schedule');
  await next(user);
  await stepHeading('Dry run');
  return screen.findByText(/^Over /);
}

describe('RuleBuilder: from a preset to a saved rule', () => {
  it('steps through the preset, shows the dry run, and saves the definition', async () => {
    // The dry run waits until the test has seen it running, then the fake answers.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { user, fake } = setup({
      route: newRulePath(PAUSE_PRESET.id),
      overrides: [
        http.post(api('rules/dry-run/'), async () => {
          await released;
          return undefined;
        }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: NEW_RULE_TITLE })).toBeInTheDocument();
    expect(screen.getByText(PRESET_ASKS_HEADING)).toBeInTheDocument();
    expect(screen.getByText(PAUSE_PRESET.asks[0])).toBeInTheDocument();
    for (const title of ['Conditions', 'Action', 'Schedule', 'Dry run'])
      expect(within(screen.getByLabelText('Steps')).getByText(title)).toBeInTheDocument();

    // Conditions, as the preset sets them.
    expect(await stepHeading('Conditions')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Rule name' })).toHaveValue(PAUSE_PRESET.definition(TIME_ZONE).name);
    expect(screen.getByRole('combobox', { name: 'Applies to' })).toHaveValue('ad');
    expect(within(condition(1, 1)).getByRole('combobox', { name: 'Metric' })).toHaveValue('spend');
    expect(within(condition(1, 1)).getByRole('textbox', { name: 'Days' })).toHaveValue('7');
    expect(within(condition(1, 1)).getByRole('textbox', { name: 'Value' })).toHaveValue('2000');
    expect(within(condition(1, 2)).getByRole('combobox', { name: 'Comparison' })).toHaveValue('eq');

    await next(user);
    expect(await stepHeading('Action')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('pause');
    expect(screen.getByRole('checkbox', { name: REVIVE_LABEL })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: APPROVAL_LABEL })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Cooldown (hours)' })).toHaveValue('24');

    await next(user);
    expect(await stepHeading('Schedule')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'After each sync' })).toBeChecked();

    await next(user);
    expect(await stepHeading('Dry run')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Running the dry run' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rule' })).not.toBeInTheDocument();
    release();
    expect(
      await screen.findByText('Over 8 Dec 2029 – 6 Jan 2030, this rule would have acted 3 times on 2 entities.'),
    ).toBeInTheDocument();
    expect(fake.requests.dryRuns).toEqual([PAUSE_PRESET.definition(TIME_ZONE)]);

    const table = screen.getByRole('table', { name: FIRINGS_TABLE_LABEL });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Day',
      'Platform',
      'Account',
      'Entity',
      'Action',
      'Why',
      'Spend in the 7 days after',
      'Conversions in the 7 days after',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '20 Dec 2029',
      'Meta',
      'Main store',
      'Lookalike 3',
      'Pause',
      'Spend (last 7 days) ₹2,450.00 > ₹2,000.00; Conversions (last 7 days) 0 = 0',
      '₹2,380.50',
      '1',
    ]);
    expect(within(rows[2]).getByText('$310.25')).toBeInTheDocument();
    expect(
      screen.getByText('Held back: 4 by the minimum-data guard, 2 by the cooldown, 0 by the most actions per run.'),
    ).toBeInTheDocument();
    for (const line of [...dryRunBody().effect, ...dryRunBody().caveats])
      expect(screen.getByText(line)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(fake.requests.created).toEqual([PAUSE_PRESET.definition(TIME_ZONE)]));
    expect(await screen.findByText('The rules list')).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.rules);
    await waitFor(() => expect(toasts()).toContain(`Rule “${PAUSE_PRESET.definition(TIME_ZONE).name}” saved.`));
    expect(fake.rules()).toHaveLength(1);
  });

  it("puts a server's 400 on the field it names, and saves once it is put right", async () => {
    // The preset's name is taken by a rule saved before.
    const { user, fake } = setup({ route: newRulePath(PAUSE_PRESET.id), rules: [ruleBody()] });
    await stepHeading('Conditions');
    await toDryRunResult(user);
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    const failure = await within(form()).findByText(RULE_MESSAGES.nameTaken);
    expect(failure.closest('[role="alert"]')).toBeInTheDocument();
    // Back on the result: the dry run is not run again for a refused save.
    expect(screen.getByText(/would have acted 3 times/)).toBeInTheDocument();
    expect(fake.requests.dryRuns).toHaveLength(1);

    await user.click(within(form()).getByRole('button', { name: 'Go to Conditions' }));
    expect(await stepHeading('Conditions')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Rule name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(RULE_MESSAGES.nameTaken);

    await retype(user, name, 'Pause the ads that never convert');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await toDryRunResult(user);
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('The rules list')).toBeInTheDocument();
    expect(fake.requests.created).toHaveLength(2);
    expect((fake.requests.created[1] as RuleDefinition).name).toBe('Pause the ads that never convert');
  });
});

describe('RuleBuilder: the conditions step', () => {
  it("blocks Next with the shared schema's message on the field, and focuses it", async () => {
    const { user, fake } = setup();
    await stepHeading('Conditions');
    await next(user);
    const name = screen.getByRole('textbox', { name: 'Rule name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name: give the rule a name.'));
    expect(name).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Conditions' })).toBeInTheDocument();

    await user.type(name, 'Watch CPA');
    const days = within(condition(1, 1)).getByRole('textbox', { name: 'Days' });
    await retype(user, days, '91');
    await next(user);
    await waitFor(() =>
      expect(days).toHaveAccessibleDescription('Group 1, condition 1 — days: windows are at most 90 days.'),
    );
    expect(days).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Conditions' })).toBeInTheDocument();

    // An emptied number is "not set", not 0.
    await retype(user, days, '');
    await next(user);
    await waitFor(() =>
      expect(days).toHaveAccessibleDescription(
        'Group 1, condition 1 — days: give a whole number of days from 2 to 90.',
      ),
    );

    await retype(user, days, '30');
    await next(user);
    expect(await stepHeading('Action')).toBeInTheDocument();
    expect(fake.requests.dryRuns).toEqual([]);
  });

  it('adds and removes conditions and groups, each named by its place, and sends what they hold', async () => {
    const { user, fake } = setup();
    await stepHeading('Conditions');
    await user.type(screen.getByRole('textbox', { name: 'Rule name' }), 'Watch spend pacing');
    expect(screen.getByRole('button', { name: removeConditionLabel(0, 0) })).toBeDisabled();
    expect(screen.getByRole('button', { name: removeGroupLabel(0) })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'The rule matches when' })).not.toBeInTheDocument();

    // Condition 1: today's spend over half the daily budget (a state: no window of its own).
    const first = condition(1, 1);
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Window' }), 'Today');
    expect(within(first).queryByRole('textbox', { name: 'Days' })).not.toBeInTheDocument();
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Metric' }), 'Spend');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Compare with' }),
      'another metric × a factor',
    );
    expect(within(first).queryByRole('textbox', { name: 'Value' })).not.toBeInTheDocument();
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Other metric' }), 'Daily budget');
    expect(within(first).queryByRole('combobox', { name: 'Its window' })).not.toBeInTheDocument();
    await retype(user, within(first).getByRole('textbox', { name: 'Factor' }), '0.5');

    // Condition 2 of group 1: CTR below 0.8 × its 14-day average; then a third, removed again.
    await user.click(screen.getByRole('button', { name: addConditionLabel(0) }));
    const second = condition(1, 2);
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Metric' }), 'CTR (%)');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Comparison' }), 'lt');
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Compare with' }),
      'its own average × a factor',
    );
    await retype(user, within(second).getByRole('textbox', { name: 'Average days' }), '14');
    await retype(user, within(second).getByRole('textbox', { name: 'Factor' }), '0.8');
    await user.click(screen.getByRole('button', { name: addConditionLabel(0) }));
    expect(condition(1, 3)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: removeConditionLabel(0, 2) }));
    expect(screen.queryByRole('group', { name: 'Group 1, condition 3' })).not.toBeInTheDocument();

    // Group 2: days running at least 3; any group matching is enough.
    await user.click(screen.getByRole('button', { name: ADD_GROUP_LABEL }));
    const other = condition(2, 1);
    await user.selectOptions(within(other).getByRole('combobox', { name: 'Metric' }), 'Days running');
    expect(within(other).queryByRole('combobox', { name: 'Window' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('option', { name: 'its own average × a factor' })).not.toBeInTheDocument();
    await user.selectOptions(within(other).getByRole('combobox', { name: 'Comparison' }), 'gte');
    await retype(user, within(other).getByRole('textbox', { name: 'Value' }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'The rule matches when' }), 'any group matches');
    await user.click(screen.getByRole('checkbox', { name: 'Meta' }));
    await user.type(screen.getByRole('textbox', { name: 'Name contains' }), ' Sale ');

    await toDryRunResult(user);
    const sent = fake.requests.dryRuns[0] as RuleDefinition;
    const blank = blankRule(TIME_ZONE);
    expect(sent).toEqual({
      ...blank,
      name: 'Watch spend pacing',
      scope: { platforms: ['meta'], accounts: [], name_contains: 'Sale' },
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            {
              metric: 'spend',
              window: 'today',
              days: null,
              operator: 'gt',
              compare: { kind: 'metric', value: null, metric: 'budget', window: 'today', days: null, factor: 0.5 },
            },
            {
              metric: 'ctr',
              window: 'last_n_days',
              days: 7,
              operator: 'lt',
              compare: { kind: 'average', value: null, metric: null, window: 'last_n_days', days: 14, factor: 0.8 },
            },
          ],
        },
        {
          match: 'all',
          conditions: [
            {
              metric: 'days_running',
              window: 'today',
              days: null,
              operator: 'gte',
              compare: { kind: 'value', value: 3, metric: null, window: null, days: null, factor: null },
            },
          ],
        },
      ],
    });
  });
});

describe('RuleBuilder: the action and schedule steps', () => {
  it('offers only the actions the level allows, and asks a raised budget for its cap', async () => {
    const { user } = setup();
    await stepHeading('Conditions');
    await user.type(screen.getByRole('textbox', { name: 'Rule name' }), 'Scale winners');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'Ads');
    await next(user);
    await stepHeading('Action');
    const options = () =>
      within(screen.getByRole('combobox', { name: 'Action' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options()).toEqual(['Notify me', 'Pause', 'Resume']);
    // A notice has nothing to approve or revive.
    expect(screen.queryByRole('checkbox', { name: APPROVAL_LABEL })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Resume');
    expect(screen.getByRole('checkbox', { name: APPROVAL_LABEL })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: REVIVE_LABEL })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: BACK_LABEL }));
    await stepHeading('Conditions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'Campaigns');
    await next(user);
    await stepHeading('Action');
    expect(options()).toEqual(['Notify me', 'Pause', 'Resume', 'Raise daily budget', 'Lower daily budget']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Raise daily budget');
    expect(screen.getByRole('textbox', { name: 'Budget change (%)' })).toHaveValue('10');
    await next(user);
    const cap = screen.getByRole('textbox', { name: 'Highest daily budget' });
    await waitFor(() =>
      expect(cap).toHaveAccessibleDescription(
        'Highest daily budget: a budget the rule raises needs a cap it never goes above.',
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Action' })).toBeInTheDocument();
    await user.type(cap, '50000');
    await next(user);
    expect(await stepHeading('Schedule')).toBeInTheDocument();
  });

  it('runs at set times in the browser’s time zone, each time checked', async () => {
    const { user, fake } = setup({ route: newRulePath(SCALE_PRESET.id) });
    await stepHeading('Conditions');
    await next(user);
    await stepHeading('Action');
    expect(screen.getByRole('textbox', { name: 'Highest daily budget' })).toHaveValue('50000');
    await next(user);
    await stepHeading('Schedule');
    await user.click(screen.getByRole('radio', { name: 'At set times' }));
    expect(screen.getByRole('textbox', { name: 'Time 1' })).toHaveValue('09:00');
    expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveValue(TIME_ZONE);
    expect(screen.getByRole('button', { name: removeTimeLabel(0) })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: ADD_TIME_LABEL }));
    const second = screen.getByRole('textbox', { name: 'Time 2' });
    await retype(user, second, '25:00');
    await next(user);
    await waitFor(() =>
      expect(second).toHaveAccessibleDescription('Run at, time 2: give a time as HH:MM, 00:00 to 23:59.'),
    );
    await retype(user, second, '17:30');
    await next(user);
    await stepHeading('Dry run');
    await screen.findByText(/^Over /);
    expect((fake.requests.dryRuns[0] as RuleDefinition).schedule).toEqual({
      kind: 'times',
      times: ['09:00', '17:30'],
      time_zone: TIME_ZONE,
    });
  });
});

describe('RuleBuilder: the dry run', () => {
  it('says why a dry run failed, and Run again runs it again', async () => {
    let fail = true;
    const { user, fake } = setup({
      route: newRulePath(PAUSE_PRESET.id),
      overrides: [
        http.post(api('rules/dry-run/'), () =>
          fail
            ? HttpResponse.json(
                { detail: 'The metrics are being rebuilt.', code: 'service_unavailable' },
                { status: 503 },
              )
            : undefined,
        ),
      ],
    });
    await stepHeading('Conditions');
    await next(user);
    await stepHeading('Action');
    await next(user);
    await stepHeading('Schedule');
    await next(user);
    const failure = await within(form()).findByText('The metrics are being rebuilt.');
    expect(screen.queryByRole('button', { name: 'Save rule' })).not.toBeInTheDocument();
    fail = false;
    await user.click(
      within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: RUN_AGAIN_LABEL }),
    );
    expect(await screen.findByText(/would have acted 3 times/)).toBeInTheDocument();
    expect(fake.requests.dryRuns).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: RUN_AGAIN_LABEL }));
    await waitFor(() => expect(fake.requests.dryRuns).toHaveLength(2));
    expect(await screen.findByText(/would have acted 3 times/)).toBeInTheDocument();
  });

  it('says when nothing would have fired', async () => {
    const { user } = setup({
      route: newRulePath(PAUSE_PRESET.id),
      dryRun: dryRunBody({ firings: [], effect: [], caveats: [] }),
    });
    await stepHeading('Conditions');
    await toDryRunResult(user);
    expect(
      screen.getByText(
        'Over 8 Dec 2029 – 6 Jan 2030, this rule would not have acted: none of the 18 entities in scope met its conditions.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('marks the dry run out of date once the rule changes after it, and runs it again on the way back', async () => {
    const { user, fake } = setup({ route: newRulePath(PAUSE_PRESET.id) });
    await stepHeading('Conditions');
    await toDryRunResult(user);
    expect(screen.queryByText(STALE_STEP_LABEL)).not.toBeInTheDocument();
    expect(screen.queryByText(DRY_RUN_STALE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: BACK_LABEL }));
    await stepHeading('Schedule');
    await user.click(screen.getByRole('button', { name: BACK_LABEL }));
    await stepHeading('Action');
    await retype(user, screen.getByRole('textbox', { name: 'Cooldown (hours)' }), '48');
    expect(within(screen.getByLabelText('Steps')).getByText(STALE_STEP_LABEL)).toBeInTheDocument();

    await next(user);
    await stepHeading('Schedule');
    await next(user);
    await screen.findByText(/^Over /);
    expect(fake.requests.dryRuns).toHaveLength(2);
    expect((fake.requests.dryRuns[1] as RuleDefinition).cooldown_hours).toBe(48);
    expect(screen.queryByText(STALE_STEP_LABEL)).not.toBeInTheDocument();
  });
});

describe('RuleBuilder: editing a rule', () => {
  it('loads the rule, and saves the changes without the server-only fields', async () => {
    const saved = cpaRuleBody();
    const { user, fake } = setup({ route: editRulePath(SECOND_RULE_ID), rules: [saved] });
    expect(screen.getByRole('heading', { level: 1, name: EDIT_RULE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the rule' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Rule name' });
    expect(name).toHaveValue(saved.name);
    expect(within(condition(1, 1)).getByRole('combobox', { name: 'Compare with' })).toHaveValue('average');
    expect(within(condition(1, 1)).getByRole('textbox', { name: 'Factor' })).toHaveValue('1.5');

    await retype(user, name, 'CPA well above its average');
    await toDryRunResult(user);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The rules list')).toBeInTheDocument();
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      created_by: _by,
      summary: _summary,
      last_run: _run,
      ...definition
    } = saved;
    expect(fake.requests.updated).toEqual([
      { id: SECOND_RULE_ID, body: { ...definition, name: 'CPA well above its average' } },
    ]);
    expect(fake.requests.created).toEqual([]);
    await waitFor(() => expect(toasts()).toContain('Changes to “CPA well above its average” saved.'));
  });

  it('says why a rule cannot be loaded, with Retry', async () => {
    setup({ route: editRulePath('00000000-0000-4000-8000-6000000000ff') });
    expect(await screen.findByText(RULE_MESSAGES.notFound, { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(RULE_FAILED).toBe('Unable to load this rule right now.');
  });
});

describe('RuleBuilder: roles', () => {
  it.each<[Role, string]>([
    ['viewer', RULES_READ_ONLY],
    ['client', RULES_NOT_FOR_ROLE],
  ])('tells a %s the builder is not for the role, and asks nothing', (role, text) => {
    const { fake } = setup({ role, route: editRulePath(SECOND_RULE_ID), rules: [cpaRuleBody()] });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.requests.reads).toEqual([]);
  });
});
