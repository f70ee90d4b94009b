import {
  CREATIVE_INPUT_FIELDS,
  CREATIVE_MESSAGES,
  CREATIVE_PLACEMENT_LABELS,
  type CreativeAnalysis,
  type CreativeAnalysisRecord,
  type CreativeAnalysisSummary,
  type CreativeAnalyzeInput,
  type CreativeChanges,
  type CreativeCompareInput,
  type CreativeComparison,
  type CreativeCopyInput,
  type CreativeField,
  type CreativeFieldFit,
  type CreativeImageAnalysis,
  type CreativeShare,
  type CreativeSpan,
  type CreativeTextAnalysis,
} from '@shared/api/creative';
import { creativeAnalyzeSchema, creativeCompareSchema } from '@shared/validation/creative';
import { http, HttpResponse } from 'msw';
import { ValidationError } from 'yup';

import { api } from './handlers';

/** The word the fake policy check marks as a cost, and its reason. */
export const COST_WORD = 'Guaranteed';
export const COST_REASON = 'Promises of results are restricted on most ad platforms.';
/** A number in a headline earns points, for this reason. */
export const EARNED_REASON = 'A concrete number makes the offer specific.';
/** Where the fake cuts a headline (Meta feed shows about 27 characters). */
export const HEADLINE_TRUNCATE_AT = 27;
export const FAKE_VALIDATION = {
  accuracy: 0.61,
  significant_accuracy: 0.74,
  spearman: 0.32,
  pairs: 12_345,
  tests: 1_234,
  method: 'Held out: cross-validation grouped by test (Upworthy Research Archive, headline A/B tests).',
};

/** The spans of the fake's policy and specificity checks. */
function spansOf(copy: CreativeCopyInput): { policy: CreativeSpan[]; specificity: CreativeSpan[] } {
  const policy: CreativeSpan[] = [];
  const specificity: CreativeSpan[] = [];
  const fields: [CreativeField, number, string][] = [
    ...copy.headlines.map((text, index): [CreativeField, number, string] => ['headline', index, text]),
    ['primary_text', 0, copy.primary_text],
  ];
  for (const [field, index, text] of fields) {
    const cost = text.indexOf(COST_WORD);
    if (cost >= 0)
      policy.push({ field, index, start: cost, end: cost + COST_WORD.length, kind: 'cost', reason: COST_REASON });
    const number = /\d+%?/.exec(text);
    if (number)
      specificity.push({
        field,
        index,
        start: number.index,
        end: number.index + number[0].length,
        kind: 'earned',
        reason: EARNED_REASON,
      });
  }
  return { policy, specificity };
}

/** A field as the placement shows it: headlines cut at HEADLINE_TRUNCATE_AT, the rest whole. */
function fitOf(field: CreativeField, index: number, text: string): CreativeFieldFit {
  const truncateAt = field === 'headline' ? HEADLINE_TRUNCATE_AT : null;
  const visible = truncateAt === null ? text : text.slice(0, truncateAt);
  return {
    field,
    index,
    label: field === 'headline' ? `Headline ${index + 1}` : 'Primary text',
    length: text.length,
    limit: field === 'headline' ? 40 : null,
    truncate_at: truncateAt,
    visible,
    cut: text.slice(visible.length),
    over_limit: false,
  };
}

/** The fake's score of a copy: 40, +20 per number, −15 per COST_WORD, +5 per headline. */
export function fakeScore(copy: CreativeCopyInput): number {
  const { policy, specificity } = spansOf(copy);
  return Math.max(1, Math.min(100, 40 + specificity.length * 20 - policy.length * 15 + copy.headlines.length * 5));
}

