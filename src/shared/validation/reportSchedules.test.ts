import { ValidationError } from 'yup';

import { SCHEDULE_LIMITS, SCHEDULE_VALIDATION } from '../api/reportSchedules';
import { isTimeZone, reportReviewSchema, reportScheduleSchema } from './reportSchedules';

const weekly = {
  frequency: 'weekly',
  weekday: 1,
  hour: 8,
  time_zone: 'Europe/Paris',
  members: [],
  emails: ['cfo@acme.example'],
  review: true,
  enabled: true,
};
const firstError = async (value: object) => {
  try {
    await reportScheduleSchema.validate(value);
    return null;
  } catch (error) {
    return (error as ValidationError).message;
  }
};

describe('report schedule validation (shared by the form and the server)', () => {
  it('keeps a weekly schedule’s weekday and drops the day of the month, and the other way round', async () => {
    expect(
      await reportScheduleSchema.validate({ ...weekly, day_of_month: 3, emails: [' CFO@Acme.example '] }),
    ).toMatchObject({ weekday: 1, emails: ['cfo@acme.example'] });
    expect(await reportScheduleSchema.validate({ ...weekly, day_of_month: 3 })).not.toHaveProperty('day_of_month');
    const monthly = await reportScheduleSchema.validate({ ...weekly, frequency: 'monthly', day_of_month: 28 });
    expect(monthly.day_of_month).toBe(28);
    expect(monthly).not.toHaveProperty('weekday');
  });

  it('names every address that is not one, in one message', async () => {
    expect(await firstError({ ...weekly, emails: ['ok@acme.example', 'bob@', 'x y'] })).toBe(
      '"bob@", "x y" are not e-mail addresses.',
    );
    expect(await firstError({ ...weekly, emails: ['bob@'] })).toBe('"bob@" is not an e-mail address.');
    expect(await firstError({ ...weekly, emails: ['a@acme.example', 'A@acme.example'] })).toBe(
      SCHEDULE_VALIDATION.duplicate('a@acme.example'),
    );
  });

  it('needs one to fifty recipients, members and addresses together', async () => {
    expect(await firstError({ ...weekly, emails: [] })).toBe(SCHEDULE_VALIDATION.noRecipients);
    const members = Array.from({ length: 25 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const emails = Array.from({ length: SCHEDULE_LIMITS.maxRecipients - 25 }, (_, i) => `c${i}@acme.example`);
    expect(await firstError({ ...weekly, members, emails })).toBeNull();
    expect(await firstError({ ...weekly, members, emails: [...emails, 'one-more@acme.example'] })).toBe(
      SCHEDULE_VALIDATION.tooManyRecipients,
    );
    expect(await firstError({ ...weekly, members: ['not-a-uuid'] })).toBe(SCHEDULE_VALIDATION.badMember);
  });

  it('refuses a day, an hour or a zone out of range', async () => {
    expect(await firstError({ ...weekly, weekday: 0 })).toBe(SCHEDULE_VALIDATION.badWeekday);
    expect(await firstError({ ...weekly, weekday: null })).toBe(SCHEDULE_VALIDATION.badWeekday);
    expect(await firstError({ ...weekly, frequency: 'monthly', day_of_month: 29 })).toBe(
      SCHEDULE_VALIDATION.badDayOfMonth,
    );
    expect(await firstError({ ...weekly, hour: 24 })).toBe(SCHEDULE_VALIDATION.badHour);
    expect(await firstError({ ...weekly, hour: 7.5 })).toBe(SCHEDULE_VALIDATION.badHour);
    expect(await firstError({ ...weekly, frequency: 'daily' })).toBe(SCHEDULE_VALIDATION.badFrequency);
    expect(await firstError({ ...weekly, time_zone: 'Mars/Olympus' })).toBe(SCHEDULE_VALIDATION.badTimeZone);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('')).toBe(false);
  });

  it('limits a reviewer’s comment', async () => {
    expect(await reportReviewSchema.validate({ comment: '  Good week.  ' })).toEqual({ comment: 'Good week.' });
    expect(await reportReviewSchema.validate({})).toEqual({ comment: null });
    await expect(reportReviewSchema.validate({ comment: 'x'.repeat(SCHEDULE_LIMITS.commentMax + 1) })).rejects.toThrow(
      SCHEDULE_VALIDATION.commentTooLong,
    );
  });
});
