import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CartLine, Checkout } from '../../src/domain/entities.ts';
import {
  applyCheckoutAnswer,
  availableStock,
  cartItemCount,
  cartLineCount,
  cartQuantityOf,
  cartReducer,
  cartSubtotalCents,
  checkoutLines,
  mergeCheckout,
  replaceCheckout,
  toCartLine,
  type CartAction,
  lineQuantityCap,
  MAX_LINE_QUANTITY,
} from '../../src/domain/cart.ts';
import { toCents } from '../../src/domain/money.ts';
import { QUICK_ORDER_MAX_QUANTITY } from '../../src/domain/quick-order.ts';
import { cartLineArb, cartLinesArb, checkoutArb, checkoutLineItemArb } from '../../src/domain/testing/cart.ts';
import { makeCartLine, makeCheckout, makeLineItem } from './catalogue.helpers.ts';

const a = makeCartLine({ lineItemId: 1, inventoryLevelId: 1001, quantity: 2 });
const b = makeCartLine({ lineItemId: 2, inventoryLevelId: 1002, quantity: 1, title: 'Pump Lid', price: 40 });

/** A cart line over a small id space, so adds, deletes and sets collide often. */
const smallLineArb = fc
  .record({ lineItemId: fc.integer({ min: 1, max: 5 }), inventoryLevelId: fc.integer({ min: 1, max: 5 }) })
  .chain((ids) => cartLineArb({ id: ids.lineItemId, inventoryLevelId: ids.inventoryLevelId }));

const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
  cartLinesArb({ maxLength: 4 }).map((lines): CartAction => ({ type: 'reload', lines })),
  smallLineArb.map((line): CartAction => ({ type: 'add', line })),
  fc.integer({ min: 1, max: 5 }).map((lineItemId): CartAction => ({ type: 'delete', lineItemId })),
  fc
    .record({ lineItemId: fc.integer({ min: 1, max: 5 }), quantity: fc.integer({ min: -3, max: 30 }) })
    .map(({ lineItemId, quantity }): CartAction => ({ type: 'set-quantity', lineItemId, quantity })),
);

/** Quantity per inventory level: the multiset the cart holds, whatever the line order. */
function quantitiesByLevel(lines: readonly CartLine[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const line of lines) map.set(line.inventoryLevelId, (map.get(line.inventoryLevelId) ?? 0) + line.quantity);
  return new Map([...map].sort(([x], [y]) => x - y));
}

