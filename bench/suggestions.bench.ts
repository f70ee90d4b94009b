import { parseArgs } from 'node:util';

import { type Platform, PLATFORMS } from '@shared/constants';
import { addDays } from '@shared/days';

import { type AccountTruth, accountTruth, SPEND_PER_BUDGET } from '../src/sandbox/truth';
import { minorUnitsPerUsd, World } from '../src/sandbox/world';
import { BUDGET_SHIFT_DEFAULTS, steppedBudget } from '../src/server/analysis/budgetShift';
import { flaggedWeekdays } from '../src/server/analysis/dayOfWeek';
import type { Finding, FindingType } from '../src/server/analysis/findings';
import { estimateLagProfile } from '../src/server/analysis/lag';
import { MOVE_BUDGET_DEFAULTS } from '../src/server/analysis/moveBudget';
import { findAll } from '../src/server/analysis/suggest';
import { median } from '../src/server/analysis/window';
import { naiveWiseCut } from './decisions/naiveRule';
import { SyncedView } from './decisions/syncedView';

/**
 * Decision quality of Smart Suggestions against the sandbox's hidden truth:
 *   npm run bench:suggestions -- --seed N
 * A world of five platforms (one account each, about 20 campaigns) with 90 days of history is
 * connected, synced daily for two weeks (so late conversions restate and the lag is learnt),
 * then run for 30 days three times from the same start: doing nothing, applying the top
 * suggestions daily, and applying a naive rule of the kind other tools ship. Prints each
 * type's precision against the truth, recall of bad new ads, conversions per unit of spend
 * against doing nothing, and how often the late-conversion correction changed a verdict. In the
 * last line a precision or recall with nothing to count (no pause suggested, no bad ad launched)
 * is '-'.
 *
 * "Ours" is the product's own findAll (analysis/suggest). Ad pauses, budget steps and moves are
 * applied through the world as the platforms' APIs would, and a fatigued creative is refreshed
 * as the advertiser following the task would (world.refreshCreative: a new execution of its
 * concept as a new ad), the top APPLY_PER_DAY a day by expected conversions; the other tasks
 * (new calls to action, boost a winner, a weekday budget shape) are not applied, since what the
 * advertiser would write or build is not the world's to know. Every finding of every type is
 * judged, once, on the day it first appears. An oracle runs the same daily procedure on the
 * world's true rates (oracleCandidates); its lift and the share of it ours reaches end the last
 * line as `oracle_lift=… oracle_share=…`.
 */

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '42' }, days: { type: 'string', default: '30' } },
});
const SEED = Number(values.seed);
const SIM_DAYS = Number(values.days);
const WARM_UP_DAYS = 14;
const APPLY_PER_DAY = 5;
const RECALL_DAYS = 14;
const COOLDOWN_DAYS = 7;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-06-01T15:00:00Z');

type Policy = 'none' | 'ours' | 'naive' | 'oracle';

interface Judgement {
  type: string;
  right: boolean;
}

interface RunResult {
  conversions: number;
  spendUsd: number;
  judgements: Judgement[];
  /** ad id → first day it was suggested for pausing */
  pausedFirst: Map<string, string>;
  lagChanged: number;
  lagCompared: number;
  world: World;
  simStart: Map<string, string>;
  /** How many times each type was applied. */
  applied: Map<string, number>;
}

/** The types "ours" can find, in the order they are reported. */
const OUR_TYPES: FindingType[] = [
  'pause_ad',
  'creative_fatigue',
  'test_cta',
  'boost_creative',
  'day_of_week',
  'move_budget',
  'reduce_budget',
  'scale_campaign',
];
/**
 * A creative is worn out when its click-through today is below this share of fresh. In the world
 * it decays from 1 towards 0.55: below 0.85 it has lost a third of all it can lose to fatigue and
 * 15% of its clicks and conversions, which a new creative wins back; above it, the loss is smaller
 * than the learning phase a new creative costs, and refreshing would be busywork.
 */
const WORN_OUT = 0.85;
/**
 * An ad to test new calls to action on must convert per click at least this share of the median
 * live ad of its campaign (its click-through below the median's). At a few dozen conversions no
 * analysis resolves a gap in conversion rate much under 10%, so "the offer converts" cannot mean
 * more; and with a click-through raised to the median's, such an ad converts per impression at
 * least 90% as well as one at both medians: what it lacks is clicks. Below it (clickbait at 25–55%
 * of its campaign's rate, the weakest ordinary creatives) more clicks would mostly be clicks that
 * do not convert, and pausing or replacing the ad is the better advice.
 */
