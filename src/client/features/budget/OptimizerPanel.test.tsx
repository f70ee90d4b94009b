import { paths } from '@client/lib/paths';
import {
  type FakeBudgetsOptions,
  fakeBudgetsServer,
  FOLLOWED_PLAN_ID,
  followedPlanBody,
  GOOGLE_ACCOUNT,
  heldPlanBody,
  META_ACCOUNT,
  optimizerCampaignBody,
  optimizerPlanBody,
  PLAN_ACTION_ID,
  planFor,
  stalePlanResponse,
  valuePlanBody,
} from '@client/test/budgets.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  BUDGET_MESSAGES,
  FOLLOWED_PLAN_STATUS_LABELS,
  OPTIMIZER_HOLD_LABELS,
  OPTIMIZER_OBJECTIVE_LABELS,
} from '@shared/api/budgets';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { APPLY_PLAN_CONFIRM, APPLY_PLAN_TITLE, FOLLOW_LABEL } from './ApplyPlanDialog';
import { FOLLOWED_PLANS_HEADING, NO_FOLLOWED_PLAN, PLAN_STOPPED } from './FollowedPlansCard';
import { FOLLOWING_HEADING, PLAN_STOPPED_HERE } from './FollowingStatus';
import {
  ACCOUNT_LABEL,
  ACTIONS_LINK_TEXT,
  APPLY_PLAN_LABEL,
  lockLabel,
  MAX_STEP_LABEL,
  NO_VALUE_HELP,
  OBJECTIVE_LABEL,
  OptimizerPanel,
  PARTIAL_PLAN_LINK,
  PLAN_APPLIED_TITLE,
  planCaption,
  PROPOSE_LABEL,
  STALE_REPROPOSED,
} from './OptimizerPanel';
import { PLAN_UNDONE, planAppliedMessage, UNDO_LABEL } from './planUndoToast';
import { STOP_FOLLOWING_LABEL, STOP_PLAN_TEXT, stopPlanTitle } from './StopPlanDialog';

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
    expect(fake.requests.plans).toEqual([
      { account: GOOGLE_ACCOUNT.id, max_step: '0.3', objective: 'conversions', locked: null },
    ]);

    // Daily budget, change, target, daily bounds, marginal CPA, conversions, note, and the lock box.
    expect(await rowCells('Brand search')).toEqual([
      '$100.00 → $130.00',
      '+30%',
      '$169.00',
      '',
      '$25.00 → $31.00',
      '4 (3.2–4.8) → 4.9 (3.9–5.9)',
      '',
      '',
    ]);
    expect(await rowCells('Generic search')).toEqual([
      '$100.00 → $70.00',
      '−30%',
      '$169.00',
      '',
      '$60.00 → $48.00',
      '1.5 (1–2) → 1.2 (0.8–1.6)',
      '',
      '',
    ]);
    expect(await rowCells('Display remarketing')).toEqual([
      '$50.00 → $50.00',
      'no change',
      '$169.00',
      '',
      '— → —',
      '0.5 (0.2–0.8) → 0.5 (0.2–0.8)',
      OPTIMIZER_HOLD_LABELS.locked,
      '',
    ]);
    expect(screen.getByText('+0.6 conversions a day (90% range 0.2 to 1.1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled();
  });

  it('proposes again with a new largest step', async () => {
    const { user, fake } = setup();
    await propose(user);
    await user.selectOptions(screen.getByRole('combobox', { name: MAX_STEP_LABEL }), '0.5');
    await waitFor(() =>
      expect(fake.requests.plans).toEqual([
        { account: GOOGLE_ACCOUNT.id, max_step: '0.3', objective: 'conversions', locked: null },
        { account: GOOGLE_ACCOUNT.id, max_step: '0.5', objective: 'conversions', locked: null },
      ]),
    );
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
    await user.click(
      within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
        name: APPLY_PLAN_CONFIRM,
      }),
    );
    await waitFor(() =>
      expect(fake.requests.applied).toEqual([
        {
          account: GOOGLE_ACCOUNT.id,
          changes: [
            { campaign_id: 'cmp-1', from: 10_000, to: 13_000 },
            { campaign_id: 'cmp-2', from: 10_000, to: 7_000 },
          ],
          objective: 'conversions',
          max_step: 0.3,
          locked: [],
          follow: false,
        },
      ]),
    );
    const lines = [
      'Google Ads: set the daily budget of “Brand search” from $100.00 to $130.00',
      'Google Ads: set the daily budget of “Generic search” from $100.00 to $70.00',
    ];
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
    const { user, fake } = setup({
      apply: (_body, attempt) =>
        attempt === 1 ? stalePlanResponse() : { action_id: PLAN_ACTION_ID, plan_id: null, change_lines: ['Done'] },
    });
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(
      within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
        name: APPLY_PLAN_CONFIRM,
      }),
    );

    expect(await screen.findByText(`${BUDGET_MESSAGES.stale} ${STALE_REPROPOSED}`)).toBeInTheDocument();
    await waitFor(() => expect(fake.requests.plans).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await planTable()).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled());

    // The fresh plan can be applied.
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(
      within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
        name: APPLY_PLAN_CONFIRM,
      }),
    );
    expect(await screen.findByText(PLAN_APPLIED_TITLE)).toBeInTheDocument();
    expect(fake.requests.applied).toHaveLength(2);
  });

  it("says the platform's refusal and stays on the review", async () => {
    const refusal = BUDGET_MESSAGES.refused('Google Ads', 'the budget is shared');
    const { user, fake } = setup({
      apply: () => HttpResponse.json({ detail: refusal, code: 'platform_error' }, { status: 502 }),
    });
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(
      within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
        name: APPLY_PLAN_CONFIRM,
      }),
    );
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await planTable()).toBeInTheDocument();
    expect(fake.requests.plans).toHaveLength(1);
    expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled();
  });

  it('says what is at the platform when it took the plan only in part, and where to retry or undo it', async () => {
    const problem =
      'Google Ads: we lowered the daily budget of campaign “Brand” from USD 100.00 a day to USD 70.00 a day but could not raise the daily budget of campaign “Generic” (it is still USD 50.00 a day).';
    const { user } = setup({
      apply: () =>
        HttpResponse.json({ detail: problem, code: 'partially_applied', action_id: PLAN_ACTION_ID }, { status: 502 }),
    });
    await propose(user);
    await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
    await user.click(
      within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
        name: APPLY_PLAN_CONFIRM,
      }),
    );
    // Said on the review, beside the way to the actions log (the toast says it too).
    const link = await screen.findByRole('link', { name: PARTIAL_PLAN_LINK });
    expect(link.closest('[role="alert"]')).toHaveTextContent(problem);
    await user.click(link);
    expect(await screen.findByText('The actions log')).toBeInTheDocument();
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
    await waitFor(() =>
      expect(fake.requests.plans.at(-1)).toEqual({
        account: META_ACCOUNT.id,
        max_step: '0.3',
        objective: 'conversions',
        locked: null,
      }),
    );
  });

  it('lets a viewer read a plan but not apply it', async () => {
    const { user } = setup({ writes: false });
    await propose(user);
    expect(await rowCells('Brand search')).toContain('+30%');
    expect(screen.queryByRole('button', { name: APPLY_PLAN_LABEL })).not.toBeInTheDocument();
  });

  describe('objective', () => {
    it('proposes again for the most conversion value, and shows value now and after with its gain', async () => {
      const { user, fake } = setup({
        plan: (query) => valuePlanBody({ max_step: query.max_step, objective: query.objective }),
      });
      await propose(user);
      const objective = screen.getByRole('combobox', { name: OBJECTIVE_LABEL });
      expect(objective).toHaveValue('conversions');
      expect(within(objective).getByRole('option', { name: OPTIMIZER_OBJECTIVE_LABELS.value })).toBeEnabled();
      // For conversions, no value column.
      expect(screen.queryByRole('columnheader', { name: 'Conversion value a day' })).not.toBeInTheDocument();

      await user.selectOptions(objective, 'value');
      await waitFor(() =>
        expect(fake.requests.plans.at(-1)).toEqual({
          account: GOOGLE_ACCOUNT.id,
          max_step: '0.3',
          objective: 'value',
          locked: null,
        }),
      );
      expect(await screen.findByRole('columnheader', { name: 'Conversion value a day' })).toBeInTheDocument();
      expect(await rowCells('Brand search')).toContain(
        '$4,000.00 ($3,200.00–$4,800.00) → $4,900.00 ($3,900.00–$5,900.00)',
      );
      expect(screen.getByText('+$900.00 conversion value a day (90% range $300.00 to $1,500.00)')).toBeInTheDocument();
      expect(
        screen.getByText(
          'Conversion value a day $6,000.00 ($4,400.00–$7,600.00) now → $6,900.00 ($5,000.00–$8,800.00) after.',
        ),
      ).toBeInTheDocument();

      // The apply is sent with it.
      await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
      await user.click(
        within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
          name: APPLY_PLAN_CONFIRM,
        }),
      );
      await waitFor(() =>
        expect(fake.requests.applied).toEqual([
          expect.objectContaining({ objective: 'value', max_step: 0.3, locked: [], follow: false }),
        ]),
      );
    });

    it('offers the value objective disabled, saying why, when the account reports no conversion value', async () => {
      const { user } = setup();
      await propose(user);
      const objective = screen.getByRole('combobox', { name: OBJECTIVE_LABEL });
      expect(within(objective).getByRole('option', { name: OPTIMIZER_OBJECTIVE_LABELS.value })).toBeDisabled();
      expect(objective).toHaveAccessibleDescription(NO_VALUE_HELP);
    });
  });

  describe('locks', () => {
    it('locks a campaign from its box (keyboard too), proposing again without moving it', async () => {
      const { user, fake } = setup();
      await propose(user);
      const lock = screen.getByRole('checkbox', { name: lockLabel('Brand search') });
      expect(lock).not.toBeChecked();
      await user.click(lock);
      await waitFor(() =>
        expect(fake.requests.plans.at(-1)).toEqual({
          account: GOOGLE_ACCOUNT.id,
          max_step: '0.3',
          objective: 'conversions',
          locked: 'cmp-1',
        }),
      );
      await waitFor(async () => expect(await rowCells('Brand search')).toContain(OPTIMIZER_HOLD_LABELS.locked));
      expect(screen.getByRole('checkbox', { name: lockLabel('Brand search') })).toBeChecked();

      // Tab goes from one lock box to the next row's, and Space ticks it.
      expect(screen.getByRole('checkbox', { name: lockLabel('Brand search') })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('checkbox', { name: lockLabel('Generic search') })).toHaveFocus();
      await user.keyboard(' ');
      await waitFor(() => expect(fake.requests.plans.at(-1)?.locked).toBe('cmp-1,cmp-2'));
      await waitFor(() => expect(screen.getByRole('checkbox', { name: lockLabel('Generic search') })).toBeChecked());
    });

    it('says why locks were refused and puts the previous ones back', async () => {
      const refused = () =>
        HttpResponse.json(
          { detail: BUDGET_MESSAGES.nothingMovable, code: 'validation_failed', field: 'locked' },
          { status: 400 },
        );
      const { user, fake } = setup({ plan: (query) => (query.locked.length > 1 ? refused() : planFor(query)) });
      await propose(user);
      await user.click(screen.getByRole('checkbox', { name: lockLabel('Brand search') }));
      await waitFor(() => expect(screen.getByRole('checkbox', { name: lockLabel('Brand search') })).toBeChecked());
      await waitFor(() => expect(screen.getByRole('button', { name: APPLY_PLAN_LABEL })).toBeEnabled());

      await user.click(screen.getByRole('checkbox', { name: lockLabel('Generic search') }));
      expect(await screen.findByText(BUDGET_MESSAGES.nothingMovable)).toBeInTheDocument();
      expect(fake.requests.plans.at(-1)?.locked).toBe('cmp-1,cmp-2');
      expect(screen.getByRole('checkbox', { name: lockLabel('Generic search') })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: lockLabel('Brand search') })).toBeChecked();
      expect(await planTable()).toBeInTheDocument();

      // The apply then sends the locks of the plan on show.
      await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
      await user.click(
        within(await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE })).getByRole('button', {
          name: APPLY_PLAN_CONFIRM,
        }),
      );
      await waitFor(() =>
        expect(fake.requests.applied).toEqual([
          expect.objectContaining({ locked: ['cmp-1'], changes: [{ campaign_id: 'cmp-2', from: 10_000, to: 7_000 }] }),
        ]),
      );
    });
  });

  it("shows each campaign's target and daily bounds, and the steps to reach every target", async () => {
    const plan = () =>
      optimizerPlanBody({
        steps_to_target: 3,
        campaigns: [
          optimizerCampaignBody({ min: 5_000, max: 20_000 }),
          optimizerCampaignBody({
            campaign_id: 'cmp-2',
            name: 'Generic search',
            from: 10_000,
            to: 7_000,
            target: 3_100,
            min: 2_000,
          }),
        ],
      });
    const { user } = setup({ plan });
    await propose(user);
    const brand = await rowCells('Brand search');
    expect(brand.slice(2, 4)).toEqual(['$169.00', 'min $50.00, max $200.00']);
    expect((await rowCells('Generic search')).slice(2, 4)).toEqual(['$31.00', 'min $20.00']);
    expect(screen.getByText('Reaching every target takes about 3 daily steps of ±30%.')).toBeInTheDocument();
  });

  describe('following a plan', () => {
    it('applies with Follow ticked, then shows the followed plan and stops it after a confirmation', async () => {
      const { user, fake } = setup();
      await propose(user);
      await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
      const dialog = await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE });
      const follow = within(dialog).getByRole('checkbox', { name: FOLLOW_LABEL });
      expect(follow).not.toBeChecked();
      await user.click(follow);
      await user.click(within(dialog).getByRole('button', { name: APPLY_PLAN_CONFIRM }));
      await waitFor(() =>
        expect(fake.requests.applied).toEqual([
          expect.objectContaining({ follow: true, objective: 'conversions', max_step: 0.3, locked: [] }),
        ]),
      );

      const following = await screen.findByRole('region', { name: FOLLOWING_HEADING });
      expect(
        await within(following).findByText(`${OPTIMIZER_OBJECTIVE_LABELS.conversions}, Step 1 (14 Jan)`),
      ).toBeInTheDocument();
      expect(within(following).getByText(FOLLOWED_PLAN_STATUS_LABELS.following)).toBeInTheDocument();
      expect(within(following).getByText('Brand search: $100.00 → $130.00 → $169.00')).toBeInTheDocument();
      expect(screen.getByText(PLAN_APPLIED_TITLE)).toBeInTheDocument();
      // The plan shown here is not listed a second time (with a second Stop) in the card below.
      const card = await screen.findByRole('region', { name: FOLLOWED_PLANS_HEADING });
      await waitFor(() => expect(within(card).queryByRole('status')).not.toBeInTheDocument());
      expect(within(card).queryByRole('button', { name: STOP_FOLLOWING_LABEL })).not.toBeInTheDocument();
      expect(within(card).queryByText('Brand search: $100.00 → $130.00 → $169.00')).not.toBeInTheDocument();

      // Cancel stops nothing.
      await user.click(within(following).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      let stop = await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) });
      expect(within(stop).getByText(STOP_PLAN_TEXT)).toBeInTheDocument();
      await user.click(within(stop).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fake.requests.stopped).toEqual([]);

      await user.click(within(following).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      stop = await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) });
      await user.click(within(stop).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      await waitFor(() => expect(fake.requests.stopped).toEqual([FOLLOWED_PLAN_ID]));
      expect(await within(following).findByText(PLAN_STOPPED_HERE)).toBeInTheDocument();
      expect(within(following).getByText(BUDGET_MESSAGES.stoppedByUser('asha@example.com'))).toBeInTheDocument();
      expect(within(following).queryByRole('button', { name: STOP_FOLLOWING_LABEL })).not.toBeInTheDocument();
    });

    it('says why a stop was refused', async () => {
      const { user, fake } = setup();
      await propose(user);
      await user.click(screen.getByRole('button', { name: APPLY_PLAN_LABEL }));
      const dialog = await screen.findByRole('dialog', { name: APPLY_PLAN_TITLE });
      await user.click(within(dialog).getByRole('checkbox', { name: FOLLOW_LABEL }));
      await user.click(within(dialog).getByRole('button', { name: APPLY_PLAN_CONFIRM }));
      const following = await screen.findByRole('region', { name: FOLLOWING_HEADING });
      await within(following).findByText(FOLLOWED_PLAN_STATUS_LABELS.following);

      // The server's daily job stopped it meanwhile.
      fake.updateFollowedPlan(FOLLOWED_PLAN_ID, { status: 'stopped', stop_reason: BUDGET_MESSAGES.diverged(2, 6) });
      await user.click(within(following).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      await user.click(
        within(await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) })).getByRole('button', {
          name: STOP_FOLLOWING_LABEL,
        }),
      );
      expect(await within(following).findByText(BUDGET_MESSAGES.planNotFollowing)).toBeInTheDocument();
      // Loaded again, the plan shows how it ended.
      expect(await within(following).findByText(BUDGET_MESSAGES.diverged(2, 6))).toBeInTheDocument();
    });
  });

  describe('the followed plans card', () => {
    const card = () => screen.findByRole('region', { name: FOLLOWED_PLANS_HEADING });
    const STOPPED_ID = '00000000-0000-4000-8000-720000000002';

    it("lists the account's followed plans and stops one after a confirmation", async () => {
      const stopped = followedPlanBody({
        id: STOPPED_ID,
        status: 'stopped',
        stop_reason: BUDGET_MESSAGES.diverged(2, 6),
        steps: [
          { day: '2030-01-10', action_id: PLAN_ACTION_ID, expected: { mid: 6, low: 5, high: 7 } },
          { day: '2030-01-11', action_id: PLAN_ACTION_ID, expected: { mid: 6, low: 5, high: 7 } },
        ],
      });
      const { user, fake } = setup({ followedPlans: [followedPlanBody(), stopped] });
      const plans = within(await card());
      const items = await plans.findAllByRole('listitem', { name: /Step/ });
      expect(items).toHaveLength(2);
      expect(within(items[0]).getByText(FOLLOWED_PLAN_STATUS_LABELS.following)).toBeInTheDocument();
      expect(within(items[0]).getByText('Generic search: $100.00 → $70.00 → $31.00')).toBeInTheDocument();
      expect(
        within(items[1]).getByText(`${OPTIMIZER_OBJECTIVE_LABELS.conversions}, Step 2 (10 Jan, 11 Jan)`),
      ).toBeInTheDocument();
      expect(within(items[1]).getByText(FOLLOWED_PLAN_STATUS_LABELS.stopped)).toBeInTheDocument();
      expect(within(items[1]).getByText(BUDGET_MESSAGES.diverged(2, 6))).toBeInTheDocument();
      expect(within(items[1]).queryByRole('button', { name: STOP_FOLLOWING_LABEL })).not.toBeInTheDocument();
      expect(plans.queryByText(NO_FOLLOWED_PLAN)).not.toBeInTheDocument();
      expect(fake.requests.followedLists).toContain(GOOGLE_ACCOUNT.id);

      await user.click(within(items[0]).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      let dialog = await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fake.requests.stopped).toEqual([]);

      await user.click(within(items[0]).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      dialog = await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) });
      await user.click(within(dialog).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      await waitFor(() => expect(fake.requests.stopped).toEqual([FOLLOWED_PLAN_ID]));
      await waitFor(() => expect(toasts()).toContain(PLAN_STOPPED));
      expect(await plans.findByText(NO_FOLLOWED_PLAN)).toBeInTheDocument();
      expect(plans.queryByRole('button', { name: STOP_FOLLOWING_LABEL })).not.toBeInTheDocument();
    });

    it('says in the dialog why a stop was refused', async () => {
      const { user, fake } = setup({ followedPlans: [followedPlanBody()] });
      const plans = within(await card());
      const stopButton = await plans.findByRole('button', { name: STOP_FOLLOWING_LABEL });
      fake.updateFollowedPlan(FOLLOWED_PLAN_ID, { status: 'done' });
      await user.click(stopButton);
      const dialog = await screen.findByRole('dialog', { name: stopPlanTitle(followedPlanBody()) });
      await user.click(within(dialog).getByRole('button', { name: STOP_FOLLOWING_LABEL }));
      expect(await within(dialog).findByText(BUDGET_MESSAGES.planNotFollowing)).toBeInTheDocument();
      // The list is asked again: the plan had reached its targets.
      expect(await plans.findByText(FOLLOWED_PLAN_STATUS_LABELS.done)).toBeInTheDocument();
    });

    it('says when no plan is followed', async () => {
      setup();
      expect(await within(await card()).findByText(NO_FOLLOWED_PLAN)).toBeInTheDocument();
    });

    it('says why the plans could not be loaded, and Retry asks again', async () => {
      let fail = true;
      const { user } = setup({
        followedPlans: [followedPlanBody()],
        plansAnswer: () => (fail ? HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 }) : undefined),
      });
      const plans = within(await card());
      expect(await plans.findByText('Down for maintenance.')).toBeInTheDocument();
      fail = false;
      await user.click(plans.getByRole('button', { name: 'Retry' }));
      expect(await plans.findByText(FOLLOWED_PLAN_STATUS_LABELS.following)).toBeInTheDocument();
    });

    it('shows the loading state first, and a viewer no Stop following', async () => {
      // The list is held back until the loading state has been seen, however fast the rest of the page loads.
      let release = () => {};
      const held = new Promise<undefined>((resolve) => {
        release = () => resolve(undefined);
      });
      setup({ writes: false, followedPlans: [followedPlanBody()], plansAnswer: () => held });
      const plans = within(await card());
      expect(plans.getByRole('status')).toHaveTextContent('Loading followed plans…');
      release();
      expect(await plans.findByText(FOLLOWED_PLAN_STATUS_LABELS.following)).toBeInTheDocument();
      expect(plans.queryByRole('button', { name: STOP_FOLLOWING_LABEL })).not.toBeInTheDocument();
    });
  });
});
