/** An Adwise id (a workspace, a connected account, a campaign, a report…): a UUID as PostgreSQL writes it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is such an id: checked before it reaches a uuid column, which would refuse it with a 500. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
