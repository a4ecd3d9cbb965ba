import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CALL_FOR_PRICE,
  FREE,
  cartDiscount,
  cartDiscountCents,
  compareAt,
  formatCartAmount,
  formatPrice,
  fromCents,
  linesSubtotalCents,
  shippingLabel,
  toCents,
} from '../../src/domain/money.ts';
import { checkoutLines } from '../../src/domain/cart.ts';
import { checkoutArb } from '../../src/domain/testing/cart.ts';
import { compareAtPriceArb, priceArb } from '../../src/domain/testing/catalogue.ts';

/** Cents exact for a round trip through a double: |c| <= 10^15 ($10 trillion). */
const exactCentsArb = fc.integer({ min: -1e15, max: 1e15 });

describe('toCents and fromCents', () => {
  test.each([
    [12.5, 1250],
    [19.99, 1999],
    [0, 0],
    [0.01, 1],
    [1.005, 101],
    [2.675, 268],
    [0.1 + 0.2, 30],
    [-0.005, -1],
    [-12.345, -1235],
    [0.004, 0],
    [1e-7, 0],
    [123456789.99, 12345678999],
  ])('rounds the decimal amount %s once, half away from zero, to %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  test('never gives negative zero', () => {
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
  });

  test.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY], [1e21], [1e17]])(
    'refuses the amount %s that cannot be money',
    (amount) => {
      expect(() => toCents(amount)).toThrow(RangeError);
    },
  );

  test.each([
    [1250, 12.5],
    [1, 0.01],
    [-1999, -19.99],
    [0, 0],
  ])('turns %i cents into the decimal %s', (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  test.each([[1.5], [Number.NaN], [2 ** 53]])('refuses %s as cents (not a safe integer)', (cents) => {
    expect(() => fromCents(cents)).toThrow(RangeError);
  });

  test('cents round-trip through decimals', () => {
    fc.assert(fc.property(exactCentsArb, (cents) => toCents(fromCents(cents)) === cents));
  });

  test('2-decimal amounts round-trip through cents', () => {
    fc.assert(
      fc.property(exactCentsArb, (cents) => {
        const amount = fromCents(cents);
        return fromCents(toCents(amount)) === amount;
      }),
    );
  });

  test('rounding is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        const once = fromCents(toCents(amount));
        return fromCents(toCents(once)) === once;
      }),
    );
  });

  test('rounding moves an amount by at most half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        return Math.abs(toCents(amount) - amount * 100) <= 0.5 + 1e-6;
      }),
    );
  });

  test('the cents are those of the amount written in decimals, shifted two places and rounded half up', () => {
    // the rule in its plain form (the decimal text), as the oracle of toCents' arithmetic
    const byText = (amount: number): number => {
      const magnitude = Math.abs(amount);
      const text = magnitude.toString();
      const [whole = '0', fraction = ''] = text.split('.');
      const cents = text.includes('e') ? Math.round(magnitude * 100) : Math.round(Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}.${fraction.slice(2) || '0'}`));
      return cents === 0 ? 0 : amount < 0 ? -cents : cents;
    };
    const amounts = fc.oneof(
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
      exactCentsArb.map((cents) => cents / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 200),
    );
    fc.assert(fc.property(amounts, (amount) => Object.is(toCents(amount), byText(amount))), { numRuns: 2000 });
    for (const amount of [0.005, 0.015, 1.005, 2.675, 1.45, 8.345, 1e-7, 123456.785, 0.1 + 0.2]) expect(toCents(amount)).toBe(byText(amount));
  });

  test('rounding is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        return toCents(-amount) === -toCents(amount);
      }),
    );
  });
});

describe('formatPrice', () => {
  test.each([
    [1234.5, '$1,234.50'],
    [25, '$25.00'],
    [0.5, '$0.50'],
    [1000000, '$1,000,000.00'],
    [19.999, '$20.00'],
    [-5, '-$5.00'],
    [0, '$0.00'],
  ])('writes %s with a $ sign, en-US grouping and two decimals: %s', (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });

  test("writes every amount as en-US currency formatting does (Intl's own, as the oracle)", () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.oneof(exactCentsArb, fc.integer({ min: -200_000, max: 200_000 })), (cents) => {
        expect(formatPrice(fromCents(cents))).toBe(intl.format(fromCents(cents)));
      }),
      { numRuns: 1000 },
    );
  });

  test.each([
    ['product', 'Please call us for price on this product.'],
    ['search', 'Please call us for price on this product.'],
    ['list', 'FREE'],
  ] as const)('a price of 0 on the %s page reads %s', (context, text) => {
    expect(formatPrice(0, context)).toBe(text);
    expect(formatPrice(0.004, context)).toBe(text);
  });

  test.each([['product'], ['search'], ['list']] as const)('a non-zero price on the %s page is written as money', (context) => {
    expect(formatPrice(12.5, context)).toBe('$12.50');
  });

  test('the phrases are the spec strings', () => {
    expect(CALL_FOR_PRICE).toBe('Please call us for price on this product.');
    expect(FREE).toBe('FREE');
  });

  test('the text reads back as the amount rounded to cents', () => {
    fc.assert(
      fc.property(exactCentsArb, (cents) => {
        const text = formatPrice(fromCents(cents));
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(toCents(Number(text.replace(/[$,]/g, '')))).toBe(cents);
      }),
    );
  });
});

describe('formatCartAmount', () => {
  test.each([
    [1234.5, '$', '$1,234.50'],
    [3, '€', '€3.00'],
    [0, '$', '$0.00'],
    [0.1 + 0.2, 'US$', 'US$0.30'],
    [-10, '$', '-$10.00'],
  ])('writes %s with the store currency symbol %s to 2 decimals: %s', (amount, symbol, text) => {
    expect(formatCartAmount(amount, symbol)).toBe(text);
  });

  test('always has the symbol and exactly 2 decimals', () => {
    fc.assert(
      fc.property(exactCentsArb, fc.constantFrom('$', '€', '£', 'CA$'), (cents, symbol) => {
        const text = formatCartAmount(fromCents(cents), symbol);
        return text.replace(/^-/, '').startsWith(symbol) && /\.\d{2}$/.test(text);
      }),
    );
  });
});

describe('shippingLabel', () => {
  test.each([
    [{ price: 0 }, 'FREE'],
    [{ price: -2 }, 'FREE'],
    [{ price: 0.004 }, 'FREE'],
    [{ price: 7.5 }, '$7.50'],
    [null, null],
    [undefined, null],
  ])('shipping %o reads %s (FREE when 0 or lower, null when no shipping line)', (line, label) => {
    expect(shippingLabel(line, '$')).toBe(label);
  });

  test('uses the store currency symbol for a priced shipping line', () => {
    expect(shippingLabel({ price: 12 }, '€')).toBe('€12.00');
  });
});

describe('compareAt', () => {
  test.each([
    [{ price: 80, compareAtPrice: 100, availableForSale: true }, { compareAtCents: 10000, saveCents: 2000, compareAtText: '$100.00', saveText: '$20.00' }],
    [{ price: 0.1, compareAtPrice: 0.3, availableForSale: true }, { compareAtCents: 30, saveCents: 20, compareAtText: '$0.30', saveText: '$0.20' }],
  ])('shows the compare-at price and Save amount of %o', (item, expected) => {
    expect(compareAt(item)).toEqual(expected);
  });

  test.each([
    ['unavailable', { price: 80, compareAtPrice: 100, availableForSale: false }],
    ['no compare-at price', { price: 80, compareAtPrice: null, availableForSale: true }],
    ['compare-at equal to the price', { price: 80, compareAtPrice: 80, availableForSale: true }],
    ['compare-at below the price', { price: 80, compareAtPrice: 60, availableForSale: true }],
    ['equal once rounded to cents', { price: 80, compareAtPrice: 80.004, availableForSale: true }],
    ['a 0 price (call for price)', { price: 0, compareAtPrice: 100, availableForSale: true }],
  ])('hides them when %s', (_why, item) => {
    expect(compareAt(item)).toBeNull();
  });

  test('shows only when available, priced and compare-at exceeds price; save = compare-at minus price', () => {
    fc.assert(
      fc.property(
        priceArb().chain((price) => compareAtPriceArb(price).map((compareAtPrice) => ({ price, compareAtPrice }))),
        fc.boolean(),
        ({ price, compareAtPrice }, availableForSale) => {
          const shown = compareAt({ price, compareAtPrice, availableForSale });
          const expected = availableForSale && price > 0 && compareAtPrice !== null && compareAtPrice > price;
          expect(shown !== null).toBe(expected);
          if (shown && compareAtPrice !== null) {
            expect(shown.saveCents).toBe(toCents(compareAtPrice) - toCents(price));
            expect(shown.saveCents).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});

describe('cart subtotal and discount', () => {
  test('multiplies cents by quantity, so 3 x $0.10 + $0.20 is exactly 50 cents', () => {
    expect(linesSubtotalCents([{ price: 0.1, quantity: 3 }, { price: 0.2, quantity: 1 }])).toBe(50);
  });

  test.each([
    [[{ price: 50, quantity: 2 }], 90, 1000],
    [[{ price: 50, quantity: 2 }], 100, 0],
    [[{ price: 19.99, quantity: 3 }], 53.97, 600],
    [[], 0, 0],
  ])('discount of lines %o against checkout subtotal %s is %i cents', (lines, subtotal, cents) => {
    expect(cartDiscountCents(lines, subtotal)).toBe(cents);
  });

  test('is never negative when the checkout subtotal is above the lines', () => {
    expect(cartDiscountCents([{ price: 50, quantity: 2 }], 120)).toBe(0);
    expect(cartDiscount([{ price: 50, quantity: 2 }], 120)).toBe(0);
  });

  test('as a decimal amount', () => {
    expect(cartDiscount([{ price: 19.99, quantity: 3 }], 53.97)).toBe(6);
  });

  test('equals the subtotal from lines minus the checkout subtotal, 0 without a discount code', () => {
    fc.assert(
      fc.property(checkoutArb(), (checkout) => {
        const lines = checkoutLines(checkout);
        const discount = cartDiscountCents(lines, checkout.subtotalPrice);
        expect(discount).toBe(linesSubtotalCents(lines) - toCents(checkout.subtotalPrice));
        expect(discount).toBeGreaterThanOrEqual(0);
        if (checkout.DiscountCodes.length === 0) expect(discount).toBe(0);
      }),
    );
  });
});