/** A text analysis of `copy` shaped as the server's. */
export function creativeTextBody(copy: CreativeCopyInput): CreativeTextAnalysis {
  const { policy, specificity } = spansOf(copy);
  const score = fakeScore(copy);
  return {
    overall: { score, explanation: 'Weighted from the text scores and the headline model.', parts: [] },
    sub_scores: [
      {
        key: 'policy',
        label: 'Policy risk',
        score: policy.length ? 40 : 95,
        explanation: policy.length ? 'One phrase may be refused in review.' : 'Nothing likely to be refused.',
        spans: policy,
      },
      {
        key: 'specificity',
        label: 'Specificity',
        score: specificity.length ? 85 : 30,
        explanation: 'Numbers and concrete offers.',
        spans: specificity,
      },
    ],
    fields: [
      ...copy.headlines.map((text, index) => fitOf('headline', index, text)),
      ...(copy.primary_text ? [fitOf('primary_text', 0, copy.primary_text)] : []),
    ],
    headline_model: {
      scored: copy.headlines.length ? 'headlines' : copy.primary_text ? 'opening_sentence' : 'none',
      score: copy.headlines.length ? 64 : null,
      headlines: copy.headlines.map((headline, index) => ({
        headline,
        score: 64 - index * 10,
        top: [
          { label: 'Has a number', contribution: 0.42 },
          { label: 'Long headline', contribution: -0.13 },
        ],
      })),
      validation: FAKE_VALIDATION,
    },
    suggestions: [
      {
        target: 'cta',
        field: 'cta',
        index: 0,
        advice: 'Name the action in the call to action.',
        example: 'Start free trial',
      },
    ],
  };
}

/** The image analysis the fake answers for any image: a 540×960 PNG with one unsafe band. */
export const FAKE_IMAGE: CreativeImageAnalysis = {
  format: 'png',
  width: 540,
  height: 960,
  sub_scores: [
    {
      key: 'brightness',
      label: 'Brightness',
      score: 80,
      explanation: 'Bright enough to stand out.',
      measure: { value: 0.62, unit: 'mean luminance' },
    },
    {
      key: 'safeZone',
      label: 'Safe zone',
      score: 50,
      explanation: 'Text sits in the band the app covers.',
      measure: null,
    },
  ],
  text_coverage: 0.12,
  overlay: [{ kind: 'unsafe_band', x: 0, y: 0, width: 540, height: 135, label: 'Covered by the app’s top bar' }],
};

/** The whole analysis of an input as the fake server answers it. */
export function creativeAnalysisBody(input: CreativeAnalyzeInput): CreativeAnalysis {
  return {
    placement: input.placement,
    placement_label: CREATIVE_PLACEMENT_LABELS[input.placement],
    text: creativeTextBody(input),
    image: input.image ? FAKE_IMAGE : null,
  };
}

