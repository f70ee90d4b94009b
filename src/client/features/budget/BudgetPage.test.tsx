import { paths } from '@client/lib/paths';
import {
  BRL_ACCOUNT,
  budgetBody,
  type FakeBudgetsOptions,
  fakeBudgetsServer,
  GOOGLE_ACCOUNT,
  googleBudgetBody,
} from '@client/test/budgets.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { type Role, roleCan } from '@shared/access/policy';
import { BUDGET_MESSAGES, BUDGET_SCOPE_LABELS, DEFAULT_PACING_BAND, PACING_STATUS_LABELS } from '@shared/api/budgets';
import { PLATFORM_LABELS } from '@shared/constants';
import { BUDGET_VALIDATION } from '@shared/validation/budgets';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { DELETE_LABEL, EDIT_LABEL } from './BudgetCard';
import {
  ADD_BUDGET_SUBMIT,
  ADD_BUDGET_TITLE,
  BAND_HELP,
  EDIT_BUDGET_SUBMIT,
  editBudgetTitle,
  FIELD_LABELS,
} from './BudgetDialog';
import { pacingSummary } from './budgetFormat';
import { BudgetPage, BUDGETS_FAILED, BUDGETS_HEADING, BUDGETS_INTRO, DELETE_TEXT, deleteTitle } from './BudgetPage';
import { ADD_BUDGET_LABEL, BUDGETS_NOT_FOR_ROLE, BUDGETS_READ_ONLY, NO_BUDGETS } from './BudgetsEmpty';
import {
  ADD_CAP_LABEL,
  capCampaignLabel,
  capMaxLabel,
  capMinLabel,
  CAPS_HEADING,
  NO_CAMPAIGNS,
  removeCapLabel,
} from './CampaignCapsField';
import { OPTIMIZER_HEADING, PROPOSE_LABEL } from './OptimizerPanel';
import { pacingChartName } from './PacingChart';

const WORKSPACE = budgetBody();
const GOOGLE = googleBudgetBody();

interface SetupOptions extends FakeBudgetsOptions {
  role?: Role;
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The page for a signed-in user (the owner by default), with the permissions the app would pass. */
function setup({ role = 'owner', overrides = [], ...options }: SetupOptions = {}) {
  const fake = fakeBudgetsServer(options);
  server.use(...fake.handlers);
  server.use(...overrides);
  const session = signedInSession({ workspace: { id: '00000000-0000-4000-8000-00000000acme', role } });
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path={paths.budget}
        element={
          <BudgetPage
            readsBudgets={roleCan(role, 'dashboard:read')}
            readsOptimizer={roleCan(role, 'suggestions:read')}
            writesBudgets={roleCan(role, 'budgets:write')}
          />
        }
      />
    </Routes>,
    { route: paths.budget, preloadedState: { session } },
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Budgets' })).toBeInTheDocument();
  expect(screen.getByText(BUDGETS_INTRO)).toBeInTheDocument();
  return { ...rendered, fake };
}

const budgetList = () => screen.findByRole('list', { name: BUDGETS_HEADING });
const budgetCard = async (label: string) => within(await budgetList()).findByRole('listitem', { name: label });
const toasts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

describe('BudgetPage: the monthly budgets', () => {
  it('shows a loading state, then each budget with its pacing and chart', async () => {
    setup({ budgets: [WORKSPACE, GOOGLE] });
    expect(screen.getByRole('status', { name: 'Loading budgets' })).toBeInTheDocument();

    const card = await budgetCard(WORKSPACE.label);
    expect(within(card).getByText('$31,000.00 a month')).toBeInTheDocument();
    expect(within(card).getByText(PACING_STATUS_LABELS.on_track)).toBeInTheDocument();
    expect(within(card).getByText('within ±12%')).toBeInTheDocument();
    expect(within(card).getByText('$12,600.00 of $31,000.00 spent (41%)')).toBeInTheDocument();
    expect(within(card).getByText('$27,900.00 ($25,000.00–$30,800.00)')).toBeInTheDocument();
    expect(within(card).getByText(WORKSPACE.pacing.advice)).toBeInTheDocument();

    const chart = within(card).getByRole('img', { name: pacingChartName(WORKSPACE.label) });
    const summary = pacingSummary(WORKSPACE);
    expect(summary).toBe(
      'The whole workspace: $12,600.00 spent by 14 Jan against $14,000.00 on the even line; heading for $27,900.00 ($25,000.00–$30,800.00) against a target of $31,000.00.',
    );
    expect(chart).toHaveAccessibleDescription(summary);
    expect(within(card).getByText(summary)).toBeVisible();

    const google = await budgetCard(GOOGLE.label);
    expect(within(google).getByText(PACING_STATUS_LABELS.over)).toBeInTheDocument();
    expect(within(google).getByText(GOOGLE.pacing.advice)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading budgets' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: OPTIMIZER_HEADING })).toBeInTheDocument();
  });

  it('says there is no budget yet, and offers Add budget to a writer', async () => {
    setup({ budgets: [] });
    expect(await screen.findByText(NO_BUDGETS)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: BUDGETS_HEADING })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: ADD_BUDGET_LABEL })).toHaveLength(1);
  });

  it('says why the list failed, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({
      overrides: [http.get(api('budgets/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined))],
    });
    const failure = await screen.findByText(BUDGETS_FAILED);
    expect(failure.closest('[role="alert"]')).toHaveTextContent('Retry');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await budgetCard(WORKSPACE.label)).toBeInTheDocument();
  });
});

