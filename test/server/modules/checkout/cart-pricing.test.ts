/**
 * Cart pricing laws (integer cents, discounts bounded, shipping rule, duplicates ignored) and the
 * seeded discount codes.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { percentFromMessage, seedCommerce, seedDiscountCodes } from '../../../../src/server/modules/checkout/discounts.ts';
import { FLAT_SHIPPING_CENTS, FREE_SHIPPING_OVER_CENTS, priceCart, type DiscountRule } from '../../../../src/domain/cart-pricing.ts';
import { commerceDb } from './cart.helpers.ts';

const line = fc.record({ unitCents: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 9999 }) });
const rule: fc.Arbitrary<DiscountRule> = fc.oneof(
  fc.record({ code: fc.constantFrom('P1', 'P2'), title: fc.constant('p'), kind: fc.constant('percentage' as const), amount: fc.integer({ min: 1, max: 100 }), minSubtotalCents: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ code: fc.constantFrom('F1', 'F2'), title: fc.constant('f'), kind: fc.constant('fixed' as const), amount: fc.integer({ min: 1, max: 100_000 }), minSubtotalCents: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ code: fc.constant('S'), title: fc.constant('s'), kind: fc.constant('free_shipping' as const), amount: fc.constant(0), minSubtotalCents: fc.constant(0) }),
);

describe('priceCart', () => {
  test('every amount is an integer number of cents and the totals add up', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(rule, { maxLength: 4 }), (lines, rules) => {
        const p = priceCart(lines, rules);
        for (const v of [p.linesCents, p.discountCents, p.subtotalCents, p.totalCents]) expect(Number.isSafeInteger(v)).toBe(true);
        expect(p.linesCents).toBe(lines.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        expect(p.subtotalCents).toBe(p.linesCents - p.discountCents);
        expect(p.totalCents).toBe(p.subtotalCents + (p.shippingCents ?? 0));
      }),
    );
  });

  test('a discount is never negative and never more than the lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(rule, { maxLength: 4 }), (lines, rules) => {
        const p = priceCart(lines, rules);
        expect(p.discountCents).toBeGreaterThanOrEqual(0);
        expect(p.discountCents).toBeLessThanOrEqual(p.linesCents);
      }),
    );
  });

  test('repeating a code changes nothing (one discount per code)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), rule, (lines, r) => {
        expect(priceCart(lines, [r, r, r])).toEqual(priceCart(lines, [r]));
      }),
    );
  });

  test('shipping: none for an empty cart, free over $99 or with a free-shipping code, else the flat rate', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), fc.array(rule, { maxLength: 3 }), (lines, rules) => {
        const p = priceCart(lines, rules);
        if (lines.length === 0) expect(p.shippingCents).toBeNull();
        else if (p.applied.some((r) => r.kind === 'free_shipping') || p.subtotalCents > FREE_SHIPPING_OVER_CENTS) expect(p.shippingCents).toBe(0);
        else expect(p.shippingCents).toBe(FLAT_SHIPPING_CENTS);
      }),
    );
  });

  test.each([
    [[{ unitCents: 5000, quantity: 2 }], 'percentage', 10, 1000, 9000, 995],
    [[{ unitCents: 333, quantity: 1 }], 'percentage', 10, 33, 300, 995],
    [[{ unitCents: 400, quantity: 1 }], 'fixed', 500, 400, 0, 995],
    [[{ unitCents: 9900, quantity: 1 }], 'fixed', 0, 0, 9900, 995],
    [[{ unitCents: 9901, quantity: 1 }], 'fixed', 0, 0, 9901, 0],
  ] as const)('%j with %s %i: discount %i, subtotal %i, shipping %i', (lines, kind, amount, discount, subtotal, shipping) => {
    const p = priceCart(lines, amount === 0 ? [] : [{ code: 'X', title: 'x', kind, amount, minSubtotalCents: 0 }]);
    expect([p.discountCents, p.subtotalCents, p.shippingCents]).toEqual([discount, subtotal, shipping]);
  });

  test('a minimum-subtotal code applies only from its minimum', () => {
    const big: DiscountRule = { code: 'BIG50', title: 'b', kind: 'fixed', amount: 5000, minSubtotalCents: 20000 };
    expect(priceCart([{ unitCents: 19999, quantity: 1 }], [big]).applied).toEqual([]);
    expect(priceCart([{ unitCents: 20000, quantity: 1 }], [big]).discountCents).toBe(5000);
  });
});

describe('the seeded discount codes', () => {
  test('the set holds SAVE10, TAKE5, FREESHIP, EXPIRED2020, BIG50 and the exit popup code', () => {
    const codes = seedDiscountCodes();
    expect(codes.map((c) => c.code)).toEqual(['SAVE10', 'TAKE5', 'FREESHIP', 'EXPIRED2020', 'BIG50', 'FIRST10']);
    expect(codes.find((c) => c.code === 'BIG50')).toMatchObject({ kind: 'fixed', amount: 5000, minSubtotalCents: 20000 });
    expect(codes.find((c) => c.code === 'FIRST10')).toMatchObject({ kind: 'percentage', amount: 10, oncePerCustomer: true });
    expect(Date.parse(codes.find((c) => c.code === 'EXPIRED2020')?.expiresAt ?? '')).toBeLessThan(Date.parse('2021-01-01'));
  });

  test('the popup code follows the theme configuration', () => {
    const codes = seedDiscountCodes({ exitIntentPopUp: { bgImageUrl: '', discountMessage: 'Take 15% off today', discountCode: 'welcome15' } });
    expect(codes.at(-1)).toMatchObject({ code: 'WELCOME15', amount: 15 });
  });

  test.each([
    ['Take 10% off your first order', 10],
    ['25 % off', 25],
    ['A gift for you', 10],
    ['900% off', 10],
  ])('percentFromMessage(%j) is %i', (message, percent) => {
    expect(percentFromMessage(message)).toBe(percent);
  });

  test('seeding twice writes the codes once (operators’ edits survive)', async () => {
    const db = await commerceDb(5, 1);
    expect(await seedCommerce(db)).toBe(6);
    await db.run("UPDATE discount_codes SET title = 'edited' WHERE code = 'SAVE10'");
    expect(await seedCommerce(db)).toBe(0);
    expect((await db.get<{ title: string }>("SELECT title FROM discount_codes WHERE code = 'SAVE10'"))?.title).toBe('edited');
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM discount_codes'))?.n).toBe(6);
  });
});