describe('cartReducer', () => {
  test('reload replaces all lines', () => {
    expect(cartReducer([a], { type: 'reload', lines: [b] })).toEqual([b]);
    expect(cartReducer([a, b], { type: 'reload', lines: [] })).toEqual([]);
  });

  test('reload copies the lines, so mutating the source later does not change the cart', () => {
    const source = [b];
    const lines = cartReducer([], { type: 'reload', lines: source });
    source.push(a);
    expect(lines).toEqual([b]);
  });

  test('add merges the quantity into the line with the same inventoryLevelId', () => {
    const added = makeCartLine({ lineItemId: 99, inventoryLevelId: 1001, quantity: 3, price: 1 });
    expect(cartReducer([a, b], { type: 'add', line: added })).toEqual([{ ...a, quantity: 5 }, b]);
  });

  test('add appends a line for a new inventoryLevelId', () => {
    expect(cartReducer([a], { type: 'add', line: b })).toEqual([a, b]);
  });

  test.each([[0], [-1], [1.5], [Number.NaN]])('add of quantity %s is ignored', (quantity) => {
    const lines = [a];
    expect(cartReducer(lines, { type: 'add', line: { ...b, quantity } })).toBe(lines);
    expect(cartReducer(lines, { type: 'add', line: { ...a, quantity } })).toBe(lines);
  });

  test('delete removes the line by lineItemId', () => {
    expect(cartReducer([a, b], { type: 'delete', lineItemId: 1 })).toEqual([b]);
  });

  test('delete of an absent lineItemId leaves the very same lines', () => {
    const lines = [a, b];
    expect(cartReducer(lines, { type: 'delete', lineItemId: 42 })).toBe(lines);
  });

  test.each([
    [1, 7, [{ ...a, quantity: 7 }, b]],
    [2, 1, [a, b]],
    [2, 4, [a, { ...b, quantity: 4 }]],
  ])('set-quantity of line %i to %i updates that line only', (lineItemId, quantity, expected) => {
    expect(cartReducer([a, b], { type: 'set-quantity', lineItemId, quantity })).toEqual(expected);
  });

  test.each([
    ['0', 1, 0],
    ['a negative quantity', 1, -2],
    ['a fraction', 1, 2.5],
    ['an absent line', 42, 3],
  ])('set-quantity with %s changes nothing', (_why, lineItemId, quantity) => {
    const lines = [a, b];
    expect(cartReducer(lines, { type: 'set-quantity', lineItemId, quantity })).toBe(lines);
  });

  test('add conserves the total quantity: the total grows by exactly the added quantity', () => {
    fc.assert(
      fc.property(cartLinesArb(), smallLineArb, (lines, line) => {
        const after = cartReducer(lines, { type: 'add', line });
        expect(cartItemCount(after)).toBe(cartItemCount(lines) + line.quantity);
        expect(cartQuantityOf(after, line.inventoryLevelId)).toBe(cartQuantityOf(lines, line.inventoryLevelId) + line.quantity);
      }),
    );
  });

  test('keeps at most one line per inventoryLevelId through any sequence of changes', () => {
    fc.assert(
      fc.property(cartLinesArb(), fc.array(actionArb, { maxLength: 20 }), (start, actions) => {
        const end = actions.reduce(cartReducer, start);
        const levels = end.map((l) => l.inventoryLevelId);
        expect(new Set(levels).size).toBe(levels.length);
      }),
    );
  });

  test('the quantity per inventory level does not depend on the order of adds', () => {
    fc.assert(
      fc.property(
        fc.array(smallLineArb, { maxLength: 10 }).chain((adds) =>
          fc.tuple(fc.constant(adds), fc.shuffledSubarray(adds, { minLength: adds.length, maxLength: adds.length })),
        ),
        ([adds, shuffled]) => {
          const apply = (lines: readonly CartLine[]) =>
            lines.reduce<readonly CartLine[]>((cart, line) => cartReducer(cart, { type: 'add', line }), []);
          expect(quantitiesByLevel(apply(shuffled))).toEqual(quantitiesByLevel(apply(adds)));
        },
      ),
    );
  });

  test('reload is idempotent and forgets the previous lines', () => {
    fc.assert(
      fc.property(cartLinesArb(), cartLinesArb(), (before, lines) => {
        const once = cartReducer(before, { type: 'reload', lines });
        expect(cartReducer(once, { type: 'reload', lines })).toEqual(once);
        expect(once).toEqual(lines);
      }),
    );
  });

  test('delete of an absent lineItemId is the identity', () => {
    fc.assert(
      fc.property(cartLinesArb(), fc.integer({ min: 1, max: 2_000_000 }), (lines, lineItemId) => {
        fc.pre(!lines.some((l) => l.lineItemId === lineItemId));
        expect(cartReducer(lines, { type: 'delete', lineItemId })).toBe(lines);
      }),
    );
  });

  test('delete then leaves no line with that id and keeps the others in order', () => {
    fc.assert(
      fc.property(cartLinesArb({ minLength: 1 }), fc.nat(), (lines, pick) => {
        const target = lines[pick % lines.length];
        if (target === undefined) return;
        const after = cartReducer(lines, { type: 'delete', lineItemId: target.lineItemId });
        expect(after).toEqual(lines.filter((l) => l !== target));
      }),
    );
  });

  test('set-quantity changes only the target line, and only to a quantity above 0', () => {
    fc.assert(
      fc.property(cartLinesArb({ minLength: 1 }), fc.nat(), fc.integer({ min: -5, max: 50 }), (lines, pick, quantity) => {
        const target = lines[pick % lines.length];
        if (target === undefined) return;
        const after = cartReducer(lines, { type: 'set-quantity', lineItemId: target.lineItemId, quantity });
        expect(after.map((l) => l.lineItemId)).toEqual(lines.map((l) => l.lineItemId));
        for (const [i, line] of after.entries()) {
          const expected = line.lineItemId === target.lineItemId && quantity > 0 ? quantity : lines[i]?.quantity;
          expect(line.quantity).toBe(expected);
        }
      }),
    );
  });
});

