/**
 * The TOTP second factor (RFC 6238) written on node:crypto: the RFC's own test vectors (appendix
 * B) for SHA-1, SHA-256 and SHA-512 at 8 digits, RFC 4226's HOTP values, base32 round trips, and
 * the acceptance window with replay refused.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { base32Decode, base32Encode, hotp, totp, verifyTotp } from '../../../../src/server/modules/admin/totp.ts';

const SHA1 = Buffer.from('12345678901234567890');
const SHA256 = Buffer.from('12345678901234567890123456789012');
const SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('RFC 6238 appendix B', () => {
  test.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('at %i seconds the codes are %s (SHA-1), %s (SHA-256), %s (SHA-512)', (time, sha1, sha256, sha512) => {
    expect(totp(SHA1, time, { digits: 8 })).toBe(sha1);
    expect(totp(SHA256, time, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SHA512, time, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });
});

test('RFC 4226 appendix D: the HOTP values of counters 0 to 9', () => {
  expect(Array.from({ length: 10 }, (_, i) => hotp(SHA1, i))).toEqual([
    '755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489',
  ]);
});

test('base32 round-trips any bytes and refuses other characters', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
    expect(base32Decode(base32Encode(bytes))).toEqual(Buffer.from(bytes));
  }));
  expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  expect(base32Decode('1NVALID')).toBeNull();
});

describe('verifyTotp', () => {
  const secret = base32Encode(SHA1);
  const t = 1111111111;
  const step = Math.floor(t / 30);

  test('accepts the current step and one either side, answering the step matched', () => {
    expect(verifyTotp(secret, totp(SHA1, t), t, 0)).toBe(step);
    expect(verifyTotp(secret, totp(SHA1, t - 30), t, 0)).toBe(step - 1);
    expect(verifyTotp(secret, totp(SHA1, t + 30), t, 0)).toBe(step + 1);
  });

  test('refuses a code two steps away, a code already used, and malformed codes', () => {
    expect(verifyTotp(secret, totp(SHA1, t - 60), t, 0)).toBeNull();
    expect(verifyTotp(secret, totp(SHA1, t), t, step)).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 12345']) expect(verifyTotp(secret, code, t, 0)).toBeNull();
  });
});
