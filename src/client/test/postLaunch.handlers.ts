import { CREATIVE_MESSAGES } from '@shared/api/creative';
import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';
import type { PostLaunchAdView, PostLaunchScoreView, PostLaunchView } from '@shared/api/creativePostLaunch';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

const score = (metric: PostLaunchScoreView['metric'], value: number, explanation: string): PostLaunchScoreView => ({
  metric,
  score: value,
  low: value - 10,
  high: value + 10,
  observed: 0.02,
  estimate: 0.02,
  campaign: 0.018,
  probability_better: value / 100,
  explanation,
});

/** A scored ad of the fake account (Meta, INR). */
export const WINNER: PostLaunchAdView = {
  ad_id: 'ad-1',
  name: 'Spring sale A',
  status: 'ACTIVE',
  live: true,
  first_day: '2030-02-01',
  age_days: 32,
  spend: 1_250_000,
  impressions: 90_000,
  clicks: 1_800,
  conversions: 42,
  value: 0,
  enough_data: true,
  withheld: null,
  overall: score('cpa', 78, 'Cost per conversion 297.62 INR vs the campaign’s 380.00 INR; 91% likely lower'),
  hook: score('ctr', 64, 'Click-through 2.00% vs the campaign’s 1.80%; 70% likely above it'),
  conversion: score('cvr', 71, 'Conversions per click 2.33% vs 2.00%'),
  efficiency: score('cpa', 80, 'Cost per conversion 297.62 INR vs 380.00 INR'),
  fatigue: {
    state: 'watch',
    age_days: 32,
    early_ctr: 0.022,
    recent_ctr: 0.019,
    ctr_per_week: { mid: -0.04, low: -0.07, high: -0.01 },
    cpc_per_week: { mid: 0.03, low: 0.0, high: 0.06 },
    ctr_per_impression_doubling: { mid: -0.05, low: -0.09, high: -0.01 },
    days_to_fatigue: 12,
    explanation: 'Click-through falls about 4% a week; at this pace it is 15% below its first week in about 12 days.',
  },
  summary: 'Scored against 2 other ads of its campaign.',
  creative: {
    headlines: ['Spring sale: 30% off'],
    primaryText: 'Join 2,000 shoppers this week.',
    description: 'Free delivery',
    callToAction: 'SHOP_NOW',
    landingUrl: 'https://shop.example.com/spring',
    imageUrl: 'http://127.0.0.1/meta/adimages/abc.png',
  },
};

/** An ad below the spend floor. */
export const NEWCOMER: PostLaunchAdView = {
  ...WINNER,
  ad_id: 'ad-2',
  name: 'Spring sale B',
  spend: 150_000,
  conversions: 2,
  enough_data: false,
  withheld: 'below_spend_floor',
  overall: null,
  hook: null,
  conversion: null,
  efficiency: null,
  fatigue: null,
  summary: 'Not enough data yet: 1,500.00 of 4,000.00 INR spent (80 clicks, 2 conversions so far)',
  creative: { ...WINNER.creative!, headlines: ['New season, new you'], imageUrl: null },
};

export const FAKE_POST_LAUNCH: PostLaunchView = {
  accounts: [
    { id: '00000000-0000-4000-8000-00000000000a', name: 'Shop India', platform: 'meta', currency: 'INR' },
    { id: '00000000-0000-4000-8000-00000000000b', name: 'Shop Search', platform: 'google', currency: 'INR' },
  ],
  account: { id: '00000000-0000-4000-8000-00000000000a', name: 'Shop India', platform: 'meta', currency: 'INR' },
  objective: 'cpa',
  placement: 'meta_feed',
  spend_floor: 400_000,
  spend_floor_note: 'Scores appear once an ad has spent 4000.00 INR (about Motion’s $50).',
  campaigns: [{ campaign_id: 'c-1', name: 'Spring sale', ads: [WINNER, NEWCOMER] }],
};

/** A one-pixel PNG, as the image route hands it over. */
export const FAKE_AD_IMAGE = {
  name: 'ad-1.png',
  content_type: 'image/png',
  base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};

