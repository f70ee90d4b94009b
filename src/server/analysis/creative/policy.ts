import { clampScore, compileLexicon, type LexiconEntry, matchLexicon, plural, span } from './text';
import type { FieldText, SubScore, TextSpan } from './types';

/**
 * Policy risk: wording the platforms' ad policies reject or send to review. The families follow
 * Meta's Advertising Standards (personal attributes, health and wellness claims, misleading or
 * sensational claims, financial claims), which Google, LinkedIn, X and TikTok mirror closely. A
 * hit is a risk, not a verdict: "cure" in a recipe ad may pass a reviewer. Each family costs
 * once per field at full weight and a third for repeats, so one flagged word does not sink a
 * copy that is otherwise clean while a copy built of them scores near zero.
 */

export type PolicyFamily = 'personalAttributes' | 'health' | 'guarantee' | 'sensational' | 'financial' | 'prohibited';

interface PolicyRule extends LexiconEntry {
  family: PolicyFamily;
  cost: number;
}

/** The cost of a severe family (rejected almost always) and of a review-prone one. */
const SEVERE = 40;
const REVIEW = 20;
const MILD = 10;
const REPEAT_SHARE = 1 / 3;

export const POLICY_RULES: PolicyRule[] = [
  {
    family: 'personalAttributes',
    cost: SEVERE,
    // Meta forbids asserting or implying the reader's personal attributes (health, weight, age,
    // race, religion, sexuality, finances, criminal record); a question aimed at "you" is the classic case.
    pattern:
      "(?:are|do|did|have|were) you (?:\\w+ )?(?:overweight|fat|obese|diabetic|depressed|anxious|bald|balding|pregnant|single|divorced|gay|lesbian|christian|muslim|jewish|hindu|in debt|broke|poor|unemployed|sick|ill|old|over \\d+|suffering|struggling with|addicted|infertile|lonely)|(?:your|you(?:'|’)re) (?:\\w+ )?(?:overweight|obese|diabetes|depression|anxiety|debt|bad credit|acne|wrinkles|belly fat|disability|criminal record)|(?:meet|find) (?:other )?(?:christian|muslim|jewish|gay|black|asian|latino|senior) singles",
    reason: 'asserts or asks about the reader’s personal attributes (health, weight, finances, religion…)',
  },
  {
    family: 'health',
    cost: SEVERE,
    pattern:
      'cures?|cured|heals? (?:your|all)|miracle|reverses? (?:aging|ageing|diabetes|hair loss)|eliminates? (?:disease|pain|cancer)|treats? (?:cancer|diabetes|depression|anxiety)|prevents? (?:cancer|covid|disease)',
    reason: 'a medical claim (cure, miracle, treats a disease)',
  },
  {
    family: 'health',
    cost: SEVERE,
    pattern:
      'before (?:and|&|\\/) after|lose \\d+ ?(?:lbs?|pounds|kg|kilos)(?: in \\d+ (?:days|weeks))?|drop \\d+ (?:sizes|dress sizes|pounds|lbs|kg)|burn (?:belly )?fat fast|melt (?:away )?(?:the )?fat|weight loss (?:pill|miracle|secret)|rapid weight loss|detox',
    reason: 'a before/after or weight-loss claim',
  },
  {
    family: 'guarantee',
    cost: REVIEW,
    pattern:
      'guaranteed?|100 ?% (?:guaranteed|effective|safe|success|results)|risk-?free results|proven to (?:work|cure)|works every time|never fails|always works|no risk',
    reason: 'an absolute promise the advertiser cannot back (“guaranteed”, “100% effective”)',
  },
  {
    family: 'sensational',
    cost: MILD,
    pattern: "shocking|you won(?:'|’)t believe|doctors hate|one weird trick|this one trick|click here|act now or",
    reason: 'sensational or clickbait wording reviewers flag as low quality',
  },
  {
    family: 'sensational',
    cost: MILD,
    bare: true,
    pattern: '!{2,}|\\?{2,}|[!?]{3,}',
    reason: 'repeated punctuation, which Google and Meta treat as gimmicky',
  },
  {
    family: 'financial',
    cost: REVIEW,
    pattern:
      'get rich|make \\$?\\d[\\d,]*(?:k)? (?:a|per) (?:day|week|month)|(?:easy|fast|quick) money|passive income|guaranteed (?:returns?|income|profit)|double your money|risk-?free (?:investment|returns?)|financial freedom|debt[- ]free (?:in|fast)|no credit check|payday loans?',
    reason: 'a financial promise (income, returns, easy credit) that needs proof or a licence',
  },
  {
    family: 'prohibited',
    cost: SEVERE,
    pattern:
      'steroids?|weed|cbd|vapes?|e-?cigarettes?|firearms?|guns? for sale|ammo|ammunition|casino|betting|gamble|spy ?(?:cam|ware)|fake (?:id|reviews|followers)|buy followers',
    reason: 'a product or service most platforms prohibit or restrict',
  },
];

const FAMILY_LABELS: Record<PolicyFamily, string> = {
  personalAttributes: 'personal attributes',
  health: 'health claims',
  guarantee: 'absolute guarantees',
  sensational: 'sensational wording',
  financial: 'financial promises',
  prohibited: 'restricted products',
};

const LEXICON = compileLexicon(POLICY_RULES);

/** Every policy hit in one text, for the headline model's features and the sub-score alike. */
export function policyHits(text: string) {
  return matchLexicon(LEXICON, text).map((hit) => ({ ...hit, rule: hit.entry as PolicyRule }));
}

export function scorePolicy(fields: FieldText[]): SubScore {
  const spans: TextSpan[] = [];
  const families = new Map<PolicyFamily, number>();
  let cost = 0;
  for (const field of fields) {
    const seen = new Set<PolicyFamily>();
    for (const hit of policyHits(field.text)) {
      cost += seen.has(hit.rule.family) ? hit.rule.cost * REPEAT_SHARE : hit.rule.cost;
      seen.add(hit.rule.family);
      families.set(hit.rule.family, (families.get(hit.rule.family) ?? 0) + 1);
      spans.push(span(field, hit.start, hit.end, 'cost', hit.rule.reason));
    }
  }
  const explanation = families.size
    ? `${plural(spans.length, 'phrase')} platforms reject or send to review: ${[...families].map(([f, n]) => `${FAMILY_LABELS[f]} (${n})`).join(', ')}.`
    : 'No wording that ad platforms commonly reject.';
  return { key: 'policy', label: 'Policy risk', score: clampScore(100 - cost), explanation, spans };
}
