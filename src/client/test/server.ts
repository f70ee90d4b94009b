import { setupServer } from 'msw/node';

import { defaultAlertHandlers } from './alerts.handlers';
import { defaultAlertStreamHandlers } from './alertStream.handlers';
import { defaultBrandingHandlers } from './branding.handlers';
import { defaultFirstPartyHandlers } from './firstParty.handlers';
import { defaultHandlers } from './handlers';
import { defaultMcpHandlers } from './mcp.handlers';
import { defaultSuggestionHandlers } from './suggestions.handlers';
import { defaultWorkspaceHandlers } from './workspaces.handlers';

/** The mocked network every client test runs against; tests add handlers with `server.use`. */
export const server = setupServer(
  ...defaultHandlers,
  ...defaultWorkspaceHandlers,
  ...defaultSuggestionHandlers,
  ...defaultAlertHandlers,
  ...defaultAlertStreamHandlers,
  ...defaultBrandingHandlers,
  ...defaultMcpHandlers,
  ...defaultFirstPartyHandlers,
);
