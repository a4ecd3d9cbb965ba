/**
 * How a cart is priced: lines, discount codes and shipping to integer cents. One definition for
 * the server (which prices and stores every checkout) and any client that previews a total.
 *
 * Choices where the spec is silent (each tested):
 * - The checkout's `subtotalPrice` is after discounts (the cart's discount is the
 *   lines' subtotal minus the checkout's subtotal); `totalPrice` is that subtotal plus shipping. No tax.
 * - Shipping is a flat {@link FLAT_SHIPPING_CENTS} ($9.95), free when the discounted subtotal is
 *   over {@link FREE_SHIPPING_OVER_CENTS} ($99.00, the store announcement's "Free ground shipping
 *   on orders over $99") or a free-shipping code applies. An empty cart has no shipping line.
 * - A percentage is taken off the lines' subtotal and rounded down to the cent, so a discount is
 *   never larger than its stated rate. A discount never exceeds the lines' subtotal.
 * - A code with a minimum subtotal only applies while the lines' subtotal reaches it; below it the
 *   code stays on the cart but is not listed nor counted, and comes back when the cart grows.
 * @module
 */
import type { Cents } from './money.ts';

/** The kinds of discount code. */
export type DiscountKind = 'percentage' | 'fixed' | 'free_shipping';

/** A discount code as the pricing reads it. */
export interface DiscountRule {
  /** Upper-case code. */
  code: string;
  /** What the cart shows as `Discount.title`. */
  title: string;
  kind: DiscountKind;
  /** Percent (1..100) for percentage, cents for fixed, 0 for free shipping. */
  amount: number;
  /** The lines' subtotal the code needs, in cents. @default 0 */
  minSubtotalCents: number;
}

/** A priced line: the unit price in cents and a quantity. */
export interface PricedLine {
  unitCents: Cents;
  quantity: number;
}

/** The money of a cart, all in cents. */
export interface CartPrice {
  /** Sum of unit price times quantity. */
  linesCents: Cents;
  /** What the applying codes take off the lines (0..linesCents). */
  discountCents: Cents;
  /** `linesCents - discountCents`: the checkout's subtotalPrice. */
  subtotalCents: Cents;
  /** The shipping price, or null for an empty cart (no shipping line). */
  shippingCents: Cents | null;
  /** `subtotalCents + (shippingCents ?? 0)`. */
  totalCents: Cents;
  /** The codes that apply now, in the order given. */
  applied: DiscountRule[];
}

/** Flat shipping price in cents. @default 995 */
export const FLAT_SHIPPING_CENTS = 995;

/** Shipping is free when the discounted subtotal is strictly over this, in cents. @default 9900 */
export const FREE_SHIPPING_OVER_CENTS = 9900;

/** Does a code apply to lines worth `linesCents`? */
export function discountApplies(rule: DiscountRule, linesCents: Cents): boolean {
  return linesCents > 0 && linesCents >= rule.minSubtotalCents;
}

/** The cents one rule takes off lines worth `linesCents` (free shipping takes nothing off lines). */
function ruleDiscount(rule: DiscountRule, linesCents: Cents): Cents {
  switch (rule.kind) {
    case 'percentage':
      return Math.floor((linesCents * Math.min(100, Math.max(0, rule.amount))) / 100);
    case 'fixed':
      return Math.max(0, rule.amount);
    case 'free_shipping':
      return 0;
  }
}

/**
 * Prices a cart.
 * @example
 * priceCart([{ unitCents: 5000, quantity: 2 }], [SAVE10]);
 * // { linesCents: 10000, discountCents: 1000, subtotalCents: 9000, shippingCents: 995, totalCents: 9995, applied: [SAVE10] }
 */
export function priceCart(lines: readonly PricedLine[], rules: readonly DiscountRule[]): CartPrice {
  let linesCents = 0;
  for (const line of lines) linesCents += line.unitCents * line.quantity;
  const applied: DiscountRule[] = [];
  const seen = new Set<string>();
  let discount = 0;
  for (const rule of rules) {
    if (seen.has(rule.code) || !discountApplies(rule, linesCents)) continue;
    seen.add(rule.code);
    applied.push(rule);
    discount += ruleDiscount(rule, linesCents);
  }
  const discountCents = Math.min(discount, linesCents);
  const subtotalCents = linesCents - discountCents;
  let shippingCents: Cents | null = null;
  if (lines.length > 0) {
    const free = applied.some((r) => r.kind === 'free_shipping') || subtotalCents > FREE_SHIPPING_OVER_CENTS;
    shippingCents = free ? 0 : FLAT_SHIPPING_CENTS;
  }
  return { linesCents, discountCents, subtotalCents, shippingCents, totalCents: subtotalCents + (shippingCents ?? 0), applied };
}
