import { isAlertFiltered, NO_ALERT_FILTERS, readAlertFilters, toAlertQuery, writeAlertFilters } from './alertFilters';

describe('alertFilters', () => {
  it('reads known values from the address and ignores the rest', () => {
    expect(readAlertFilters(new URLSearchParams('kind=anomaly&severity=critical&account=acc-1&unread=true'))).toEqual({
      kind: 'anomaly',
      severity: 'critical',
      account: 'acc-1',
      unreadOnly: true,
    });
    expect(readAlertFilters(new URLSearchParams('kind=fire&severity=loud&account=%20&unread=yes'))).toEqual(
      NO_ALERT_FILTERS,
    );
  });

  it('writes the filters back, keeping other parameters', () => {
    const written = writeAlertFilters(new URLSearchParams('kind=anomaly&unread=true&utm=x'), {
      ...NO_ALERT_FILTERS,
      severity: 'warning',
    });
    expect(written.toString()).toBe('utm=x&severity=warning');
    expect(writeAlertFilters(new URLSearchParams(), { ...NO_ALERT_FILTERS, unreadOnly: true }).toString()).toBe(
      'unread=true',
    );
  });

  it('asks for unset filters by leaving them out; Unread only off asks for read and unread alike', () => {
    expect(toAlertQuery(NO_ALERT_FILTERS)).toEqual({
      kind: undefined,
      severity: undefined,
      account: undefined,
      unread: undefined,
    });
    expect(toAlertQuery({ ...NO_ALERT_FILTERS, kind: 'delivery_stopped', unreadOnly: true })).toEqual({
      kind: 'delivery_stopped',
      severity: undefined,
      account: undefined,
      unread: true,
    });
    expect(isAlertFiltered(NO_ALERT_FILTERS)).toBe(false);
    expect(isAlertFiltered({ ...NO_ALERT_FILTERS, unreadOnly: true })).toBe(true);
    expect(isAlertFiltered({ ...NO_ALERT_FILTERS, account: 'acc-1' })).toBe(true);
  });
});
