import { normalizeUserInfo } from '@shared/api/userInfo';
import { DAY_MS } from '@shared/days';

import { encouragement, trialSummary } from './accountView';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const withTrial = (is_trial: boolean, endMs: number | null) =>
  normalizeUserInfo({ trial: { is_trial, trial_ends_at: endMs === null ? null : new Date(endMs).toISOString() } });

describe('trialSummary', () => {
  it('is Active with days left rounded up while the end lies ahead', () => {
    expect(trialSummary(withTrial(true, NOW + DAY_MS + 1), NOW)).toEqual({
      status: 'Active',
      endsAt: NOW + DAY_MS + 1,
      daysLeft: 2,
    });
  });

  it('is Ended with 0 days once the end has passed', () => {
    expect(trialSummary(withTrial(true, NOW - DAY_MS), NOW)).toEqual({
      status: 'Ended',
      endsAt: NOW - DAY_MS,
      daysLeft: 0,
    });
  });

  it('is Not Started without a trial (a stray end date counts for nothing) or without an end', () => {
    expect(trialSummary(withTrial(false, NOW + DAY_MS), NOW)).toEqual({
      status: 'Not Started',
      endsAt: null,
      daysLeft: null,
    });
    expect(trialSummary(withTrial(true, null), NOW)).toEqual({ status: 'Not Started', endsAt: null, daysLeft: null });
  });
});

describe('encouragement', () => {
  it('cheers an active trial with days left, in the singular for one day', () => {
    expect(encouragement({ status: 'Active', endsAt: NOW, daysLeft: 1 })).toMatch(
      /^You have 1 day left in your trial\./,
    );
    expect(encouragement({ status: 'Active', endsAt: NOW, daysLeft: 5 })).toMatch(
      /^You have 5 days left in your trial\./,
    );
  });

  it('says nothing otherwise', () => {
    expect(encouragement({ status: 'Active', endsAt: NOW, daysLeft: 0 })).toBeNull();
    expect(encouragement({ status: 'Ended', endsAt: NOW, daysLeft: 0 })).toBeNull();
    expect(encouragement({ status: 'Not Started', endsAt: null, daysLeft: null })).toBeNull();
  });
});
