import { paths } from '@client/lib/paths';
import { installFakeClock } from '@client/test/fakeClock';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  BRAND_ACCOUNT,
  type FakeSuggestionsOptions,
  fakeSuggestionsServer,
  partlyAppliedActionBody,
  scaleSuggestionBody,
  suggestionBody,
  taskSuggestionBody,
} from '@client/test/suggestions.handlers';
import type { Role } from '@shared/access/policy';
import { UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import {
  DISMISS_REASON_LABELS,
  SUGGESTION_MESSAGES,
  SUGGESTION_TYPE_LABELS,
  SUGGESTIONS_NOTE,
} from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { SUGGESTION_VALIDATION } from '@shared/validation/suggestions';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { finishedMessage, PARTIAL_HELP } from './actionRepair';
import { PARTIAL_TITLE } from './ApplyDialog';
import { SUGGESTION_ACTION_LABELS, SUGGESTION_DETAILS_LABEL } from './SuggestionCard';
import { FIRST_SYNC_TEXT, NO_SUGGESTIONS, NONE_MATCH_TEXT, SUGGESTIONS_NOT_FOR_ROLE } from './SuggestionsEmpty';
import { SuggestionsPage } from './SuggestionsPage';
import { GROUPING_LABEL, GROUPING_LABELS, SUMMARY_RANGE_NOTE, SUMMARY_TITLE } from './SuggestionsSummary';

const PAUSE = suggestionBody();
const SCALE = scaleSuggestionBody();
const TASK = taskSuggestionBody();
const CLIENT_WORKSPACE = '00000000-0000-4000-8000-00000000acme';

interface SetupOptions extends FakeSuggestionsOptions {
  route?: string;
  role?: Role;
  /** Handlers that answer before the fake server. */
  overrides?: HttpHandler[];
}

/** The page for a signed-in user (the owner by default), against a fake server with the pause and scale suggestions. */
function setup({
  route = paths.suggestions,
  role,
  overrides = [],
  suggestions = [PAUSE, SCALE],
  ...options
}: SetupOptions = {}) {
  const fake = fakeSuggestionsServer({ suggestions, ...options });
  server.use(...fake.handlers);
  server.use(...overrides);
  const session = role ? signedInSession({ workspace: { id: CLIENT_WORKSPACE, role } }) : signedInSession();
  const rendered = renderWithProviders(<SuggestionsPage />, { route, preloadedState: { session } });
  expect(screen.getByRole('heading', { level: 1, name: 'Smart Suggestions' })).toBeInTheDocument();
  return { ...rendered, fake };
}

const card = (headline: string) => screen.findByRole('article', { name: headline });
/** Every toast (notistack) and inline alert text on screen. */
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

afterEach(() => {
  jest.useRealTimers();
});

describe('SuggestionsPage: the list', () => {
  it('shows the note, skeletons while loading, then a card per suggestion at a glance: what, how sure, the impact and the actions', async () => {
    setup();
    expect(screen.getByText(SUGGESTIONS_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading suggestions' })).toBeInTheDocument();

    const pause = await card(PAUSE.headline);
    expect(within(pause).getByRole('heading', { level: 2, name: PAUSE.headline })).toBeInTheDocument();
    expect(within(pause).getByText(SUGGESTION_TYPE_LABELS.pause_ad)).toBeInTheDocument();
    expect(within(pause).getByText(`${PLATFORM_LABELS.google} · Brand`)).toBeInTheDocument();
    expect(within(pause).getByText('About 92% sure this ad converts worse than its peers')).toBeInTheDocument();
    expect(within(pause).queryByText(/confident/)).not.toBeInTheDocument();
    expect(within(pause).getByText('+3.1 conversions a week (1.2 to 5.0)')).toBeInTheDocument();
    expect(within(pause).getByText('Spend -$1,200.00 a week (-$1,500.00 to -$900.00)')).toBeInTheDocument();
    expect(within(pause).getByRole('button', { name: SUGGESTION_ACTION_LABELS.apply })).toBeInTheDocument();
    // The evidence, the chart and what changes wait behind Details.
    expect(within(pause).queryByRole('region', { name: 'Evidence' })).not.toBeInTheDocument();
    expect(within(pause).queryByRole('img', { name: PAUSE.chart!.label })).not.toBeInTheDocument();
    expect(within(pause).queryByRole('region', { name: 'What changes' })).not.toBeInTheDocument();

    const scale = await card(SCALE.headline);
    expect(
      within(scale).getByText('About 81% sure this campaign’s next conversion costs less than the other campaigns’'),
    ).toBeInTheDocument();
    expect(within(scale).getByText('+6.0 conversions a week (2.5 to 9.5)')).toBeInTheDocument();
    expect(within(scale).getByText('Spend +₹7,000.00 a week (₹7,000.00 to ₹7,000.00)')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading suggestions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Actions and results/ })).toHaveAttribute('href', paths.actions);
  });

  it('opens the evidence, the chart and what changes on demand, and closes them again', async () => {
    const { user } = setup();
    const pause = await card(PAUSE.headline);
    const details = within(pause).getByRole('button', { name: SUGGESTION_DETAILS_LABEL });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(details).toHaveAccessibleDescription(PAUSE.headline);
    const panel = document.getElementById(details.getAttribute('aria-controls')!)!;
    expect(pause).toContainElement(panel);
    expect(panel).not.toBeVisible();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const evidence = within(panel).getByRole('region', { name: 'Evidence' });
    expect(within(evidence).getByRole('heading', { level: 3, name: 'Evidence' })).toBeInTheDocument();
    expect(within(evidence).getByRole('listitem')).toHaveTextContent(
      'Conversions per 1,000 impressions: This ad 0.8 (0.5 to 1.1) vs peers 2.1 (1.8 to 2.4) · 97% likely worse than its peers',
    );
    const chart = await within(panel).findByRole('img', { name: PAUSE.chart!.label });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleDescription(
      /This ad \(solid line\) against its peers' median \(dashed line\), 1 Jan 2030 to 7 Jan 2030/,
    );
    expect(within(within(panel).getByRole('region', { name: 'What changes' })).getByRole('listitem')).toHaveTextContent(
      PAUSE.change_lines[0],
    );
    // The other card stays as it was.
    const scale = await card(SCALE.headline);
    expect(within(scale).getByRole('button', { name: SUGGESTION_DETAILS_LABEL })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(within(pause).queryByRole('region', { name: 'Evidence' })).not.toBeInTheDocument();

    // A card with changes but no evidence opens to its changes alone.
    await user.click(within(scale).getByRole('button', { name: SUGGESTION_DETAILS_LABEL }));
    expect(within(scale).getByRole('region', { name: 'What changes' })).toBeInTheDocument();
    expect(within(scale).queryByRole('region', { name: 'Evidence' })).not.toBeInTheDocument();
    expect(within(scale).queryByRole('img')).not.toBeInTheDocument();
  });

  it('sums up how many, the conversions a week if all are applied, and each type', async () => {
    setup({ suggestions: [SCALE, PAUSE, TASK] });
    await card(PAUSE.headline);
    const summary = screen.getByRole('region', { name: SUMMARY_TITLE });
    expect(within(summary).getByRole('heading', { level: 2, name: SUMMARY_TITLE })).toBeInTheDocument();
    expect(
      within(summary).getByText('3 suggestions: +10.1 conversions a week (3.7 to 16.5) if all are applied'),
    ).toBeInTheDocument();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${SUGGESTION_TYPE_LABELS.scale_campaign}: 1 suggestion · +6.0 conversions a week (2.5 to 9.5)`,
      `${SUGGESTION_TYPE_LABELS.pause_ad}: 1 suggestion · +3.1 conversions a week (1.2 to 5.0)`,
      `${SUGGESTION_TYPE_LABELS.test_cta}: 1 suggestion · +1.0 conversions a week (0.0 to 2.0)`,
    ]);
    expect(within(summary).getByText(SUMMARY_RANGE_NOTE)).toBeInTheDocument();
  });

  it('counts a budget two suggestions set once in the summary, and says so', async () => {
    const pace = suggestionBody({
      id: 'sug-pace',
      type: 'pace_budget',
      platform: 'meta',
      account: { ...SCALE.account },
      headline: 'Lower this account’s daily budgets by 10% to land budget “March” on target',
      impact: { conversions_per_week: { mid: 2, low: 1, high: 3 }, spend_per_week: { mid: 0, low: 0, high: 0 } },
      change: {
        kind: 'budgets',
        currency: 'INR',
        steps: [{ campaign_id: 'cmp-1', campaign_name: 'Diwali Sale', from: 200000, to: 180000 }],
      },
    });
    setup({ suggestions: [SCALE, pace] });
    await card(pace.headline);
    const summary = screen.getByRole('region', { name: SUMMARY_TITLE });
    expect(
      within(summary).getByText('2 suggestions: +6.0 conversions a week (2.5 to 9.5) if all are applied'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText(
        /^1 suggestion sets a budget another one also sets: only the one expected to bring more is counted\./,
      ),
    ).toBeInTheDocument();
  });

  it('leaves out the spend line when spend does not change, and offers Mark as done instead of Apply for a task done by hand', async () => {
    setup({ suggestions: [TASK] });
    const task = await card(TASK.headline);
    expect(within(task).queryByText(/^Spend/)).not.toBeInTheDocument();
    expect(within(task).queryByRole('button', { name: SUGGESTION_ACTION_LABELS.apply })).not.toBeInTheDocument();
    expect(within(task).getByRole('button', { name: SUGGESTION_ACTION_LABELS.done })).toBeInTheDocument();
    expect(within(task).getByRole('button', { name: SUGGESTION_ACTION_LABELS.dismiss })).toBeInTheDocument();
    expect(within(task).getByRole('button', { name: SUGGESTION_ACTION_LABELS.snooze })).toBeInTheDocument();
  });

  it('says there is nothing yet, how many ads are learning, and that suggestions come after the first sync', async () => {
    setup({ suggestions: [], learning: 4, computed_at: null });
    expect(await screen.findByText(NO_SUGGESTIONS)).toBeInTheDocument();
    expect(
      screen.getByText('4 ads and campaigns are still learning: they are judged once they have enough data.'),
    ).toBeInTheDocument();
    expect(screen.getByText(FIRST_SYNC_TEXT)).toBeInTheDocument();
    expect(screen.getByText(SUGGESTIONS_NOTE)).toBeInTheDocument();
  });

  it('says why the list failed, and Retry asks again', async () => {
    let fail = true;
    const { user } = setup({
      overrides: [
        http.get(api('suggestions/'), () =>
          fail ? HttpResponse.json({ detail: 'Suggestions are being recomputed.' }, { status: 503 }) : undefined,
        ),
      ],
    });
    expect(await screen.findByText('Suggestions are being recomputed.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card(PAUSE.headline)).toBeInTheDocument();
  });

  it('tells a client that suggestions are not part of the role, and asks nothing', async () => {
    const { fake } = setup({ role: 'client' });
    expect(screen.getByText(SUGGESTIONS_NOT_FOR_ROLE)).toBeInTheDocument();
    expect(screen.getByText(SUGGESTIONS_NOTE)).toBeInTheDocument();
    expect(fake.requests.lists).toEqual([]);
  });
});

describe('SuggestionsPage: filters', () => {
  it('asks again with ?type=, ?platform= and ?account= and keeps them in the address', async () => {
    const { user, fake } = setup();
    await card(PAUSE.headline);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: SUGGESTION_TYPE_LABELS.pause_ad }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('type')).toBe('pause_ad'));
    expect(new URLSearchParams(window.location.search).get('type')).toBe('pause_ad');
    await waitFor(() => expect(screen.queryByRole('article', { name: SCALE.headline })).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: PLATFORM_LABELS.google }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('platform')).toBe('google'));
    expect(fake.requests.lists.at(-1)?.get('type')).toBe('pause_ad');

    // The accounts come from the suggestions themselves, narrowed to the chosen platform.
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All accounts', `Brand (${PLATFORM_LABELS.google})`]);
    await user.click(screen.getByRole('option', { name: `Brand (${PLATFORM_LABELS.google})` }));
    await waitFor(() => expect(fake.requests.lists.at(-1)?.get('account')).toBe(BRAND_ACCOUNT.id));
    expect(new URLSearchParams(window.location.search).get('account')).toBe(BRAND_ACCOUNT.id);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'All types' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).has('type')).toBe(false));
  });

  it('says when the filters hide every open suggestion', async () => {
    setup({ route: `${paths.suggestions}?type=day_of_week` });
    expect(await screen.findByText(NONE_MATCH_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NO_SUGGESTIONS)).toBeInTheDocument();
  });

  it('reads the filters from the address, ignoring unknown values', async () => {
    const { fake } = setup({ route: `${paths.suggestions}?type=scale_campaign&platform=myspace` });
    expect(await screen.findByRole('article', { name: SCALE.headline })).toBeInTheDocument();
    expect(
      fake.requests.lists.some((params) => params.get('type') === 'scale_campaign' && !params.has('platform')),
    ).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent(SUGGESTION_TYPE_LABELS.scale_campaign);
    expect(screen.queryByRole('article', { name: PAUSE.headline })).not.toBeInTheDocument();
  });
});

describe('SuggestionsPage: grouping', () => {
  const STORE_TASK = taskSuggestionBody({
    id: 'sug-4',
    platform: 'meta',
    account: { ...SCALE.account },
    headline: 'Test a new call to action on “Diwali Sale”',
  });
  const headingTexts = (level: number) =>
    screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);

  it('lists best first by default, groups by account or by type from the labelled toggle, and keeps the choice in the address', async () => {
    const { user } = setup({ suggestions: [PAUSE, SCALE, TASK, STORE_TASK] });
    await card(PAUSE.headline);
    const toggle = screen.getByRole('group', { name: GROUPING_LABEL });
    expect(within(toggle).getByRole('button', { name: GROUPING_LABELS.none })).toHaveAttribute('aria-pressed', 'true');
    expect(headingTexts(2)).toEqual([
      SUMMARY_TITLE,
      PAUSE.headline,
      SCALE.headline,
      TASK.headline,
      STORE_TASK.headline,
    ]);

    await user.click(within(toggle).getByRole('button', { name: GROUPING_LABELS.account }));
    expect(new URLSearchParams(window.location.search).get('group')).toBe('account');
    expect(within(toggle).getByRole('button', { name: GROUPING_LABELS.account })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(headingTexts(2)).toEqual([
      SUMMARY_TITLE,
      `Brand (${PLATFORM_LABELS.google})`,
      `Main store (${PLATFORM_LABELS.meta})`,
    ]);
    const brand = screen.getByRole('region', { name: `Brand (${PLATFORM_LABELS.google})` });
    expect(within(brand).getByText('2 suggestions · +4.1 conversions a week (1.2 to 7.0)')).toBeInTheDocument();
    expect(
      within(brand)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([PAUSE.headline, TASK.headline]);

    await user.click(within(toggle).getByRole('button', { name: GROUPING_LABELS.type }));
    expect(new URLSearchParams(window.location.search).get('group')).toBe('type');
    expect(headingTexts(2)).toEqual([
      SUMMARY_TITLE,
      SUGGESTION_TYPE_LABELS.pause_ad,
      SUGGESTION_TYPE_LABELS.scale_campaign,
      SUGGESTION_TYPE_LABELS.test_cta,
    ]);
    const tasks = screen.getByRole('region', { name: SUGGESTION_TYPE_LABELS.test_cta });
    expect(
      within(tasks)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([TASK.headline, STORE_TASK.headline]);

    await user.click(within(toggle).getByRole('button', { name: GROUPING_LABELS.none }));
    expect(new URLSearchParams(window.location.search).has('group')).toBe(false);
    expect(headingTexts(2)).toEqual([
      SUMMARY_TITLE,
      PAUSE.headline,
      SCALE.headline,
      TASK.headline,
      STORE_TASK.headline,
    ]);
  });

  it('reads the grouping from the address beside the filters, and keeps it when a filter changes', async () => {
    const { user } = setup({
      route: `${paths.suggestions}?group=type&platform=google`,
      suggestions: [PAUSE, SCALE, TASK],
    });
    await card(PAUSE.headline);
    expect(screen.getByRole('button', { name: GROUPING_LABELS.type })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: SUGGESTION_TYPE_LABELS.pause_ad })).toContainElement(
      screen.getByRole('article', { name: PAUSE.headline }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'All platforms' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).has('platform')).toBe(false));
    expect(new URLSearchParams(window.location.search).get('group')).toBe('type');
  });

  it('acts on a grouped card as on any other', async () => {
    const { user, fake } = setup({ route: `${paths.suggestions}?group=account` });
    const scale = await card(SCALE.headline);
    await user.click(within(scale).getByRole('button', { name: SUGGESTION_ACTION_LABELS.snooze }));
    await waitFor(() => expect(fake.requests.snoozed).toEqual([SCALE.id]));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `Main store (${PLATFORM_LABELS.meta})` })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: `Brand (${PLATFORM_LABELS.google})` })).toBeInTheDocument();
  });
});

describe('SuggestionsPage: what each role may do', () => {
  it.each<[Role, boolean]>([
    ['owner', true],
    ['manager', true],
    ['viewer', false],
  ])('a %s sees Apply (Mark as done on a task), Dismiss and Snooze: %s', async (role, acts) => {
    const { user } = setup({ role, suggestions: [PAUSE, TASK] });
    const pause = await card(PAUSE.headline);
    const task = await card(TASK.headline);
    const { apply, done, ...both } = SUGGESTION_ACTION_LABELS;
    for (const label of [apply, ...Object.values(both)])
      expect(within(pause).queryByRole('button', { name: label }) !== null).toBe(acts);
    for (const label of [done, ...Object.values(both)])
      expect(within(task).queryByRole('button', { name: label }) !== null).toBe(acts);
    // Everything else is there for a viewer too.
    await user.click(within(pause).getByRole('button', { name: SUGGESTION_DETAILS_LABEL }));
    expect(within(pause).getByRole('region', { name: 'Evidence' })).toBeInTheDocument();
  });
});

describe('SuggestionsPage: Apply', () => {
  it('previews what changes at the platform, applies, and offers Undo in the toast', async () => {
    const { user, fake } = setup();
    const pause = await card(PAUSE.headline);
    await user.click(within(pause).getByRole('button', { name: 'Apply' }));

    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    expect(await within(dialog).findByText(`At ${PLATFORM_LABELS.google} this will:`)).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(PAUSE.change_lines[0]);
    expect(within(dialog).getByText('Now:').parentElement).toHaveTextContent('Now: Active');
    expect(fake.requests.previews).toEqual([PAUSE.id]);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fake.requests.applied).toEqual([PAUSE.id]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(alerts()).toContainEqual(expect.stringContaining(`Applied: ${PAUSE.headline}`)));
    // The applied suggestion leaves the list.
    await waitFor(() => expect(screen.queryByRole('article', { name: PAUSE.headline })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.requests.undone).toEqual(['act-new-1']));
    await waitFor(() => expect(alerts()).toContainEqual(expect.stringContaining(`Undone: ${PAUSE.headline}`)));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('keeps Undo on offer until the undo window closes, then the toast goes', async () => {
    installFakeClock();
    const { user } = setup();
    await user.click(within(await card(PAUSE.headline)).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MINUTES * 60_000 - 5_000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('works from the keyboard: Enter opens the dialog, Escape closes it and gives focus back', async () => {
    const { user, fake } = setup();
    const apply = within(await card(PAUSE.headline)).getByRole('button', { name: 'Apply' });
    expect(apply).toHaveAccessibleDescription(PAUSE.headline);
    act(() => apply.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apply).toHaveFocus();
    expect(fake.requests.applied).toEqual([]);
  });

  it('reads the preview again every time the dialog opens', async () => {
    const { user, fake } = setup();
    const pause = await card(PAUSE.headline);
    await user.click(within(pause).getByRole('button', { name: 'Apply' }));
    let dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(pause).getByRole('button', { name: 'Apply' }));
    dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    expect(fake.requests.previews).toEqual([PAUSE.id, PAUSE.id]);
  });

  it('says why a suggestion that changed since was withdrawn, offers no Apply, and asks for the list again on close', async () => {
    const detail = SUGGESTION_MESSAGES.changedSince('Paused');
    const { user, fake } = setup({
      preview: (suggestion) => ({ suggestion, current_matches: false, current_state: 'Paused', detail }),
    });
    const pause = await card(PAUSE.headline);
    await user.click(within(pause).getByRole('button', { name: 'Apply' }));

    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/this will:/)).not.toBeInTheDocument();

    const lists = fake.requests.lists.length;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(fake.requests.lists.length).toBeGreaterThan(lists));
    expect(fake.requests.applied).toEqual([]);
  });

  it("says the server's reason when Apply is refused with 409, and asks for the list again", async () => {
    const detail = SUGGESTION_MESSAGES.changedSince('Paused');
    const { user, fake } = setup({
      overrides: [
        http.post(api('suggestions/:id/apply/'), () =>
          HttpResponse.json({ detail, code: 'conflict' }, { status: 409 }),
        ),
      ],
    });
    const pause = await card(PAUSE.headline);
    await user.click(within(pause).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    const lists = fake.requests.lists.length;

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(alerts()).toContain(detail));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(fake.requests.lists.length).toBeGreaterThan(lists));
    expect(alerts().some((text) => text.startsWith('Applied'))).toBe(false);
  });

  it("keeps the dialog open with the platform's reason when the platform refuses", async () => {
    const detail = 'Google Ads refused the change: the ad is under review.';
    const { user } = setup({
      overrides: [
        http.post(api('suggestions/:id/apply/'), () =>
          HttpResponse.json({ detail, code: 'platform_error' }, { status: 502 }),
        ),
      ],
    });
    await user.click(within(await card(PAUSE.headline)).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // Said in the dialog, which stays for another try (the toast is behind the modal for a screen reader).
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(alerts()).toContain(detail));
    expect(screen.getByRole('article', { name: PAUSE.headline })).toBeInTheDocument();
  });
});

describe('SuggestionsPage: a change the platform takes only in part', () => {
  /** Applies the scale suggestion against a platform that takes it only in part; the dialog as it then stands. */
  async function applyTakenInPart() {
    const partial = partlyAppliedActionBody({ suggestion_id: SCALE.id });
    const rendered = setup({
      actions: [partial],
      overrides: [
        http.post(api('suggestions/:id/apply/'), () =>
          HttpResponse.json(
            { detail: partial.problem, code: 'partially_applied', action_id: partial.id },
            { status: 502 },
          ),
        ),
      ],
    });
    await rendered.user.click(within(await card(SCALE.headline)).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(/this will:/);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    return { ...rendered, partial, halfway: await screen.findByRole('dialog', { name: PARTIAL_TITLE }) };
  }

  it('keeps the dialog with what is at the platform, and Retry finishes the change', async () => {
    const { user, fake, partial, halfway } = await applyTakenInPart();
    expect(within(halfway).getByText(partial.problem!)).toBeInTheDocument();
    expect(within(halfway).getByText(PARTIAL_HELP)).toBeInTheDocument();
    expect(within(halfway).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.click(within(halfway).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.requests.retried).toEqual([partial.id]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(alerts()).toContain(finishedMessage(partial)));
  });

  it('Undo from the dialog sets the change back', async () => {
    const { user, fake, partial, halfway } = await applyTakenInPart();
    await user.click(within(halfway).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.requests.undone).toEqual([partial.id]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(alerts()).toContain(`Undone: ${partial.headline}`));
  });
});

describe('SuggestionsPage: Dismiss and Snooze', () => {
  it('asks why, then dismisses with the reason and the note', async () => {
    const { user, fake } = setup();
    const pause = await card(PAUSE.headline);
    await user.click(within(pause).getByRole('button', { name: 'Dismiss' }));

    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this suggestion' });
    const reasons = within(dialog).getByRole('radiogroup');
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(Object.values(DISMISS_REASON_LABELS));

    // A reason is needed.
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText(SUGGESTION_VALIDATION.badReason)).toBeInTheDocument();
    expect(fake.requests.dismissed).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: DISMISS_REASON_LABELS.disagree }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      '  Tracking was broken that week.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() =>
      expect(fake.requests.dismissed).toEqual([
        { id: PAUSE.id, body: { reason: 'disagree', note: 'Tracking was broken that week.' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: PAUSE.headline })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: SCALE.headline })).toBeInTheDocument();
  });

  it('sends no note when none was written', async () => {
    const { user, fake } = setup();
    await user.click(within(await card(PAUSE.headline)).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this suggestion' });
    await user.click(within(dialog).getByRole('radio', { name: DISMISS_REASON_LABELS.already_planned }));
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(fake.requests.dismissed).toEqual([{ id: PAUSE.id, body: { reason: 'already_planned' } }]),
    );
  });

  it("keeps the dialog, with the server's reason, when Dismiss is refused", async () => {
    const { user } = setup({
      overrides: [
        http.post(api('suggestions/:id/dismiss/'), () =>
          HttpResponse.json({ detail: SUGGESTION_MESSAGES.notOpen, code: 'conflict' }, { status: 409 }),
        ),
      ],
    });
    await user.click(within(await card(PAUSE.headline)).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this suggestion' });
    await user.click(within(dialog).getByRole('radio', { name: DISMISS_REASON_LABELS.not_relevant }));
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText(SUGGESTION_MESSAGES.notOpen)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: DISMISS_REASON_LABELS.not_relevant })).toBeChecked();
  });

  it('records a task as done, which leaves the list, and offers Undo in the toast', async () => {
    const { user, fake } = setup({ suggestions: [TASK, PAUSE] });
    const task = await card(TASK.headline);
    await user.click(within(task).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(fake.requests.done).toEqual([TASK.id]));
    await waitFor(() => expect(alerts()).toContainEqual(expect.stringContaining(`Marked as done: ${TASK.headline}`)));
    await waitFor(() => expect(screen.queryByRole('article', { name: TASK.headline })).not.toBeInTheDocument());
    // Nothing at a platform: no preview was asked for.
    expect(fake.requests.previews).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.requests.undone).toEqual(['act-new-1']));
    await waitFor(() => expect(alerts()).toContainEqual(expect.stringContaining(`Undone: ${TASK.headline}`)));
  });

  it('snoozes a suggestion, which leaves the list', async () => {
    const { user, fake } = setup();
    const scale = await card(SCALE.headline);
    await user.click(within(scale).getByRole('button', { name: 'Snooze 7 days' }));
    await waitFor(() => expect(fake.requests.snoozed).toEqual([SCALE.id]));
    await waitFor(() => expect(screen.queryByRole('article', { name: SCALE.headline })).not.toBeInTheDocument());
    await waitFor(() => expect(alerts()).toContainEqual(expect.stringContaining('Snoozed')));
  });
});
