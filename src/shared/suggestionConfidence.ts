import type { SuggestionType } from './api/suggestions';

/**
 * What each type's confidence is the probability of, as a claim about the entity: the posterior
 * probability, across the draws or the posteriors the analysis used, that the comparison the
 * advice rests on holds (the ad against its campaign's other ads, the campaign's next conversion
 * against the other campaigns', the flagged weekdays against the rest, the month's projected
 * spend against its band).
 */
const CONFIDENCE_CLAIMS: Record<SuggestionType, string> = {
  pause_ad: 'this ad converts worse than its peers',
  creative_fatigue: 'this ad’s click-through has fallen from when it was fresh',
  scale_campaign: 'this campaign’s next conversion costs less than the other campaigns’',
  reduce_budget: 'this campaign is worse than the other campaigns',
  move_budget: 'this campaign’s next conversion costs more than in the campaign the budget goes to',
  day_of_week: 'the days named are worse than the other days',
  boost_creative: 'this ad converts better than its peers',
  test_cta: 'people click this ad less than its peers',
  pace_budget: 'this budget ends the month outside its target band',
};

/** The most a probability is stated as, and the least, in percent: the model behind it is never certain. */
const SURE_CAP = 99;
const SURE_FLOOR = 1;

/**
 * A probability as a share that never claims certainty: 'at least 99%' from 0.99 up, 'at most 1%'
 * up to 0.01, else a whole percentage kept inside them ('97%'; 0.989 reads 98%, not 99%).
 */
export function formatSureness(probability: number): string {
  const percent = probability * 100;
  if (percent >= SURE_CAP) return `at least ${SURE_CAP}%`;
  if (percent <= SURE_FLOOR) return `at most ${SURE_FLOOR}%`;
  return `${Math.min(SURE_CAP - 1, Math.max(SURE_FLOOR + 1, Math.round(percent)))}%`;
}

/**
 * What the suggestion's confidence means, in words: 'At least 99% sure this ad converts worse
 * than its peers', 'About 92% sure …' below that (the figure is a model's, rounded).
 */
export function formatConfidence(confidence: number, type: SuggestionType): string {
  const share = formatSureness(confidence);
  const stated = share.startsWith('at ') ? share : `about ${share}`;
  return `${stated.charAt(0).toUpperCase()}${stated.slice(1)} sure ${CONFIDENCE_CLAIMS[type]}`;
}
