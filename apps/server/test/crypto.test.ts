import { describe, expect, test } from 'vitest';
import { decrypt, encrypt, hashPassword, hmac, safeEqual, sha256, verifyPassword } from '../src/platform/crypto.ts';

describe('password hashing', () => {
  test('a hash verifies its own password and no other', async () => {
    const hash = await hashPassword('correct horse 电池');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse 电池', hash)).toBe(true);
    expect(await verifyPassword('correct horse 电', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  test('the same password hashes differently each time (salted)', async () => {
    const [first, second] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('same-password', second)).toBe(true);
  });

  test('a malformed or foreign stored value never verifies', async () => {
    for (const stored of ['', 'plain', 'bcrypt$2b$10$abc', 'scrypt$32768$8$1$$', 'scrypt$32768$8$1$salt']) {
      expect(await verifyPassword('plain', stored)).toBe(false);
    }
  });
});

describe('sealing secrets (AES-256-GCM)', () => {
  const key = 'test-secret';

  test('round-trips text, including Chinese and the empty string', () => {
    for (const plaintext of ['app-secret-123', '子账号密码：演播2024', '', 'x'.repeat(10_000)]) {
      const sealed = encrypt(key, plaintext);
      expect(sealed.split('.')[0]).toBe('v1');
      expect(sealed).not.toContain(plaintext || '\u0000');
      expect(decrypt(key, sealed)).toBe(plaintext);
    }
  });

  test('the same text seals differently each time (random IV)', () => {
    expect(encrypt(key, 'same')).not.toBe(encrypt(key, 'same'));
  });

  test('a tampered body, tag or IV, or the wrong key, is refused', () => {
    const sealed = encrypt(key, 'do not touch');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => decrypt(key, [version, iv, tag, flip(body)].join('.'))).toThrow();
    expect(() => decrypt(key, [version, iv, flip(tag), body].join('.'))).toThrow();
    expect(() => decrypt(key, [version, flip(iv), tag, body].join('.'))).toThrow();
    expect(() => decrypt('another-secret', sealed)).toThrow();
    expect(() => decrypt(key, [version, iv, tag.slice(0, 8), body].join('.'))).toThrow();
  });

  test('an unknown format is refused', () => {
    expect(() => decrypt(key, 'v2.a.b.c')).toThrow('unknown sealed format');
    expect(() => decrypt(key, 'not sealed')).toThrow('unknown sealed format');
  });
});

describe('digests', () => {
  test('sha256 and hmac answer the known values', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // RFC 4231 test case 2
    expect(Buffer.from(hmac('Jefe', 'what do ya want for nothing?'), 'base64url').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  test('safeEqual compares whole strings', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});
