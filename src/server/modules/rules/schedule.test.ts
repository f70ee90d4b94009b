import { dueSlots } from './schedule';

describe('rule schedule', () => {
  it('finds the slots of the last ten minutes, also across midnight', () => {
    const now = new Date('2026-07-15T05:04:00Z');
    expect(dueSlots(['07:00', '12:00'], 'Europe/Paris', now).map((d) => d.toISOString())).toEqual([
      '2026-07-15T05:00:00.000Z',
    ]);
    expect(dueSlots(['07:00'], 'Europe/Paris', new Date('2026-07-15T05:11:00Z'))).toEqual([]);
    expect(dueSlots(['23:58'], 'UTC', new Date('2026-07-16T00:03:00Z')).map((d) => d.toISOString())).toEqual([
      '2026-07-15T23:58:00.000Z',
    ]);
  });
});
