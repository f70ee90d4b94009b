/**
 * Adwise as an MCP server (Model Context Protocol): what an AI assistant is allowed to do in a
 * workspace, and the shapes the consent page and "Connected apps" exchange with the server.
 */

/** Where the MCP server answers, under the API base; the OAuth resource its tokens are bound to. */
export const MCP_PATH = '/mcp';

/** The MCP revision the server speaks (the official SDK's latest). */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

/**
 * What a connected app may do in its one workspace: read, or read and act (apply, pause, change a
 * budget, undo). "Act" is offered only to owners and managers, and never outlives the role.
 */
export const MCP_ACCESS_LEVELS = ['read', 'act'] as const;
export type McpAccess = (typeof MCP_ACCESS_LEVELS)[number];

export const MCP_ACCESS_LABELS: Record<McpAccess, string> = {
  read: 'Read',
  act: 'Read and act',
};

/** The OAuth scope each access level is granted as (RFC 6749 section 3.3). */
export const MCP_SCOPES: Record<McpAccess, string> = {
  read: 'adwise:read',
  act: 'adwise:read adwise:act',
};

/** Lifetimes of what the authorization server issues. */
export const MCP_CODE_TTL_SECONDS = 5 * 60;
export const MCP_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const MCP_REFRESH_TOKEN_TTL_DAYS = 30;

/** What the consent page shows about a pending authorization request. */
export interface McpConsentRequest {
  client: { id: string; name: string; uri: string | null };
  redirect_uri: string;
  /** The workspaces the user may grant, with whether "Read and act" is on offer in each. */
  workspaces: { id: string; name: string; role: string; can_act: boolean }[];
  requested_access: McpAccess;
}

/** The user's answer on the consent page. */
export interface McpConsentAnswer {
  workspace_id: string;
  access: McpAccess;
  approve: boolean;
}

/** Where the browser goes next (the client's redirect URI, with a code or an error). */
export interface McpConsentResult {
  redirect_to: string;
}

/** One authorized client in "Connected apps". */
export interface ConnectedApp {
  id: string;
  client_name: string;
  client_uri: string | null;
  workspace: { id: string; name: string };
  access: McpAccess;
  created_at: string;
  last_used_at: string | null;
}

export const MCP_MESSAGES = {
  notSignedIn: 'Sign in to connect an app to Adwise.',
  unknownClient: 'This app is not registered with Adwise. Add Adwise to it again.',
  badRedirect: 'This app asked to return to an address it did not register.',
  noWorkspace: 'Choose a workspace you belong to.',
  actNotAllowed: 'Only owners and managers can let an app act in a workspace.',
  appNotFound: 'That connected app was not found.',
  revoked: 'The app was disconnected. Its access ended at once.',
} as const;
