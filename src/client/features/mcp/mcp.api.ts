import { baseApi } from '@client/api/baseApi';
import { LIST_ID, providesList } from '@client/api/tags';
import type { ConnectedApp, McpConsentAnswer, McpConsentRequest, McpConsentResult } from '@shared/api/mcp';

/** GET oauth/authorize answers the request to consent to, or where to send the browser (an OAuth error for the client). */
export type McpConsentView = McpConsentRequest | McpConsentResult;

export const isRedirect = (view: McpConsentView): view is McpConsentResult => 'redirect_to' in view;

/** The OAuth query as the client sent it to /oauth/authorize, forwarded unchanged (without the leading '?'). */
const withQuery = (path: string, oauthQuery: string) => `${path}?${oauthQuery.replace(/^\?/, '')}`;

/** Connecting AI assistants (MCP clients): consent, and the user's connected apps. */
export const mcpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMcpConsent: build.query<McpConsentView, string>({
      query: (oauthQuery) => withQuery('oauth/authorize', oauthQuery),
      // A consent request is answered once; never show a stale one.
      keepUnusedDataFor: 0,
    }),
    answerMcpConsent: build.mutation<McpConsentResult, { oauthQuery: string; answer: McpConsentAnswer }>({
      query: ({ oauthQuery, answer }) => ({
        url: withQuery('oauth/authorize', oauthQuery),
        method: 'POST',
        body: answer,
      }),
      invalidatesTags: [{ type: 'ConnectedApp', id: LIST_ID }],
    }),
    listConnectedApps: build.query<ConnectedApp[], void>({
      query: () => 'users/me/connected-apps/',
      providesTags: (apps) => providesList('ConnectedApp', apps),
    }),
    revokeConnectedApp: build.mutation<void, string>({
      query: (id) => ({ url: `users/me/connected-apps/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ConnectedApp', id: LIST_ID }],
    }),
  }),
});

export const {
  useGetMcpConsentQuery,
  useAnswerMcpConsentMutation,
  useListConnectedAppsQuery,
  useRevokeConnectedAppMutation,
} = mcpApi;
