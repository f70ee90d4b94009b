import {
  clampScore,
  type CompiledLexicon,
  compileLexicon,
  type LexiconEntry,
  matchLexicon,
  plural,
  span,
} from './text';
import type { FieldText, SubScore, TextSpan } from './types';

/**
 * Persuasion cues (Cialdini's seven principles: Influence, 2021 edition, which added unity) and
 * behavioural-bias cues (loss aversion, anchoring, framing, the default effect, the curiosity
 * gap), each a small lexicon of words and phrases. A hit is evidence the copy uses the lever, not
 * proof it works: the score rewards using a few levers, once each, and gives nothing for piling
 * one up (ten scarcity phrases read as pressure, not as ten times the scarcity).
 */

export type PersuasionCue =
  'reciprocity' | 'commitment' | 'socialProof' | 'authority' | 'liking' | 'scarcity' | 'unity';
export type BiasCue = 'lossAversion' | 'anchoring' | 'framing' | 'defaultEffect' | 'curiosityGap';

const NUMBER = String.raw`\d[\d,.]*`;

/** The lexicons; patterns are regular-expression sources with no capturing groups. */
export const PERSUASION_LEXICON: Record<PersuasionCue, LexiconEntry[]> = {
  reciprocity: [
    {
      pattern: 'free(?: (?:gift|guide|trial|sample|shipping|e-?book|template|checklist|consultation|audit|demo))?',
      reason: 'a free gift invites a return',
    },
    {
      pattern: 'on us|our gift|complimentary|bonus|no strings attached|for you to keep',
      reason: 'something given first',
    },
    {
      pattern: 'download (?:the|our|your) (?:free )?(?:guide|report|checklist|e-?book|template)',
      reason: 'useful content given first',
    },
  ],
  commitment: [
    {
      pattern: 'start (?:small|today|now|your)|take the first step|try it(?: free)?|try (?:for|risk)',
      reason: 'a small first step leads to a larger one',
    },
    {
      pattern: 'join (?:the|our) (?:challenge|waitlist|list)|sign up|pledge|commit',
      reason: 'asks for a small commitment',
    },
    {
      pattern: 'take (?:the|our|this) (?:quiz|test|assessment)|see if you qualify|check your',
      reason: 'a small, easy first action',
    },
  ],
  socialProof: [
    {
      pattern: `${NUMBER}\\+?(?: |-)?(?:k |m |million |thousand )?(?:customers|users|teams|people|companies|businesses|members|subscribers|readers|students|clients|brands|marketers|shoppers|downloads|reviews|families)`,
      reason: 'a count of people already using it',
    },
    {
      pattern: 'best-?sell(?:er|ing)|most popular|(?:top|highest)[- ]rated|fan favou?rite|trending|bestseller',
      reason: 'popularity',
    },
    {
      pattern: `${NUMBER}(?:\\.\\d)? ?(?:stars?|★)|${NUMBER}(?:\\.\\d)?/5|5-star|five-star|rated ${NUMBER}`,
      reason: 'ratings from others',
    },
    {
      pattern:
        'reviews?|testimonials?|(?:customers|people|users|everyone) (?:love|trust|say|agree)|trusted by|loved by|join(?:ing)? (?:over |more than )?' +
        NUMBER,
      reason: 'what others did or said',
    },
    { pattern: 'as seen (?:on|in)|featured in', reason: 'others already noticed it' },
  ],
  authority: [
    {
      pattern:
        'experts?|doctors?|dermatologists?|scientists?|researchers?|professors?|engineers?|specialists?|certified|accredited|licensed',
      reason: 'expertise behind the claim',
    },
    {
      pattern:
        'award-?winning|(?:clinically|scientifically|independently) (?:tested|proven|shown)|research shows|studies show|according to|endorsed by|recommended by',
      reason: 'an authority vouches for it',
    },
    {
      pattern: `since (?:1[89]|20)\\d\\d|${NUMBER} years of|official|patented|iso ?\\d+|soc ?2`,
      reason: 'credentials and track record',
    },
  ],
  liking: [
    {
      pattern:
        'we (?:love|care|get it|understand)|like you|people like you|friendly|made for you|just for you|you deserve|with love',
      reason: 'warmth and similarity',
    },
    {
      pattern: 'our (?:team|founders?|family|story)|hand-?made|family-owned|small business|local',
      reason: 'the people behind it',
    },
    { pattern: "thank you|thanks|you(?:'|’)re amazing|beautiful|delightful", reason: 'compliments and thanks' },
  ],
  scarcity: [
    {
      pattern:
        'limited(?: time| edition| stock| spots| offer| seats)?|only ' +
        NUMBER +
        ' (?:left|spots|seats|remaining|available)|while (?:supplies|stocks?) last',
      reason: 'limited supply',
    },
    {
      pattern:
        "ends? (?:today|tonight|soon|sunday|friday|midnight)|last (?:chance|day|call)|deadline|expires?|before it(?:'|’)s gone|(?:today|this week) only|hurry|don(?:'|’)t wait|almost gone|selling fast|few left",
      reason: 'limited time',
    },
    { pattern: 'exclusive|members only|invite-only|by invitation|rare', reason: 'limited access' },
  ],
  unity: [
    {
      pattern:
        'join (?:us|our community|the community|the movement|fellow)|our community|together|one of us|fellow|family of|tribe|movement',
      reason: 'a shared identity',
    },
    {
      pattern:
        "we(?:'|’)re all|for (?:us|people) who|by (?:founders|marketers|parents|developers|nurses|teachers) for (?:founders|marketers|parents|developers|nurses|teachers)",
      reason: 'belonging to the same group',
    },
  ],
};

