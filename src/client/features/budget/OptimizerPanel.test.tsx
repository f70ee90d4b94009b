import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { HttpResponse } from 'msw';
import { BUDGET_MESSAGES, OPTIMIZER_HOLD_LABELS } from '@shared/api/budgets';
import { paths } from '@client/app/paths';
import {
  fakeBudgetsServer,
  GOOGLE_ACCOUNT,
  heldPlanBody,
  META_ACCOUNT,
  optimizerPlanBody,
  PLAN_ACTION_ID,
  stalePlanResponse,
  type FakeBudgetsOptions,
} from '@client/test/budgets.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { APPLY_PLAN_CONFIRM, APPLY_PLAN_TITLE } from './ApplyPlanDialog';
import {
  ACCOUNT_LABEL,
  ACTIONS_LINK_TEXT,
  APPLY_PLAN_LABEL,
  MAX_STEP_LABEL,
  OptimizerPanel,
  PLAN_APPLIED_TITLE,
  planCaption,
  PROPOSE_LABEL,
  STALE_REPROPOSED,
} from './OptimizerPanel';
import { PLAN_UNDONE, planAppliedMessage, UNDO_LABEL } from './planUndoToast';

const PLAN = optimizerPlanBody();

interface SetupOptions extends FakeBudgetsOptions {
  writes?: boolean;
}

function setup({ writes = true, ...options }: SetupOptions = {}) {
  const fake = fakeBudgetsServer(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.budget} element={<OptimizerPanel writes={writes} />} />
      <Route path={paths.actions} element={<p>The actions log</p>} />
    </Routes>,
    { route: paths.budget, preloadedState: { session: signedInSession() } },
  );
  return { ...rendered, fake };
}

