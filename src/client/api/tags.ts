/** Every cache tag of the API, declared once (features provide and invalidate these). */
export const TAG_TYPES = [
  'UserInfo',
  'AccountInfo',
  'AdAccount',
  'Performance',
  'Dashboard',
  'Campaign',
  'CampaignAds',
  'Sync',
  'Workspace',
  'WorkspaceOverview',
  'Suggestion',
  'Action',
  'Alert',
  'Rules',
  'Budgets',
  'FollowedPlan',
  'CreativeAnalysis',
  'CreativeShare',
  'CreativeFeedback',
  'Branding',
  'Report',
  'ReportShare',
  'ConnectedApp',
  'FirstParty',
] as const;

/** One of the API's cache tags. */
export type TagType = (typeof TAG_TYPES)[number];

/** The id under which a whole list is cached, next to one tag per item. */
export const LIST_ID = 'LIST';

/** Tags for a list result: the list itself plus one tag per item, so one change refetches only what it touches. */
export function providesList<T extends TagType, R extends { id: string | number }>(
  type: T,
  items: readonly R[] | undefined,
) {
  return items ? [{ type, id: LIST_ID }, ...items.map(({ id }) => ({ type, id }))] : [{ type, id: LIST_ID }];
}

/**
 * Invalidation that applies only when the mutation succeeded; a failed one changes nothing. The
 * tags are a list, or a function of the mutation's argument when they name what it touched.
 */
export function invalidatesOnSuccess<Tag extends { type: TagType; id?: string | number }, Arg = unknown>(
  tags: readonly Tag[] | ((arg: Arg) => readonly Tag[]),
) {
  return (_result: unknown, error: unknown, arg: Arg): readonly Tag[] =>
    error ? [] : typeof tags === 'function' ? tags(arg) : tags;
}
