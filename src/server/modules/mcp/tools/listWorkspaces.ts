import { ROLE_TITLES } from '@shared/access/policy';
import { MCP_ACCESS_LABELS } from '@shared/api/mcp';
import { z } from 'zod';

import { accessSchema, roleSchema } from './schemas';
import { readTool } from './tool';

/** list_workspaces: the one workspace the grant covers, the caller's role there and what the app may do. */
export const listWorkspaces = readTool({
  name: 'list_workspaces',
  title: 'List workspaces',
  description:
    'The Adwise workspace this connection may use (a connection covers exactly one), with your role in it and whether the connection may only read or may also act. Call it first to learn where the other tools look.',
  // GET workspace/ (the current workspace) is open to every member.
  action: 'dashboard:read',
  input: z.object({}),
  output: z.object({
    workspaces: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: roleSchema,
        access: accessSchema.describe("'read': read only; 'act': may also change campaigns (with confirmation)."),
        connected_accounts: z.number(),
        dashboard: z.boolean().describe('Whether the dashboard is open (a running trial or a paid plan).'),
      }),
    ),
  }),
  async run(_args, { principal, caller, services }) {
    const workspace = await services.workspaces.current(principal);
    return {
      structured: {
        workspaces: [
          {
            id: workspace.id,
            name: workspace.name,
            role: workspace.role,
            access: caller.access,
            connected_accounts: workspace.connected_accounts,
            dashboard: workspace.dashboard,
          },
        ],
      },
      summary: `Workspace “${workspace.name}”: you are ${ROLE_TITLES[workspace.role].toLowerCase()}, this connection may ${MCP_ACCESS_LABELS[caller.access].toLowerCase()}; ${workspace.connected_accounts} connected ad account(s).`,
    };
  },
});
