import type { SuggestionChange } from '@shared/api/suggestions';

import {
  beginRun,
  journalOf,
  type JournalStep,
  placeOf,
  problemWords,
  runOrder,
  statusAfter,
  stepsOfRow,
} from './actions.steps';

const move: SuggestionChange = {
  kind: 'move_budget',
  currency: 'USD',
  amount: 49_830,
  source: { campaign_id: 'c1', campaign_name: 'Spring Sale', from: 1_615_330, to: 1_565_500 },
  target: { campaign_id: 'c2', campaign_name: 'Prospecting', from: 166_000, to: 215_830 },
};

const at = (steps: JournalStep[], ...places: JournalStep['at'][]) =>
  steps.map((step, i) => ({ ...step, at: places[i] }));

describe('the journal of a change', () => {
  it('writes a move source first and a plan cuts before raises; a task has no steps', () => {
    expect(journalOf(move).map((step) => [step.entity_id, step.from, step.to, step.at])).toEqual([
      ['c1', 1_615_330, 1_565_500, 'from'],
      ['c2', 166_000, 215_830, 'from'],
    ]);
    const plan: SuggestionChange = {
      kind: 'budgets',
      currency: 'USD',
      steps: [
        { campaign_id: 'up', campaign_name: 'Up', from: 100, to: 300 },
        { campaign_id: 'down', campaign_name: 'Down', from: 300, to: 100 },
      ],
    };
    expect(journalOf(plan).map((step) => step.entity_id)).toEqual(['down', 'up']);
    expect(journalOf({ kind: 'task', description: 'Write two CTAs' })).toEqual([]);
  });

  it('undoes the steps that are done, last first, and retries only those that are not', () => {
    const steps = at(journalOf(move), 'to', 'from');
    expect(runOrder(steps, 'apply')).toEqual([1]);
    expect(runOrder(at(steps, 'to', 'to'), 'undo')).toEqual([1, 0]);
    expect(runOrder(steps, 'undo')).toEqual([0]);
  });

  it('ends applied, failed, undone or partly applied from where the steps stand', () => {
    const steps = journalOf(move);
    expect(statusAfter(at(steps, 'to', 'to'), 'apply')).toBe('applied');
    expect(statusAfter(at(steps, 'from', 'from'), 'apply')).toBe('failed');
    expect(statusAfter(at(steps, 'from', 'from'), 'undo')).toBe('undone');
    expect(statusAfter(at(steps, 'to', 'from'), 'apply')).toBe('partially_applied');
    expect(statusAfter(at(steps, 'from', 'other'), 'apply')).toBe('failed');
  });

  it('places a step from what the platform holds', () => {
    const [source] = journalOf(move);
    expect(placeOf(source, 1_565_500)).toEqual({ at: 'to', live: undefined });
    expect(placeOf(source, 1_615_330)).toEqual({ at: 'from', live: undefined });
    expect(placeOf(source, 1_000)).toEqual({ at: 'other', live: 1_000 });
    expect(placeOf(source, undefined)).toEqual({ at: 'other', live: null });
  });

  it('says in words what a change taken in part left at the platform', () => {
    const run = beginRun(journalOf(move));
    expect(problemWords('google', at(run, 'to', 'from'), 'apply')).toBe(
      'Google Ads: we lowered the daily budget of campaign “Spring Sale” from USD 16153.30 a day to USD 15655.00 a day but could not raise the daily budget of campaign “Prospecting” from USD 1660.00 a day to USD 2158.30 a day (it is still USD 1660.00 a day).',
    );
    expect(problemWords('google', at(run, 'to', 'to'), 'apply')).toBeNull();
    const undo = beginRun(at(journalOf(move), 'to', 'to'));
    expect(problemWords('meta', at(undo, 'to', 'from'), 'undo')).toBe(
      'Meta: we set campaign “Prospecting” back to USD 1660.00 a day but could not set campaign “Spring Sale” back to USD 16153.30 a day (it is still USD 15655.00 a day).',
    );
    expect(problemWords('google', at(run, 'to', 'unknown'), 'apply')).toContain(
      'could not tell whether it raised campaign “Prospecting”',
    );
  });

  it('reads an action logged before the journal from its change and status', () => {
    expect(stepsOfRow({ steps: [], change: move, status: 'applied' }).map((step) => step.at)).toEqual(['to', 'to']);
    expect(stepsOfRow({ steps: [], change: move, status: 'undone' }).map((step) => step.at)).toEqual(['from', 'from']);
  });
});
