import type { CreativeCopyInput, CreativeTextAnalysis } from '@shared/api/creative';

import { type AnalysedSide, creativeChanges } from './creative.changes';

const copy: CreativeCopyInput = {
  placement: 'meta_feed',
  headlines: ['Save 30% today'],
  primary_text: 'Join 2,000 teams.',
  description: '',
  cta: 'Sign up',
  landing_url: 'https://example.com',
};

const text = (overall: number, scores: Record<string, number | null>): CreativeTextAnalysis => ({
  overall: { score: overall, explanation: '', parts: [] },
  sub_scores: Object.entries(scores).map(([key, score]) => ({
    key,
    label: key.toUpperCase(),
    score,
    explanation: '',
    spans: [],
  })),
  fields: [],
  headline_model: { scored: 'none', score: null, headlines: [], validation: null },
  suggestions: [],
});

const side = (
  overrides: Partial<AnalysedSide> & {
    overall?: number;
    scores?: Record<string, number | null>;
    imageScores?: Record<string, number | null>;
  } = {},
): AnalysedSide => ({
  copy: overrides.copy ?? copy,
  image: overrides.image ?? null,
  result: {
    text: text(overrides.overall ?? 60, overrides.scores ?? { clarity: 50, policy: 90 }),
    image: overrides.imageScores
      ? {
          format: 'png',
          width: 10,
          height: 10,
          text_coverage: 0,
          overlay: [],
          sub_scores: Object.entries(overrides.imageScores).map(([key, score]) => ({
            key,
            label: key,
            score,
            explanation: '',
            measure: null,
          })),
        }
      : null,
  },
});

describe('creativeChanges: what a re-analysis changed', () => {
  it('gives the overall and each sub-score before → after with the difference, matched by key', () => {
    const changes = creativeChanges(
      'prev',
      side({ overall: 60, scores: { clarity: 50, policy: 90 } }),
      side({ overall: 72, scores: { clarity: 65, policy: 80 } }),
    );
    expect(changes.previous_id).toBe('prev');
    expect(changes.overall).toEqual({ key: 'overall', label: 'Overall score', before: 60, after: 72, delta: 12 });
    expect(changes.sub_scores).toEqual([
      { key: 'clarity', label: 'CLARITY', before: 50, after: 65, delta: 15 },
      { key: 'policy', label: 'POLICY', before: 90, after: 80, delta: -10 },
    ]);
    expect(changes.image_scores).toEqual([]);
    expect(changes.inputs).toEqual([]);
  });

  it('shows a score only one side has with null on the other side and no difference', () => {
    const changes = creativeChanges(
      'prev',
      side({ scores: { clarity: 50, gone: 10 } }),
      side({ scores: { clarity: 50, fresh: null } }),
    );
    expect(changes.sub_scores).toEqual([
      { key: 'clarity', label: 'CLARITY', before: 50, after: 50, delta: 0 },
      { key: 'fresh', label: 'FRESH', before: null, after: null, delta: null },
      { key: 'gone', label: 'GONE', before: 10, after: null, delta: null },
    ]);
  });

  it('names the inputs that differ, the image by its hash', () => {
    const before = side({ image: { sha256: 'aaa' }, imageScores: { brightness: 40 } });
    const after = side({
      copy: { ...copy, headlines: ['Save 40% today'], cta: 'Start now' },
      image: { sha256: 'bbb' },
      imageScores: { brightness: 70 },
    });
    const changes = creativeChanges('prev', before, after);
    expect(changes.inputs).toEqual(['headlines', 'cta', 'image']);
    expect(changes.image_scores).toEqual([
      { key: 'brightness', label: 'brightness', before: 40, after: 70, delta: 30 },
    ]);
  });

  it('counts an added or removed headline, a new placement and an image taken away', () => {
    const changes = creativeChanges(
      'prev',
      side({ image: { sha256: 'aaa' } }),
      side({ copy: { ...copy, placement: 'meta_reels', headlines: [...copy.headlines, 'Another'] } }),
    );
    expect(changes.inputs).toEqual(['placement', 'headlines', 'image']);
  });
});