/** The server's 400 for a schema error: its message and the field it names (`headlines[0]` → 'headlines'). */
function refusal(error: unknown) {
  const path = error instanceof ValidationError ? (error.path ?? '') : '';
  return HttpResponse.json(
    { detail: (error as Error).message, code: 'validation_failed', field: path.split(/[.[]/)[0] || null },
    { status: 400 },
  );
}

export interface FakeCreativeOptions {
  /** The workspace is not on Pro: every call answers 403. */
  notPro?: boolean;
  /** An image the server refuses, with this detail (field 'image'). */
  refuseImage?: string;
  /** Saved results the history starts with, newest first. */
  saved?: CreativeAnalysisRecord[];
  /** The history list answers 500. */
  historyFails?: boolean;
  /** History page size (the server's is 20). */
  pageSize?: number;
}

/** A thumbnail data URL the fake keeps for an analysed image. */
export const FAKE_THUMBNAIL = 'data:image/webp;base64,UklGRgAAAABXRUJQ';
/** The bytes the fake PDF carries. */
export const FAKE_PDF = '%PDF-1.3 fake';

/** A saved analysis record as the server keeps it. */
export function savedAnalysis(
  id: string,
  copy: CreativeCopyInput,
  options: { createdAt?: string; image?: boolean } = {},
): CreativeAnalysisRecord {
  const created_at = options.createdAt ?? '2030-03-05T14:05:00.000Z';
  const result = { ...creativeAnalysisBody({ ...copy, image: options.image ? 'x' : null }), id, created_at };
  return {
    id,
    kind: 'analysis',
    placement: copy.placement,
    placement_label: CREATIVE_PLACEMENT_LABELS[copy.placement],
    title: copy.headlines[0] ?? '',
    created_at,
    previous_id: null,
    thumbnail: options.image ? FAKE_THUMBNAIL : null,
    input: { copy, image: options.image ? { sha256: 'a'.repeat(64), width: 540, height: 960, format: 'png' } : null },
    result,
  };
}

function summaryOf(record: CreativeAnalysisRecord): CreativeAnalysisSummary {
  return {
    id: record.id,
    kind: record.kind,
    placement: record.placement,
    placement_label: record.placement_label,
    title: record.title,
    overall_score:
      record.kind === 'analysis' ? record.result.text.overall.score : (record.result.ranking[0]?.score ?? null),
    created_at: record.created_at,
    has_image: record.kind === 'analysis' && record.input.image !== null,
  };
}

/** The fake's "what changed": scores by key, and the inputs that differ. */
function changesOf(
  previous: Extract<CreativeAnalysisRecord, { kind: 'analysis' }>,
  input: CreativeAnalyzeInput,
  after: CreativeAnalysis,
): CreativeChanges {
  const change = (key: string, label: string, before: number | null, now: number | null) => ({
    key,
    label,
    before,
    after: now,
    delta: before === null || now === null ? null : now - before,
  });
  const before = previous.result;
  return {
    previous_id: previous.id,
    overall: change('overall', 'Overall score', before.text.overall.score, after.text.overall.score),
    sub_scores: after.text.sub_scores.map((score) =>
      change(
        score.key,
        score.label,
        before.text.sub_scores.find((old) => old.key === score.key)?.score ?? null,
        score.score,
      ),
    ),
    image_scores: [],
    inputs: CREATIVE_INPUT_FIELDS.filter((field) =>
      field === 'image'
        ? Boolean(input.image) !== (previous.input.image !== null)
        : JSON.stringify(input[field]) !== JSON.stringify(previous.input.copy[field]),
    ),
  };
}

/**
 * The Creative Analyzer's routes as the contract describes them: the analysis of a copy (the
 * server's schema decides what is refused) and the ranking of copies by fakeScore. Tests add
 * `fake.handlers` with `server.use` and read what was sent from `fake.requests`.
 */
export function fakeCreativeServer({
  notPro = false,
  refuseImage,
  saved = [],
  historyFails = false,
  pageSize = 20,
}: FakeCreativeOptions = {}) {
  const requests = {
    analyze: [] as CreativeAnalyzeInput[],
    compare: [] as CreativeCompareInput[],
    shares: [] as { id: string; expires_in_days: number }[],
    revoked: [] as string[],
    deleted: [] as string[],
    pdf: [] as string[],
  };
  const records = [...saved];
  const shares = new Map<string, (CreativeShare & { analysisId: string })[]>();
  let sequence = 0;
  const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
  const unknown = () =>
    HttpResponse.json({ detail: CREATIVE_MESSAGES.analysisNotFound, code: 'not_found' }, { status: 404 });
  const needsPro = () => HttpResponse.json({ detail: CREATIVE_MESSAGES.needsPro, code: 'forbidden' }, { status: 403 });
  const history = [
    http.get(api('creative/analyses/'), ({ request }) => {
      if (historyFails) return HttpResponse.json({ detail: 'Something broke.' }, { status: 500 });
      const cursor = Number(new URL(request.url).searchParams.get('cursor') || 0);
      const page = records.slice(cursor, cursor + pageSize);
      return HttpResponse.json({
        items: page.map(summaryOf),
        next_cursor: cursor + pageSize < records.length ? String(cursor + pageSize) : null,
      });
    }),
    http.get(api('creative/analyses/:id/'), ({ params }) => {
      const record = records.find((r) => r.id === params.id);
      return record ? HttpResponse.json(record) : unknown();
    }),
    http.delete(api('creative/analyses/:id/'), ({ params }) => {
      const index = records.findIndex((r) => r.id === params.id);
      if (index < 0) return unknown();
      requests.deleted.push(String(params.id));
      records.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('creative/analyses/:id/pdf/'), ({ params }) => {
      requests.pdf.push(String(params.id));
      return new HttpResponse(FAKE_PDF, { headers: { 'content-type': 'application/pdf' } });
    }),
    http.post(api('creative/analyses/:id/share/'), async ({ params, request }) => {
      const { expires_in_days } = (await request.json()) as { expires_in_days: number };
      const id = String(params.id);
      requests.shares.push({ id, expires_in_days });
      const shareId = nextId();
      const token = `${shareId}.signature`;
      const share = {
        id: shareId,
        analysisId: id,
        url: `http://localhost/shared/creative/${token}`,
        created_at: '2030-03-05T14:05:00.000Z',
        expires_at: new Date(Date.UTC(2030, 2, 5 + expires_in_days)).toISOString(),
      };
      shares.set(id, [share, ...(shares.get(id) ?? [])]);
      return HttpResponse.json({ id: shareId, url: share.url, token, expires_at: share.expires_at }, { status: 201 });
    }),
    http.get(api('creative/analyses/:id/shares/'), ({ params }) =>
      HttpResponse.json((shares.get(String(params.id)) ?? []).map(({ analysisId: _analysis, ...share }) => share)),
    ),
    http.delete(api('creative/shares/:id/'), ({ params }) => {
      requests.revoked.push(String(params.id));
      for (const [key, list] of shares)
        shares.set(
          key,
          list.filter((share) => share.id !== params.id),
        );
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  const handlers = [
    ...history,
    http.post(api('creative/analyze/'), async ({ request }) => {
      const body = (await request.json()) as CreativeAnalyzeInput;
      requests.analyze.push(body);
      if (notPro) return needsPro();
      try {
        await creativeAnalyzeSchema.validate(body);
      } catch (error) {
        return refusal(error);
      }
      if (body.image && refuseImage)
        return HttpResponse.json({ detail: refuseImage, code: 'validation_failed', field: 'image' }, { status: 400 });
      const previous = body.previous_id ? records.find((r) => r.id === body.previous_id) : undefined;
      if (body.previous_id && previous?.kind !== 'analysis') return unknown();
      const { previous_id: _previous, ...input } = body;
      const id = nextId();
      const record = savedAnalysis(
        id,
        {
          placement: input.placement,
          headlines: input.headlines,
          primary_text: input.primary_text,
          description: input.description,
          cta: input.cta,
          landing_url: input.landing_url,
        },
        { createdAt: new Date(Date.UTC(2030, 2, 5, 15, sequence)).toISOString(), image: Boolean(input.image) },
      );
      const analysis: CreativeAnalysis = {
        ...creativeAnalysisBody(input),
        id,
        created_at: record.created_at,
        ...(previous?.kind === 'analysis'
          ? { changes: changesOf(previous, input, record.result as CreativeAnalysis) }
          : {}),
      };
      records.unshift({ ...record, previous_id: previous?.id ?? null, result: analysis } as CreativeAnalysisRecord);
      return HttpResponse.json(analysis);
    }),
    http.post(api('creative/compare/'), async ({ request }) => {
      const body = (await request.json()) as CreativeCompareInput;
      requests.compare.push(body);
      if (notPro) return needsPro();
      try {
        await creativeCompareSchema.validate(body);
      } catch (error) {
        return refusal(error);
      }
      const ranked = body.copies
        .map((copy, index) => ({ index, score: fakeScore(copy), analysis: creativeTextBody(copy) }))
        .sort((a, b) => b.score - a.score || a.index - b.index);
      return HttpResponse.json({
        ranking: ranked.map((entry, position) => ({ ...entry, rank: position + 1 })),
        steps: ranked.slice(1).map((lower, position) => {
          const higher = ranked[position];
          return {
            higher: higher.index,
            lower: lower.index,
            difference: higher.score - lower.score,
            headline_win_probability: 0.6,
            explanation: `Copy ${higher.index + 1} is more specific than copy ${lower.index + 1}.`,
          };
        }),
      } satisfies CreativeComparison);
    }),
  ];
  return { handlers, requests };
}