const OFFER_HOLDS = 0.9;

/** Was the advice right, by the world's truth at the moment it was given? */
function judge(world: World, platform: Platform, accountId: string, finding: Finding): boolean {
  const truth = accountTruth(world, platform, accountId)!;
  const campaignTruth = (id: string | null) => truth.campaigns.find((c) => c.id === id)!;
  // Median cost of one more conversion over the campaigns that deliver today.
  const medianMarginal = () =>
    median(truth.campaigns.filter((c) => c.marginalCpaMinor !== null).map((c) => c.marginalCpaMinor!));
  switch (finding.type) {
    case 'pause_ad': {
      const campaign = campaignTruth(finding.campaignId);
      const live = campaign.ads.filter((ad) => ad.live);
      const ad = campaign.ads.find((a) => a.id === finding.entityId)!;
      return ad.conversionRate < median(live.map((a) => a.conversionRate));
    }
    case 'boost_creative': {
      // A proven creative: it converts per click AND per impression above the median live ad of its campaign.
      const campaign = campaignTruth(finding.campaignId);
      const live = campaign.ads.filter((ad) => ad.live);
      const ad = campaign.ads.find((a) => a.id === finding.entityId)!;
      const perImpression = (a: (typeof live)[number]) => a.ctrMultiplier * a.conversionRate;
      return (
        ad.conversionRate > median(live.map((a) => a.conversionRate)) &&
        perImpression(ad) > median(live.map(perImpression))
      );
    }
    case 'test_cta': {
      // People click it less than the median live ad of its campaign, and the offer is not the problem.
      const campaign = campaignTruth(finding.campaignId);
      const live = campaign.ads.filter((ad) => ad.live);
      const ad = campaign.ads.find((a) => a.id === finding.entityId)!;
      return (
        ad.ctrMultiplier < median(live.map((a) => a.ctrMultiplier)) &&
        ad.conversionRate >= median(live.map((a) => a.conversionRate)) * OFFER_HOLDS
      );
    }
    case 'move_budget': {
      if (finding.change.kind !== 'move_budget') return false;
      const { source, target } = finding.change;
      const marginal = (id: string) => campaignTruth(id).marginalCpaMinor ?? Infinity;
      return marginal(source.campaignId) > marginal(target.campaignId);
    }
    case 'creative_fatigue': {
      // Worn out today, and less fresh than the day it launched.
      const ad = campaignTruth(finding.campaignId).ads.find((a) => a.id === finding.entityId)!;
      const found = world.ad(platform, ad.id)!;
      return ad.freshness < WORN_OUT && ad.freshness < world.fatigue(found.campaign, found.ad, ad.launchDate);
    }
    case 'day_of_week': {
      // Every weekday it advises spending less on converts below the campaign's average day.
      const efficiency = campaignTruth(finding.campaignId).weekdayEfficiency;
      const average = efficiency.reduce((a, b) => a + b, 0) / efficiency.length;
      const days = flaggedWeekdays(finding);
      return days.length > 0 && days.every((d) => efficiency[d] < average);
    }
    case 'reduce_budget':
      return (campaignTruth(finding.campaignId).marginalCpaMinor ?? Infinity) > medianMarginal();
    case 'scale_campaign':
      return (campaignTruth(finding.campaignId).marginalCpaMinor ?? Infinity) < medianMarginal();
    default:
      throw new Error(`No truth check for ${finding.type}`);
  }
}