describe('server line items and checkouts', () => {
  test('maps a line item to a cart line: id, currentQuantity, totalUnitPrice and productHandle renamed', () => {
    const item = makeLineItem({ id: 7, currentQuantity: 3, totalUnitPrice: 9.99, productHandle: 'pump-lid', bypassNegativeQuantity: true });
    expect(toCartLine(item)).toEqual({
      lineItemId: 7,
      inventoryLevelId: 1001,
      title: 'Skimmer Basket',
      imageUrl: null,
      quantity: 3,
      price: 9.99,
      availableForSale: true,
      availableQuantity: 10,
      sku: 'SKM-1',
      handle: 'pump-lid',
      bypassNegativeQuantity: true,
    });
  });

  test('the mapping keeps every field of the line item', () => {
    fc.assert(
      fc.property(checkoutLineItemArb(), (item) => {
        const line = toCartLine(item);
        expect([line.lineItemId, line.quantity, line.price, line.handle]).toEqual([
          item.id,
          item.currentQuantity,
          item.totalUnitPrice,
          item.productHandle,
        ]);
        expect(Object.keys(line)).toHaveLength(Object.keys(item).length);
      }),
    );
  });

  test.each([[null], [undefined]])('no checkout (%s) is an empty cart', (checkout) => {
    expect(checkoutLines(checkout)).toEqual([]);
  });

  test('the lines of a checkout have unique lineItemIds and inventoryLevelIds and sum to its line subtotal', () => {
    fc.assert(
      fc.property(checkoutArb(), (checkout) => {
        const lines = checkoutLines(checkout);
        expect(new Set(lines.map((l) => l.lineItemId)).size).toBe(lines.length);
        expect(new Set(lines.map((l) => l.inventoryLevelId)).size).toBe(lines.length);
        expect(cartSubtotalCents(lines)).toBeGreaterThanOrEqual(toCents(checkout.subtotalPrice));
      }),
    );
  });
});

describe('landing a server answer in the cart', () => {
  const cart = makeCheckout({ DiscountCodes: [{ code: 'SPLASH10', Discount: { title: '10% off' } }] });
  const answer = makeCheckout({
    LineItems: [makeLineItem(), makeLineItem({ id: 2, inventoryLevelId: 1002, currentQuantity: 1, totalUnitPrice: 40 })],
    subtotalPrice: 65,
    totalPrice: 65,
    DiscountCodes: [],
  });

  test('after add, the answer merges into the cart: its fields win, its lines replace the cart lines', () => {
    expect(mergeCheckout(cart, answer)).toEqual(answer);
  });

  test('after add, fields the answer leaves out keep the cart value', () => {
    const lean = { ...answer, DiscountCodes: undefined, webUrl: undefined } as unknown as Checkout;
    const merged = mergeCheckout(cart, lean);
    expect(merged.DiscountCodes).toEqual(cart.DiscountCodes);
    expect(merged.webUrl).toBe(cart.webUrl);
    expect(merged.LineItems).toEqual(answer.LineItems);
    expect(merged.subtotalPrice).toBe(65);
  });

  test('after add into no cart yet, the answer is the cart', () => {
    expect(mergeCheckout(null, answer)).toBe(answer);
  });

  test('after set-quantity or delete, the answer replaces the cart, even the fields it leaves out', () => {
    const lean = { ...answer, DiscountCodes: undefined } as unknown as Checkout;
    expect(replaceCheckout(cart, lean)).toBe(lean);
    expect(replaceCheckout(cart, lean).DiscountCodes).toBeUndefined();
  });

  test.each([
    ['add', 'merge'],
    ['set-quantity', 'replace'],
    ['delete', 'replace'],
  ] as const)('a %s answer lands by %s', (call, how) => {
    const lean = { ...answer, DiscountCodes: undefined } as unknown as Checkout;
    const landed = applyCheckoutAnswer(cart, lean, call);
    expect(landed.DiscountCodes).toEqual(how === 'merge' ? cart.DiscountCodes : undefined);
  });

  test('merging a full answer gives the answer, and merging it twice changes nothing', () => {
    fc.assert(
      fc.property(fc.option(checkoutArb(), { nil: null }), checkoutArb(), (before, reply) => {
        const once = mergeCheckout(before, reply);
        expect(once).toEqual(reply);
        expect(mergeCheckout(once, reply)).toEqual(once);
        expect(checkoutLines(once)).toEqual(checkoutLines(reply));
      }),
    );
  });
});

