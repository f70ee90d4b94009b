import { DAY_MS } from '../days';
import { hasActiveTrial, normalizeUserInfo } from './userInfo';

describe('normalizeUserInfo', () => {
  it('keeps a complete body as it is', () => {
    const body = {
      fullName: 'Asha Rao',
      username: 'asha@example.com',
      is_trial: true,
      trial: { is_trial: true, trial_ends_at: '2030-01-01T00:00:00.000Z' },
      gamification: { points: 120, streak: 4 },
    };
    expect(normalizeUserInfo(body)).toEqual(body);
  });

  it('defaults missing counters to 0 and missing flags to false', () => {
    expect(normalizeUserInfo({ fullName: 'Asha Rao' })).toEqual({
      fullName: 'Asha Rao',
      username: '',
      is_trial: false,
      trial: { is_trial: false, trial_ends_at: null },
      gamification: { points: 0, streak: 0 },
    });
  });

  it('treats malformed values as missing', () => {
    const info = normalizeUserInfo({
      trial: { is_trial: 'yes', trial_ends_at: 'not a date' },
      gamification: { points: null, streak: Number.NaN },
    });
    expect(info.trial).toEqual({ is_trial: false, trial_ends_at: null });
    expect(info.gamification).toEqual({ points: 0, streak: 0 });
  });

  it('accepts numeric strings for counters', () => {
    expect(normalizeUserInfo({ gamification: { points: '15', streak: '3' } }).gamification).toEqual({
      points: 15,
      streak: 3,
    });
  });

  it('survives bodies that are not objects', () => {
    expect(normalizeUserInfo(null).gamification.points).toBe(0);
    expect(normalizeUserInfo('oops').fullName).toBe('');
    expect(normalizeUserInfo([1, 2]).trial.is_trial).toBe(false);
  });
});

describe('hasActiveTrial', () => {
  const now = Date.parse('2030-01-01T00:00:00.000Z');
  const withTrial = (is_trial: boolean, trial_ends_at: string | null) =>
    normalizeUserInfo({ trial: { is_trial, trial_ends_at } });

  it('is true while the end lies in the future', () => {
    expect(hasActiveTrial(withTrial(true, new Date(now + DAY_MS).toISOString()), now)).toBe(true);
  });

  it('is false once the end has passed, without an end date, or without a trial', () => {
    expect(hasActiveTrial(withTrial(true, new Date(now - 1).toISOString()), now)).toBe(false);
    expect(hasActiveTrial(withTrial(true, null), now)).toBe(false);
    expect(hasActiveTrial(withTrial(false, new Date(now + DAY_MS).toISOString()), now)).toBe(false);
    expect(hasActiveTrial(undefined, now)).toBe(false);
  });
});
