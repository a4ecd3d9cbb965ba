/**
 * fast-check arbitraries for the cart: the server's checkout and line items, and the client's
 * cart lines. Exported for developers property-testing cart rules.
 *
 * Checkouts are coherent: line ids and inventoryLevelIds are unique, the subtotal is the lines'
 * sum minus a discount (only when a discount code is applied), the total is the subtotal plus
 * shipping, and the last path segment of webUrl is the checkout id.
 *
 * @module
 */
import fc from 'fast-check';
import type { CartLine, Checkout, CheckoutDiscountCode, CheckoutLineItem } from '../entities.ts';
import { toCartLine } from '../cart.ts';
import { fromCents, linesSubtotalCents } from '../money.ts';
import { priceArb, skuArb } from './catalogue.ts';

/** Options of {@link checkoutLineItemArb} and {@link cartLineArb}. */
export interface LineArbOptions {
  /** A fixed line id. @default any id from 1 to 1,000,000 */
  id?: number;
  /** A fixed inventoryLevelId. @default any id from 1 to 10,000,000 */
  inventoryLevelId?: number;
}

/**
 * A server line item: quantity 1 to 20, a 2-decimal unit price (sometimes 0), stock 0 to 50
 * (possibly below the quantity, as after a stock drop), bypassNegativeQuantity about one time in
 * four.
 *
 * @example
 * fc.assert(fc.property(checkoutLineItemArb(), (item) => toCartLine(item).lineItemId === item.id));
 */
export function checkoutLineItemArb(options: LineArbOptions = {}): fc.Arbitrary<CheckoutLineItem> {
  return fc
    .record({
      id: options.id === undefined ? fc.integer({ min: 1, max: 1_000_000 }) : fc.constant(options.id),
      inventoryLevelId:
        options.inventoryLevelId === undefined
          ? fc.integer({ min: 1, max: 10_000_000 })
          : fc.constant(options.inventoryLevelId),
      title: fc.constantFrom('Pump Motor', 'Filter Cartridge', 'Skimmer Basket', 'Heater Gasket', 'Spa Cover'),
      currentQuantity: fc.integer({ min: 1, max: 20 }),
      totalUnitPrice: priceArb(),
      availableForSale: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
      availableQuantity: fc.integer({ min: 0, max: 50 }),
      sku: fc.option(skuArb(), { nil: null }),
      bypassNegativeQuantity: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    })
    .map((item) => ({
      ...item,
      imageUrl: null,
      productHandle: `${item.title.toLowerCase().replace(/\s+/g, '-')}-${item.inventoryLevelId}`,
    }));
}

/** Keeps the first of the items sharing a key, so a second key is unique too. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => number): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Options of {@link checkoutArb} and {@link cartLinesArb}. */
export interface LinesArbOptions {
  /** The fewest lines (before inventoryLevelId duplicates are dropped, which is rare). @default 0 */
  minLength?: number;
  /** The most lines. @default 8 */
  maxLength?: number;
}

/**
 * A server checkout with unique line ids and unique inventoryLevelIds, and totals consistent with
 * its lines: subtotalPrice is the lines' sum (unit price times quantity) minus a discount of 0 to
 * 100 percent that is there only when DiscountCodes is not empty; totalPrice is subtotalPrice plus
 * the shipping line's price (no shipping line adds nothing).
 *
 * @example
 * fc.assert(fc.property(checkoutArb(), (c) => c.totalPrice >= c.subtotalPrice));
 */
export function checkoutArb(options: LinesArbOptions = {}): fc.Arbitrary<Checkout> {
  return fc
    .record({
      items: fc.uniqueArray(checkoutLineItemArb(), {
        selector: (item) => item.id,
        minLength: options.minLength ?? 0,
        maxLength: options.maxLength ?? 8,
      }),
      checkoutId: fc.uuid(),
      discountCodes: fc.array(
        fc.constantFrom<CheckoutDiscountCode>(
          { code: 'SPLASH10', Discount: { title: '10% off' } },
          { code: 'FIRSTORDER', Discount: { title: 'First order special' } },
        ),
        { maxLength: 1 },
      ),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      shipping: fc.option(
        fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 5_000 }), weight: 2 }),
        { nil: null },
      ),
    })
    .map(({ items, checkoutId, discountCodes, discountPercent, shipping }): Checkout => {
      const LineItems = uniqueBy(items, (item) => item.inventoryLevelId);
      const linesCents = linesSubtotalCents(LineItems.map((i) => ({ price: i.totalUnitPrice, quantity: i.currentQuantity })));
      const discountCents = discountCodes.length === 0 ? 0 : Math.floor((linesCents * discountPercent) / 100);
      const subtotalCents = linesCents - discountCents;
      return {
        webUrl: `https://checkout.skimmer.example/checkouts/${checkoutId}`,
        LineItems,
        subtotalPrice: fromCents(subtotalCents),
        totalPrice: fromCents(subtotalCents + (shipping ?? 0)),
        currencyCode: 'USD',
        CheckoutShippingLine: shipping === null ? null : { price: fromCents(shipping) },
        DiscountCodes: discountCodes,
      };
    });
}

/**
 * A client cart line, made from a server line item by the same mapping the cart uses.
 *
 * @example
 * fc.assert(fc.property(cartLineArb({ inventoryLevelId: 5 }), (line) => line.inventoryLevelId === 5));
 */
export function cartLineArb(options: LineArbOptions = {}): fc.Arbitrary<CartLine> {
  return checkoutLineItemArb(options).map(toCartLine);
}

/**
 * Client cart lines with unique lineItemIds and unique inventoryLevelIds, as the cart reducer
 * keeps them.
 *
 * @example
 * fc.assert(fc.property(cartLinesArb(), (lines) => new Set(lines.map((l) => l.lineItemId)).size === lines.length));
 */
export function cartLinesArb(options: LinesArbOptions = {}): fc.Arbitrary<CartLine[]> {
  return fc
    .uniqueArray(cartLineArb(), {
      selector: (line) => line.lineItemId,
      minLength: options.minLength ?? 0,
      maxLength: options.maxLength ?? 8,
    })
    .map((lines) => uniqueBy(lines, (line) => line.inventoryLevelId));
}
