import { parseArgs } from 'node:util';

import { addDays } from '@shared/days';

import { accountTruth, SPEND_PER_BUDGET } from '../src/sandbox/truth';
import { World } from '../src/sandbox/world';
import {
  optimalBudgets,
  type OptimizerCampaign,
  optimizerCampaigns,
  planBudgets,
} from '../src/server/analysis/budgetOptimizer';
import { estimateLagProfile } from '../src/server/analysis/lag';
import { marginalCosts } from '../src/server/analysis/marginalCpa';
import { nextStep } from '../src/server/analysis/planFollow';
import { type Platform, PLATFORMS } from '../src/shared/constants';
import { SyncedView } from './decisions/syncedView';

/**
 * Decision quality of the budget optimizer against the sandbox's hidden truth. A world of
 * ACCOUNTS_PER_PLATFORM accounts on each platform with 90 days of synced history; per account,
 * the optimizer fits each delivering campaign's curve from that history and reallocates the same
 * total daily budget (no step limit: the plan's target). Measured with the true curves
 * (conversions a day = max × mix × mean weekday efficiency × s / (half + s), s = budget × the
 * average share of budget spent): expected conversions a day at the start, for ours, and for
 * the oracle (the same optimisation on the true curves, every delivering campaign movable), our
 * share of the oracle and our lift over the start; accounts whose start is already within 2% of
 * the oracle are counted apart (there, ours must not be worse). Then the staged plan is followed
 * in the simulated world for STAGED_DAYS days (each day a ±30% step towards the target, at the
 * same total) and its actual simulated conversions, every late one in, are compared with a copy
 * of the world left alone. Last line:
 * `optimizer: seed=N oracle_share=… lift=… staged_lift=…`.
 */

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '42' },
    accounts: { type: 'string', default: '2' },
    verbose: { type: 'boolean', default: false },
  },
});
const VERBOSE = values.verbose;
const SEED = Number(values.seed);
const ACCOUNTS_PER_PLATFORM = Number(values.accounts);
const STAGED_DAYS = 7;
const STEP = 0.3;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-06-01T15:00:00Z');
/** Within this of the oracle, a start counts as already optimal. */
const NEAR_OPTIMAL = 0.02;

interface TrueCurve {
  scale: number;
  half: number;
}
const trueConversions = (curve: TrueCurve, budget: number) => {
  const spend = budget * SPEND_PER_BUDGET;
  return (curve.scale * spend) / (curve.half + spend);
};

function build(now: () => Date) {
  return new World({ seed: SEED, now, accountsPerPlatform: ACCOUNTS_PER_PLATFORM });
}

