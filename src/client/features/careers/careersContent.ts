/** The careers page's copy that is not a rule: why join and what we value. */

/** Why Join: the four benefits. */
export const WHY_JOIN: readonly { title: string; text: string }[] = [
  {
    title: 'Remote-first, flexible hours',
    text: 'Work from anywhere in India on hours that suit you; we meet when it helps and write things down when it does not.',
  },
  {
    title: 'Real impact from day one',
    text: 'A small team means your work ships to founders and agencies within weeks, and you see the results in their numbers.',
  },
  {
    title: 'Learn AI and ad psychology',
    text: 'Work on bias-aware scoring, creative heuristics and feedback loops next to people who love explaining them.',
  },
  {
    title: 'Grow with ownership',
    text: 'Own a whole area, get a yearly learning budget and a mentor, and help shape how Adwise grows.',
  },
];

/** What we value in how we work. */
export const CAREERS_VALUES: readonly { title: string; text: string }[] = [
  { title: 'Customers first', text: 'Every feature starts with an advertiser’s real problem.' },
  { title: 'Clarity over cleverness', text: 'Plain words, simple screens and honest numbers.' },
  { title: 'Ship, learn, repeat', text: 'Small releases, quick feedback and no blame when an experiment fails.' },
  { title: 'Kindness and candour', text: 'Direct feedback, given with care, in both directions.' },
];
