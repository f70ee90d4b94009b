import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  actionRecordBody,
  type FakeSuggestionsOptions,
  fakeSuggestionsServer,
  partlyAppliedActionBody,
  typeRecordBody,
} from '@client/test/suggestions.handlers';
import type { Role } from '@shared/access/policy';
import { ACTION_HORIZON_DAYS, ACTION_MESSAGES, VERDICT_LABELS } from '@shared/api/actions';
import { PLATFORM_LABELS } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { finishedMessage } from './actionRepair';
import { ACTIONS_TABLE_LABEL, ActionsPage, NO_ACTIONS, RANKING_HEADING, STATUS_LABELS } from './ActionsPage';
import { SUGGESTIONS_NOT_FOR_ROLE } from './SuggestionsEmpty';

/** Applied a minute ago: still undoable, not measured yet. */
const RECENT = actionRecordBody();
/** Measured: it worked. */
const WORKED = actionRecordBody({
  id: 'act-2',
  type: 'scale_campaign',
  platform: 'meta',
  account: { id: '00000000-0000-4000-8000-400000000002', name: 'Main store', currency: 'INR' },
  headline: 'Raise the budget of “Diwali Sale”',
  change_lines: ['Meta: raise the daily budget of “Diwali Sale” from ₹2,000.00 to ₹3,000.00'],
  applied_by: { id: null, name: 'Ravi Kumar' },
  via: null,
  applied_at: '2030-01-01T09:00:00.000Z',
  undo_until: '2030-01-01T09:10:00.000Z',
  can_undo: false,
  forecast: { mid: 6, low: 2.5, high: 9.5 },
  outcome: { observed: { mid: 4.2, low: 1.5, high: 7 }, verdict: 'worked', measured_at: '2030-01-08T09:00:00.000Z' },
});
/** Measured: it backfired. */
const BACKFIRED = actionRecordBody({
  id: 'act-3',
  headline: 'Pause “Winter promo”',
  applied_at: '2029-12-20T09:00:00.000Z',
  undo_until: '2029-12-20T09:10:00.000Z',
  can_undo: false,
  outcome: {
    observed: { mid: -2, low: -3.5, high: -0.4 },
    verdict: 'backfired',
    measured_at: '2029-12-27T09:00:00.000Z',
  },
});
/** Measured: nothing clear. */
const UNCLEAR = actionRecordBody({
  id: 'act-4',
  headline: 'Pause “Autumn promo”',
  can_undo: false,
  outcome: {
    observed: { mid: 0.3, low: -1, high: 1.6 },
    verdict: 'no_clear_effect',
    measured_at: '2029-12-27T09:00:00.000Z',
  },
});
/** Undone within its window. */
const UNDONE = actionRecordBody({
  id: 'act-5',
  headline: 'Pause “Summer promo”',
  can_undo: false,
  status: 'undone',
  undone_at: '2030-01-01T09:05:00.000Z',
});