async function main() {
  const began = performance.now();
  let now = START;
  const world = build(() => new Date(now));
  const view = new SyncedView(world);
  view.sync();

  const plans: { platform: Platform; campaigns: OptimizerCampaign[]; target: number[] }[] = [];
  let start = 0;
  let ours = 0;
  let oracle = 0;
  let offAccounts = 0;
  let nearAccounts = 0;
  let nearWorse = 0;
  let held = 0;
  let movable = 0;
  let fitSeconds = 0;
  for (const { platform, account, series, observations } of view.accounts()) {
    const fitBegan = performance.now();
    const costs = marginalCosts(series, estimateLagProfile(observations));
    if (!costs) continue;
    const campaigns = optimizerCampaigns(costs);
    const target = planBudgets(campaigns, { maxStep: null }).campaigns.map((c) => c.to);
    fitSeconds += (performance.now() - fitBegan) / 1000;
    const truth = accountTruth(world, platform, account.id)!;
    const curveOf = new Map(
      truth.campaigns.map((c) => [
        c.id,
        {
          scale: c.maxConversionsPerDay * c.mixQuality * (c.weekdayEfficiency.reduce((a, b) => a + b, 0) / 7),
          half: c.halfSaturationSpendMinor,
        },
      ]),
    );
    // The oracle: the same optimisation on the true curves, every delivering campaign free to move.
    const exact = campaigns.map((c) => ({
      ...c,
      draws: [curveOf.get(c.id)!],
      utilisation: SPEND_PER_BUDGET,
      hold: null,
    }));
    const best = optimalBudgets(exact, { maxStep: null });
    const at = (budgets: number[]) =>
      campaigns.reduce((s, c, i) => s + trueConversions(curveOf.get(c.id)!, budgets[i]), 0);
    const accountStart = at(campaigns.map((c) => c.budget));
    const accountOurs = at(target);
    const accountOracle = at(best);
    start += accountStart;
    ours += accountOurs;
    oracle += accountOracle;
    held += campaigns.filter((c) => c.hold).length;
    movable += campaigns.filter((c) => !c.hold).length;
    if (accountOracle - accountStart <= NEAR_OPTIMAL * accountStart) {
      nearAccounts += 1;
      if (accountOurs < accountStart * (1 - 0.005)) nearWorse += 1;
    } else offAccounts += 1;
    console.log(
      `account ${platform}/${account.id}: ${campaigns.length} campaigns (${campaigns.filter((c) => c.hold).length} held), start ${accountStart.toFixed(1)}/day, ours ${accountOurs.toFixed(1)} (${pct(accountOurs / accountStart - 1)}), oracle ${accountOracle.toFixed(1)} (${pct(accountOracle / accountStart - 1)}), share ${(accountOurs / accountOracle).toFixed(3)}`,
    );
    if (VERBOSE) {
      campaigns.forEach((c, i) => {
        const unit = costs.units[i];
        console.log(
          `  ${c.id}: hold=${c.hold ?? '-'} budget ${c.budget} → ours ${Math.round(target[i])}, oracle ${Math.round(best[i])}; true half ${curveOf.get(c.id)!.half}, spend now ${Math.round(unit.saturation.spendNow)}, fitted ${unit.saturation.fitted}`,
        );
      });
    }
    plans.push({ platform, campaigns, target });
  }

  // Staged: each day a ±30% step towards the target (the same curves, re-optimised from the new budgets), in a world of its own.
  const stagedConversions = simulate((w, day) => {
    for (const plan of plans) {
      const budgets = plan.campaigns.map((c) => w.dailyBudgetMinor(plan.platform, c.id));
      const current = plan.campaigns.map((c, i) => ({ ...c, budget: budgets[i] }));
      // The product's own step (the follow job's): towards the target, none past it, each at most ±30%, the total kept.
      const rounded = nextStep(current, plan.target, STEP);
      plan.campaigns.forEach((c, i) => {
        if (!c.hold && rounded[i] !== budgets[i]) w.setDailyBudget(plan.platform, c.id, rounded[i]);
      });
    }
    void day;
  });
  const aloneConversions = simulate(() => {});
  const stagedLift = stagedConversions / aloneConversions - 1;

  console.log(
    `optimizer: ${plans.length} accounts optimised (${offAccounts} off the optimum, ${nearAccounts} within ${NEAR_OPTIMAL * 100}% of it: ours worse on ${nearWorse}); ${movable} campaigns moved, ${held} held (learning or not fitted)`,
  );
  console.log(
    `optimizer: expected conversions a day: start ${start.toFixed(1)}, ours ${ours.toFixed(1)}, oracle ${oracle.toFixed(1)}; oracle gain ${pct(oracle / start - 1)}`,
  );
  console.log(
    `optimizer: staged ${STAGED_DAYS} days of ±${STEP * 100}% steps: ${stagedConversions} conversions against ${aloneConversions} left alone`,
  );
  console.log(
    `optimizer: fitting and optimising ${movable + held} campaigns took ${fitSeconds.toFixed(2)} s (target < 3 s for 200); whole bench ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  console.log(
    `optimizer: seed=${SEED} oracle_share=${(ours / oracle).toFixed(2)} lift=${pct(ours / start - 1)} staged_lift=${pct(stagedLift)}`,
  );

  /** Actual simulated conversions of every plan's campaigns over STAGED_DAYS days from today, every late conversion in, in a fresh world doing `act` each day. */
  function simulate(act: (w: World, day: number) => void): number {
    let clock = START;
    const w = build(() => new Date(clock));
    const first = new Map<string, string>();
    for (const platform of PLATFORMS)
      for (const account of w.accounts(platform)) first.set(account.id, w.today(account));
    for (let day = 0; day < STAGED_DAYS; day += 1) {
      act(w, day);
      clock += DAY_MS;
    }
    let conversions = 0;
    for (const plan of plans) {
      for (const c of plan.campaigns) {
        const found = w.accounts(plan.platform).find((a) => a.campaigns.some((x) => x.id === c.id))!;
        const campaign = found.campaigns.find((x) => x.id === c.id)!;
        for (let day = 0; day < STAGED_DAYS; day += 1) {
          const date = addDays(first.get(found.id)!, day);
          for (const ad of campaign.ads) conversions += w.finalAdDay(plan.platform, ad.id, date).conversions;
        }
      }
    }
    return conversions;
  }
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
