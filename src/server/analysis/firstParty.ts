import gammaQuantile from '@stdlib/stats-base-dists-gamma-quantile';

/**
 * First-party truth against the platforms' own counts (issue 37). Pure: totals in, figures out.
 *
 * Blended figures put every ad platform's spend against the workspace's own conversions and
 * revenue (its shop or CRM), which no platform can claim twice:
 *   blended CPA  = all ad spend ÷ first-party conversions
 *   blended ROAS = first-party revenue ÷ all ad spend
 *   MER          = revenue ÷ all ad spend
 * Adwise knows no marketing cost besides ad spend, so MER and blended ROAS are the same number
 * today; MER is kept as its own figure because it is the one that takes other marketing costs
 * once they are known, while blended ROAS stays ad spend only.
 *
 * Over-attribution of one platform = its claimed conversions ÷ (first-party conversions × its
 * share of spend): how many times the conversions its spend would explain, if real conversions
 * followed spend, it reports. 1 is an honest count; 2 means it claims twice its share (each
 * platform counts conversions others also count, on view-throughs and wide windows).
 *
 * The interval. Of the three inputs, the spend share is known exactly (money spent) and the
 * platform's claim is the number being judged; the uncertain part is the first-party count N,
 * one draw of the workspace's true rate of conversions over the range. Conversions are counts of
 * independent events, so N is modelled as Poisson(λ), and the interval is the exact (Garwood)
 * interval for λ from the Gamma quantiles: low = Gamma⁻¹(α/2; N, 1), high = Gamma⁻¹(1 − α/2;
 * N + 1, 1). It holds at least its level for every λ (no normal approximation, which fails at the
 * small counts a short range has) and needs no prior. The ratio is decreasing in λ, so its ends
 * are the claim over the share of the high and the low ends. With N = 0 there is no ratio to
 * give (nothing to divide by), nor without spend.
 */

export interface BlendedInput {
  /** All ad spend (every platform), in the display currency. */
  spend: number;
  /** First-party conversions. */
  conversions: number;
  /** First-party revenue, in the display currency. */
  revenue: number;
}

export interface BlendedFigures {
  cpa: number | null;
  roas: number | null;
  mer: number | null;
}

export function blendedFigures({ spend, conversions, revenue }: BlendedInput): BlendedFigures {
  return {
    cpa: conversions > 0 ? spend / conversions : null,
    roas: spend > 0 ? revenue / spend : null,
    mer: spend > 0 ? revenue / spend : null,
  };
}

/** The exact (Garwood) interval of a Poisson mean from one observed count, at `level` (0.9: the central 90%). */
export function poissonMeanInterval(count: number, level: number): { low: number; high: number } {
  const tail = (1 - level) / 2;
  return { low: count > 0 ? gammaQuantile(tail, count, 1) : 0, high: gammaQuantile(1 - tail, count + 1, 1) };
}

export interface AttributionInput {
  /** Conversions the platform reports over the covered days. */
  claimed: number;
  /** The platform's spend ÷ all ad spend over the same days (0..1). */
  spendShare: number;
  /** First-party conversions over the same days. */
  firstPartyConversions: number;
}

export interface OverAttribution {
  /** First-party conversions × spend share. */
  expected: number;
  /** claimed ÷ expected, and its interval; null when there is nothing to divide by. */
  ratio: { mid: number; low: number; high: number | null } | null;
}

export function overAttribution(
  { claimed, spendShare, firstPartyConversions: n }: AttributionInput,
  level: number,
): OverAttribution {
  const expected = n * spendShare;
  if (!(spendShare > 0) || n <= 0) return { expected, ratio: null };
  const lambda = poissonMeanInterval(n, level);
  return {
    expected,
    ratio: {
      mid: claimed / expected,
      low: claimed / (lambda.high * spendShare),
      high: lambda.low > 0 ? claimed / (lambda.low * spendShare) : null,
    },
  };
}
