import { PRO_MONTHLY_PRICE_INR, YEARLY_DISCOUNT_PCT } from './constants';

/** The plans' keys (spec section 3). */
export const PLAN_KEYS = ['starter', 'pro', 'agency'] as const;
/** One plan's key. */
export type PlanKey = (typeof PLAN_KEYS)[number];

/** How a plan is paid for; the pricing page toggles between the two (spec section 4). */
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
/** One billing period. */
export type Billing = (typeof BILLING_PERIODS)[number];

/** Months billed at once on yearly billing. */
export const MONTHS_PER_YEAR = 12;

/** One plan (spec section 3): what it costs and what it brings. */
export interface Plan {
  key: PlanKey;
  title: string;
  /** Who the plan is for, one line under the title. */
  summary: string;
  /** Price per month in rupees on monthly billing; null for a custom (quoted) price. */
  monthlyPrice: number | null;
  /** Percentage taken off the monthly price on yearly billing. */
  yearlyDiscountPct: number;
  features: readonly string[];
  /** The plan's call-to-action text. */
  cta: string;
  /** Marked 'Most Popular'. */
  popular: boolean;
}

/** The badge on the popular plan. */
export const MOST_POPULAR_LABEL = 'Most Popular';
/** The billing toggle's label (spec section 2). */
export const YEARLY_SAVINGS_LABEL = `Save up to ${YEARLY_DISCOUNT_PCT}%`;

/** The three plans (spec section 9), in the order the pricing page shows them. */
export const PLANS: readonly Plan[] = [
  {
    key: 'starter',
    title: 'Starter',
    summary: 'For solo founders trying their first campaigns.',
    monthlyPrice: 0,
    yearlyDiscountPct: 0,
    features: ['1 ad account', 'Weekly insights', 'Basic suggestions'],
    cta: 'Get Started Free',
    popular: false,
  },
  {
    key: 'pro',
    title: 'Pro',
    summary: 'For growing teams that run ads every day.',
    monthlyPrice: PRO_MONTHLY_PRICE_INR,
    yearlyDiscountPct: YEARLY_DISCOUNT_PCT,
    features: ['5 ad accounts', 'Daily insights', 'Smart AI suggestions', 'Creative Analyzer'],
    cta: 'Start Free Trial',
    popular: true,
  },
  {
    key: 'agency',
    title: 'Agency',
    summary: 'For agencies managing many clients.',
    monthlyPrice: null,
    yearlyDiscountPct: 0,
    features: ['20+ ad accounts', 'White-label dashboard', 'Priority support', 'Dedicated manager'],
    cta: 'Contact Sales',
    popular: false,
  },
];

/** The plan with this key. */
export function planByKey(key: PlanKey): Plan {
  const plan = PLANS.find((candidate) => candidate.key === key);
  if (!plan) throw new Error(`Unknown plan: ${key}`);
  return plan;
}

/**
 * What the plan costs per month under a billing period: the list price on monthly billing, the
 * discounted price rounded to whole rupees on yearly billing (1999 -> round(1999 * 0.8) = 1599).
 * Null for a custom price.
 */
export function monthlyPrice(plan: Plan, billing: Billing): number | null {
  if (plan.monthlyPrice === null) return null;
  if (billing === 'monthly') return plan.monthlyPrice;
  return Math.round((plan.monthlyPrice * (100 - plan.yearlyDiscountPct)) / 100);
}

/** What one bill comes to: one month on monthly billing, 12 discounted months on yearly billing. Null for a custom price. */
export function billedAmount(plan: Plan, billing: Billing): number | null {
  const perMonth = monthlyPrice(plan, billing);
  if (perMonth === null) return null;
  return billing === 'monthly' ? perMonth : perMonth * MONTHS_PER_YEAR;
}

/** Rupees a year saved by paying yearly instead of monthly; 0 when nothing is saved, null for a custom price. */
export function yearlySavings(plan: Plan): number | null {
  const monthly = billedAmount(plan, 'monthly');
  const yearly = billedAmount(plan, 'yearly');
  if (monthly === null || yearly === null) return null;
  return monthly * MONTHS_PER_YEAR - yearly;
}

// min 0 as well as max 0: engines that predate ES2023 reject max < the currency's default minimum of 2.
const INR_FORMAT = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** A rupee amount in the Indian locale without decimals: 1999 -> '₹1,999', 100000 -> '₹1,00,000'. */
export function formatInr(amount: number): string {
  return INR_FORMAT.format(amount);
}
