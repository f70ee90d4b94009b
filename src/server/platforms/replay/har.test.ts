import { displayUrl, type Har, type HarEntry, HarReplay, normaliseBody, parseHar, requestKey } from './har';

function entry(
  method: string,
  url: string,
  body: unknown,
  options: { status?: number; postData?: string } = {},
): HarEntry {
  return {
    request: {
      method,
      url,
      ...(options.postData === undefined ? {} : { postData: { mimeType: 'application/json', text: options.postData } }),
    },
    response: {
      status: options.status ?? 200,
      headers: [{ name: 'x-fb-trace-id', value: 'trace' }],
      content: { mimeType: 'application/json', text: JSON.stringify(body) },
    },
  };
}
const har = (...entries: HarEntry[]): Har => ({ log: { version: '1.2', entries } });

describe('requestKey', () => {
  it('is method, path and sorted query without credentials', () => {
    expect(
      requestKey(
        'get',
        'https://graph.facebook.com/v25.0/act_1/insights?level=ad&access_token=T&fields=a%2Cb&appsecret_proof=P',
      ),
    ).toBe('GET /v25.0/act_1/insights?fields=a%2Cb&level=ad');
  });

  it('ignores OAuth 1.0a parameters and TikTok app credentials, keeps everything else', () => {
    expect(requestKey('GET', 'https://x/y?oauth_signature=s&app_id=1&secret=2&page=2')).toBe('GET /y?page=2');
  });

  it('treats encodings of one query alike', () => {
    const a = requestKey('GET', 'https://h/p?time_range=%7B%22since%22%3A%222021-03-01%22%7D&x=a+b');
    const b = requestKey('GET', 'http://127.0.0.1:1/p?x=a%20b&time_range={"since":"2021-03-01"}');
    expect(a).toBe(b);
  });
});

describe('parseHar', () => {
  it('names what is wrong with a file that is not a HAR', () => {
    expect(() => parseHar('{')).toThrow(/invalid JSON/);
    expect(() => parseHar('{"log": {}}')).toThrow(/no log.entries/);
    expect(() => parseHar(JSON.stringify({ log: { entries: [{ request: { method: 'GET' } }] } }))).toThrow(
      /HAR entry 0/,
    );
  });

  it('reads a HAR 1.2 log', () => {
    expect(parseHar(JSON.stringify(har(entry('GET', 'https://h/p', { ok: 1 })))).log.entries).toHaveLength(1);
  });
});

describe('HarReplay', () => {
  it('answers a recorded request whatever its credentials and host, and nothing else', () => {
    const replay = new HarReplay(
      har(entry('GET', 'https://graph.facebook.com/v25.0/me/adaccounts?fields=id&access_token=REAL', { data: [] })),
    );
    const answer = replay.answer(
      'GET',
      'http://127.0.0.1:9/v25.0/me/adaccounts?access_token=FAKE&fields=id',
      undefined,
    );
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toEqual({ data: [] });
    expect(answer?.headers).toContainEqual({ name: 'x-fb-trace-id', value: 'trace' });
    expect(replay.answer('GET', 'http://127.0.0.1:9/v25.0/me/adaccounts?fields=name', undefined)).toBeUndefined();
    expect(replay.answer('POST', 'http://127.0.0.1:9/v25.0/me/adaccounts?fields=id', undefined)).toBeUndefined();
  });

  it('tells POSTs to one path apart by their recorded bodies', () => {
    const url = 'https://googleads.googleapis.com/v26/customers/1/googleAds:searchStream';
    const replay = new HarReplay(
      har(
        entry('POST', url, ['campaigns'], { postData: '{"query": "SELECT campaign.id FROM campaign"}' }),
        entry('POST', url, ['ads'], { postData: '{"query":"SELECT ad_group_ad.ad.id FROM ad_group_ad"}' }),
      ),
    );
    const ask = (query: string) =>
      replay.answer('POST', 'http://127.0.0.1:9/v26/customers/1/googleAds:searchStream', JSON.stringify({ query }));
    expect(JSON.parse(ask('SELECT ad_group_ad.ad.id FROM ad_group_ad')!.body)).toEqual(['ads']);
    expect(JSON.parse(ask('SELECT campaign.id FROM campaign')!.body)).toEqual(['campaigns']);
    expect(ask('SELECT customer.id FROM customer')).toBeUndefined();
  });

  it('serves a key recorded twice in order, then repeats the last answer', () => {
    const replay = new HarReplay(
      har(entry('GET', 'https://h/p', { n: 1 }, { status: 429 }), entry('GET', 'https://h/p', { n: 2 })),
    );
    const statuses = [1, 2, 3].map(() => replay.answer('GET', 'https://h/p', undefined)!.status);
    expect(statuses).toEqual([429, 200, 200]);
  });

  it('points recorded links (paging.next) back at the replay', () => {
    const next = 'https://graph.facebook.com/v25.0/act_1/campaigns?after=X';
    const replay = new HarReplay(
      har(entry('GET', 'https://graph.facebook.com/v25.0/act_1/campaigns', { paging: { next } })),
    );
    const answer = replay.answer('GET', 'http://127.0.0.1:9/v25.0/act_1/campaigns', undefined, 'http://127.0.0.1:9');
    expect(JSON.parse(answer!.body).paging.next).toBe('http://127.0.0.1:9/v25.0/act_1/campaigns?after=X');
  });

  it('decodes base64 bodies and supplies a content type', () => {
    const recorded = entry('GET', 'https://h/p', null);
    recorded.response.content = { text: Buffer.from('{"a":1}').toString('base64'), encoding: 'base64' };
    recorded.response.headers = [];
    const answer = new HarReplay(har(recorded)).answer('GET', 'https://h/p', undefined)!;
    expect(answer.body).toBe('{"a":1}');
    expect(answer.headers).toContainEqual({ name: 'content-type', value: 'application/json' });
  });

  it('serves a base64 binary body (a gzip file) as its bytes', () => {
    const gzipBytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0x80]);
    const recorded = entry('GET', 'https://ton.example/stats.json.gz', null);
    recorded.response.content = {
      mimeType: 'application/gzip',
      text: gzipBytes.toString('base64'),
      encoding: 'base64',
    };
    const answer = new HarReplay(har(recorded)).answer('GET', 'https://ton.example/stats.json.gz', undefined)!;
    expect(answer.bytes).toEqual(gzipBytes);
    expect(answer.headers).toContainEqual({ name: 'content-type', value: 'application/gzip' });
  });
});

describe('normaliseBody and displayUrl', () => {
  it('compares JSON bodies by value and hides credentials in messages', () => {
    expect(normaliseBody('{ "query" : "x" }')).toBe(normaliseBody('{"query":"x"}'));
    expect(normaliseBody('a  b\n')).toBe('a b');
    expect(displayUrl('http://127.0.0.1:9/p?level=ad&access_token=T&appsecret_proof=P')).toBe(
      'http://127.0.0.1:9/p?level=ad',
    );
  });
});
