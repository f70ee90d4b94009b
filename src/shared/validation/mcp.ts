import { boolean, object, string } from 'yup';

import { MCP_ACCESS_LEVELS, type McpAccess } from '../api/mcp';
import { UUID_PATTERN } from './uuid';

export const MCP_VALIDATION = {
  badWorkspace: 'Choose a workspace.',
  badAccess: `Access must be one of: ${MCP_ACCESS_LEVELS.join(', ')}.`,
  badApprove: 'Say whether you approve (true or false).',
} as const;

/** POST oauth/authorize: the person's answer on the consent page (the OAuth request rides in the query). */
export const mcpConsentAnswerSchema = object({
  // Needed to approve; a denial may come before any workspace is chosen.
  workspace_id: string().trim().matches(UUID_PATTERN, MCP_VALIDATION.badWorkspace),
  access: string()
    .oneOf(MCP_ACCESS_LEVELS as readonly McpAccess[], MCP_VALIDATION.badAccess)
    .required(MCP_VALIDATION.badAccess),
  approve: boolean().strict().required(MCP_VALIDATION.badApprove).typeError(MCP_VALIDATION.badApprove),
});
