import { randomUUID } from 'node:crypto';

import { createSignedIdTokens } from './shareTokens';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('share-link tokens', () => {
  const tokens = createSignedIdTokens('a-test-app-secret-of-thirty-two-chars', 'report-share');
  const shareId = '6f1c2a9e-4b7d-4e3a-9c5f-0123456789ab';
  const token = tokens.sign(shareId);
  const [id, signature] = token.split('.');

  /** A signature whose bytes Node's base64url decoder reads the same as the real one's: what makes the spellings below dangerous. */
  const decodesAlike = (other: string) => Buffer.from(other, 'base64url').equals(Buffer.from(signature, 'base64url'));

  it('opens a link by the token it was given, and names the share in lower case', () => {
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toBe(shareId);
    expect(tokens.sign(shareId.toUpperCase())).toBe(token);
  });

  it('refuses every other spelling of the same link: the id in capitals, padding, the last character’s spare bits', () => {
    const last = BASE64URL.indexOf(signature.at(-1)!);
    // 32 bytes fill 42 characters and 4 bits of the 43rd; its two low bits are never read.
    const spareBits = [1, 2, 3].map((bits) => `${signature.slice(0, -1)}${BASE64URL[last ^ bits]}`);
    const variants = {
      upperCaseId: `${id.toUpperCase()}.${signature}`,
      mixedCaseId: `${id.slice(0, 9).toUpperCase()}${id.slice(9)}.${signature}`,
      padded: `${id}.${signature}=`,
      doublyPadded: `${id}.${signature}==`,
      ...Object.fromEntries(spareBits.map((spelling, i) => [`spareBits${i + 1}`, `${id}.${spelling}`])),
    };
    for (const [name, variant] of Object.entries(variants)) {
      expect({
        name,
        differs: variant !== token,
        sameBytes: decodesAlike(variant.split('.')[1]) || variant.split('.')[1] === signature,
      }).toEqual({ name, differs: true, sameBytes: true });
      expect({ name, verified: tokens.verify(variant) }).toEqual({ name, verified: null });
    }
  });

  it('refuses the standard base64 alphabet and stray characters the decoder would skip', () => {
    // A share whose signature has a '-' or '_' (the characters the two alphabets spell differently).
    let other = randomUUID();
    while (!/[-_]/.test(tokens.sign(other).split('.')[1])) other = randomUUID();
    const [otherId, otherSignature] = tokens.sign(other).split('.');
    const standard = otherSignature.replaceAll('-', '+').replaceAll('_', '/');
    expect(Buffer.from(standard, 'base64url').equals(Buffer.from(otherSignature, 'base64url'))).toBe(true);
    expect(tokens.verify(`${otherId}.${otherSignature}`)).toBe(other);
    expect(tokens.verify(`${otherId}.${standard}`)).toBeNull();

    for (const stray of [' ', '\n', '!', '.']) {
      const spelled = `${signature.slice(0, 20)}${stray}${signature.slice(20)}`;
      expect({ stray, sameBytes: decodesAlike(spelled), verified: tokens.verify(`${id}.${spelled}`) }).toEqual({
        stray,
        sameBytes: true,
        verified: null,
      });
    }
  });

  it('refuses a wrong signature, another purpose’s token and malformed tokens', () => {
    expect(tokens.verify(`${id}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(createSignedIdTokens('a-test-app-secret-of-thirty-two-chars', 'creative-share').verify(token)).toBeNull();
    expect(tokens.verify(`${randomUUID()}.${signature}`)).toBeNull();
    for (const malformed of ['', '.', id, `${id}.`, `.${signature}`, `not-a-uuid.${signature}`])
      expect(tokens.verify(malformed)).toBeNull();
  });
});
