import { ctaLabel, formValuesOfLiveAd } from './liveAd';

describe('a live ad in the analyzer’s form', () => {
  it('reads a platform’s call-to-action code as its button says it', () => {
    expect(ctaLabel('LEARN_MORE')).toBe('Learn more');
    expect(ctaLabel('SIGN_UP')).toBe('Sign up');
    expect(ctaLabel('Shop now')).toBe('Shop now');
    expect(ctaLabel(null)).toBe('');
  });

  it('fills every field it has and leaves the rest empty, never invented', () => {
    const values = formValuesOfLiveAd(
      {
        headlines: ['Plan your week in minutes'],
        primaryText: 'Join 2,000 teams.',
        description: null,
        callToAction: 'SIGN_UP',
        landingUrl: 'https://example.com/a',
        imageUrl: 'https://cdn.example.com/x.png',
      },
      'meta_feed',
      'ad-1',
      { name: 'ad-1.png', content_type: 'image/png', base64: 'iVBORw0KGgo=' },
    );
    expect(values).toEqual({
      placement: 'meta_feed',
      headlines: ['Plan your week in minutes'],
      primary_text: 'Join 2,000 teams.',
      description: '',
      cta: 'Sign up',
      landing_url: 'https://example.com/a',
      image: { name: 'ad-1.png', base64: 'iVBORw0KGgo=', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    const textOnly = formValuesOfLiveAd(
      {
        headlines: [],
        primaryText: 'Ad text here',
        description: null,
        callToAction: null,
        landingUrl: null,
        imageUrl: null,
      },
      'tiktok_in_feed',
      'ad-2',
      null,
    );
    expect(textOnly).toMatchObject({ headlines: [''], cta: '', landing_url: '', image: null });
  });
});
