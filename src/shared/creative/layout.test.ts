import { cutField, measure } from './layout';
import { PLACEMENTS } from './placements';

describe('cutField', () => {
  it('shows what fits before a placement’s cut, backed off to the last word', () => {
    const text = 'Save 20% on every plan for this week';
    const fit = cutField(text, PLACEMENTS.meta_feed.headline, 'plain', 'Headline');
    expect(fit.visible).toBe('Save 20% on every plan for');
    expect(fit.cut).toBe(' this week');
    expect(fit.visible + fit.cut).toBe(text);
    expect(fit).toMatchObject({ label: 'Headline', length: text.length, limit: 40, truncateAt: 27, overLimit: false });
  });

  it('counts an X link as 23 characters and a wide character as 2', () => {
    expect(measure('see https://example.com/a/very/long/path/that/goes/on', 'x', 280).length).toBe(4 + 23);
    expect(measure('日本', 'x', 280).length).toBe(4);
    expect(measure('日本', 'plain', 280).length).toBe(2);
  });

  it('never splits an emoji in two at the cut', () => {
    const { cutAt } = measure('ab😀cd', 'plain', 3);
    expect(cutAt).toBe(4);
  });

  it('marks text over the limit and a field the placement does not show', () => {
    expect(cutField('x'.repeat(31), PLACEMENTS.google_rsa.headline, 'google', 'Headline').overLimit).toBe(true);
    expect(cutField('Shown nowhere', PLACEMENTS.tiktok_in_feed.headline, 'plain', 'Headline')).toMatchObject({
      limit: null,
      visible: '',
      cut: 'Shown nowhere',
    });
  });
});
