/** The About page's copy (spec section 2): problems, team and values. */

/** The problems Adwise exists to solve, in the spec's words, each with a line of explanation. */
export const PROBLEMS: readonly { title: string; text: string }[] = [
  {
    title: 'Fragmented dashboards across ad platforms',
    text: 'Meta, Google Ads, LinkedIn, X and TikTok each report in their own screen, words and currency.',
  },
  {
    title: 'Unclear what works',
    text: 'Spend goes up and down, but which campaign, audience or creative moved the result stays a guess.',
  },
  {
    title: 'High bounce and low conversion',
    text: 'Clicks arrive and leave again, so budgets pay for traffic that never becomes a customer.',
  },
  {
    title: 'Missing psychology-led creative',
    text: 'Ads are built on hunches instead of what is known about attention, trust and decision-making.',
  },
];

/** One person of the core team (spec section 3: name and role). */
export interface TeamMember {
  name: string;
  role: string;
}

/** The core team of three. */
export const CORE_TEAM: readonly TeamMember[] = [
  { name: 'Ananya Iyer', role: 'Product & Growth Lead' },
  { name: 'Rohan Mehta', role: 'Engineering Lead' },
  { name: 'Priya Nair', role: 'Behavioural Science & Creative Lead' },
];

/** The core values. */
export const CORE_VALUES: readonly { title: string; text: string }[] = [
  { title: 'Clarity first', text: 'One dashboard, plain words, and suggestions you can act on today.' },
  {
    title: 'Evidence over opinion',
    text: 'We test, measure and tell you when a tip is a hypothesis rather than a guarantee.',
  },
  { title: 'Respect for attention', text: 'Persuasion that informs people, never tricks them.' },
  {
    title: 'Privacy by default',
    text: 'We keep only what the product needs to work, and you can disconnect any account at any time.',
  },
];
