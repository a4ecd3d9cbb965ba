import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../../../../src/server/modules/accounts/password.ts';
import { TEST_SCRYPT } from './account.helpers.ts';

describe('password hashing', () => {
  test('hashes with scrypt N=2^17, r=8, p=1 by default and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    // three scrypt runs at the real cost (128 MB each): seconds on a busy shared machine
  }, 30_000);

  test('a hash verifies its own password and no other (round trip)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), async (a, b) => {
        const stored = await hashPassword(a, TEST_SCRYPT);
        expect(await verifyPassword(a, stored)).toBe(true);
        expect(await verifyPassword(b, stored)).toBe(a.normalize('NFC') === b.normalize('NFC'));
      }),
      { numRuns: 25 },
    );
  });

  test('salts every hash: the same password hashes differently', async () => {
    expect(await hashPassword('same password!', TEST_SCRYPT)).not.toBe(await hashPassword('same password!', TEST_SCRYPT));
  });

  test('a cheaper stored cost needs a rehash', async () => {
    expect(needsRehash(await hashPassword('some password', TEST_SCRYPT))).toBe(true);
  });

  test.each([
    ['', 'empty'],
    ['scrypt$131072$8$1$abc', 'too few parts'],
    ['scrypt$3$8$1$c2FsdA$' + 'A'.repeat(43), 'N not a power of two'],
    ['scrypt$4194304$8$1$c2FsdA$' + 'A'.repeat(43), 'N above the cap'],
    ['bcrypt$2$8$1$c2FsdA$' + 'A'.repeat(43), 'another scheme'],
  ])('a malformed stored hash never matches (%s: %s)', async (stored) => {
    expect(await verifyPassword('anything at all', stored)).toBe(false);
  });
});

describe('password length', () => {
  test.each([
    ['a'.repeat(PASSWORD_MIN_LENGTH - 1), 'Password must be at least 12 characters.'],
    ['a'.repeat(PASSWORD_MIN_LENGTH), null],
    ['a'.repeat(64), null],
    ['a'.repeat(PASSWORD_MAX_LENGTH), null],
    ['a'.repeat(PASSWORD_MAX_LENGTH + 1), 'Password must be at most 256 characters.'],
    ['😀'.repeat(12), null],
  ])('accepts 12 to 256 characters (%#)', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  test('counts characters, not UTF-16 units', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '😀', '水'), { minLength: 0, maxLength: 300 }), (chars) => {
        const problem = passwordProblem(chars.join(''));
        const n = chars.length;
        expect(problem === null).toBe(n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH);
      }),
    );
  });
});