describe('stock and totals', () => {
  test.each([
    [4, false, 4],
    [0, false, 0],
    [-3, false, 0],
    [0, true, MAX_LINE_QUANTITY],
    [-3, true, MAX_LINE_QUANTITY],
    [12_000, false, MAX_LINE_QUANTITY],
  ])('available stock of %i with bypassNegativeQuantity %s is %s', (availableQuantity, bypassNegativeQuantity, stock) => {
    expect(availableStock({ availableQuantity, bypassNegativeQuantity })).toBe(stock);
  });

  test('available stock is the line cap with bypass, else the stock, never below 0 and never above the line cap', () => {
    fc.assert(
      fc.property(cartLineArb(), (line) => {
        const stock = availableStock(line);
        if (line.bypassNegativeQuantity) expect(stock).toBe(MAX_LINE_QUANTITY);
        else expect(stock).toBe(Math.min(MAX_LINE_QUANTITY, Math.max(0, line.availableQuantity)));
      }),
    );
  });

  test('the line cap is the one rule of the cart, the quantity input and the quick-order pad: 0 to MAX_LINE_QUANTITY, the stock within it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.boolean(), (stock, sellsBelowZero) => {
        const cap = lineQuantityCap(stock, sellsBelowZero);
        expect(cap).toBeGreaterThanOrEqual(0);
        expect(cap).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
        if (sellsBelowZero) expect(cap).toBe(MAX_LINE_QUANTITY);
        else if (stock >= 0 && stock <= MAX_LINE_QUANTITY) expect(cap).toBe(stock);
      }),
    );
    expect(QUICK_ORDER_MAX_QUANTITY).toBe(MAX_LINE_QUANTITY);
  });

  test('the cart quantity of an inventory level sums its lines', () => {
    const lines = [a, b, makeCartLine({ lineItemId: 3, inventoryLevelId: 1001, quantity: 4 })];
    expect(cartQuantityOf(lines, 1001)).toBe(6);
    expect(cartQuantityOf(lines, 1002)).toBe(1);
    expect(cartQuantityOf(lines, 9999)).toBe(0);
  });

  test('the subtotal is in cents: 2 x $12.50 + 1 x $40.00', () => {
    expect(cartSubtotalCents([a, b])).toBe(6500);
    expect(cartSubtotalCents([])).toBe(0);
  });

  test('line count counts lines, item count counts units', () => {
    expect(cartLineCount([a, b])).toBe(2);
    expect(cartItemCount([a, b])).toBe(3);
    expect(cartLineCount([])).toBe(0);
  });

  test('the per-level quantities add up to the item count', () => {
    fc.assert(
      fc.property(cartLinesArb(), (lines) => {
        const byLevel = [...quantitiesByLevel(lines).values()].reduce((s, q) => s + q, 0);
        expect(byLevel).toBe(cartItemCount(lines));
      }),
    );
  });
});

describe('cart arbitraries', () => {
  test('checkouts have totals consistent with their lines and a checkout id as the last path segment', () => {
    fc.assert(
      fc.property(checkoutArb(), (checkout) => {
        const linesCents = cartSubtotalCents(checkoutLines(checkout));
        const subtotalCents = toCents(checkout.subtotalPrice);
        expect(subtotalCents).toBeLessThanOrEqual(linesCents);
        if (checkout.DiscountCodes.length === 0) expect(subtotalCents).toBe(linesCents);
        expect(toCents(checkout.totalPrice)).toBe(subtotalCents + toCents(checkout.CheckoutShippingLine?.price ?? 0));
        expect(checkout.webUrl.split('/').at(-1)).toMatch(/^[0-9a-f-]{36}$/);
      }),
    );
  });

  test('cart lines have unique lineItemIds and inventoryLevelIds, and honour the ids they are given', () => {
    fc.assert(
      fc.property(cartLinesArb(), cartLineArb({ id: 3, inventoryLevelId: 4 }), (lines, line) => {
        expect(new Set(lines.map((l) => l.lineItemId)).size).toBe(lines.length);
        expect(new Set(lines.map((l) => l.inventoryLevelId)).size).toBe(lines.length);
        expect([line.lineItemId, line.inventoryLevelId]).toEqual([3, 4]);
      }),
    );
  });
});
