import type { FastifyReply } from 'fastify';

import { CONSENT_TTL_MS, ConsentPages, MAX_PENDING_CONSENTS, type PendingConsent } from './consent';
import { Grants } from './grants';
import { World } from './world';

/** A reply that records what the consent pages answer. */
function recordingReply() {
  const answer: { status?: number; body?: string; location?: string } = {};
  const reply = {
    code: (status: number) => ((answer.status = status), reply),
    header: () => reply,
    send: (body: string) => ((answer.body = body), reply),
    redirect: (location: string, status: number) => ((answer.location = location), (answer.status = status), reply),
  };
  return { reply: reply as unknown as FastifyReply, answer };
}

const REQUEST: PendingConsent = {
  platform: 'meta',
  clientId: 'sandbox-meta-client',
  redirectUri: 'http://localhost:3000/api/oauth/callback',
  state: 'st',
  scope: 'ads_read',
};
const CONSENT_URL = 'http://127.0.0.1/consent';

describe('consent pages', () => {
  let time: number;
  let pages: ConsentPages;
  let world: World;

  beforeEach(() => {
    time = Date.parse('2026-11-21T12:00:00Z');
    const now = () => new Date(time);
    world = new World({ seed: 7, now });
    pages = new ConsentPages(new Grants(now), (platform) => world.accounts(platform), now);
  });

  const show = () => {
    const { reply, answer } = recordingReply();
    pages.show(reply, CONSENT_URL, REQUEST);
    return /name="request_id" value="([^"]+)"/.exec(answer.body ?? '')![1];
  };

  it('forgets pages nobody answered once they expire, as new ones open', () => {
    show();
    show();
    time += CONSENT_TTL_MS / 2;
    show();
    expect(pages.openCount).toBe(3);
    time += CONSENT_TTL_MS / 2 + 1;
    show();
    // The first two expired and were swept; the third and fourth are live.
    expect(pages.openCount).toBe(2);
  });

  it('keeps no more than MAX_PENDING_CONSENTS open, dropping the oldest', () => {
    const first = show();
    for (let i = 1; i < MAX_PENDING_CONSENTS + 10; i += 1) show();
    expect(pages.openCount).toBe(MAX_PENDING_CONSENTS);
    const { reply, answer } = recordingReply();
    pages.decide(reply, CONSENT_URL, { request_id: first, decision: 'allow', account: world.accounts('meta')[0].id });
    expect(answer.status).toBe(400);
  });

  it('answers an expired page with 400, and a live one with the redirect', () => {
    const stale = show();
    time += CONSENT_TTL_MS + 1;
    const expired = recordingReply();
    pages.decide(expired.reply, CONSENT_URL, {
      request_id: stale,
      decision: 'allow',
      account: world.accounts('meta')[0].id,
    });
    expect(expired.answer.status).toBe(400);
    expect(expired.answer.location).toBeUndefined();

    const live = recordingReply();
    pages.decide(live.reply, CONSENT_URL, {
      request_id: show(),
      decision: 'allow',
      account: world.accounts('meta')[0].id,
    });
    expect(live.answer.status).toBe(302);
    expect(new URL(live.answer.location!).searchParams.get('state')).toBe('st');
    expect(pages.openCount).toBe(0);
  });
});
