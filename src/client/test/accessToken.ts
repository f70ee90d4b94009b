/** An access token shaped as the server's (an HS256 JWT naming the user in `sub`); only its payload matters to the client. */
export function fakeAccessToken(sub: string): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, typ: 'access', ver: 1 })}.signature`;
}