describe('BudgetPage: adding and changing budgets', () => {
  it('adds a budget for one ad account, posting what the form says', async () => {
    const { user, fake } = setup({ budgets: [] });
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });

    // The platform and account fields come with their scope.
    expect(within(dialog).queryByLabelText(new RegExp(FIELD_LABELS.account))).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: BUDGET_SCOPE_LABELS.account }));
    const account = await within(dialog).findByRole('combobox', { name: new RegExp(FIELD_LABELS.account) });
    await waitFor(() =>
      expect(
        within(account).getByRole('option', { name: `${GOOGLE_ACCOUNT.name} (${PLATFORM_LABELS.google})` }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(account, GOOGLE_ACCOUNT.id);
    await user.type(within(dialog).getByRole('spinbutton', { name: new RegExp(FIELD_LABELS.amount) }), '12500');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: new RegExp(FIELD_LABELS.currency) }), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));

    await waitFor(() =>
      expect(fake.requests.created).toEqual([
        {
          scope: 'account',
          platform: null,
          account: GOOGLE_ACCOUNT.id,
          amount: 12500,
          currency: 'EUR',
          campaign_caps: [],
          band: DEFAULT_PACING_BAND,
        },
      ]),
    );
    await waitFor(() => expect(toasts()).toContain('Budget added: Brand (Google Ads).'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await budgetCard('Brand (Google Ads)');
    expect(within(card).getByText('€12,500.00 a month')).toBeInTheDocument();
  });

  it('checks the form before sending it', async () => {
    const { user, fake } = setup({ budgets: [] });
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });
    await user.click(within(dialog).getByRole('radio', { name: BUDGET_SCOPE_LABELS.platform }));
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    expect(await within(dialog).findByText(BUDGET_VALIDATION.badPlatform)).toBeInTheDocument();
    expect(within(dialog).getByText(BUDGET_VALIDATION.badAmount)).toBeInTheDocument();
    expect(fake.requests.created).toEqual([]);
  });

  it("shows the server's refusal of a field on that field", async () => {
    const refusal = 'The monthly amount is too large for this account.';
    const { user, fake } = setup({
      budgets: [],
      overrides: [
        http.post(api('budgets/'), () =>
          HttpResponse.json({ detail: refusal, code: 'validation_failed', field: 'amount' }, { status: 400 }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });
    const amount = within(dialog).getByRole('spinbutton', { name: new RegExp(FIELD_LABELS.amount) });
    await user.type(amount, '5000');
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));

    await waitFor(() => expect(amount).toHaveAccessibleDescription(refusal));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: ADD_BUDGET_TITLE })).toBeInTheDocument();
    expect(fake.requests.created).toEqual([]);
  });

  it('says in the dialog when a budget for that already exists', async () => {
    const { user, fake } = setup({ budgets: [WORKSPACE] });
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });
    // A new budget starts in the currency of the budgets there are.
    expect(within(dialog).getByRole('combobox', { name: new RegExp(FIELD_LABELS.currency) })).toHaveValue('USD');
    await user.type(within(dialog).getByRole('spinbutton', { name: new RegExp(FIELD_LABELS.amount) }), '1000');
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    expect(await within(dialog).findByText(BUDGET_MESSAGES.duplicate)).toBeInTheDocument();
    expect(fake.requests.created).toHaveLength(1);
    expect(fake.budgets()).toHaveLength(1);
  });

  it('edits a budget, sending the whole budget back', async () => {
    const { user, fake } = setup({ budgets: [WORKSPACE, GOOGLE] });
    const google = await budgetCard(GOOGLE.label);
    const edit = within(google).getByRole('button', { name: EDIT_LABEL });
    expect(edit).toHaveAccessibleDescription(GOOGLE.label);
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: editBudgetTitle(GOOGLE.label) });
    expect(within(dialog).getByRole('radio', { name: BUDGET_SCOPE_LABELS.platform })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: new RegExp(FIELD_LABELS.platform) })).toHaveValue('google');
    const amount = within(dialog).getByRole('spinbutton', { name: new RegExp(FIELD_LABELS.amount) });
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(within(dialog).getByRole('button', { name: EDIT_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.updated).toEqual([
        {
          id: GOOGLE.id,
          body: {
            scope: 'platform',
            platform: 'google',
            account: null,
            amount: 12000,
            currency: 'USD',
            campaign_caps: [],
            band: DEFAULT_PACING_BAND,
          },
        },
      ]),
    );
    await waitFor(() => expect(toasts()).toContain('Budget saved: Google Ads.'));
    expect(await within(await budgetCard(GOOGLE.label)).findByText('$12,000.00 a month')).toBeInTheDocument();
  });

  it("sets a budget's pacing band, and says when it would widen through the month", async () => {
    const { user, fake } = setup({ budgets: [WORKSPACE, GOOGLE] });
    await user.click(within(await budgetCard(GOOGLE.label)).getByRole('button', { name: EDIT_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: editBudgetTitle(GOOGLE.label) });
    const start = within(dialog).getByRole('spinbutton', { name: FIELD_LABELS.bandStart });
    const end = within(dialog).getByRole('spinbutton', { name: FIELD_LABELS.bandEnd });
    expect(start).toHaveValue(0.25);
    expect(start).toHaveAccessibleDescription(BAND_HELP);
    await user.clear(end);
    await user.type(end, '0.5');
    await user.click(within(dialog).getByRole('button', { name: EDIT_BUDGET_SUBMIT }));
    expect(await within(dialog).findByText(BUDGET_VALIDATION.bandOrder)).toBeInTheDocument();
    expect(fake.requests.updated).toEqual([]);
    await user.clear(start);
    await user.type(start, '0.1');
    await user.clear(end);
    await user.type(end, '0.1');
    await user.click(within(dialog).getByRole('button', { name: EDIT_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.updated).toEqual([
        {
          id: GOOGLE.id,
          body: {
            scope: 'platform',
            platform: 'google',
            account: null,
            amount: GOOGLE.amount,
            currency: 'USD',
            campaign_caps: [],
            band: { start: 0.1, end: 0.1 },
          },
        },
      ]),
    );
  });

  it('deletes a budget only once the dialog is confirmed', async () => {
    const { user, fake } = setup({ budgets: [WORKSPACE, GOOGLE] });
    const google = await budgetCard(GOOGLE.label);
    const remove = within(google).getByRole('button', { name: DELETE_LABEL });
    expect(remove).toHaveAccessibleDescription(GOOGLE.label);

    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: deleteTitle(GOOGLE.label) });
    expect(within(dialog).getByText(DELETE_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.deleted).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: deleteTitle(GOOGLE.label) });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.requests.deleted).toEqual([GOOGLE.id]));
    await waitFor(() => expect(toasts()).toContain('Budget deleted: Google Ads.'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: BUDGETS_HEADING })).queryByRole('listitem', { name: GOOGLE.label }),
      ).not.toBeInTheDocument(),
    );
    expect(await budgetCard(WORKSPACE.label)).toBeInTheDocument();
  });
});