export const BIAS_LEXICON: Record<BiasCue, LexiconEntry[]> = {
  lossAversion: [
    {
      pattern:
        "don(?:'|’)t (?:miss|lose|waste|let)|stop (?:losing|wasting|paying|overpaying)|avoid|miss out|losing|lose|wasted?|risk|mistakes?|before it(?:'|’)s too late|costing you",
      reason: 'what the reader stands to lose',
    },
  ],
  anchoring: [
    {
      pattern: `(?:was|originally|reg(?:ular(?:ly)?)?|compare at|worth|valued at|list price) (?:[$€£₹] ?)?${NUMBER}`,
      reason: 'a reference price that makes the offer look small',
    },
    {
      pattern: `(?:[$€£₹] ?${NUMBER}|${NUMBER} ?(?:[$€£₹]|dollars|rupees|euros)) (?:→|->|now|today)`,
      reason: 'an old price beside the new',
    },
    {
      pattern: 'less than (?:a|one) (?:coffee|cup of coffee|lunch|dollar) a day|per day|a day',
      reason: 'a small unit that anchors the price low',
    },
  ],
  framing: [
    {
      pattern: `${NUMBER} ?% (?:off|fewer|less|more|faster|cheaper|success|satisfaction|of (?:customers|users|people))`,
      reason: 'the outcome framed as a proportion',
    },
    {
      pattern: `save (?:up to )?(?:[$€£₹] ?)?${NUMBER}|cut (?:your )?(?:costs?|time|bills?)|(?:${NUMBER}x|twice|double|half) (?:the|as|faster|more|less)`,
      reason: 'the gain framed against today',
    },
    { pattern: 'instead of|rather than|vs\\.?|versus|compared to', reason: 'a contrast frame' },
  ],
  defaultEffect: [
    {
      pattern:
        'auto-?(?:matic(?:ally)?|renew(?:s|al)?|pilot)|pre-?(?:selected|set|configured|built)|set it and forget it|out of the box|by default|done for you|no setup|cancel anytime|no credit card',
      reason: 'the easy path is already chosen',
    },
  ],
  curiosityGap: [
    {
      pattern:
        "the (?:secret|truth|reason|real reason|one thing|trick)|here(?:'|’)s (?:why|how|what)|what happens (?:next|when)|you won(?:'|’)t believe|you(?:'|’)ll never guess|find out|discover|revealed|this is (?:why|what|how)|the surprising",
      reason: 'promises an answer the reader must click for',
    },
    {
      pattern: 'why (?:you|your|most|this)|how (?:to|one|this|i|we)|what (?:nobody|no one|most)',
      reason: 'an open question the ad answers later',
    },
  ],
};

