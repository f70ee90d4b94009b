import { formatCount, formatDay, formatMoney } from '@client/lib/format';
import type { Budget, MoneyRange, OptimizerCampaignView, OptimizerPlanView, PacingView } from '@shared/api/budgets';
import { minorToDecimal } from '@shared/money';

/** Money in minor units of `currency`, formatted in major units: 12345 USD -> '$123.45'. */
export function formatMinor(minor: number, currency: string): string {
  return formatMoney(Number(minorToDecimal(minor, currency)), currency);
}

/** A money range: '$45,000.00–$51,000.00'. */
export function formatMoneyRange(range: MoneyRange, currency: string): string {
  return `${formatMoney(range.low, currency)}–${formatMoney(range.high, currency)}`;
}

/** The pacing band's half-width: 0.12 -> 'within ±12%'. */
export function toleranceText(tolerance: number): string {
  return `within ±${Math.round(tolerance * 100)}%`;
}

/** A signed whole percentage: 0.2 -> '+20%', -0.15 -> '−15%', 0 -> '0%'. */
export function signedPercent(fraction: number): string {
  const percent = Math.round(fraction * 100);
  if (percent > 0) return `+${percent}%`;
  if (percent < 0) return `−${Math.abs(percent)}%`;
  return '0%';
}

/** The change of a campaign's daily budget: '+20%', '−15%', 'no change' ('new' from nothing). */
export function budgetChangeText(campaign: Pick<OptimizerCampaignView, 'from' | 'to'>): string {
  if (campaign.to === campaign.from) return 'no change';
  if (campaign.from === 0) return 'new';
  return signedPercent((campaign.to - campaign.from) / campaign.from);
}

/** Conversions a day with their 90% range: '2.4 (1.9–3)'. */
export function conversionsText(range: MoneyRange): string {
  return `${formatCount(range.mid)} (${formatCount(range.low)}–${formatCount(range.high)})`;
}

/** A marginal CPA in minor units, or a dash when the campaign does not convert. */
export function cpaText(cpa: number | null, currency: string): string {
  return cpa === null ? '—' : formatMinor(cpa, currency);
}

/** The plan's expected gain, in words: '+1.2 conversions a day (90% range 0.4 to 2)'. */
export function gainText(plan: Pick<OptimizerPlanView, 'gain'>): string {
  const { mid, low, high } = plan.gain;
  const sign = mid > 0 ? '+' : '';
  return `${sign}${formatCount(mid)} conversions a day (90% range ${formatCount(low)} to ${formatCount(high)})`;
}

/** Money in minor units with its 90% range: '$4,000.00 ($3,200.00–$4,800.00)'. */
export function minorRangeText(range: MoneyRange, currency: string): string {
  return `${formatMinor(range.mid, currency)} (${formatMinor(range.low, currency)}–${formatMinor(range.high, currency)})`;
}

/** The plan's expected gain of conversion value a day, in words: '+$90.00 conversion value a day (90% range $30.00 to $150.00)'. */
export function valueGainText(gain: MoneyRange, currency: string): string {
  const sign = gain.mid > 0 ? '+' : '';
  return `${sign}${formatMinor(gain.mid, currency)} conversion value a day (90% range ${formatMinor(gain.low, currency)} to ${formatMinor(gain.high, currency)})`;
}

/** How far a followed plan is from every target: 'Reaching every target takes about 2 daily steps of ±30%.' */
export function stepsToTargetText(plan: Pick<OptimizerPlanView, 'steps_to_target' | 'max_step'>): string {
  const steps = plan.steps_to_target;
  return `Reaching every target takes about ${steps} daily ${steps === 1 ? 'step' : 'steps'} of ±${Math.round(plan.max_step * 100)}%.`;
}

/** A campaign's daily bounds from the account budget's caps: 'min $50.00, max $200.00', '' when none. */
export function capsText(campaign: Pick<OptimizerCampaignView, 'min' | 'max'>, currency: string): string {
  const parts = [
    campaign.min !== null ? `min ${formatMinor(campaign.min, currency)}` : null,
    campaign.max !== null ? `max ${formatMinor(campaign.max, currency)}` : null,
  ];
  return parts.filter((part) => part !== null).join(', ');
}

/** The campaigns whose daily budget the plan changes, as POST optimizer/apply/ wants them. */
export function planChanges(
  plan: Pick<OptimizerPlanView, 'campaigns'>,
): { campaign_id: string; from: number; to: number }[] {
  return plan.campaigns
    .filter((campaign) => campaign.to !== campaign.from)
    .map(({ campaign_id, from, to }) => ({ campaign_id, from, to }));
}

/** The month's spend so far against the budget: '$20,000.00 of $50,000.00 spent (40%)'. */
export function spentText(pacing: Pick<PacingView, 'spent' | 'target'>, currency: string): string {
  const share = pacing.target > 0 ? ` (${Math.round((pacing.spent / pacing.target) * 100)}%)` : '';
  return `${formatMoney(pacing.spent, currency)} of ${formatMoney(pacing.target, currency)} spent${share}`;
}

/** Where the month is heading: '$48,000.00 ($45,000.00–$51,000.00)'. */
export function projectedText(pacing: Pick<PacingView, 'projected'>, currency: string): string {
  return `${formatMoney(pacing.projected.mid, currency)} (${formatMoneyRange(pacing.projected, currency)})`;
}

/** The pacing chart in words, next to it and as its description. */
export function pacingSummary(budget: Pick<Budget, 'label' | 'currency' | 'pacing'>): string {
  const { pacing, currency } = budget;
  const today = pacing.points.find((point) => point.date === pacing.today);
  const even = today ? ` against ${formatMoney(today.ideal, currency)} on the even line` : '';
  return (
    `${budget.label}: ${formatMoney(pacing.spent, currency)} spent by ${formatDay(pacing.today)}${even}; ` +
    `heading for ${projectedText(pacing, currency)} against a target of ${formatMoney(pacing.target, currency)}.`
  );
}
