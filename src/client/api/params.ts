/** Query parameters without the unset ones, so the server's defaults apply and cache keys stay stable. */
export function definedParams<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}
