import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/**
 * The fixed names the official conformance suite (@modelcontextprotocol/conformance, server mode)
 * reads: a text resource `test://static-text` and a prompt `test_prompt_with_arguments` (arg1,
 * arg2). Registered only when the app is built with `mcpConformanceFixtures` (scripts/mcp-conformance.ts);
 * main.ts never sets it, so no running product lists them.
 */
export function registerConformanceFixtures(server: McpServer): void {
  server.registerResource(
    'conformance_static_text',
    'test://static-text',
    { title: 'Conformance fixture', description: 'Fixed text for the MCP conformance suite.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Conformance fixture',
      description: 'A prompt with two arguments, for the MCP conformance suite.',
      argsSchema: { arg1: z.string().describe('First argument'), arg2: z.string().describe('Second argument') },
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
}
