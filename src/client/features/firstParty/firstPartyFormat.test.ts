import { importResultText, readyText } from './firstPartyFormat';

describe('firstPartyFormat', () => {
  it('says what an import saved, and what a checked file holds', () => {
    expect(importResultText({ saved: 1, replaced: 0, from: '2030-01-01', to: '2030-01-01' })).toBe(
      'Saved 1 day, 2030-01-01 to 2030-01-01.',
    );
    expect(importResultText({ saved: 3, replaced: 1, from: '2030-01-01', to: '2030-01-03' })).toBe(
      'Saved 3 days (1 replaced a day saved before), 2030-01-01 to 2030-01-03.',
    );
    expect(readyText([{ day: '2030-01-03' }, { day: '2030-01-01' }])).toBe(
      '2 days, 2030-01-01 to 2030-01-03, checked and ready to import.',
    );
  });
});
