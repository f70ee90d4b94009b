/**
 * The (I)LIKE pattern for "contains `text`": its own %, _ and \ are escaped (PostgreSQL's default
 * escape character), so a search for "50%" finds "50%" and not everything starting with "50".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
