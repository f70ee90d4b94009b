/**
 * Walks the sandbox's consent page the way a browser would, for the development demo and the
 * tests (never for a real platform): opens the authorize URL, ticks `accountIds` (default: the
 * pre-ticked first account) or denies, and returns the callback query the platform would send.
 * `request` is any fetch-like function (global fetch, or the app's own inject).
 */
export type ConsentFetch = (
  url: string,
  init?: { method: 'POST'; body: URLSearchParams },
) => Promise<{ status: number; text: string; location?: string }>;

export async function walkSandboxConsent(
  request: ConsentFetch,
  authorizeUrl: string,
  choice: { accountIds?: string[]; deny?: boolean } = {},
): Promise<Record<string, string>> {
  const page = await request(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.text}`);
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.text)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  if (!requestId || !action) throw new Error(`not a consent page: ${page.text.slice(0, 300)}`);
  const checked = [...page.text.matchAll(/<input type="checkbox" name="account" value="([^"]+)"( checked)?>/g)];
  const accounts = choice.accountIds ?? checked.filter((m) => m[2]).map((m) => m[1]);
  const form = new URLSearchParams({ request_id: requestId, decision: choice.deny ? 'deny' : 'allow' });
  for (const id of accounts) form.append('account', id);
  const answer = await request(action.replace(/&amp;/g, '&'), { method: 'POST', body: form });
  if (answer.status !== 302 || !answer.location) throw new Error(`consent answered ${answer.status}: ${answer.text}`);
  return Object.fromEntries(new URL(answer.location).searchParams);
}