/**
 * The oracle: the same daily procedure as "ours" (the same kinds of change, the top APPLY_PER_DAY a
 * day by expected conversions a week, the same week's cooldown, the same step sizes) decided on
 * the world's TRUE rates (truth.ts) instead of estimates; what the product could reach with
 * perfect knowledge of today's rates. Each candidate's gain is its true expected conversions a
 * week at the campaign's average spend for its budget (SPEND_PER_BUDGET), on an average weekday:
 * - pause an ad when its campaign's true mix (world.mixQuality, with the paused ad's delivery
 *   shared out and repetition wear on the others) converts more without it;
 * - refresh a creative worn below WORN_OUT (the bench's own truth for fatigue), gaining its
 *   freshness back at its concept's click-through (the refresh's ±15% draw is not known before);
 * - move a budget step (moveBudget's 30% of the smaller budget) from the campaign whose next
 *   conversion truly costs more to the one where it costs less, each campaign in one move a day;
 * - scale a campaign (×1.2) whose true marginal cost is below the median's by the product's gap
 *   (20%), reduce one (×0.8) above it by the same gap (reductions lose conversions, so like ours
 *   they rank last).
 */
function oracleCandidates(
  world: World,
  platform: Platform,
  accountId: string,
  currency: string,
): { key: string; gain: number; type: string; apply: () => boolean }[] {
  const truth: AccountTruth = accountTruth(world, platform, accountId)!;
  const account = world.account(platform, accountId)!;
  const today = world.today(account);
  const out: { key: string; gain: number; type: string; apply: () => boolean }[] = [];
  const delivering = truth.campaigns.filter((c) => c.marginalCpaMinor !== null);
  const curve = (c: AccountTruth['campaigns'][number], spend: number) =>
    (c.maxConversionsPerDay * c.mixQuality * spend) / (c.halfSaturationSpendMinor + spend);
  for (const c of delivering) {
    const campaign = world.campaign(platform, c.id)!.campaign;
    const live = world.liveAds(platform, campaign, today);
    const spend = c.dailyBudgetMinor * SPEND_PER_BUDGET;
    const mixWith = (liveSet: boolean[], freshAd?: number) => {
      const weights = campaign.ads.map((ad, i) => (liveSet[i] ? ad.weight : 0));
      const total = weights.reduce((a, b) => a + b, 0);
      if (total === 0) return 0;
      const shares = weights.map((w) => w / total);
      const repetition = world.repetition(campaign, today, shares);
      const freshness = campaign.ads.map(
        (ad, i) => (i === freshAd ? 1 : world.fatigue(campaign, ad, today)) * repetition[i],
      );
      return world.mixQuality(campaign, shares, freshness);
    };
    const now = mixWith(live);
    const perMix = (c.maxConversionsPerDay * spend) / (c.halfSaturationSpendMinor + spend);
    const liveCount = live.filter(Boolean).length;
    campaign.ads.forEach((ad, i) => {
      if (!live[i]) return;
      if (liveCount >= 2) {
        const gain = 7 * perMix * (mixWith(live.map((l, j) => l && j !== i)) - now);
        if (gain > 0)
          out.push({
            key: `pause:${ad.id}`,
            gain,
            type: 'pause_ad',
            apply: () => {
              if (
                world.liveAds(platform, campaign, today).filter(Boolean).length < 2 ||
                world.adStatus(platform, ad.id) !== 'ACTIVE'
              )
                return false;
              world.setAdStatus(platform, ad.id, 'PAUSED');
              return true;
            },
          });
      }
      if (world.fatigue(campaign, ad, today) < WORN_OUT) {
        const gain = 7 * perMix * (mixWith(live, i) - now);
        if (gain > 0)
          out.push({
            key: `refresh:${ad.id}`,
            gain,
            type: 'creative_fatigue',
            apply: () => {
              if (world.adStatus(platform, ad.id) !== 'ACTIVE') return false;
              world.refreshCreative(platform, ad.id);
              return true;
            },
          });
      }
    });
  }
  // Budget moves: every ordered pair whose true marginal costs differ, the best per campaign.
  const moves: { key: string; gain: number; from: string; to: string; apply: () => boolean }[] = [];
  for (const source of delivering) {
    for (const target of delivering) {
      if (source === target || source.marginalCpaMinor! <= target.marginalCpaMinor!) continue;
      const fromBudget = source.dailyBudgetMinor;
      const toBudget = target.dailyBudgetMinor;
      const amount =
        fromBudget -
        steppedBudget(
          fromBudget,
          1 - (MOVE_BUDGET_DEFAULTS.step * Math.min(fromBudget, toBudget)) / fromBudget,
          currency,
        );
      if (amount <= 0 || amount >= fromBudget) continue;
      const s0 = fromBudget * SPEND_PER_BUDGET;
      const t0 = toBudget * SPEND_PER_BUDGET;
      const ds = amount * SPEND_PER_BUDGET;
      const gain = 7 * (curve(target, t0 + ds) - curve(target, t0) + curve(source, s0 - ds) - curve(source, s0));
      if (gain <= 0) continue;
      moves.push({
        key: `move:${source.id}:${target.id}`,
        gain,
        from: source.id,
        to: target.id,
        apply: () => {
          world.setDailyBudget(platform, source.id, fromBudget - amount);
          world.setDailyBudget(platform, target.id, toBudget + amount);
          return true;
        },
      });
    }
  }
  moves.sort((a, b) => b.gain - a.gain);
  const used = new Set<string>();
  for (const move of moves) {
    if (used.has(move.from) || used.has(move.to)) continue;
    used.add(move.from);
    used.add(move.to);
    out.push({ key: move.key, gain: move.gain, type: 'move_budget', apply: move.apply });
  }
  // Budget steps against the median campaign's true marginal cost, with the product's gap.
  const medianMarginal = median(delivering.map((c) => c.marginalCpaMinor!));
  for (const c of delivering) {
    const reduce = c.marginalCpaMinor! * (1 - BUDGET_SHIFT_DEFAULTS.minGap) >= medianMarginal;
    const scale = c.marginalCpaMinor! * (1 + BUDGET_SHIFT_DEFAULTS.minGap) <= medianMarginal;
    if (!reduce && !scale) continue;
    const budget = c.dailyBudgetMinor;
    const to = steppedBudget(budget, reduce ? BUDGET_SHIFT_DEFAULTS.reduceTo : BUDGET_SHIFT_DEFAULTS.scaleTo, currency);
    if (to === budget) continue;
    const gain = 7 * (curve(c, to * SPEND_PER_BUDGET) - curve(c, budget * SPEND_PER_BUDGET));
    out.push({
      key: `budget:${c.id}`,
      gain,
      type: reduce ? 'reduce_budget' : 'scale_campaign',
      apply: () => {
        world.setDailyBudget(platform, c.id, to);
        return true;
      },
    });
  }
  return out;
}