const toasts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');
const planTable = () => screen.findByRole('table', { name: planCaption(PLAN) });
/** The cells of a campaign's row, after its name. */
const rowCells = async (name: string) => {
  const row = within(await planTable()).getByRole('row', { name: new RegExp(`^${name}`) });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

/** Chooses the first account (already chosen) and proposes a plan. */
async function propose(user: ReturnType<typeof setup>['user']) {
  const account = await screen.findByRole('combobox', { name: ACCOUNT_LABEL });
  await waitFor(() => expect(account).toHaveValue(GOOGLE_ACCOUNT.id));
  await user.click(screen.getByRole('button', { name: PROPOSE_LABEL }));
  return planTable();
}

describe('OptimizerPanel', () => {
  it('proposes a plan and shows it campaign by campaign with the expected gain', async () => {
    const { user, fake } = setup();
    await propose(user);
    expect(fake.requests.plans).toEqual([{ account: GOOGLE_ACCOUNT.id, max_step: '0.3' }]);

    expect(await rowCells('Brand search')).toEqual(['$100.00 → $130.00', '+30%', '$25.00 → $31.00', '4 (3.2–4.8) → 4.9 (3.9–5.9)', '']);
    expect(await rowCells('Generic search')).toEqual(['$100.00 → $70.00', '−30%', '$60.00 → $48.00', '1.5 (1–2) → 1.2 (0.8–1.6)', '']);
    expect(await rowCells('Display remarketing')).toEqual(['$50.00 → $50.00', 'no change', '— → —', '0.5 (0.2–0.8) → 0.5 (0.2–0.8)', OPTIMIZER_HOLD_LABELS.locked]);
    expect(screen.getByText('+0.6 conversions a day (90% range 0.2 to 1.1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled();
  });

  it('proposes again with a new largest step', async () => {
    const { user, fake } = setup();
    await propose(user);
    await user.selectOptions(screen.getByRole('combobox', { name: MAX_STEP_LABEL }), '0.5');
    await waitFor(() => expect(fake.requests.plans).toEqual([
      { account: GOOGLE_ACCOUNT.id, max_step: '0.3' },
      { account: GOOGLE_ACCOUNT.id, max_step: '0.5' },
    ]));
    expect(await screen.findByText(/no campaign moves more than ±50% a day/)).toBeInTheDocument();
  });

  it('applies after a confirmation listing every change, then offers Undo and links to the actions log', async () => {
    const { user, fake } = setup();
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE });
    expect(
      within(within(dialog).getByRole('list', { name: 'Changes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Brand search: $100.00 → $130.00 a day', 'Generic search: $100.00 → $70.00 a day']);
    expect(within(dialog).getByText(/The total daily budget stays \$250\.00/)).toBeInTheDocument();

    // Cancel writes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.applied).toEqual([]);

    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', { name: APPLY_PLAN_CONFIRM }));
    await waitFor(() =>
      expect(fake.requests.applied).toEqual([
        {
          account: GOOGLE_ACCOUNT.id,
          changes: [
            { campaign_id: 'cmp-1', from: 10_000, to: 13_000 },
            { campaign_id: 'cmp-2', from: 10_000, to: 7_000 },
          ],
        },
      ]),
    );
    const lines = ['Google Ads: set the daily budget of “Brand search” from $100.00 to $130.00', 'Google Ads: set the daily budget of “Generic search” from $100.00 to $70.00'];
    await waitFor(() => expect(toasts()).toContain(planAppliedMessage({ change_lines: lines }) + UNDO_LABEL));
    const applied = screen.getByText(PLAN_APPLIED_TITLE).closest('[role="alert"]') as HTMLElement;
    for (const line of lines) expect(within(applied).getByText(line)).toBeInTheDocument();
    expect(within(applied).getByRole('link', { name: ACTIONS_LINK_TEXT })).toHaveAttribute('href', paths.actions);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: UNDO_LABEL }));
    await waitFor(() => expect(fake.requests.undone).toEqual([PLAN_ACTION_ID]));
    await waitFor(() => expect(toasts()).toContain(PLAN_UNDONE));
  });

  it('says a stale plan was refused and proposes a fresh one', async () => {
    const { user, fake } = setup({ apply: (_body, attempt) => (attempt === 1 ? stalePlanResponse() : { action_id: PLAN_ACTION_ID, plan_id: null, change_lines: ['Done'] }) });
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', { name: APPLY_PLAN_CONFIRM }));

    expect(await screen.findByText(`${BUDGET_MESSAGES.stale} ${STALE_REPROPOSED}`)).toBeInTheDocument();
    await waitFor(() => expect(fake.requests.plans).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await planTable()).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled());

    // The fresh plan can be applied.
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', { name: APPLY_PLAN_CONFIRM }));
    expect(await screen.findByText(PLAN_APPLIED_TITLE)).toBeInTheDocument();
    expect(fake.requests.applied).toHaveLength(2);
  });

  it("says the platform's refusal and stays on the review", async () => {
    const refusal = BUDGET_MESSAGES.refused('Google Ads', 'the budget is shared');
    const { user, fake } = setup({ apply: () => HttpResponse.json({ detail: refusal, code: 'platform_error' }, { status: 502 }) });
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', { name: APPLY_PLAN_CONFIRM }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await planTable()).toBeInTheDocument();
    expect(fake.requests.plans).toHaveLength(1);
    expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled();
  });

  it('says why nothing moves, and offers no apply', async () => {
    const { user } = setup({ plan: () => heldPlanBody() });
    await propose(user);
    expect(screen.getByText('No credible gain')).toBeInTheDocument();
    expect(await rowCells('Display remarketing')).toContain(OPTIMIZER_HOLD_LABELS.learning);
    expect(screen.queryByRole('button', { name: APPLY_PLAN_LABEL })).not.toBeInTheDocument();
  });

  it('drops the plan when another account is chosen', async () => {
    const { user, fake } = setup();
    await propose(user);
    await user.selectOptions(screen.getByRole('combobox', { name: ACCOUNT_LABEL }), META_ACCOUNT.id);
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: PROPOSE_LABEL }));
    await waitFor(() => expect(fake.requests.plans.at(-1)).toEqual({ account: META_ACCOUNT.id, max_step: '0.3' }));
  });

  it('lets a viewer read a plan but not apply it', async () => {
    const { user } = setup({ writes: false });
    await propose(user);
    expect(await rowCells('Brand search')).toContain('+30%');
    expect(screen.queryByRole('button', { name: APPLY_PLAN_LABEL })).not.toBeInTheDocument();
  });
});
