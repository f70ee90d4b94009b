import { randomBytes } from 'node:crypto';

import { createSecretBox, SecretBoxError } from './secretBox';

describe('secretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and uses a fresh IV every time', () => {
    const a = box.seal('ya29.token', 'connection:1');
    const b = box.seal('ya29.token', 'connection:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('ya29');
    expect(box.open(a, 'connection:1')).toBe('ya29.token');
  });

  it('refuses another key, another context and tampering', () => {
    const sealed = box.seal('secret', 'connection:1');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'connection:1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'connection:2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'), 'connection:1')).toThrow(SecretBoxError);
    expect(() => box.open('plain', 'connection:1')).toThrow(SecretBoxError);
  });

  it('rejects a key of the wrong size', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
