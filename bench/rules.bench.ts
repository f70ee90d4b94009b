import { World } from '../src/sandbox/world';
import { accountAlerts } from '../src/server/analysis/accountAlerts';
import { estimateLagProfile } from '../src/server/analysis/lag';
import { entityTotals, inScope, judgeEntity, planChange, type RuleEntity } from '../src/server/analysis/rules';
import { dayNumber } from '../src/server/analysis/window';
import { entitiesOf } from '../src/server/modules/rules/rules.entities';
import {
  RULE_METRICS,
  RULE_PRESETS,
  type RuleCondition,
  type RuleDefinition,
  type RuleMetric,
  STATE_METRICS,
} from '../src/shared/api/rules';
import { SyncedView } from './decisions/syncedView';
import { ms, stats, timeRuns } from './support';

/**
 * Rules and the detector after a sync, at agency scale: a sandbox world of about 200 campaigns
 * (and their ads) over 90 days of synced history, 50 rules (the presets and variations of them:
 * every metric, window and kind of comparison), each judged on every entity in its scope with
 * its guard and planned change, then the alert detector on every account as the alerts job runs
 * it. Prints the time of each and of both together; the target is under 2 s. The database reads
 * around them are measured by suggestions-api.bench.ts.
 */

const WINDOWS: Pick<RuleCondition, 'window' | 'days'>[] = [
  { window: 'today', days: null },
  { window: 'yesterday', days: null },
  { window: 'last_n_days', days: 3 },
  { window: 'last_n_days', days: 7 },
  { window: 'last_n_days', days: 30 },
  { window: 'lifetime', days: null },
];

/** 50 rules: the presets, then variations walking through metrics, windows and comparison kinds. */
function fiftyRules(): RuleDefinition[] {
  const rules = RULE_PRESETS.map((preset) => preset.definition('UTC'));
  for (let i = 0; rules.length < 50; i++) {
    const metric = RULE_METRICS[i % RULE_METRICS.length] as RuleMetric;
    const window = WINDOWS[i % WINDOWS.length];
    const level = i % 3 === 0 ? 'ad' : 'campaign';
    const usable: RuleMetric = metric === 'budget' && level === 'ad' ? 'spend' : metric;
    const kind = STATE_METRICS.includes(usable) ? 'value' : (['value', 'metric', 'average'] as const)[i % 3];
    const compare: RuleCondition['compare'] =
      kind === 'value'
        ? { kind, value: (i % 7) * 10, metric: null, window: null, days: null, factor: null }
        : kind === 'metric'
          ? { kind, value: null, metric: 'spend', window: 'last_n_days', days: 14, factor: 0.5 }
          : { kind, value: null, metric: null, window: 'last_n_days', days: 30, factor: 1.3 };
    const second: RuleCondition = {
      metric: 'spend',
      window: 'last_n_days',
      days: 3,
      operator: 'gte',
      compare: { kind: 'value', value: 1, metric: null, window: null, days: null, factor: null },
    };
    rules.push({
      ...RULE_PRESETS[1].definition('UTC'),
      name: `Variation ${i}`,
      level,
      match: i % 2 ? 'all' : 'any',
      groups: [
        { match: 'all', conditions: [{ metric: usable, ...window, operator: i % 2 ? 'gt' : 'lt', compare }, second] },
        {
          match: 'any',
          conditions: [
            {
              metric: 'ctr',
              window: 'last_n_days',
              days: 7,
              operator: 'lt',
              compare: { kind: 'average', value: null, metric: null, window: 'lifetime', days: null, factor: 0.7 },
            },
          ],
        },
      ],
      action:
        i % 4 === 0 && level === 'campaign'
          ? { kind: 'budget_up', percent: 15, floor: null, cap: 1e6 }
          : { kind: i % 2 ? 'pause' : 'notify', percent: null, floor: null, cap: null },
    });
  }
  return rules;
}

async function main() {
  const world = new World({ seed: 42, accountsPerPlatform: 10, now: () => new Date('2026-06-01T12:00:00Z') });
  const view = new SyncedView(world);
  view.sync();
  const accounts = view.accounts().map((a) => ({ series: a.series, lag: estimateLagProfile(a.observations) }));
  const entities: RuleEntity[] = [];
  const todayOf = new Map<string, number>();
  for (const { series } of accounts) {
    todayOf.set(series.accountRef, dayNumber(series.today));
    entities.push(
      ...entitiesOf({ id: series.accountRef, accountId: series.accountRef, name: series.accountRef }, series),
    );
  }
  const rules = fiftyRules();
  const campaigns = entities.filter((e) => e.level === 'campaign').length;
  const ads = entities.filter((e) => e.level === 'ad').length;
  let matched = 0;
  let planned = 0;
  const runRules = () => {
    matched = 0;
    planned = 0;
    const totals = new Map(entities.map((entity) => [entity.key, entityTotals(entity.days)]));
    for (const rule of rules) {
      for (const entity of entities) {
        if (!inScope(rule, entity)) continue;
        const judgement = judgeEntity(rule, entity, totals.get(entity.key)!, todayOf.get(entity.accountRef)!);
        if (!judgement.matched) continue;
        matched += 1;
        if (planChange(rule, entity)) planned += 1;
      }
    }
  };
  let alerts = 0;
  const runDetector = () => {
    alerts = 0;
    for (const { series, lag } of accounts) alerts += accountAlerts(series, lag).length;
  };
  const rulesTime = stats(await timeRuns(async () => runRules(), 2, 10));
  const detectorTime = stats(await timeRuns(async () => runDetector(), 1, 5));
  const both = stats(
    await timeRuns(
      async () => {
        runRules();
        runDetector();
      },
      1,
      5,
    ),
  );
  console.log(
    `rules: ${rules.length} rules over ${campaigns} campaigns and ${ads} ads × 90 days: ${matched} matches, ${planned} changes planned; p50 ${ms(rulesTime.p50)}, max ${ms(rulesTime.max)}`,
  );
  console.log(
    `rules: detector on ${accounts.length} accounts: ${alerts} alerts; p50 ${ms(detectorTime.p50)}, max ${ms(detectorTime.max)}`,
  );
  console.log(`rules: 50 rules and the detector after a sync: p50 ${ms(both.p50)}, max ${ms(both.max)} (target < 2 s)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
