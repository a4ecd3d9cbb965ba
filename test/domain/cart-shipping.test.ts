import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cartEstimateRequest, cartQuoteView } from '../../src/domain/cart-shipping.ts';
import type { CartLine, Checkout } from '../../src/domain/entities.ts';
import { fromCents } from '../../src/domain/money.ts';
import { quoteShipment, type QuoteLine, type ShippingQuote } from '../../src/domain/shipping/quote.ts';
import { cartLinesArb } from '../../src/domain/testing/cart.ts';
import { quoteBasketArb, quoteInstantArb } from '../../src/domain/testing/shipping.ts';
import { BASKET, seedTables } from './shipping/shipping.helpers.ts';

const tables = seedTables();

/** The cart lines a quote was made of: line i is inventory level i, as the server names them. */
function cartLines(basket: readonly QuoteLine[]): CartLine[] {
  return basket.map((l, i) => ({
    lineItemId: i + 1, inventoryLevelId: i + 1, title: l.title, imageUrl: null, quantity: l.quantity, price: fromCents(l.unitCents),
    availableForSale: true, availableQuantity: 99, sku: null, handle: `p-${i + 1}`, bypassNegativeQuantity: false,
  }));
}

function quoteOf(basket: readonly QuoteLine[], now: number, discountCents: number): ShippingQuote | null {
  const lines = basket.map((l, i) => ({ ...l, id: String(i + 1) }));
  const result = quoteShipment(lines, { zip: '92101' }, now, tables, { discountCents });
  return result.ok ? result.value : null;
}

function checkoutOf(subtotalCents: number, codes: readonly string[]): Checkout {
  return {
    webUrl: 'https://checkout.skimmer.example/checkouts/abc', LineItems: [], subtotalPrice: fromCents(subtotalCents), totalPrice: fromCents(subtotalCents),
    currencyCode: 'USD', CheckoutShippingLine: null, DiscountCodes: codes.map((code) => ({ code, Discount: { title: code } })),
  };
}

describe('the estimate the cart asks for', () => {
  test('property: none when the checkout carries its quote, no ZIP is known or the cart is empty; by the checkout id when there is one, else by the lines', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.option(fc.constantFrom('92101', '60601'), { nil: null }), cartLinesArb(), fc.option(fc.uuid(), { nil: null }), (served, zip, lines, checkoutId) => {
        const request = cartEstimateRequest({ served, zip, lines, checkoutId });
        if (served || zip === null || lines.length === 0) expect(request).toBeNull();
        else if (checkoutId) expect(request).toEqual({ checkoutId, destination: { zip } });
        else expect(request).toEqual({ lines: lines.map((l) => ({ inventoryLevelId: l.inventoryLevelId, quantity: l.quantity })), destination: { zip } });
      }),
    );
  });
});

describe('what a quote shows beside the cart', () => {
  test('no quote shows no shipments and no totals', () => {
    expect(cartQuoteView(null, [], checkoutOf(0, []), '$')).toEqual({ shipments: [], exact: false, rows: null });
  });

  test('property: a quote of this cart with its discount is exact, and its rows end in the quote\'s total', () => {
    fc.assert(
      fc.property(quoteBasketArb(5), quoteInstantArb(), fc.double({ min: 0, max: 1, noNaN: true }), (basket, now, share) => {
        const linesCents = basket.reduce((s, l) => s + l.unitCents * l.quantity, 0);
        const discount = Math.floor(linesCents * share);
        const quote = quoteOf(basket, now, discount);
        if (!quote) return;
        const view = cartQuoteView(quote, cartLines(basket), checkoutOf(linesCents - discount, discount > 0 ? ['SPLASH10'] : []), '$');
        expect(view.exact).toBe(true);
        expect(view.rows?.at(-1)?.kind).toBe('total');
        expect(view.rows?.find((r) => r.kind === 'discount')?.label ?? null).toBe(discount > 0 ? 'Discount (SPLASH10)' : null);
        expect(view.shipments).toHaveLength(quote.shipments.length);
      }),
      { numRuns: 100 },
    );
  });

  test('property: a quote whose discount is not the cart\'s shows its shipments but no totals rows', () => {
    fc.assert(
      fc.property(quoteBasketArb(5), quoteInstantArb(), fc.integer({ min: 1, max: 5_000 }), (basket, now, extra) => {
        const linesCents = basket.reduce((s, l) => s + l.unitCents * l.quantity, 0);
        const quote = quoteOf(basket, now, 0);
        if (!quote || linesCents < extra) return;
        // the cart has a code the bare-lines estimate did not know
        const view = cartQuoteView(quote, cartLines(basket), checkoutOf(linesCents - extra, ['SPLASH10']), '$');
        expect(view.exact).toBe(false);
        expect(view.rows).toBeNull();
        expect(view.shipments.map((s) => s.key)).toEqual(quote.shipments.map((s) => s.kind));
      }),
      { numRuns: 100 },
    );
  });

  test('without a checkout a quote is never exact', () => {
    const basket = [BASKET];
    const quote = quoteOf(basket, Date.UTC(2026, 11, 1, 18, 46), 0);
    expect(quote).not.toBeNull();
    const view = cartQuoteView(quote, cartLines(basket), null, '$');
    expect(view.exact).toBe(false);
    expect(view.rows).toBeNull();
    expect(view.shipments[0]?.items).toEqual(['Skimmer Basket × 2']);
  });
});