function run(policy: Policy): RunResult {
  let now = START - WARM_UP_DAYS * DAY_MS;
  const world = new World({ seed: SEED, now: () => new Date(now), accountsPerPlatform: 1 });
  const view = new SyncedView(world);
  view.sync();
  for (let day = 0; day < WARM_UP_DAYS; day += 1) {
    now += DAY_MS;
    view.sync();
  }
  const simStart = new Map(view.accounts().map(({ account }) => [account.id, world.today(account)]));
  const judgements: Judgement[] = [];
  const seen = new Set<string>();
  const pausedFirst = new Map<string, string>();
  let lagChanged = 0;
  let lagCompared = 0;
  const appliedOn = new Map<string, number>();
  const applied = new Map<string, number>();
  for (let day = 0; day < SIM_DAYS; day += 1) {
    if (day > 0) {
      now += DAY_MS;
      view.sync();
    }
    if (policy === 'none') continue;
    if (policy === 'oracle') {
      const candidates = view
        .accounts()
        .flatMap(({ platform, account }) => oracleCandidates(world, platform, account.id, account.currency));
      const fresh = candidates.filter((c) => (appliedOn.get(c.key) ?? -Infinity) <= day - COOLDOWN_DAYS);
      fresh.sort((a, b) => b.gain - a.gain);
      let done = 0;
      for (const candidate of fresh) {
        if (done >= APPLY_PER_DAY) break;
        if (!candidate.apply()) continue;
        done += 1;
        appliedOn.set(candidate.key, day);
        applied.set(candidate.type, (applied.get(candidate.type) ?? 0) + 1);
      }
      continue;
    }
    const candidates: { finding: Finding; apply: () => void }[] = [];
    for (const { platform, account, series, observations } of view.accounts()) {
      let findings: Finding[];
      if (policy === 'ours') {
        const lag = estimateLagProfile(observations);
        findings = findAll(series, lag).findings;
        const raw = new Set(findAll(series, [1]).findings.map((f) => f.key));
        const corrected = new Set(findings.map((f) => f.key));
        lagCompared += new Set([...raw, ...corrected]).size;
        lagChanged +=
          [...raw].filter((k) => !corrected.has(k)).length + [...corrected].filter((k) => !raw.has(k)).length;
      } else {
        findings = naiveWiseCut(series);
      }
      for (const finding of findings) {
        if (!seen.has(finding.key)) {
          seen.add(finding.key);
          judgements.push({ type: finding.type, right: judge(world, platform, account.id, finding) });
          if (finding.change.kind === 'ad_status') pausedFirst.set(finding.entityId, world.today(account));
        }
        const change = finding.change;
        if (change.kind === 'ad_status')
          candidates.push({ finding, apply: () => world.setAdStatus(platform, change.adId, change.to) });
        if (change.kind === 'campaign_budget')
          candidates.push({ finding, apply: () => world.setDailyBudget(platform, change.campaignId, change.to) });
        // A fatigued creative is refreshed as the advertiser would: a new execution of it as a new ad, the worn one paused.
        if (finding.type === 'creative_fatigue')
          candidates.push({ finding, apply: () => world.refreshCreative(platform, finding.entityId) });
        // The other tasks (new calls to action, scaling a winner, a weekday schedule) are judged, not applied: what the advertiser would write or build is not the world's to know.
        if (change.kind === 'move_budget') {
          candidates.push({
            finding,
            apply: () => {
              world.setDailyBudget(platform, change.source.campaignId, change.source.to);
              world.setDailyBudget(platform, change.target.campaignId, change.target.to);
            },
          });
        }
      }
    }
    // An applied suggestion is not applied again until a week of new data has come in.
    const fresh = candidates.filter(({ finding }) => (appliedOn.get(finding.key) ?? -Infinity) <= day - COOLDOWN_DAYS);
    fresh.sort((a, b) => b.finding.impact.conversionsPerWeek.mid - a.finding.impact.conversionsPerWeek.mid);
    for (const { finding, apply } of fresh.slice(0, APPLY_PER_DAY)) {
      apply();
      appliedOn.set(finding.key, day);
      applied.set(finding.type, (applied.get(finding.type) ?? 0) + 1);
    }
  }

  // Outcome over the simulated days, with every late conversion in.
  let conversions = 0;
  let spendUsd = 0;
  for (const { platform, account } of view.accounts()) {
    const first = simStart.get(account.id)!;
    for (let day = 0; day < SIM_DAYS; day += 1) {
      const date = addDays(first, day);
      for (const campaign of account.campaigns) {
        for (const ad of campaign.ads) {
          const m = world.finalAdDay(platform, ad.id, date);
          conversions += m.conversions;
          spendUsd += m.spendMinor / minorUnitsPerUsd(account.currency);
        }
      }
    }
  }
  return { conversions, spendUsd, judgements, pausedFirst, lagChanged, lagCompared, world, simStart, applied };
}