const compileAll = <K extends string>(lexicons: Record<K, LexiconEntry[]>) =>
  Object.fromEntries(Object.entries(lexicons).map(([k, v]) => [k, compileLexicon(v as LexiconEntry[])])) as Record<
    K,
    CompiledLexicon
  >;

const PERSUASION = compileAll(PERSUASION_LEXICON);
const BIAS = compileAll(BIAS_LEXICON);

export const PERSUASION_LABELS: Record<PersuasionCue, string> = {
  reciprocity: 'reciprocity',
  commitment: 'commitment',
  socialProof: 'social proof',
  authority: 'authority',
  liking: 'liking',
  scarcity: 'scarcity',
  unity: 'unity',
};

export const BIAS_LABELS: Record<BiasCue, string> = {
  lossAversion: 'loss aversion',
  anchoring: 'anchoring',
  framing: 'framing',
  defaultEffect: 'default effect',
  curiosityGap: 'curiosity gap',
};

/** Every hit of each cue in one text, counted; what the headline model reads. */
export function countCues(text: string): { persuasion: Record<PersuasionCue, number>; bias: Record<BiasCue, number> } {
  const count = <K extends string>(lexicons: Record<K, CompiledLexicon>) =>
    Object.fromEntries(
      Object.entries<CompiledLexicon>(lexicons).map(([k, lex]) => [k, matchLexicon(lex, text).length]),
    ) as Record<K, number>;
  return { persuasion: count(PERSUASION), bias: count(BIAS) };
}

/** Points for the first distinct cues used: the first counts most, the fourth and later add nothing. */
const CUE_POINTS = [40, 25, 15];
const BASE = 20;

function scoreCues<K extends string>(
  key: 'persuasion' | 'bias',
  label: string,
  fields: FieldText[],
  lexicons: Record<K, CompiledLexicon>,
  labels: Record<K, string>,
): SubScore {
  const spans: TextSpan[] = [];
  const found = new Map<K, number>();
  for (const field of fields) {
    for (const [cue, lexicon] of Object.entries<CompiledLexicon>(lexicons) as [K, CompiledLexicon][]) {
      for (const hit of matchLexicon(lexicon, field.text)) {
        found.set(cue, (found.get(cue) ?? 0) + 1);
        spans.push(span(field, hit.start, hit.end, 'earned', `${labels[cue]}: ${hit.entry.reason}`));
      }
    }
  }
  const used = [...found.keys()];
  const score = BASE + CUE_POINTS.slice(0, used.length).reduce((s, p) => s + p, 0);
  const missing = (Object.keys(labels) as K[]).filter((k) => !found.has(k)).map((k) => labels[k]);
  const explanation = used.length
    ? `Uses ${plural(used.length, 'cue')}: ${used.map((k) => `${labels[k]} (${found.get(k)})`).join(', ')}. Not used: ${missing.join(', ') || 'none'}.`
    : `No ${label.toLowerCase()} found. Candidates: ${missing.join(', ')}.`;
  return { key, label, score: clampScore(score), explanation, spans };
}

export const scorePersuasion = (fields: FieldText[]) =>
  scoreCues('persuasion', 'Persuasion cues', fields, PERSUASION, PERSUASION_LABELS);
export const scoreBias = (fields: FieldText[]) => scoreCues('bias', 'Behavioural-bias cues', fields, BIAS, BIAS_LABELS);

/** Which cues a copy uses, for suggestions to name the missing ones. */
export function cuesUsed(fields: FieldText[]): { persuasion: Set<PersuasionCue>; bias: Set<BiasCue> } {
  const persuasion = new Set<PersuasionCue>();
  const bias = new Set<BiasCue>();
  for (const field of fields) {
    const counts = countCues(field.text);
    for (const [k, n] of Object.entries(counts.persuasion)) if (n > 0) persuasion.add(k as PersuasionCue);
    for (const [k, n] of Object.entries(counts.bias)) if (n > 0) bias.add(k as BiasCue);
  }
  return { persuasion, bias };
}
