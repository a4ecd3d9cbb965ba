/**
 * Fixtures of the order-operation tests: an order state from a few lines, and fast-check
 * arbitraries of orders (lines with return rules and stock levels, a payment captured at checkout
 * or only authorised, or none).
 */
import fc from 'fast-check';
import type { OrderLineState, OrderState, ReturnRuleFacts } from '../../src/domain/order-operations/index.ts';
import { SHIP_CLASSES } from '../../src/domain/shipping/ship-class.ts';

/** Return rules of an ordinary parcel. */
export const PARCEL: ReturnRuleFacts = { shipClass: 'parcel', notReturnableOnceOpened: false, liquid: false };

/** A line with nothing done to it. */
export function line(id: number, ordered: number, unitCents: number, extra: Partial<OrderLineState> = {}): OrderLineState {
  return {
    id, title: `Item ${id}`, sku: `SKU-${id}`, ordered, unitCents, fulfilled: 0, returning: 0, returned: 0, refundedUnits: 0, restocked: 0,
    levelId: 100 + id, rules: PARCEL, ...extra,
  };
}

/** An order of these lines, paid in full at checkout (plus `shippingCents`). */
export function paidOrder(lines: OrderLineState[], shippingCents = 0): OrderState {
  const total = lines.reduce((n, l) => n + l.ordered * l.unitCents, 0) + shippingCents;
  return { cancelled: false, lines, payment: { authorisedCents: total, capturedCents: total, refundedCents: 0, voided: false }, returns: [] };
}

/** The same order with its payment only authorised (captured at fulfilment). */
export function authorisedOrder(lines: OrderLineState[], shippingCents = 0): OrderState {
  const paid = paidOrder(lines, shippingCents);
  return { ...paid, payment: { ...paid.payment!, capturedCents: 0 } };
}

const rulesArb: fc.Arbitrary<ReturnRuleFacts> = fc.record({
  shipClass: fc.constantFrom(...SHIP_CLASSES),
  notReturnableOnceOpened: fc.boolean(),
  liquid: fc.boolean(),
});

/** An order of 1 to 4 lines (a line may share its level with another, or have none) and its payment. */
export const orderArb: fc.Arbitrary<OrderState> = fc
  .record({
    lines: fc.array(
      fc.record({
        ordered: fc.integer({ min: 1, max: 5 }),
        unitCents: fc.integer({ min: 1, max: 20_000 }),
        rules: rulesArb,
        level: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 6 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    shippingCents: fc.integer({ min: 0, max: 3_000 }),
    payment: fc.constantFrom('captured', 'authorised', 'none'),
  })
  .map(({ lines, shippingCents, payment }) => {
    const ls = lines.map((l, i) => line(i + 1, l.ordered, l.unitCents, { rules: l.rules, levelId: l.level }));
    const order = payment === 'authorised' ? authorisedOrder(ls, shippingCents) : paidOrder(ls, shippingCents);
    return payment === 'none' ? { ...order, payment: null } : order;
  });
