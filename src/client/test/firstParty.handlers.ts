import type {
  ConversionBasisView,
  FirstPartyFigures,
  FirstPartyImportResult,
  FirstPartyKey,
  FirstPartyKeyCreated,
  FirstPartyRejection,
  FirstPartyView,
} from '@shared/api/firstParty';
import { parseFirstPartyCsv } from '@shared/validation/firstParty';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** GET first-party/ of a workspace without first-party days, over 1–7 Jan 2030 in INR (the fake dashboard's range). */
export function firstPartyViewBody(overrides: Partial<FirstPartyView> = {}): FirstPartyView {
  return { currency: 'INR', range: { from: '2030-01-01', to: '2030-01-07', days: 7 }, firstParty: null, ...overrides };
}

/**
 * First-party figures of a workspace with Meta and Google: 600 real conversions and ₹4,93,826 of
 * revenue over 5 of the 7 days against ₹1,23,456.50 of spend; Meta claims about 1.5× its share,
 * Google has no interval top (too few conversions to bound it).
 */
export function firstPartyFiguresBody(overrides: Partial<FirstPartyFigures> = {}): FirstPartyFigures {
  return {
    days_covered: 5,
    conversions: 600,
    revenue: 493826,
    spend: 123456.5,
    blended_cpa: 205.76,
    blended_roas: 4,
    mer: 4,
    interval_level: 0.9,
    platforms: [
      {
        platform: 'meta',
        spend: 80000,
        spend_share: 0.648,
        claimed_conversions: 583,
        expected_conversions: 388.8,
        over_attribution: { mid: 1.5, low: 0.9, high: 2.8 },
      },
      {
        platform: 'google',
        spend: 43456.5,
        spend_share: 0.352,
        claimed_conversions: 229,
        expected_conversions: 211.2,
        over_attribution: { mid: 1.08, low: 0.95, high: null },
      },
    ],
    unconverted_currencies: [],
    ...overrides,
  };
}

/** The key as GET first-party/key/ answers. */
export function firstPartyKeyBody(overrides: Partial<FirstPartyKey> = {}): FirstPartyKey {
  return { id: 'fpk_0123456789abcdef', created_at: '2030-01-05T10:00:00.000Z', last_used_at: null, ...overrides };
}

/** The default conversion basis: each platform's own counts. */
export const PLATFORM_BASIS: ConversionBasisView = { basis: 'platform', window: null, platforms: [] };
/** What the fake answers once a workspace opts in to calibrated counts. */
export const CALIBRATED_BASIS: ConversionBasisView = {
  basis: 'first_party',
  window: { from: '2030-01-01', to: '2030-01-28' },
  platforms: [
    { platform: 'meta', factor: 0.5 },
    { platform: 'google', factor: 0.667 },
  ],
};

/** Every screen may ask (the dashboard does): no first-party days, no key. */
export const defaultFirstPartyHandlers = [
  http.get(api('first-party/'), () => HttpResponse.json(firstPartyViewBody())),
  http.get(api('first-party/key/'), () =>
    HttpResponse.json({ detail: 'This workspace has no ingestion key.', code: 'not_found' }, { status: 404 }),
  ),
  http.get(api('first-party/basis/'), () => HttpResponse.json(PLATFORM_BASIS)),
];

/**
 * The first-party endpoints with state: the import checks the file with the shared validator as
 * the server does (a bad file is a 400 with its lines, and nothing is kept) and replaces days
 * already there; the key is made, rotated and deleted. Tests read what was sent from `requests`.
 */
export function fakeFirstPartyServer({ view = firstPartyViewBody(), key = null as FirstPartyKey | null } = {}) {
  const days = new Map<string, unknown>();
  let current = key;
  let made = 0;
  let basis = PLATFORM_BASIS;
  const requests = {
    imports: [] as { body: string; contentType: string | null }[],
    keysMade: 0,
    keysDeleted: 0,
    views: [] as URLSearchParams[],
    bases: [] as unknown[],
  };
  const handlers = [
    http.get(api('first-party/'), ({ request }) => {
      requests.views.push(new URL(request.url).searchParams);
      return HttpResponse.json(view);
    }),
    http.post(api('first-party/import/'), async ({ request }) => {
      const body = await request.text();
      requests.imports.push({ body, contentType: request.headers.get('content-type') });
      const parsed = parseFirstPartyCsv(body);
      if (!parsed.ok)
        return HttpResponse.json(
          { detail: parsed.detail, code: 'validation_failed', lines: parsed.lines } satisfies FirstPartyRejection,
          { status: 400 },
        );
      const replaced = parsed.days.filter(({ day }) => days.has(day)).length;
      for (const day of parsed.days) days.set(day.day, day);
      const sorted = parsed.days.map(({ day }) => day).sort();
      return HttpResponse.json({
        saved: parsed.days.length,
        replaced,
        from: sorted[0]!,
        to: sorted.at(-1)!,
      } satisfies FirstPartyImportResult);
    }),
    http.get(api('first-party/key/'), () =>
      current
        ? HttpResponse.json(current)
        : HttpResponse.json({ detail: 'This workspace has no ingestion key.', code: 'not_found' }, { status: 404 }),
    ),
    http.post(api('first-party/key/'), () => {
      made += 1;
      requests.keysMade += 1;
      const created: FirstPartyKeyCreated = {
        ...firstPartyKeyBody({ id: `fpk_new${made}`, created_at: '2030-01-07T09:00:00.000Z' }),
        secret: `secret-${made}-0123456789abcdef`,
      };
      current = { id: created.id, created_at: created.created_at, last_used_at: null };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(api('first-party/basis/'), () => HttpResponse.json(basis)),
    http.put(api('first-party/basis/'), async ({ request }) => {
      const body = (await request.json()) as { basis?: string };
      requests.bases.push(body);
      basis = body.basis === 'first_party' ? CALIBRATED_BASIS : PLATFORM_BASIS;
      return HttpResponse.json(basis);
    }),
    http.delete(api('first-party/key/'), () => {
      requests.keysDeleted += 1;
      current = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, days, key: () => current };
}
