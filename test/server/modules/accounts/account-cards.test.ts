import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { cardBrand, cardDigits, expiryValid, luhnCheckDigit, luhnValid } from '../../../../src/domain/payment-card.ts';

describe('test cards', () => {
  test.each([
    ['4242 4242 4242 4242', true, 'Visa'],
    ['5555-5555-5555-4444', true, 'Mastercard'],
    ['3782 822463 10005', true, 'American Express'],
    ['6011 1111 1111 1117', true, 'Discover'],
    ['4242 4242 4242 4241', false, 'Visa'],
  ])('checks %s with Luhn (%s) and reads its brand %s', (input, valid, brand) => {
    const digits = cardDigits(input);
    expect(digits).not.toBeNull();
    expect(luhnValid(digits!)).toBe(valid);
    expect(cardBrand(digits!)).toBe(brand);
  });

  test('the check digit makes any number valid, and changing one digit breaks it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }), fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, pos, delta) => {
        const full = partial + luhnCheckDigit(partial);
        expect(luhnValid(full)).toBe(true);
        const i = pos % full.length;
        const changed = full.slice(0, i) + String((Number(full[i]) + delta) % 10) + full.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  test.each([
    [12, 2029, false],
    [5, 2030, false],
    [7, 2030, true],
    [13, 2031, false],
    [6, 2030, true],
  ])('expiry %i/%i is valid through its month (now: June 2030): %s', (m, y, ok) => {
    expect(expiryValid(m, y, Date.parse('2030-06-30T23:00:00Z'))).toBe(ok);
  });

  test.each(['', '4242', '4242 4242 4242 4242 4242 42', '4242x4242x4242x4242'])('refuses %j as a card number', (input) => {
    expect(cardDigits(input)).toBeNull();
  });
});

describe('one Luhn check in the server', () => {
  test('the hosted checkout form and the add-card page use the same check, which wants 12 to 19 digits', async () => {
    const checkout = await import('../../../../src/server/modules/checkout/checkout-page.service.ts');
    expect(checkout.luhnValid).toBe(luhnValid);
    // each of these passes the checksum; only the lengths of card numbers are accepted
    for (const [digits, valid] of [['18', false], ['00000000000', false], ['000000000000', true], ['0000000000000000000', true], ['00000000000000000000', false]] as const) {
      expect(luhnValid(digits)).toBe(valid);
    }
  });
});