/** Bad ads launched in the simulated days (with 14 days left to find them), and whether they were flagged within 14 days. */
function recall(result: RunResult): { bad: number; found: number } {
  const { world } = result;
  let bad = 0;
  let found = 0;
  for (const platform of PLATFORMS) {
    for (const account of world.accounts(platform)) {
      const first = result.simStart.get(account.id)!;
      const lastLaunch = addDays(first, SIM_DAYS - RECALL_DAYS);
      for (const campaign of account.campaigns) {
        for (const ad of campaign.ads) {
          const launch = addDays(campaign.startDate, ad.launchOffsetDays);
          if (launch < first || launch > lastLaunch) continue;
          const others = campaign.ads.filter((o) => addDays(campaign.startDate, o.launchOffsetDays) <= launch);
          if (others.length < 2 || ad.conversionRate >= median(others.map((o) => o.conversionRate))) continue;
          bad += 1;
          const flagged = result.pausedFirst.get(ad.id);
          if (flagged && flagged <= addDays(launch, RECALL_DAYS)) found += 1;
        }
      }
    }
  }
  return { bad, found };
}

function precisionByType(judgements: Judgement[]): Map<string, { n: number; right: number }> {
  const byType = new Map<string, { n: number; right: number }>();
  for (const j of judgements) {
    const entry = byType.get(j.type) ?? { n: 0, right: 0 };
    entry.n += 1;
    entry.right += j.right ? 1 : 0;
    byType.set(j.type, entry);
  }
  return byType;
}

