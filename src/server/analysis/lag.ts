/**
 * Late conversions. Platforms report a day's conversions in part on the day and fill in the rest
 * over the following days, so the newest days always look worse than they are. The product keeps
 * what each sync saw of each day at each age (conversion_observations); from days seen both
 * young and mature, the share known at each age follows, and recent days are judged against
 * clicks and spend scaled by that share instead of against their raw counts.
 */

/** What one sync saw of one day: its conversions when the day was `age` days old. */
export interface LagObservation {
  date: string;
  age: number;
  conversions: number;
}

/** Days after which a day's conversions are taken as complete (and longest profile returned). */
export const LAG_HORIZON_DAYS = 7;
/** Conversions that must back each age's share before it is trusted; below it the age is not corrected (null). */
export const MIN_LAG_CONVERSIONS = 30;

/**
 * The share of conversions known at each age 0 .. LAG_HORIZON_DAYS, pooled over the days seen
 * at that age and again once mature (ratio of sums, so big days weigh more). An age without
 * enough evidence is null: the caller treats such days as immature and leaves them out. The
 * shares are made non-decreasing and capped at 1.
 */
export function estimateLagProfile(observations: LagObservation[]): (number | null)[] {
  const mature = new Map<string, number>();
  for (const o of observations) {
    if (o.age >= LAG_HORIZON_DAYS) mature.set(o.date, Math.max(mature.get(o.date) ?? 0, o.conversions));
  }
  const profile: (number | null)[] = [];
  for (let age = 0; age < LAG_HORIZON_DAYS; age += 1) {
    let young = 0;
    let complete = 0;
    const seen = new Set<string>();
    for (const o of observations) {
      if (o.age !== age || seen.has(o.date)) continue;
      const final = mature.get(o.date);
      if (final === undefined) continue;
      seen.add(o.date);
      young += o.conversions;
      complete += final;
    }
    profile.push(complete >= MIN_LAG_CONVERSIONS ? Math.min(1, young / complete) : null);
  }
  profile.push(1);
  // Shares cannot fall with age; noise can make them, so carry the running maximum.
  let floor = 0;
  return profile.map((share) => {
    if (share === null) return null;
    floor = Math.max(floor, share);
    return floor;
  });
}

/** The share known of a day `age` days old; null when that age's share is not known yet. */
export function knownShare(profile: (number | null)[], age: number): number | null {
  if (age >= profile.length - 1) return 1;
  if (age < 0) return null;
  return profile[age];
}
