import { createSignedIdTokens } from '../../lib/shareTokens';

/**
 * Share-link tokens of saved analyses: `<share id>.<HMAC-SHA256 of the id under the app secret>`
 * (lib/shareTokens, purpose 'creative-share': the same tokens as before it was shared with reports).
 */
export const createShareTokens = (appSecret: string) => createSignedIdTokens(appSecret, 'creative-share');
export type ShareTokens = ReturnType<typeof createShareTokens>;
