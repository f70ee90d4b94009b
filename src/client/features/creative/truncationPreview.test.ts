import { truncationPreview } from './truncationPreview';

describe('the live truncation preview', () => {
  it('says what a placement shows of a field and where it cuts, as the server lays it out', () => {
    expect(truncationPreview('Save 20% on every plan for this week', 'meta_feed', 'headline')).toBe(
      '36/40: Meta feed shows “Save 20% on every plan for…”, then cuts 9 characters.',
    );
    expect(truncationPreview('Plan smarter', 'meta_feed', 'headline')).toBe('12/40: shown whole on Meta feed.');
  });

  it('says when text is over the limit, or never shown, and nothing for empty text', () => {
    expect(truncationPreview('x'.repeat(31), 'google_rsa', 'headline')).toBe(
      '31/30: over the limit, the ad is refused.',
    );
    expect(truncationPreview('x'.repeat(41), 'meta_feed', 'headline')).toBe('41/40: over the limit, cut for good.');
    expect(truncationPreview('A headline', 'tiktok_in_feed', 'headline')).toBe(
      'TikTok in-feed does not show this field.',
    );
    expect(truncationPreview('  ', 'meta_feed', 'primary_text')).toBeNull();
  });
});