const started = Date.now();
const none = run('none');
const ours = run('ours');
const naive = run('naive');
const oracle = run('oracle');
const perSpend = (r: RunResult) => r.conversions / r.spendUsd;
const lift = (r: RunResult) => (perSpend(r) / perSpend(none) - 1) * 100;
const fmt = (x: number) => x.toFixed(2);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;

const world = none.world;
const campaigns = PLATFORMS.flatMap((p) => world.accounts(p).flatMap((a) => a.campaigns));
console.log(
  `seed=${SEED} world: 5 platforms, ${campaigns.length} campaigns, ${campaigns.reduce((s, c) => s + c.ads.length, 0)} ads; 90 days of history, ${WARM_UP_DAYS} days of daily syncs, ${SIM_DAYS} simulated days, top ${APPLY_PER_DAY} suggestions applied a day`,
);
const ourTypes = precisionByType(ours.judgements);
for (const type of [...OUR_TYPES, ...[...ourTypes.keys()].filter((t) => !OUR_TYPES.includes(t as FindingType))]) {
  const { n, right } = ourTypes.get(type) ?? { n: 0, right: 0 };
  console.log(`type ${type}: suggested ${n}, right ${right}, precision ${n ? fmt(right / n) : '-'}`);
}
const naiveTypes = precisionByType(naive.judgements);
for (const [type, { n, right }] of naiveTypes)
  console.log(`naive ${type}: suggested ${n}, right ${right}, precision ${fmt(right / n)}`);
const found = recall(ours);
console.log(
  `recall: ${found.bad} bad ads launched in the window, ${found.found} flagged within ${RECALL_DAYS} days of launch`,
);
console.log(
  `conversions per $1,000: nothing ${fmt(perSpend(none) * 1000)}, ours ${fmt(perSpend(ours) * 1000)} (${signed(lift(ours))}), naive ${fmt(perSpend(naive) * 1000)} (${signed(lift(naive))})`,
);
console.log(
  `oracle (the same daily procedure on the true rates): ${fmt(perSpend(oracle) * 1000)} per $1,000 (${signed(lift(oracle))}); ours reaches ${fmt(lift(ours) / lift(oracle))} of its lift; applied: ${[...oracle.applied].map(([type, n]) => `${type} ${n}`).join(', ') || 'nothing'}; spend (USD) ${oracle.spendUsd.toFixed(0)}`,
);
console.log(
  `applied (ours): ${[...ours.applied].map(([type, n]) => `${type} ${n}`).join(', ') || 'nothing'}; (naive): ${[...naive.applied].map(([type, n]) => `${type} ${n}`).join(', ') || 'nothing'}`,
);
console.log(
  `spend (USD): nothing ${none.spendUsd.toFixed(0)}, ours ${ours.spendUsd.toFixed(0)}, naive ${naive.spendUsd.toFixed(0)}`,
);
console.log(
  `late-conversion correction changed ${ours.lagChanged} of ${ours.lagCompared} verdicts (${fmt(ours.lagCompared ? (ours.lagChanged / ours.lagCompared) * 100 : 0)}%)`,
);
console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** Share right of one type, or the lowest over all types; null where nothing was suggested (printed '-', not a made-up 0). */
const rate = (m: Map<string, { n: number; right: number }>, type?: string): number | null => {
  const entries = type ? [m.get(type)].filter((e) => e !== undefined) : [...m.values()];
  if (entries.length === 0) return null;
  return Math.min(...entries.map((e) => e.right / e.n));
};
const fmtOrDash = (x: number | null) => (x === null ? '-' : fmt(x));
const naiveAll = [...naiveTypes.values()].reduce((s, e) => ({ n: s.n + e.n, right: s.right + e.right }), {
  n: 0,
  right: 0,
});
console.log(
  `suggestions: seed=${SEED} precision_min=${fmtOrDash(rate(ourTypes))} pause_precision=${fmtOrDash(rate(ourTypes, 'pause_ad'))} recall=${fmtOrDash(found.bad ? found.found / found.bad : null)} lift=${signed(lift(ours))} naive_lift=${signed(lift(naive))} naive_precision=${fmtOrDash(naiveAll.n ? naiveAll.right / naiveAll.n : null)} oracle_lift=${signed(lift(oracle))} oracle_share=${fmt(lift(ours) / lift(oracle))}`,
);
