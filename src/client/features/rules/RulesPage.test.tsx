import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import {
  cpaRuleBody,
  type FakeRulesOptions,
  fakeRulesServer,
  pendingActionBody,
  ruleBody,
} from '@client/test/rules.handlers';
import { server } from '@client/test/server';
import { type Role, roleCan } from '@shared/access/policy';
import { RULE_MESSAGES, RULE_PRESETS } from '@shared/api/rules';
import { PLATFORM_LABELS } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { APPROVE_LABEL, PENDING_HEADING, PENDING_READ_ONLY, REJECT_LABEL } from './PendingApprovals';
import { PRESETS_HEADING, USE_PRESET_LABEL } from './RulePresets';
import { DELETE_LABEL, EDIT_LABEL, enabledLabel } from './RuleRow';
import { NO_RULES, RULES_NOT_FOR_ROLE, RULES_READ_ONLY, START_HERE_TEXT } from './RulesEmpty';
import { DELETE_TEXT, NEW_RULE_LABEL, RULES_FAILED, RULES_HEADING, RULES_INTRO, RulesPage } from './RulesPage';

const PAUSE = ruleBody();
const CPA = cpaRuleBody();
const PENDING = pendingActionBody();

interface SetupOptions extends FakeRulesOptions {
  role?: Role;
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The page for a signed-in user (the owner by default), with the builder's routes stubbed to see where links lead. */
function setup({ role = 'owner', overrides = [], ...options }: SetupOptions = {}) {
  const fake = fakeRulesServer(options);
  server.use(...fake.handlers);
  server.use(...overrides);
  const session = signedInSession({ workspace: { id: '00000000-0000-4000-8000-00000000acme', role } });
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path={paths.rules}
        element={<RulesPage readsRules={roleCan(role, 'rules:read')} writesRules={roleCan(role, 'rules:write')} />}
      />
      <Route path={paths.newRule} element={<p>The builder</p>} />
      <Route path={paths.editRule} element={<p>The builder, editing</p>} />
    </Routes>,
    { route: paths.rules, preloadedState: { session } },
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Automated rules' })).toBeInTheDocument();
  expect(screen.getByText(RULES_INTRO)).toBeInTheDocument();
  return { ...rendered, fake };
}

const rulesList = () => screen.findByRole('list', { name: RULES_HEADING });
const ruleRow = async (name: string) => within(await rulesList()).findByRole('listitem', { name });
const pendingList = () => screen.findByRole('list', { name: PENDING_HEADING });
const toasts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

describe('RulesPage: the list', () => {
  it('shows a loading state, then each rule with what it does and its last run', async () => {
    setup();
    expect(screen.getByRole('status', { name: 'Loading rules' })).toBeInTheDocument();

    const pause = await ruleRow(PAUSE.name);
    for (const line of PAUSE.summary) expect(within(pause).getByText(line)).toBeInTheDocument();
    expect(within(pause).getByText(/^Last run .*: judged 42 · matched 3 · acted 2 · failed 0$/)).toBeInTheDocument();
    expect(within(pause).getByRole('switch', { name: enabledLabel(PAUSE.name) })).toBeChecked();

    const cpa = await ruleRow(CPA.name);
    expect(within(cpa).getByText('Not run yet: it runs after the next sync.')).toBeInTheDocument();
    expect(within(cpa).getByRole('switch', { name: enabledLabel(CPA.name) })).not.toBeChecked();
    expect(screen.queryByRole('status', { name: 'Loading rules' })).not.toBeInTheDocument();
  });

  it('turns a rule on with its switch at once, and puts it back when the server refuses', async () => {
    const { user, fake } = setup();
    const cpaSwitch = within(await ruleRow(CPA.name)).getByRole('switch', { name: enabledLabel(CPA.name) });
    await user.click(cpaSwitch);
    expect(cpaSwitch).toBeChecked();
    await waitFor(() => expect(fake.requests.enabled).toEqual([{ id: CPA.id, body: { enabled: true } }]));
    expect(fake.rules().find((rule) => rule.id === CPA.id)?.enabled).toBe(true);

    server.use(
      http.put(api('rules/:id/enabled/'), () =>
        HttpResponse.json({ detail: 'Rules are read-only right now.', code: 'forbidden' }, { status: 403 }),
      ),
    );
    const pauseSwitch = within(await ruleRow(PAUSE.name)).getByRole('switch', { name: enabledLabel(PAUSE.name) });
    await user.click(pauseSwitch);
    await waitFor(() => expect(toasts()).toContain('Rules are read-only right now.'));
    await waitFor(() => expect(pauseSwitch).toBeChecked());
  });

  it('deletes a rule only once the dialog is confirmed', async () => {
    const { user, fake } = setup();
    const pause = await ruleRow(PAUSE.name);
    const remove = within(pause).getByRole('button', { name: DELETE_LABEL });
    expect(remove).toHaveAccessibleDescription(PAUSE.name);

    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: `Delete “${PAUSE.name}”?` });
    expect(within(dialog).getByText(DELETE_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.deleted).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: `Delete “${PAUSE.name}”?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.requests.deleted).toEqual([PAUSE.id]));
    await waitFor(() => expect(toasts()).toContain(`Rule “${PAUSE.name}” deleted.`));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: RULES_HEADING })).queryByRole('listitem', { name: PAUSE.name }),
      ).not.toBeInTheDocument(),
    );
    expect(await ruleRow(CPA.name)).toBeInTheDocument();
  });

  it('links New rule and Edit to the builder', async () => {
    const { user } = setup();
    const edit = within(await ruleRow(CPA.name)).getByRole('link', { name: EDIT_LABEL });
    expect(edit).toHaveAttribute('href', `/rules/${CPA.id}/edit`);
    expect(edit).toHaveAccessibleDescription(CPA.name);
    expect(screen.getByRole('link', { name: NEW_RULE_LABEL })).toHaveAttribute('href', paths.newRule);
    await user.click(edit);
    expect(await screen.findByText('The builder, editing')).toBeInTheDocument();
  });

  it('says there are no rules yet, and offers the presets', async () => {
    setup({ rules: [], pending: [] });
    expect(await screen.findByText(NO_RULES)).toBeInTheDocument();
    expect(screen.getByText(START_HERE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: RULES_HEADING })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PENDING_HEADING })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: PRESETS_HEADING })).toBeInTheDocument();
  });

  it('says why the list failed, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({
      overrides: [http.get(api('rules/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined))],
    });
    const failure = await screen.findByText(RULES_FAILED);
    expect(failure.closest('[role="alert"]')).toHaveTextContent('Retry');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await ruleRow(PAUSE.name)).toBeInTheDocument();
  });
});

describe('RulesPage: presets', () => {
  it('lists every preset with why and what to set, each opening the builder prefilled', async () => {
    const { user } = setup();
    const presets = await screen.findByRole('list', { name: PRESETS_HEADING });
    expect(
      within(presets)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(RULE_PRESETS.map((preset) => preset.title));
    expect(within(presets).getAllByRole('link', { name: USE_PRESET_LABEL })).toHaveLength(RULE_PRESETS.length);

    const scale = RULE_PRESETS.find((preset) => preset.id === 'scale-roas')!;
    const card = within(presets).getByRole('listitem', { name: scale.title });
    expect(within(card).getByText(scale.why)).toBeInTheDocument();
    for (const ask of scale.asks) expect(within(card).getByText(ask)).toBeInTheDocument();
    const use = within(card).getByRole('link', { name: USE_PRESET_LABEL });
    expect(use).toHaveAccessibleDescription(scale.title);
    expect(use).toHaveAttribute('href', `/rules/new?preset=${scale.id}`);

    await user.click(use);
    expect(await screen.findByText('The builder')).toBeInTheDocument();
    expect(window.location.search).toBe('?preset=scale-roas');
  });
});

describe('RulesPage: waiting for approval', () => {
  it('lists each queued change with its entity, rule, change and why', async () => {
    setup();
    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    expect(
      within(item).getByText(`${PLATFORM_LABELS.google} · Brand · Rule “Pause ads whose CTR halved”`),
    ).toBeInTheDocument();
    expect(within(item).getByText(PENDING.change_lines[0])).toBeInTheDocument();
    expect(within(item).getByText(`Why: ${PENDING.reasons[0]}`)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: APPROVE_LABEL })).toHaveAccessibleDescription('Ad “Spring sale”');
  });

  it('approves a change: written at the platform, said in a toast, and gone from the queue', async () => {
    const { user, fake } = setup();
    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    await user.click(within(item).getByRole('button', { name: APPROVE_LABEL }));
    await waitFor(() => expect(fake.requests.approved).toEqual([PENDING.id]));
    await waitFor(() => expect(toasts()).toContain(`Approved: ${PENDING.change_lines[0]}`));
    await waitFor(() => expect(screen.queryByRole('region', { name: PENDING_HEADING })).not.toBeInTheDocument());
  });

  it("says the platform's words when an approved change was refused", async () => {
    const refusal = RULE_MESSAGES.refused('Google Ads', 'the ad is in review');
    const { user } = setup({ approve: (item) => ({ ...item, status: 'failed', error: refusal }) });
    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    await user.click(within(item).getByRole('button', { name: APPROVE_LABEL }));
    await waitFor(() => expect(toasts()).toContain(`Ad “Spring sale” was not changed: ${refusal}`));
  });

  it('says why when the change is no longer waiting', async () => {
    const { user } = setup({
      overrides: [
        http.post(api('rules/approvals/:id/approve/'), () =>
          HttpResponse.json({ detail: RULE_MESSAGES.notPending, code: 'conflict' }, { status: 409 }),
        ),
      ],
    });
    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    await user.click(within(item).getByRole('button', { name: APPROVE_LABEL }));
    await waitFor(() => expect(toasts()).toContain(RULE_MESSAGES.notPending));
  });

  it('rejects a change: nothing is written, and it leaves the queue', async () => {
    const { user, fake } = setup();
    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    await user.click(within(item).getByRole('button', { name: REJECT_LABEL }));
    await waitFor(() => expect(fake.requests.rejected).toEqual([PENDING.id]));
    await waitFor(() => expect(toasts()).toContain('Rejected: Ad “Spring sale” stays as it is.'));
    expect(fake.requests.approved).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('region', { name: PENDING_HEADING })).not.toBeInTheDocument());
  });
});

describe('RulesPage: roles', () => {
  it('shows a viewer everything read-only: no New rule, switches, Edit, Delete, Approve or presets', async () => {
    const { fake } = setup({ role: 'viewer' });
    const pause = await ruleRow(PAUSE.name);
    expect(within(pause).getByText('On')).toBeInTheDocument();
    expect(within(await ruleRow(CPA.name)).getByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: NEW_RULE_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: EDIT_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DELETE_LABEL })).not.toBeInTheDocument();
    expect(screen.getByText(RULES_READ_ONLY)).toBeInTheDocument();

    const item = within(await pendingList()).getByRole('listitem', { name: 'Ad “Spring sale”' });
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(PENDING_READ_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PRESETS_HEADING })).not.toBeInTheDocument();
    expect(fake.requests.lists).toBe(1);
  });

  it('tells a viewer with no rules yet only what rules are, once that it cannot add one', async () => {
    setup({ role: 'viewer', rules: [], pending: [] });
    expect(await screen.findByText(NO_RULES)).toBeInTheDocument();
    expect(screen.queryByText(START_HERE_TEXT)).not.toBeInTheDocument();
    expect(screen.getAllByText(RULES_READ_ONLY)).toHaveLength(1);
  });

  it('gives a manager the same controls as the owner', async () => {
    setup({ role: 'manager' });
    expect(
      within(await ruleRow(PAUSE.name)).getByRole('switch', { name: enabledLabel(PAUSE.name) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NEW_RULE_LABEL })).toBeInTheDocument();
    expect(within(await pendingList()).getByRole('button', { name: APPROVE_LABEL })).toBeInTheDocument();
  });

  it('tells a client rules are not part of the role, and asks nothing', () => {
    const { fake } = setup({ role: 'client' });
    expect(screen.getByText(RULES_NOT_FOR_ROLE)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading rules' })).not.toBeInTheDocument();
    expect(fake.requests.lists).toBe(0);
  });
});
