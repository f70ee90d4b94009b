import { formatMultiple, formatRatio, importResultText, overAttributionText, readyText } from './firstPartyFormat';

describe('firstPartyFormat', () => {
  it('writes a ratio to two significant figures, and whole from ten up', () => {
    expect(formatRatio(1.5)).toBe('1.5×');
    expect(formatRatio(0.8765)).toBe('0.88×');
    expect(formatRatio(2)).toBe('2×');
    expect(formatRatio(12.4)).toBe('12×');
  });

  it('writes a multiple to two decimals', () => {
    expect(formatMultiple(4)).toBe('4.00×');
    expect(formatMultiple(3.14159)).toBe('3.14×');
  });

  it('says an over-attribution in words with its interval, open-ended without a top', () => {
    expect(overAttributionText({ mid: 1.5, low: 0.9, high: 2.8 })).toBe('claims 1.5× its share (0.9× to 2.8×)');
    expect(overAttributionText({ mid: 3, low: 1.2, high: null })).toBe('claims 3× its share (1.2× or more)');
    expect(overAttributionText(null)).toMatch(/^no ratio/);
  });

  it('says what an import saved, and what a checked file holds', () => {
    expect(importResultText({ saved: 1, replaced: 0, from: '2030-01-01', to: '2030-01-01' })).toBe('Saved 1 day, 2030-01-01 to 2030-01-01.');
    expect(importResultText({ saved: 3, replaced: 1, from: '2030-01-01', to: '2030-01-03' })).toBe('Saved 3 days (1 replaced a day saved before), 2030-01-01 to 2030-01-03.');
    expect(readyText([{ day: '2030-01-03' }, { day: '2030-01-01' }])).toBe('2 days, 2030-01-01 to 2030-01-03, checked and ready to import.');
  });
});
