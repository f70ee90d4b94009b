import { alertBody } from '@client/test/alerts.handlers';

import { ALERTS_PAGE_SIZE, alertsOfPages, nextAlertOffset } from './alerts.api';

const page = (count: number, total: number, from = 0) => ({
  alerts: Array.from({ length: count }, (_, index) => alertBody({ id: `alert-${from + index}` })),
  total,
  unread: 0,
});

describe('nextAlertOffset', () => {
  it('asks for the next page while more alerts match than are loaded', () => {
    expect(nextAlertOffset(page(ALERTS_PAGE_SIZE, 120), 0)).toBe(50);
    expect(nextAlertOffset(page(ALERTS_PAGE_SIZE, 120), 50)).toBe(100);
  });

  it('stops at the last page, and at a short page whatever the total says', () => {
    expect(nextAlertOffset(page(20, 120, 100), 100)).toBeUndefined();
    expect(nextAlertOffset(page(ALERTS_PAGE_SIZE, 100), 50)).toBeUndefined();
    expect(nextAlertOffset(page(10, 120), 0)).toBeUndefined();
  });
});

describe('alertsOfPages', () => {
  it('joins the pages in order, each alert once: a new alert shifts the offsets between two pages', () => {
    expect(alertsOfPages([page(2, 4), page(2, 4, 1)]).map(({ id }) => id)).toEqual(['alert-0', 'alert-1', 'alert-2']);
    expect(alertsOfPages(undefined)).toEqual([]);
  });
});
