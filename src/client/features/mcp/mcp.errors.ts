import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { mcpApi } from './mcp.api';

/**
 * What a failed request of mcp.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const mcpErrorFallbacks = {
  // The consent page and Connected apps show their failures inline.
  getMcpConsent: null,
  answerMcpConsent: null,
  listConnectedApps: null,
  revokeConnectedApp: null,
} satisfies ErrorFallbacksOf<typeof mcpApi>;
