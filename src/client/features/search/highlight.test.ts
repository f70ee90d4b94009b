import { highlightParts } from './highlight';

const render = (text: string, words: string[]) =>
  highlightParts(text, words)
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join('');

describe('highlightParts', () => {
  it('marks every occurrence of every word, ignoring case and keeping the original text', () => {
    expect(highlightParts('Budget pacing and budgets', ['budget'])).toEqual([
      { text: 'Budget', marked: true },
      { text: ' pacing and ', marked: false },
      { text: 'budget', marked: true },
      { text: 's', marked: false },
    ]);
    expect(render('CTR, CPC and conversion rate', ['cpc', 'ctr'])).toBe('[CTR], [CPC] and conversion rate');
  });

  it('returns the whole text unmarked when nothing matches or there are no words', () => {
    expect(highlightParts('Pricing', ['zebra'])).toEqual([{ text: 'Pricing', marked: false }]);
    expect(highlightParts('Pricing', [])).toEqual([{ text: 'Pricing', marked: false }]);
    expect(highlightParts('Pricing', [''])).toEqual([{ text: 'Pricing', marked: false }]);
    expect(highlightParts('', ['x'])).toEqual([]);
  });

  it('prefers the longer word where two overlap', () => {
    expect(render('Conversions convert', ['convert', 'conversions'])).toBe('[Conversions] [convert]');
    expect(render('budgets', ['budget', 'budgets'])).toBe('[budgets]');
  });

  it('treats regular-expression characters in the words literally', () => {
    expect(render('C++ and C# (beta) cost $5.00', ['c++', '(beta)', '$5.00'])).toBe(
      '[C++] and C# [(beta)] cost [$5.00]',
    );
    expect(render('a.b and acb', ['a.b'])).toBe('[a.b] and acb');
    expect(() => highlightParts('text', ['[', '\\'])).not.toThrow();
  });

  it('joins back to exactly the input', () => {
    const text = 'Content & SEO Strategist · Freelance · India';
    expect(
      highlightParts(text, ['seo', 'india'])
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
