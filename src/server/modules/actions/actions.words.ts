import type { EntityStatus, SuggestionChange } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { minorToDecimal } from '@shared/money';

/** The words of a change, shared by the suggestions that propose it and the actions that make it. */

export const STATUS_WORDS: Record<EntityStatus, string> = { ACTIVE: 'Active', PAUSED: 'Paused' };

/** A daily budget in words: 'INR 1200.00 a day'. */
export const budgetWords = (minor: number, currency: string) => `${currency} ${minorToDecimal(minor, currency)} a day`;

/** One line per change, naming the platform, in the words the confirmation shows (a task marked done: `done`). */
export function changeLines(platform: Platform, change: SuggestionChange, done = false): string[] {
  const label = PLATFORM_LABELS[platform];
  switch (change.kind) {
    case 'ad_status':
      return [
        `${label}: set ad “${change.ad_name}” in campaign “${change.campaign_name}” from ${STATUS_WORDS[change.from]} to ${STATUS_WORDS[change.to]}`,
      ];
    case 'campaign_status':
      return [
        `${label}: set campaign “${change.campaign_name}” from ${STATUS_WORDS[change.from]} to ${STATUS_WORDS[change.to]}`,
      ];
    case 'campaign_budget':
      return [
        `${label}: change the daily budget of campaign “${change.campaign_name}” from ${budgetWords(change.from, change.currency)} to ${budgetWords(change.to, change.currency)}`,
      ];
    case 'move_budget':
      return [
        `${label}: lower the daily budget of campaign “${change.source.campaign_name}” from ${budgetWords(change.source.from, change.currency)} to ${budgetWords(change.source.to, change.currency)}`,
        `${label}: raise the daily budget of campaign “${change.target.campaign_name}” from ${budgetWords(change.target.from, change.currency)} to ${budgetWords(change.target.to, change.currency)}`,
      ];
    case 'budgets':
      return change.steps.map(
        (step) =>
          `${label}: ${step.to > step.from ? 'raise' : 'lower'} the daily budget of campaign “${step.campaign_name}” from ${budgetWords(step.from, change.currency)} to ${budgetWords(step.to, change.currency)}`,
      );
    case 'task':
      return [`${done ? 'Done' : 'To do'} by hand at ${label}: ${change.description}`];
  }
}