describe('BudgetPage: campaign caps', () => {
  /** Opens Add budget for the Google account. */
  async function openAccountBudget(user: ReturnType<typeof setup>['user'], account = GOOGLE_ACCOUNT) {
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });
    expect(within(dialog).queryByRole('group', { name: CAPS_HEADING })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: BUDGET_SCOPE_LABELS.account }));
    const picker = await within(dialog).findByRole('combobox', { name: new RegExp(FIELD_LABELS.account) });
    await waitFor(() =>
      expect(
        within(picker).getByRole('option', { name: `${account.name} (${PLATFORM_LABELS[account.platform]})` }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(picker, account.id);
    await user.type(within(dialog).getByRole('spinbutton', { name: new RegExp(FIELD_LABELS.amount) }), '12500');
    return dialog;
  }

  it("caps campaigns of an account budget, labelled with each campaign's name", async () => {
    const { user, fake } = setup({ budgets: [] });
    const dialog = await openAccountBudget(user);
    const caps = await within(dialog).findByRole('group', { name: CAPS_HEADING });
    await user.click(await within(caps).findByRole('button', { name: ADD_CAP_LABEL }));
    await user.selectOptions(within(caps).getByRole('combobox', { name: capCampaignLabel(1) }), 'cmp-1');
    await user.type(within(caps).getByRole('spinbutton', { name: capMinLabel('Brand search') }), '50');
    await user.type(within(caps).getByRole('spinbutton', { name: capMaxLabel('Brand search') }), '200');

    await user.click(within(caps).getByRole('button', { name: ADD_CAP_LABEL }));
    const second = within(caps).getByRole('combobox', { name: capCampaignLabel(2) });
    // A campaign already capped is not offered again.
    expect(within(second).getByRole('option', { name: 'Brand search' })).toBeDisabled();
    await user.selectOptions(second, 'cmp-2');
    await user.type(within(caps).getByRole('spinbutton', { name: capMinLabel('Generic search') }), '20');
    await user.click(within(caps).getByRole('button', { name: removeCapLabel('Generic search') }));
    expect(within(caps).queryByRole('combobox', { name: capCampaignLabel(2) })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.created).toEqual([
        {
          scope: 'account',
          platform: null,
          account: GOOGLE_ACCOUNT.id,
          amount: 12500,
          currency: 'USD',
          campaign_caps: [{ campaign_id: 'cmp-1', min: 50, max: 200 }],
          band: DEFAULT_PACING_BAND,
        },
      ]),
    );
    expect(fake.requests.campaignLists).toContain(GOOGLE_ACCOUNT.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says a cap's refusal by the shared schema at its fields, and sends nothing", async () => {
    const { user, fake } = setup({ budgets: [] });
    const dialog = await openAccountBudget(user);
    const caps = await within(dialog).findByRole('group', { name: CAPS_HEADING });
    await user.click(await within(caps).findByRole('button', { name: ADD_CAP_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    const campaign = within(caps).getByRole('combobox', { name: capCampaignLabel(1) });
    await waitFor(() => expect(campaign).toHaveAccessibleDescription(BUDGET_VALIDATION.badCap(1)));

    await user.selectOptions(campaign, 'cmp-1');
    const min = within(caps).getByRole('spinbutton', { name: capMinLabel('Brand search') });
    const max = within(caps).getByRole('spinbutton', { name: capMaxLabel('Brand search') });
    await user.type(min, '300');
    await user.type(max, '200');
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    await waitFor(() => expect(min).toHaveAccessibleDescription(BUDGET_VALIDATION.capOrder(1)));
    expect(max).toHaveAccessibleDescription(BUDGET_VALIDATION.capOrder(1));
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.created).toEqual([]);

    // Fixed, it goes.
    await user.clear(max);
    await user.type(max, '400');
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.created).toEqual([
        expect.objectContaining({ campaign_caps: [{ campaign_id: 'cmp-1', min: 300, max: 400 }] }),
      ]),
    );
  });

  it('hides the caps for another scope and sends none', async () => {
    const { user, fake } = setup({ budgets: [] });
    const dialog = await openAccountBudget(user);
    const caps = await within(dialog).findByRole('group', { name: CAPS_HEADING });
    await user.click(await within(caps).findByRole('button', { name: ADD_CAP_LABEL }));
    await user.selectOptions(within(caps).getByRole('combobox', { name: capCampaignLabel(1) }), 'cmp-1');
    await user.click(within(dialog).getByRole('radio', { name: BUDGET_SCOPE_LABELS.workspace }));
    expect(within(dialog).queryByRole('group', { name: CAPS_HEADING })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.created).toEqual([
        {
          scope: 'workspace',
          platform: null,
          account: null,
          amount: 12500,
          currency: 'USD',
          campaign_caps: [],
          band: DEFAULT_PACING_BAND,
        },
      ]),
    );
  });

  it("offers the account's own currency when it is no display currency", async () => {
    const { user, fake } = setup({ budgets: [], accounts: [GOOGLE_ACCOUNT, BRL_ACCOUNT] });
    const dialog = await openAccountBudget(user, BRL_ACCOUNT);
    const currency = within(dialog).getByRole('combobox', { name: new RegExp(FIELD_LABELS.currency) });
    await user.selectOptions(currency, within(currency).getByRole('option', { name: 'BRL (the account’s)' }));
    expect(await within(dialog).findByText(NO_CAMPAIGNS)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ADD_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.created).toEqual([
        {
          scope: 'account',
          platform: null,
          account: BRL_ACCOUNT.id,
          amount: 12500,
          currency: 'BRL',
          campaign_caps: [],
          band: DEFAULT_PACING_BAND,
        },
      ]),
    );

    // Not for a workspace budget.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: ADD_BUDGET_LABEL }));
    const next = await screen.findByRole('dialog', { name: ADD_BUDGET_TITLE });
    expect(
      within(within(next).getByRole('combobox', { name: new RegExp(FIELD_LABELS.currency) })).queryByRole('option', {
        name: /BRL/,
      }),
    ).not.toBeInTheDocument();
  });

  it("shows an account budget's caps when it is edited", async () => {
    const capped = budgetBody({
      scope: 'account',
      account: GOOGLE_ACCOUNT.id,
      label: 'Brand (Google Ads)',
      campaign_caps: [{ campaign_id: 'cmp-2', min: null, max: 150 }],
    });
    const { user, fake } = setup({ budgets: [capped] });
    await user.click(within(await budgetCard(capped.label)).getByRole('button', { name: EDIT_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: editBudgetTitle(capped.label) });
    const caps = await within(dialog).findByRole('group', { name: CAPS_HEADING });
    expect(within(caps).getByRole('combobox', { name: capCampaignLabel(1) })).toHaveValue('cmp-2');
    expect(await within(caps).findByRole('spinbutton', { name: capMaxLabel('Generic search') })).toHaveValue(150);
    expect(within(caps).getByRole('spinbutton', { name: capMinLabel('Generic search') })).toHaveValue(null);
    await user.click(within(dialog).getByRole('button', { name: EDIT_BUDGET_SUBMIT }));
    await waitFor(() =>
      expect(fake.requests.updated).toEqual([
        {
          id: capped.id,
          body: expect.objectContaining({ campaign_caps: [{ campaign_id: 'cmp-2', min: null, max: 150 }] }),
        },
      ]),
    );
  });
});