/** The workspace's refit before and after "Refit now": not enough ads yet, then a fitted, applied one. */
const FEEDBACK_WEIGHTS = [
  ['headlineModel', 'Headline model (A/B tests)', 0.2, 0.05],
  ['platformFit', 'Platform fit', 0.14, 0.12],
  ['clarity', 'Clarity', 0.12, 0.1],
  ['cta', 'Call to action', 0.12, 0.18],
  ['specificity', 'Specificity', 0.12, 0.35],
  ['policy', 'Policy risk', 0.12, 0.1],
  ['persuasion', 'Persuasion cues', 0.08, 0.05],
  ['bias', 'Behavioural-bias cues', 0.05, 0.03],
  ['emotion', 'Emotion', 0.05, 0.02],
] as const;

export const FAKE_FEEDBACK_NOT_ENOUGH: CreativeFeedbackView = {
  state: 'not_enough',
  min_ads: 20,
  min_campaigns: 3,
  ads: 12,
  campaigns: 2,
  fitted_at: '2030-03-04T08:00:00.000Z',
  applied: false,
  weights: FEEDBACK_WEIGHTS.map(([key, label, global]) => ({ key, label, global, workspace: null })),
  evaluation: null,
  summary: '12 launched ads with a score in 2 campaigns so far. Until then the global weights score your copy.',
};

export const FAKE_FEEDBACK_FITTED: CreativeFeedbackView = {
  ...FAKE_FEEDBACK_NOT_ENOUGH,
  state: 'fitted',
  ads: 41,
  campaigns: 9,
  fitted_at: '2030-03-05T08:00:00.000Z',
  applied: true,
  weights: FEEDBACK_WEIGHTS.map(([key, label, global, workspace]) => ({ key, label, global, workspace })),
  evaluation: { ads: 30, campaigns: 7, workspace: 0.41, global: 0.12 },
  summary:
    'On 30 ads of 7 campaigns held out of the fit, the refit weights ranked ads at 0.41, the global weights at 0.12. The analyzer now weighs this workspace’s copy with the refit weights.',
};

export interface FakePostLaunchOptions {
  view?: PostLaunchView;
  notPro?: boolean;
  imageFails?: boolean;
  /** The refit GET creative/feedback/ answers with; POST …/refit/ answers FAKE_FEEDBACK_FITTED (or fails with refitFails). */
  feedback?: CreativeFeedbackView;
  refitFails?: boolean;
}

/** The post-launch routes: the view (the account asked for, marked as chosen), and the image of ad-1. */
export function fakePostLaunchServer({
  view = FAKE_POST_LAUNCH,
  notPro = false,
  imageFails = false,
  feedback = FAKE_FEEDBACK_NOT_ENOUGH,
  refitFails = false,
}: FakePostLaunchOptions = {}) {
  const requests = { scores: [] as URLSearchParams[], images: [] as URLSearchParams[], refits: 0 };
  let current = feedback;
  const handlers = [
    http.get(api('creative/post-launch/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.scores.push(params);
      if (notPro) return HttpResponse.json({ detail: CREATIVE_MESSAGES.needsPro, code: 'forbidden' }, { status: 403 });
      const chosen = view.accounts.find((a) => a.id === params.get('account')) ?? view.account;
      return HttpResponse.json({ ...view, account: chosen, objective: params.get('objective') ?? 'cpa' });
    }),
    http.get(api('creative/post-launch/image/'), ({ request }) => {
      requests.images.push(new URL(request.url).searchParams);
      if (imageFails)
        return HttpResponse.json(
          { detail: 'The platform did not serve this ad’s image.', code: 'platform_error' },
          { status: 502 },
        );
      return HttpResponse.json(FAKE_AD_IMAGE);
    }),
    http.get(api('creative/feedback/'), () => {
      if (notPro) return HttpResponse.json({ detail: CREATIVE_MESSAGES.needsPro, code: 'forbidden' }, { status: 403 });
      return HttpResponse.json(current);
    }),
    http.post(api('creative/feedback/refit/'), () => {
      requests.refits += 1;
      if (refitFails) return HttpResponse.json({ detail: 'The database is busy.', code: 'internal' }, { status: 503 });
      current = FAKE_FEEDBACK_FITTED;
      return HttpResponse.json(current);
    }),
  ];
  return { handlers, requests };
}