interface SetupOptions extends FakeSuggestionsOptions {
  role?: Role;
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The log for a signed-in user (the owner by default): one recent action, three measured, one undone. */
function setup({
  role,
  overrides = [],
  actions = [RECENT, WORKED, BACKFIRED, UNCLEAR, UNDONE],
  ...options
}: SetupOptions = {}) {
  const fake = fakeSuggestionsServer({ actions, ...options });
  server.use(...fake.handlers);
  server.use(...overrides);
  const session = role
    ? signedInSession({ workspace: { id: '00000000-0000-4000-8000-00000000acme', role } })
    : signedInSession();
  const rendered = renderWithProviders(<ActionsPage />, { route: paths.actions, preloadedState: { session } });
  expect(screen.getByRole('heading', { level: 1, name: 'Actions and results' })).toBeInTheDocument();
  expect(screen.getByText('What we did and did it work')).toBeInTheDocument();
  return { ...rendered, fake };
}

const table = () => screen.findByRole('table', { name: ACTIONS_TABLE_LABEL });
async function rowOf(headline: string) {
  const found = await within(await table()).findByText(headline);
  return found.closest('tr') as HTMLElement;
}
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

describe('ActionsPage', () => {
  it('lists what was done, by whom, what was expected, what was observed and the verdict', async () => {
    setup();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'When',
      'What',
      'Platform and account',
      'Applied by',
      'Expected',
      'Observed',
      'Verdict',
      'Undo',
    ]);

    const worked = await rowOf(WORKED.headline);
    expect(within(worked).getByText(WORKED.change_lines[0])).toBeInTheDocument();
    expect(within(worked).getByText(PLATFORM_LABELS.meta)).toBeInTheDocument();
    expect(within(worked).getByText('Main store')).toBeInTheDocument();
    expect(within(worked).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(worked).getByText('+6.0 conversions a week (2.5 to 9.5)')).toBeInTheDocument();
    expect(within(worked).getByText('+4.2 conversions a week (1.5 to 7.0)')).toBeInTheDocument();
    expect(within(worked).getByText(VERDICT_LABELS.worked).closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );
    const time = within(worked).getByText((_, element) => element?.tagName.toLowerCase() === 'time');
    expect(time).toHaveAttribute('dateTime', WORKED.applied_at);

    expect(
      within(await rowOf(BACKFIRED.headline))
        .getByText(VERDICT_LABELS.backfired)
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorError');
    expect(
      within(await rowOf(BACKFIRED.headline)).getByText('-2.0 conversions a week (-3.5 to -0.4)'),
    ).toBeInTheDocument();
    expect(
      within(await rowOf(UNCLEAR.headline))
        .getByText(VERDICT_LABELS.no_clear_effect)
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorDefault');

    const recent = await rowOf(RECENT.headline);
    expect(within(recent).getByText('Measured on 14 Jan 2030')).toBeInTheDocument();
    expect(within(recent).getByText('Pending')).toBeInTheDocument();
    expect(within(await rowOf(UNDONE.headline)).getByText('Undone')).toBeInTheDocument();
  });

  it('offers Undo only on the rows that can still be undone, and Undo reverts the change', async () => {
    const { user, fake } = setup();
    expect(within(await table()).getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    const recent = await rowOf(RECENT.headline);
    const undo = within(recent).getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAccessibleDescription(RECENT.headline);

    await user.click(undo);
    await waitFor(() => expect(fake.requests.undone).toEqual([RECENT.id]));
    await waitFor(() => expect(alerts()).toContain(`Undone: ${RECENT.headline}`));
    await waitFor(() => expect(within(recent).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(within(recent).getByText('Undone')).toBeInTheDocument();
  });

  it('shows a change taken in part step by step, with what is at the platform, and Retry finishes it', async () => {
    const partial = partlyAppliedActionBody();
    const { user, fake } = setup({ actions: [partial, WORKED] });
    const row = await rowOf(partial.headline);
    expect(within(row).getByText(`${partial.steps[0].line} (done)`)).toBeInTheDocument();
    expect(within(row).getByText(`${partial.steps[1].line} (not done)`)).toBeInTheDocument();
    expect(within(row).getByText(partial.problem!)).toBeInTheDocument();
    expect(within(row).getByText(STATUS_LABELS.partially_applied!.label).closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorWarning',
    );
    const retry = within(row).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAccessibleDescription(partial.headline);
    expect(within(row).getByRole('button', { name: 'Undo' })).toBeEnabled();

    await user.click(retry);
    await waitFor(() => expect(fake.requests.retried).toEqual([partial.id]));
    await waitFor(() => expect(alerts()).toContain(finishedMessage(partial)));
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument());
    expect(within(row).queryByText(partial.problem!)).not.toBeInTheDocument();
    expect(within(row).getByText(partial.change_lines[1])).toBeInTheDocument();
  });

  it('Undo sets a change taken in part back, long after the undo window', async () => {
    const partial = partlyAppliedActionBody({ undo_until: '2020-01-01T00:00:00.000Z' });
    const { user, fake } = setup({ actions: [partial] });
    await user.click(within(await rowOf(partial.headline)).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.requests.undone).toEqual([partial.id]));
    await waitFor(() => expect(alerts()).toContain(`Undone: ${partial.headline}`));
  });

  it('says a change that changed nothing was not applied, and why', async () => {
    const failed = actionRecordBody({
      id: 'act-failed',
      headline: 'Pause “Spring sale”',
      status: 'failed',
      can_undo: false,
      problem: 'Nothing was changed. Google Ads is not answering right now. Please try again.',
    });
    setup({ actions: [failed] });
    const row = await rowOf(failed.headline);
    expect(within(row).getByText(STATUS_LABELS.failed!.label)).toBeInTheDocument();
    expect(within(row).getByText(failed.problem!)).toBeInTheDocument();
    expect(within(row).getByText('Nothing changed')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("says the server's reason when the undo window has closed", async () => {
    const { user } = setup({
      overrides: [
        http.post(api('actions/:id/undo/'), () =>
          HttpResponse.json({ detail: ACTION_MESSAGES.undoExpired, code: 'conflict' }, { status: 409 }),
        ),
      ],
    });
    await user.click(within(await rowOf(RECENT.headline)).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(alerts()).toContain(ACTION_MESSAGES.undoExpired));
  });

  it('ranks the types measured here: how often each worked, with its chance', async () => {
    setup({
      ranking: [
        typeRecordBody(),
        typeRecordBody({ type: 'scale_campaign', measured: 3, worked: 1, chance: { mid: 0.4, low: 0.12, high: 0.74 } }),
        typeRecordBody({ type: 'test_cta', measured: 0, worked: 0, chance: { mid: 0.5, low: 0.05, high: 0.95 } }),
      ],
    });
    const ranking = await screen.findByRole('region', { name: RANKING_HEADING });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pause a losing ad: worked 5 of 7 (chance 71%, 45–90%)',
      'Scale a winning campaign: worked 1 of 3 (chance 40%, 12–74%)',
    ]);
  });

  it('says which rule made a change instead of a person, and leaves rule changes out of the ranking', async () => {
    const byRule = actionRecordBody({
      id: 'act-6',
      suggestion_id: null,
      rule: { id: 'rule-1', name: 'Pause ads that spent 2× target CPA' },
      type: 'rule',
      headline: 'Pause “Lookalike 3”',
      applied_by: { id: null, name: 'Adwise' },
      can_undo: false,
    });
    setup({
      actions: [byRule, WORKED],
      // A server that counts rule changes in its records too: they are no suggestion type, and are not ranked.
      ranking: [typeRecordBody(), typeRecordBody({ type: 'rule' as never, measured: 4, worked: 2 })],
    });
    const row = await rowOf(byRule.headline);
    expect(within(row).getByText('By rule “Pause ads that spent 2× target CPA”')).toBeInTheDocument();
    expect(within(row).queryByText('Adwise')).not.toBeInTheDocument();
    expect(within(await rowOf(WORKED.headline)).getByText('Ravi Kumar')).toBeInTheDocument();
    const ranking = await screen.findByRole('region', { name: RANKING_HEADING });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pause a losing ad: worked 5 of 7 (chance 71%, 45–90%)']);
  });

  it.each<[Role, boolean]>([
    ['manager', true],
    ['viewer', false],
  ])('a %s may undo: %s', async (role, undoes) => {
    setup({ role });
    const recent = await rowOf(RECENT.headline);
    expect(within(recent).queryByRole('button', { name: 'Undo' }) !== null).toBe(undoes);
    expect(within(await table()).queryByRole('columnheader', { name: 'Undo' }) !== null).toBe(undoes);
  });

  it('says that nothing was applied yet and when results come', async () => {
    setup({ actions: [] });
    expect(await screen.findByText(NO_ACTIONS)).toBeInTheDocument();
    expect(NO_ACTIONS).toContain(`after ${ACTION_HORIZON_DAYS} days`);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says why the log failed, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({
      overrides: [http.get(api('actions/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined))],
    });
    expect(await screen.findByText('Unable to load the actions log right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
  });

  it('tells a client the log is not part of the role', () => {
    const { fake } = setup({ role: 'client' });
    expect(screen.getByText(SUGGESTIONS_NOT_FOR_ROLE)).toBeInTheDocument();
    expect(fake.requests.actionLists).toBe(0);
  });
});