describe('BudgetPage: roles', () => {
  it('shows a viewer everything read-only', async () => {
    const { fake } = setup({ role: 'viewer', budgets: [WORKSPACE] });
    expect(screen.getByText(BUDGETS_READ_ONLY)).toBeInTheDocument();
    const card = await budgetCard(WORKSPACE.label);
    expect(within(card).getByRole('img', { name: pacingChartName(WORKSPACE.label) })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: EDIT_LABEL })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: DELETE_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ADD_BUDGET_LABEL })).not.toBeInTheDocument();
    // The optimizer is there to read, not to apply.
    expect(screen.getByRole('button', { name: PROPOSE_LABEL })).toBeInTheDocument();
    expect(fake.requests.lists).toBe(1);
  });

  it('shows a viewer no Add budget on an empty list', async () => {
    setup({ role: 'viewer', budgets: [] });
    expect(await screen.findByText(NO_BUDGETS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ADD_BUDGET_LABEL })).not.toBeInTheDocument();
  });

  it('tells a client the budget tools are not for its role, and asks nothing', async () => {
    const { fake } = setup({ role: 'client' });
    expect(screen.getByText(BUDGETS_NOT_FOR_ROLE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: BUDGETS_HEADING })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: OPTIMIZER_HEADING })).not.toBeInTheDocument();
    // Give a request the chance to go out: none should.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.lists).toBe(0);
  });
});
