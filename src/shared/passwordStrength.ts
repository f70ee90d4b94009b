import { PASSWORD_MIN_LENGTH } from './constants';

/** Labels for scores 0 to 5 (spec section 5). */
export const STRENGTH_LABELS = ['Too short', 'Weak', 'Okay', 'Good', 'Strong', 'Very strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];
/** Bar colour: red at 2 or lower, amber at 3, green above. */
export type StrengthColour = 'red' | 'amber' | 'green';

/** One point each for length 8+, an upper-case letter, a lower-case letter, a digit and a symbol. */
export function passwordScore(password: string): number {
  return [
    password.length >= PASSWORD_MIN_LENGTH,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

/** Score, label and colour of the strength meter. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel; colour: StrengthColour } {
  const score = passwordScore(password);
  return { score, label: STRENGTH_LABELS[score], colour: score <= 2 ? 'red' : score === 3 ? 'amber' : 'green' };
}
