/**
 * Issue 18, defect 1: the cart's totals (overlay, cart page, hosted checkout) read the subtotal of
 * the lines, the discount, shipping, and a total equal to subtotal - discount + shipping to the
 * cent, for every seeded discount code. Carts are priced by the server's own rule and carried as
 * the API carries them (decimal dollars), then read back by the client.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cartTotalsCents, cartTotalsRows, checkoutLines, type CartTotalsCents } from '../../src/domain/cart.ts';
import type { Checkout } from '../../src/domain/entities.ts';
import { fromCents } from '../../src/domain/money.ts';
import { seedDiscountCodes } from '../../src/server/modules/checkout/discounts.ts';
import { priceCart, type CartPrice } from '../../src/domain/cart-pricing.ts';
import { checkoutTotals } from '../../src/server/modules/checkout/checkout-page.html.ts';

const SEEDED = seedDiscountCodes();
const pricedLine = fc.record({ unitCents: fc.integer({ min: 1, max: 250_000 }), quantity: fc.integer({ min: 1, max: 40 }) });
const cartArb = fc.array(pricedLine, { minLength: 1, maxLength: 6 });
/** No code, or one seeded code (the server takes one code per order). */
const codeArb = fc.constantFrom(null, ...SEEDED);

/** The checkout object the server answers for a priced cart (decimals at the edge, as readCheckout). */
function checkoutOf(lines: { unitCents: number; quantity: number }[], price: CartPrice): Checkout {
  return {
    webUrl: 'http://127.0.0.1/checkout/c1',
    LineItems: lines.map((l, i) => ({
      id: i + 1, inventoryLevelId: i + 1, title: `Part ${i}`, imageUrl: null, currentQuantity: l.quantity, totalUnitPrice: fromCents(l.unitCents),
      availableForSale: true, availableQuantity: 99, sku: null, productHandle: `p${i}`, bypassNegativeQuantity: false,
    })),
    totalPrice: fromCents(price.totalCents),
    subtotalPrice: fromCents(price.subtotalCents),
    currencyCode: 'USD',
    CheckoutShippingLine: price.shippingCents === null ? null : { price: fromCents(price.shippingCents) },
    DiscountCodes: price.applied.map((r) => ({ code: r.code, Discount: { title: r.title } })),
  };
}

/** '$1,234.50' / '-$5.00' / 'FREE' back to cents. */
function cents(text: string): number {
  if (text === 'FREE') return 0;
  const m = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  const value = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] === '-' ? -value : value;
}

/** The rows read back: every amount parsed, the discount as a positive number. */
function readRows(totals: CartTotalsCents, codes: string[] = []) {
  const rows = cartTotalsRows(totals, '$', codes);
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  return {
    labels: rows.map((r) => r.label.replace(/ \(.*\)$/, '')),
    subtotal: cents(of('subtotal')!.value),
    discount: of('discount') ? -cents(of('discount')!.value) : 0,
    shipping: of('shipping') ? cents(of('shipping')!.value) : 0,
    total: cents(of('total')!.value),
  };
}

describe('cart totals over carts and every seeded discount code', () => {
  test('the client reads the subtotal of the lines, the discount, shipping and total = subtotal - discount + shipping', () => {
    fc.assert(
      fc.property(cartArb, codeArb, (lines, code) => {
        const price = priceCart(lines, code ? [code] : []);
        const checkout = checkoutOf(lines, price);
        const totals = cartTotalsCents(checkoutLines(checkout), checkout);
        expect(totals.subtotalCents).toBe(lines.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        expect(totals.discountCents).toBe(price.discountCents);
        expect(totals.shippingCents).toBe(price.shippingCents);
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + (totals.shippingCents ?? 0));
        // the amount the server charges
        expect(totals.totalCents).toBe(price.totalCents);
        const shown = readRows(totals, checkout.DiscountCodes.map((c) => c.code));
        expect(shown.subtotal).toBe(totals.subtotalCents);
        expect(shown.total).toBe(shown.subtotal - shown.discount + shown.shipping);
        expect(shown.labels).toEqual(['Subtotal', ...(price.discountCents > 0 ? ['Discount'] : []), 'Shipping', 'Total']);
      }),
      { numRuns: 300 },
    );
  });

  test('the hosted checkout page shows the same rows as the cart for the same cart', () => {
    fc.assert(
      fc.property(cartArb, codeArb, (lines, code) => {
        const price = priceCart(lines, code ? [code] : []);
        const checkout = checkoutOf(lines, price);
        const client = cartTotalsRows(cartTotalsCents(checkoutLines(checkout), checkout), '$', checkout.DiscountCodes.map((c) => c.code));
        expect(cartTotalsRows(checkoutTotals(price), '$', price.applied.map((r) => r.code))).toEqual(client);
      }),
      { numRuns: 300 },
    );
  });

  describe('counter examples', () => {
    test('SAVE10 on $113.95: Subtotal $113.95, Discount -$11.39, Shipping FREE, Total $102.56', () => {
      const save10 = SEEDED.find((c) => c.code === 'SAVE10')!;
      const lines = [{ unitCents: 11395, quantity: 1 }];
      const checkout = checkoutOf(lines, priceCart(lines, [save10]));
      const rows = cartTotalsRows(cartTotalsCents(checkoutLines(checkout), checkout), '$', ['SAVE10']);
      expect(rows.map((r) => `${r.label} ${r.value}`)).toEqual(['Subtotal $113.95', 'Discount (SAVE10) -$11.39', 'Shipping FREE', 'Total $102.56']);
    });
  });
});
