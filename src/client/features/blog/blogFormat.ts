const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as people write it, e.g. "10 November 2026" (the same day in every time zone). */
export function formatPostDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DATE_FORMAT.format(date);
}

/** "6 min read". */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
