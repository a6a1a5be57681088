import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SMS_SIGNATURE_SALT } from '../src/constants.ts';
import { parseSmsSignature, sha256Hex, smsSignature } from '../src/sms-signature.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  test('answers the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  // 55 bytes is the longest message that fits one block with its padding; 56 needs a second block; 64 is one full
  // block of data. The lengths around them are where a padding mistake shows.
  test.each([0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000])(
    'equals node:crypto for %i ASCII bytes',
    (length) => {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + (i % 90))).join('');
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    },
  );

  test.each([
    '演播',
    '13800138000:演播直播平台:验证码',
    '混合 mixed text with emoji 🎥 and ümlauts',
    // Multi-byte characters straddling the 55/56 and 64-byte boundaries.
    `${'a'.repeat(53)}中`,
    `${'a'.repeat(54)}中`,
    `${'a'.repeat(62)}中`,
    '中'.repeat(19),
    '中'.repeat(22),
  ])('equals node:crypto for %s', (text) => {
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  });
});

describe('smsSignature and parseSmsSignature', () => {
  test('the signature is the timestamp and the hash of timestamp, mobile and salt', () => {
    const signature = smsSignature('13800138000', 1_700_000_000_000);
    expect(signature).toBe(`1700000000000.${nodeSha256(`1700000000000:13800138000:${SMS_SIGNATURE_SALT}`)}`);
    expect(smsSignature('13800138001', 1_700_000_000_000)).not.toBe(signature);
    expect(smsSignature('13800138000', 1_700_000_000_001)).not.toBe(signature);
  });

  test('parses the header it makes', () => {
    const signature = smsSignature('13800138000', 1_700_000_000_000);
    expect(parseSmsSignature(`Sms ${signature}`)).toEqual({
      timestampMs: 1_700_000_000_000,
      hash: signature.split('.')[1],
    });
  });

  test.each([
    undefined,
    '',
    'Sms',
    'Bearer 1700000000000.abc',
    `Sms 1700000000000.${'a'.repeat(63)}`,
    `Sms 1700000000000.${'a'.repeat(65)}`,
    `Sms 1700000000000.${'A'.repeat(64)}`,
    `Sms 170000000.${'a'.repeat(64)}`,
    `Sms x1700000000000.${'a'.repeat(64)}`,
    `Sms 1700000000000.${'a'.repeat(64)} extra`,
    `sms 1700000000000.${'a'.repeat(64)}`,
  ])('refuses %s', (header) => {
    expect(parseSmsSignature(header)).toBeNull();
  });
});
