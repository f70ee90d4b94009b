import { BIAS_LABELS, type BiasCue, cuesUsed, PERSUASION_LABELS, type PersuasionCue } from './cues';
import type { HeadlineScore } from './headlineModel';
import { readableFields } from './text';
import type { AdCopy, FieldFit, SubScore, Suggestion } from './types';

/**
 * Rewrite suggestions: for each weak sub-score, what is missing and a template that adds it.
 * Templates, not generated text: each names the cue it supplies, so the advertiser sees why it
 * would help, and fills in what the copy already gives (its headline, its cut-off text).
 */

/** Below this a sub-score gets suggestions. */
export const WEAK_SCORE = 60;
/** Below this a headline's model score gets a suggestion (the training average is 50). */
const WEAK_HEADLINE = 45;
/** Missing cues suggested per sub-score: more is a list, not advice. */
const CUES_SUGGESTED = 2;

const PERSUASION_TEMPLATES: Record<PersuasionCue, string> = {
  socialProof: 'Join 2,000+ teams who already [do the thing your product does].',
  authority: 'Recommended by [a named expert or body] / Award-winning since [year].',
  scarcity: 'Offer ends [day]: only [N] places left.',
  reciprocity: 'Get the free [guide / checklist / trial] first; no card needed.',
  commitment: 'Start with a free [14]-day trial: it takes two minutes.',
  liking: 'Made by [people like your reader], for [people like your reader].',
  unity: 'Join the [community name]: [N] [people like your reader] together.',
};

const BIAS_TEMPLATES: Record<BiasCue, string> = {
  lossAversion: 'Stop losing [hours / money] to [the problem].',
  anchoring: 'Was [₹old price], now [₹new price].',
  framing: 'Save [N]% on [what they buy] / [N]x faster than [the usual way].',
  defaultEffect: 'Set up in minutes, cancel anytime, no credit card.',
  curiosityGap: 'Here’s why [N] [people like your reader] switched to [product].',
};

const spanText = (copy: AdCopy, s: SubScore['spans'][number]) => {
  const text =
    s.field === 'headline'
      ? (copy.headlines[s.index] ?? '')
      : s.field === 'primaryText'
        ? copy.primaryText
        : s.field === 'description'
          ? copy.description
          : s.field === 'cta'
            ? copy.cta
            : copy.landingUrl;
  return text.slice(s.start, s.end);
};

export function suggestRewrites(
  copy: AdCopy,
  subScores: SubScore[],
  fields: FieldFit[],
  headlines: HeadlineScore[],
): Suggestion[] {
  const out: Suggestion[] = [];
  const weak = new Map(subScores.filter((s) => s.score < WEAK_SCORE).map((s) => [s.key, s]));
  const used = cuesUsed(readableFields(copy));

  if (weak.has('platformFit')) {
    for (const fit of fields) {
      if (fit.limit === null || fit.truncateAt === null || (fit.cut.trim() === '' && !fit.overLimit)) continue;
      out.push({
        target: 'platformFit',
        field: fit.field,
        index: fit.index,
        advice: `Bring the ${fit.label.toLowerCase()} within ${fit.truncateAt} characters, or put the offer and the call to action in them: readers see only "${fit.visible.trim()}…".`,
        example: fit.visible.trim() || '[your offer in a few words]',
      });
    }
  }
  const clarity = weak.get('clarity');
  if (clarity) {
    const jargon = clarity.spans.filter((s) => s.reason.startsWith('jargon')).map((s) => spanText(copy, s));
    out.push({
      target: 'clarity',
      advice: jargon.length
        ? `Replace ${jargon
            .slice(0, 3)
            .map((j) => `"${j}"`)
            .join(', ')} with what the product does, and keep sentences under 15 words.`
        : 'Use shorter words and sentences: one idea per sentence, under 15 words.',
      example: '[Product] [does what] in [time]. [One benefit]. [Action verb] today.',
    });
  }
  if (weak.has('cta')) {
    out.push({
      target: 'cta',
      field: 'cta',
      advice:
        'Name the next step and what the reader gets: a button such as "Get offer", "Book now" or "Start free trial", and an action verb in the text.',
      example: 'Get [the benefit] today: start your free trial.',
    });
  }
  if (weak.has('specificity')) {
    out.push({
      target: 'specificity',
      advice:
        'Add a number and a concrete benefit, and speak to the reader ("you") rather than about yourselves ("we").',
      example: 'Save [N]% on your first order: [N] [customers] use it every day.',
    });
  }
  if (weak.has('persuasion')) {
    const missing = (Object.keys(PERSUASION_TEMPLATES) as PersuasionCue[])
      .filter((c) => !used.persuasion.has(c))
      .slice(0, CUES_SUGGESTED);
    for (const cue of missing)
      out.push({
        target: 'persuasion',
        advice: `Add ${PERSUASION_LABELS[cue]}: the copy has none.`,
        example: PERSUASION_TEMPLATES[cue],
      });
  }
  if (weak.has('bias')) {
    const missing = (Object.keys(BIAS_TEMPLATES) as BiasCue[])
      .filter((c) => !used.bias.has(c))
      .slice(0, CUES_SUGGESTED);
    for (const cue of missing)
      out.push({
        target: 'bias',
        advice: `Try ${BIAS_LABELS[cue]}: the copy does not use it.`,
        example: BIAS_TEMPLATES[cue],
      });
  }
  if (weak.has('emotion')) {
    out.push({
      target: 'emotion',
      advice: 'Give the copy a feeling: one positive, energetic word about the outcome, not about the product.',
      example: 'Finally, [outcome] you’ll love, without [the pain].',
    });
  }
  const policy = weak.get('policy') ?? subScores.find((s) => s.key === 'policy' && s.spans.length);
  if (policy) {
    for (const s of policy.spans) {
      out.push({
        target: 'policy',
        field: s.field,
        index: s.index,
        advice: `Remove "${spanText(copy, s)}": ${s.reason}. Say what the product does, not what it guarantees or what the reader is.`,
        example: '[What the product does] for [who it is for], [with proof: a number, a review].',
      });
    }
  }
  for (const [i, h] of headlines.entries()) {
    if (h.score >= WEAK_HEADLINE) continue;
    const against = h.top
      .filter((c) => c.contribution < 0)
      .slice(0, 2)
      .map((c) => c.label);
    const lifting = h.top
      .filter((c) => c.contribution > 0)
      .slice(0, 1)
      .map((c) => c.label);
    out.push({
      target: 'headlineModel',
      field: 'headline',
      index: i,
      advice: `Headline ${i + 1} scores ${h.score} on the A/B-test model${against.length ? `, held back by ${against.join(' and ')}` : ''}${lifting.length ? `; keep ${lifting[0]}` : ''}. Write a variant without what holds it back and compare the two.`,
      example: `Here’s why [N] [people like your reader] [did the surprising thing]`,
    });
  }
  return out;
}
