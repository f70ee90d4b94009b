import { PRO_MONTHLY_PRICE_INR, YEARLY_DISCOUNT_PCT } from './constants';
import {
  billedAmount,
  formatInr,
  monthlyPrice,
  MOST_POPULAR_LABEL,
  type Plan,
  planByKey,
  PLANS,
  YEARLY_SAVINGS_LABEL,
  yearlySavings,
} from './pricing';

describe('pricing', () => {
  describe('plans', () => {
    it('lists Starter, Pro and Agency in that order', () => {
      expect(PLANS.map((plan) => plan.key)).toEqual(['starter', 'pro', 'agency']);
      expect(PLANS.map((plan) => plan.title)).toEqual(['Starter', 'Pro', 'Agency']);
    });

    it('gives Starter for free with one account, weekly insights and basic suggestions', () => {
      const starter = planByKey('starter');
      expect(starter.monthlyPrice).toBe(0);
      expect(starter.features).toEqual(['1 ad account', 'Weekly insights', 'Basic suggestions']);
      expect(starter.popular).toBe(false);
    });

    it('prices Pro at 1999 a month with a 20% yearly discount and marks it the only popular plan', () => {
      const pro = planByKey('pro');
      expect(PRO_MONTHLY_PRICE_INR).toBe(1999);
      expect(YEARLY_DISCOUNT_PCT).toBe(20);
      expect(pro.monthlyPrice).toBe(1999);
      expect(pro.yearlyDiscountPct).toBe(20);
      expect(pro.features).toEqual(['5 ad accounts', 'Daily insights', 'Smart AI suggestions', 'Creative Analyzer']);
      expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.key)).toEqual(['pro']);
      expect(MOST_POPULAR_LABEL).toBe('Most Popular');
    });

    it('quotes Agency on request, with Contact Sales', () => {
      const agency = planByKey('agency');
      expect(agency.monthlyPrice).toBeNull();
      expect(agency.cta).toBe('Contact Sales');
      expect(agency.features).toEqual([
        '20+ ad accounts',
        'White-label dashboard',
        'Priority support',
        'Dedicated manager',
      ]);
    });

    it("labels the toggle 'Save up to 20%'", () => {
      expect(YEARLY_SAVINGS_LABEL).toBe('Save up to 20%');
    });

    it('rejects an unknown key', () => {
      expect(() => planByKey('enterprise' as never)).toThrow('Unknown plan: enterprise');
    });
  });

  describe('maths', () => {
    const pro = planByKey('pro');
    const starter = planByKey('starter');
    const agency = planByKey('agency');

    it('charges the list price per month on monthly billing', () => {
      expect(monthlyPrice(pro, 'monthly')).toBe(1999);
      expect(billedAmount(pro, 'monthly')).toBe(1999);
    });

    it('takes 20% off and rounds to whole rupees on yearly billing, billed 12 times that', () => {
      expect(monthlyPrice(pro, 'yearly')).toBe(Math.round(1999 * 0.8));
      expect(monthlyPrice(pro, 'yearly')).toBe(1599);
      expect(billedAmount(pro, 'yearly')).toBe(19188);
      expect(billedAmount(pro, 'yearly')).toBe(12 * 1599);
    });

    it('saves 4800 a year on Pro by paying yearly', () => {
      expect(yearlySavings(pro)).toBe(12 * 1999 - 19188);
      expect(yearlySavings(pro)).toBe(4800);
    });

    it('keeps Starter at 0 whatever the billing', () => {
      expect(monthlyPrice(starter, 'monthly')).toBe(0);
      expect(monthlyPrice(starter, 'yearly')).toBe(0);
      expect(billedAmount(starter, 'yearly')).toBe(0);
      expect(yearlySavings(starter)).toBe(0);
    });

    it('has no amount for the custom Agency price', () => {
      expect(monthlyPrice(agency, 'monthly')).toBeNull();
      expect(monthlyPrice(agency, 'yearly')).toBeNull();
      expect(billedAmount(agency, 'monthly')).toBeNull();
      expect(billedAmount(agency, 'yearly')).toBeNull();
      expect(yearlySavings(agency)).toBeNull();
    });

    it('rounds half up and down like Math.round for other prices', () => {
      const plan = (price: number, pct: number): Plan => ({ ...pro, monthlyPrice: price, yearlyDiscountPct: pct });
      expect(monthlyPrice(plan(999, 20), 'yearly')).toBe(799); // 799.2
      expect(monthlyPrice(plan(1001, 15), 'yearly')).toBe(851); // 850.85
      expect(monthlyPrice(plan(10, 25), 'yearly')).toBe(8); // 7.5 rounds up
      expect(monthlyPrice(plan(500, 0), 'yearly')).toBe(500);
      expect(billedAmount(plan(500, 0), 'yearly')).toBe(6000);
    });
  });

  describe('formatInr', () => {
    it('writes rupees in the Indian locale without decimals', () => {
      expect(formatInr(1999)).toBe('₹1,999');
      expect(formatInr(1599)).toBe('₹1,599');
      expect(formatInr(19188)).toBe('₹19,188');
      expect(formatInr(4800)).toBe('₹4,800');
    });

    it('writes zero as ₹0', () => {
      expect(formatInr(0)).toBe('₹0');
    });

    it('groups large numbers the Indian way (lakhs and crores)', () => {
      expect(formatInr(100000)).toBe('₹1,00,000');
      expect(formatInr(1234567)).toBe('₹12,34,567');
      expect(formatInr(123456789)).toBe('₹12,34,56,789');
    });

    it('rounds fractions away rather than showing decimals', () => {
      expect(formatInr(1599.2)).toBe('₹1,599');
      expect(formatInr(1599.6)).toBe('₹1,600');
    });
  });
});
