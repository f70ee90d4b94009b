import { PLACEMENTS } from '@shared/creative/placements';

import { clampScore, compileLexicon, matchLexicon, span } from './text';
import type { AdCopy, FieldText, SubScore, TextSpan } from './types';

/**
 * Call-to-action strength: the button chosen and the verbs in the text. A button that names
 * what happens next and what the reader gets ("Get offer", "Book now") beats one that only
 * promises more reading ("Learn more"); where the placement has no button (Google search, X),
 * the text has to carry the call itself, so its verbs count double.
 */

const BASE = 20;
const STRONG_BUTTON = 35;
const WEAK_BUTTON = 15;
const VERB_POINTS = [30, 10];
const URGENCY_POINTS = 10;
const WEAK_CALL_COST = 10;

/** Buttons the platforms offer (Meta, LinkedIn, TikTok lists), by how much they commit the reader to a next step. */
const STRONG_BUTTONS =
  /^(?:shop|buy|order|get|book|sign up|signup|register|download|install|apply|subscribe|start|claim|request|reserve|join|try|play|donate|call|send|view quote|get quote|get offer|get started|request demo)\b/iu;
const WEAK_BUTTONS =
  /^(?:learn more|see more|more info|watch more|explore|contact us|visit|view|see menu|listen|submit|click|open link|send message|message)\b/iu;

const ACTION_VERBS = compileLexicon([
  {
    pattern:
      'get|start|try|save|book|join|download|shop|claim|grab|order|sign up|register|subscribe|call|apply|request|reserve|buy|unlock|discover|build|create|switch|upgrade|install|schedule|compare|see how|find your|plan|cook|learn how',
    reason: 'an action verb: tells the reader what to do',
  },
]);
const URGENCY = compileLexicon([
  {
    pattern: 'today|now|tonight|this week|in minutes|right away|instantly|before \\w+ (?:ends|runs out)',
    reason: 'urgency: a reason to act now',
  },
]);
const WEAK_CALLS = compileLexicon([
  {
    pattern: 'click here|learn more|find out more|read more|see more|check (?:it|us) out|visit our (?:website|site)',
    reason: 'a weak call: asks for attention, not an action',
  },
]);

export function scoreCta(copy: AdCopy, fields: FieldText[]): SubScore {
  const placement = PLACEMENTS[copy.placement];
  const spans: TextSpan[] = [];
  const notes: string[] = [];
  let score = BASE;
  const button = copy.cta.trim();
  const ctaField = { field: 'cta' as const, index: 0 };
  const textWeight = placement.ctaButton ? 1 : 2;

  if (placement.ctaButton) {
    if (!button)
      notes.push(`No call-to-action button: ${placement.label} shows one, and an ad without it gets fewer clicks.`);
    else if (STRONG_BUTTONS.test(button)) {
      score += STRONG_BUTTON;
      spans.push(span(ctaField, 0, copy.cta.length, 'earned', 'a button that names the next step'));
      notes.push(`"${button}" names the next step.`);
    } else {
      score += WEAK_BUTTON;
      spans.push(
        span(
          ctaField,
          0,
          copy.cta.length,
          'cost',
          WEAK_BUTTONS.test(button)
            ? 'a generic button: promises more reading, not an outcome'
            : 'a button the platforms may not offer; choose one of their labels',
        ),
      );
      notes.push(`"${button}" is generic; a button that names the outcome ("Get offer", "Book now") converts better.`);
    }
  }

  let verbs = 0;
  let urgent = 0;
  let weak = 0;
  for (const field of fields) {
    if (field.field === 'cta') continue;
    for (const hit of matchLexicon(ACTION_VERBS, field.text)) {
      verbs += 1;
      spans.push(span(field, hit.start, hit.end, 'earned', hit.entry.reason));
    }
    for (const hit of matchLexicon(URGENCY, field.text)) {
      urgent += 1;
      spans.push(span(field, hit.start, hit.end, 'earned', hit.entry.reason));
    }
    for (const hit of matchLexicon(WEAK_CALLS, field.text)) {
      weak += 1;
      spans.push(span(field, hit.start, hit.end, 'cost', hit.entry.reason));
    }
  }
  score += VERB_POINTS.slice(0, verbs).reduce((s, p) => s + p, 0) * textWeight;
  if (urgent) score += URGENCY_POINTS;
  score -= weak * WEAK_CALL_COST;
  notes.push(
    verbs
      ? `${verbs} action verb${verbs > 1 ? 's' : ''} in the text.`
      : placement.ctaButton
        ? 'No action verb in the text.'
        : `No action verb in the text, and ${placement.label} has no button to make up for it.`,
  );
  if (urgent) notes.push('Gives a reason to act now.');
  if (weak) notes.push(`${weak} weak call${weak > 1 ? 's' : ''} ("learn more", "click here").`);
  return { key: 'cta', label: 'Call to action', score: clampScore(score), explanation: notes.join(' '), spans };
}
