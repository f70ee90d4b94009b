import { CAREERS_LOCATION_OPTIONS, CAREERS_TYPE_OPTIONS } from './constants';

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
