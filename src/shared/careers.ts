import { CAREERS_EMAIL, CAREERS_LOCATION_OPTIONS, CAREERS_TYPE_OPTIONS } from './constants';

/** A job type other than the filter's 'All'. */
export type JobType = Exclude<(typeof CAREERS_TYPE_OPTIONS)[number], 'All'>;
/** A job location other than the filter's 'All'. */
export type JobLocation = Exclude<(typeof CAREERS_LOCATION_OPTIONS)[number], 'All'>;

/** One open position (spec section 3: a fixed list). */
export interface JobOpening {
  title: string;
  type: JobType;
  location: JobLocation;
}

/** The open positions, in the order the careers page lists them. */
export const JOB_OPENINGS: readonly JobOpening[] = [
  { title: 'Frontend Developer', type: 'Full-time', location: 'Remote' },
  { title: 'UI/UX Designer', type: 'Internship', location: 'Remote' },
  { title: 'Content & SEO Strategist', type: 'Freelance', location: 'India' },
];

/** Shown when no opening passes the filters (spec section 5), word for word. */
export const CAREERS_NO_MATCH_TEXT =
  "No open roles match your filters—reach out anyway if you're excited to work with us.";

/** The filter meaning 'no filter' on type and location. */
export const CAREERS_ALL = 'All';

/** The careers page's filters. */
export interface CareersFilters {
  /** Matched case-insensitively anywhere in the title, after trimming; empty matches everything. */
  search: string;
  type: (typeof CAREERS_TYPE_OPTIONS)[number];
  location: (typeof CAREERS_LOCATION_OPTIONS)[number];
}

/** No filtering: every opening shows. */
export const CAREERS_NO_FILTERS: CareersFilters = { search: '', type: CAREERS_ALL, location: CAREERS_ALL };

/** The openings that pass all three filters together; 'All' means no filter on type or location. */
export function filterOpenings(
  openings: readonly JobOpening[],
  { search, type, location }: CareersFilters,
): JobOpening[] {
  const needle = search.trim().toLowerCase();
  return openings.filter(
    (opening) =>
      opening.title.toLowerCase().includes(needle) &&
      (type === CAREERS_ALL || opening.type === type) &&
      (location === CAREERS_ALL || opening.location === location),
  );
}

/** A mailto: link whose subject and body are percent-encoded (spaces %20, newlines %0A; never '+'). */
function mailto(subject: string, bodyLines: readonly string[]): string {
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(bodyLines.join('\n'))}`;
}

/** The Apply link of one opening (spec section 7): subject 'Application: {title}', body with the role and blank Portfolio and LinkedIn lines. */
export function applyMailto(opening: JobOpening): string {
  return mailto(`Application: ${opening.title}`, [
    'Hello Adwise team,',
    '',
    `I would like to apply for the ${opening.title} role.`,
    '',
    `Role: ${opening.title}`,
    `Type: ${opening.type}`,
    `Location: ${opening.location}`,
    'Portfolio:',
    'LinkedIn:',
    '',
    'A little about me:',
    '',
  ]);
}

/** The general Reach Out link (spec section 7): subject 'General Application', body with the talent-pool opt-in as Yes or No. */
export function reachOutMailto(talentOptIn: boolean): string {
  return mailto('General Application', [
    'Hello Adwise team,',
    '',
    'I do not see a matching role yet, but I would love to work with you.',
    '',
    `Add me to the talent pool: ${talentOptIn ? 'Yes' : 'No'}`,
    'Portfolio:',
    'LinkedIn:',
    '',
    'A little about me:',
    '',
  ]);
}
