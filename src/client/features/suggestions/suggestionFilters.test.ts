import {
  isFiltered,
  readSuggestionFilters,
  readSuggestionGrouping,
  toSuggestionQuery,
  writeSuggestionFilters,
} from './suggestionFilters';

describe('suggestionFilters', () => {
  it('reads known values from the address and ignores the rest', () => {
    expect(readSuggestionFilters(new URLSearchParams('type=pause_ad&platform=google&account=acc-1'))).toEqual({
      type: 'pause_ad',
      platform: 'google',
      account: 'acc-1',
    });
    expect(readSuggestionFilters(new URLSearchParams('type=win_big&platform=myspace&account=%20'))).toEqual({
      type: null,
      platform: null,
      account: null,
    });
  });

  it('writes the filters back, keeping other parameters', () => {
    const written = writeSuggestionFilters(new URLSearchParams('type=pause_ad&utm=x'), {
      type: null,
      platform: 'meta',
      account: null,
    });
    expect(written.toString()).toBe('utm=x&platform=meta');
  });

  it('asks for unset filters by leaving them out', () => {
    expect(toSuggestionQuery({ type: null, platform: 'meta', account: null })).toEqual({
      type: undefined,
      platform: 'meta',
      account: undefined,
    });
    expect(isFiltered({ type: null, platform: null, account: null })).toBe(false);
    expect(isFiltered({ type: null, platform: null, account: 'acc-1' })).toBe(true);
  });

  it('reads the grouping, none when absent or unknown, and the grouping is not a filter', () => {
    expect(readSuggestionGrouping(new URLSearchParams('group=account'))).toBe('account');
    expect(readSuggestionGrouping(new URLSearchParams('group=type&type=pause_ad'))).toBe('type');
    expect(readSuggestionGrouping(new URLSearchParams('group=platform'))).toBe('none');
    expect(readSuggestionGrouping(new URLSearchParams(''))).toBe('none');
    expect(isFiltered(readSuggestionFilters(new URLSearchParams('group=type')))).toBe(false);
    expect(
      writeSuggestionFilters(new URLSearchParams('group=type'), {
        type: 'pause_ad',
        platform: null,
        account: null,
      }).toString(),
    ).toBe('group=type&type=pause_ad');
  });
});
