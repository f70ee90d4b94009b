import { bearerSigner, hmacSha1Signature, oauth1Signer, percentEncode, signatureBaseString } from './signing';

/**
 * The worked example from X's "Creating a signature" page (developer.x.com/en/docs/authentication/
 * oauth-1-0a/creating-a-signature; the values were first published by Twitter for api.twitter.com).
 * Note: the page's final header shows tnnArxj06cWHq44gCs1OSKk/jLY=, a long-known value its own base
 * string and key do not produce; the HMAC of the documented base string is the one below.
 */
const EXAMPLE = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
};
const URL_WITH_QUERY = 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true';
const BODY = { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' };
const EXPECTED_BASE =
  'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26' +
  'oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26' +
  'oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26' +
  'status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521';
const EXPECTED_SIGNATURE = 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=';

/** The header's fields, decoded. */
function fields(header: string): Record<string, string> {
  expect(header.startsWith('OAuth ')).toBe(true);
  return Object.fromEntries(
    header
      .slice('OAuth '.length)
      .split(', ')
      .map((pair) => {
        const [key, quoted] = pair.split('=');
        return [key, decodeURIComponent(quoted.replace(/^"|"$/g, ''))];
      }),
  );
}

describe('X request signing', () => {
  it('percent-encodes per RFC 3986 (only unreserved characters stay)', () => {
    expect(percentEncode('Ladies + Gentlemen')).toBe('Ladies%20%2B%20Gentlemen');
    expect(percentEncode("!*'()~._-")).toBe('%21%2A%27%28%29~._-');
    expect(percentEncode('☃')).toBe('%E2%98%83');
  });

  it('builds the documented base string from the query, the body and the oauth parameters', () => {
    const oauth: Array<[string, string]> = [
      ['oauth_consumer_key', EXAMPLE.consumerKey],
      ['oauth_nonce', EXAMPLE.nonce],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', String(EXAMPLE.timestamp)],
      ['oauth_token', EXAMPLE.token],
      ['oauth_version', '1.0'],
    ];
    const base = signatureBaseString('post', URL_WITH_QUERY, [...Object.entries(BODY), ...oauth]);
    expect(base).toBe(EXPECTED_BASE);
    expect(hmacSha1Signature(base, EXAMPLE.consumerSecret, EXAMPLE.tokenSecret)).toBe(EXPECTED_SIGNATURE);
  });

  it('signs the published example to hCtSmYh+iHYCEqBWrE7C7hYmtUk= and writes a sorted OAuth header', () => {
    const header = oauth1Signer(EXAMPLE).authorize('POST', URL_WITH_QUERY, BODY);
    expect(fields(header)).toEqual({
      oauth_consumer_key: EXAMPLE.consumerKey,
      oauth_nonce: EXAMPLE.nonce,
      oauth_signature: EXPECTED_SIGNATURE,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(EXAMPLE.timestamp),
      oauth_token: EXAMPLE.token,
      oauth_version: '1.0',
    });
    expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
  });

  it('drops default ports and lower-cases the host in the base URI, and sorts repeated names by value', () => {
    const base = signatureBaseString('GET', 'HTTPS://Ads-API.X.com:443/12/accounts?b=2&a=2&a=1', []);
    expect(base).toBe('GET&https%3A%2F%2Fads-api.x.com%2F12%2Faccounts&a%3D1%26a%3D2%26b%3D2');
    expect(signatureBaseString('GET', 'http://127.0.0.1:8080/x/12/accounts', [])).toBe(
      'GET&http%3A%2F%2F127.0.0.1%3A8080%2Fx%2F12%2Faccounts&',
    );
  });

  it('gives every request a fresh nonce unless one is fixed', () => {
    const { nonce: _nonce, timestamp: _timestamp, ...credentials } = EXAMPLE;
    const signer = oauth1Signer(credentials);
    const first = fields(signer.authorize('GET', 'https://ads-api.x.com/12/accounts'));
    const second = fields(signer.authorize('GET', 'https://ads-api.x.com/12/accounts'));
    expect(first.oauth_nonce).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(first.oauth_nonce).not.toBe(second.oauth_nonce);
    expect(first.oauth_timestamp).toMatch(/^\d{10}$/);
  });

  it('puts the access token in a Bearer header for OAuth 2.0', () => {
    expect(bearerSigner({ accessToken: 'abc' }).authorize('GET', 'https://ads-api.x.com/12/accounts')).toBe(
      'Bearer abc',
    );
  });
});
