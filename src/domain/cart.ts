/**
 * Cart lines and the cart's state changes: the client's cart line, and how a checkout answer
 * changes the lines.
 *
 * The client keeps the cart as a list of {@link CartLine}; the server answers with a
 * {@link Checkout}. This module holds the reducer over lines, the mapping from the server's line
 * items, and the two ways a server answer lands in the cart (merge after add, replace after
 * set-quantity or delete).
 *
 * @module
 */
import type { CartLine, Checkout, CheckoutLineItem } from './entities.ts';
import { FREE, formatCartAmount, fromCents, linesSubtotalCents, toCents, type Cents } from './money.ts';

/**
 * A change to the cart's lines. The type names are the spec's words (reload, add, delete,
 * set-quantity).
 */
export type CartAction =
  /** Replaces all lines. */
  | { type: 'reload'; lines: readonly CartLine[] }
  /** Merges `line.quantity` into the line with the same inventoryLevelId, or appends `line`. */
  | { type: 'add'; line: CartLine }
  /** Removes the line with this lineItemId, if present. */
  | { type: 'delete'; lineItemId: number }
  /** Sets the quantity of an existing line, only when the quantity is above 0. */
  | { type: 'set-quantity'; lineItemId: number; quantity: number };

/** A quantity a line can hold: a whole number above 0. */
function isLineQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity > 0;
}

/**
 * The cart's state changes as a pure reducer over lines.
 *
 * - reload replaces all lines (a copy, so later mutation of the input cannot leak in).
 * - add merges the quantity into the existing line with the same inventoryLevelId (that line keeps
 *   its id, title, price and stock), or appends the line.
 * - delete removes the line by lineItemId if present.
 * - set-quantity updates an existing line only when the quantity is above 0.
 *
 * Choices: an add whose quantity is not a whole number above 0 is ignored, like set-quantity,
 * so a bad event can never shrink or corrupt a line. When nothing changes (delete or set-quantity
 * of an absent id, an ignored add, setting the same quantity) the very same array is returned, so
 * selectors comparing by reference do not re-render.
 *
 * @example
 * let lines = cartReducer([], { type: 'add', line });
 * lines = cartReducer(lines, { type: 'add', line: { ...line, quantity: 2 } }); // one line, quantity 3
 * lines = cartReducer(lines, { type: 'delete', lineItemId: line.lineItemId }); // []
 */
export function cartReducer(lines: readonly CartLine[], action: CartAction): readonly CartLine[] {
  switch (action.type) {
    case 'reload':
      return [...action.lines];
    case 'add': {
      const { line } = action;
      if (!isLineQuantity(line.quantity)) return lines;
      const index = lines.findIndex((l) => l.inventoryLevelId === line.inventoryLevelId);
      if (index === -1) return [...lines, { ...line }];
      return lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + line.quantity } : l));
    }
    case 'delete': {
      if (!lines.some((l) => l.lineItemId === action.lineItemId)) return lines;
      return lines.filter((l) => l.lineItemId !== action.lineItemId);
    }
    case 'set-quantity': {
      const { lineItemId, quantity } = action;
      if (!isLineQuantity(quantity)) return lines;
      const index = lines.findIndex((l) => l.lineItemId === lineItemId);
      if (index === -1 || lines[index]?.quantity === quantity) return lines;
      return lines.map((l, i) => (i === index ? { ...l, quantity } : l));
    }
  }
}

/**
 * Maps a server line item to the client's cart line: id becomes lineItemId, currentQuantity
 * becomes quantity, totalUnitPrice (the price of one unit) becomes price, productHandle becomes
 * handle; the other fields carry over.
 *
 * @example
 * toCartLine(checkout.LineItems[0]).lineItemId === checkout.LineItems[0].id; // true
 */
export function toCartLine(item: CheckoutLineItem): CartLine {
  return {
    lineItemId: item.id,
    inventoryLevelId: item.inventoryLevelId,
    title: item.title,
    imageUrl: item.imageUrl,
    quantity: item.currentQuantity,
    price: item.totalUnitPrice,
    availableForSale: item.availableForSale,
    availableQuantity: item.availableQuantity,
    sku: item.sku,
    handle: item.productHandle,
    bypassNegativeQuantity: item.bypassNegativeQuantity,
  };
}

/**
 * The client lines of a checkout, in the server's order; no checkout means an empty cart.
 *
 * @example
 * cartReducer(lines, { type: 'reload', lines: checkoutLines(answer) });
 */
export function checkoutLines(checkout: Checkout | null | undefined): CartLine[] {
  return checkout?.LineItems?.map(toCartLine) ?? [];
}

/**
 * Lands the server's answer to an add call in the cart: the answer is merged into the cart.
 *
 * Choice (the spec only says "merges"): a shallow merge of top-level fields, the answer winning
 * wherever it carries a field. Fields the answer leaves out (undefined at run time, for instance a
 * lean add response without DiscountCodes) keep the cart's value. LineItems are never merged line
 * by line: when the answer has them, they replace the cart's, so a line the server dropped is not
 * resurrected and the lines always agree with the answer's totals.
 *
 * @example
 * cart = mergeCheckout(cart, answer); // after POST /api/checkouts/lineItems
 */
export function mergeCheckout(cart: Checkout | null, answer: Checkout): Checkout {
  if (cart === null) return answer;
  const merged: Record<string, unknown> = { ...cart };
  for (const [key, value] of Object.entries(answer)) {
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as Checkout;
}

/**
 * Lands the server's answer to a set-quantity or delete call: the answer replaces the cart.
 *
 * @example
 * cart = replaceCheckout(cart, answer); // after PUT or DELETE /api/checkouts/lineItems
 */
export function replaceCheckout(_cart: Checkout | null, answer: Checkout): Checkout {
  return answer;
}

/** The cart call a server answer responds to. */
export type CartCall = 'add' | 'set-quantity' | 'delete';

/**
 * Lands a server answer in the cart the way the spec wants for the call that produced it: merge
 * after add, replace after set-quantity or delete.
 *
 * @example
 * cart = applyCheckoutAnswer(cart, answer, 'add');
 */
export function applyCheckoutAnswer(cart: Checkout | null, answer: Checkout, call: CartCall): Checkout {
  return call === 'add' ? mergeCheckout(cart, answer) : replaceCheckout(cart, answer);
}

/**
 * Most units one cart line may hold, whatever the stock: four digits, a few boxes rather than a
 * pallet count. The server's cart refuses more, the quantity input and the quick-order pad say so
 * first. @default 9999
 */
export const MAX_LINE_QUANTITY = 9999;

/**
 * The most units of an inventory level one line may hold: its stock (never below 0), or
 * {@link MAX_LINE_QUANTITY} when the level sells below zero; never above that cap.
 * @example
 * lineQuantityCap(12, false); // 12
 * lineQuantityCap(-3, false); // 0
 * lineQuantityCap(0, true); // 9999
 */
export function lineQuantityCap(stock: number, sellsBelowZero: boolean): number {
  return sellsBelowZero ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(0, stock));
}

/**
 * How many units of a line the shopper may have: the line's cap ({@link lineQuantityCap}, the
 * same rule the server's cart enforces): availableQuantity, or MAX_LINE_QUANTITY when
 * bypassNegativeQuantity is set. A negative availableQuantity counts as 0, so callers can compare
 * against it without a second check.
 *
 * @example
 * availableStock({ availableQuantity: 4, bypassNegativeQuantity: false }); // 4
 * availableStock({ availableQuantity: 0, bypassNegativeQuantity: true }); // 9999
 */
export function availableStock(line: { availableQuantity: number; bypassNegativeQuantity: boolean }): number {
  return lineQuantityCap(line.availableQuantity, line.bypassNegativeQuantity);
}

/**
 * The quantity of one inventory level already in the cart, summed over lines (the reducer keeps
 * at most one line per level, but a server answer is not bound by that).
 *
 * @example
 * cartQuantityOf(lines, 42); // 3
 */
export function cartQuantityOf(lines: readonly CartLine[], inventoryLevelId: number): number {
  let total = 0;
  for (const line of lines) if (line.inventoryLevelId === inventoryLevelId) total += line.quantity;
  return total;
}

/**
 * The cart subtotal from its lines (sum of price times quantity), in integer cents.
 *
 * @example
 * formatCartAmount(fromCents(cartSubtotalCents(lines)), '$');
 */
export function cartSubtotalCents(lines: readonly CartLine[]): Cents {
  return linesSubtotalCents(lines);
}

/**
 * The number of lines in the cart (distinct items, not units).
 *
 * @example
 * cartLineCount(lines) === 0; // the overlay shows 'No items in cart'
 */
export function cartLineCount(lines: readonly CartLine[]): number {
  return lines.length;
}

/**
 * The number of units in the cart (sum of quantities), for a badge that counts items.
 *
 * @example
 * cartItemCount([{ ...a, quantity: 2 }, { ...b, quantity: 3 }]); // 5
 */
export function cartItemCount(lines: readonly CartLine[]): number {
  let total = 0;
  for (const line of lines) total += line.quantity;
  return total;
}

/** The cart's totals in integer cents (see {@link cartTotalsCents}). */
export interface CartTotalsCents {
  /** The subtotal of the lines: sum of unit price times quantity. */
  subtotalCents: Cents;
  /** What the discount codes take off: lines minus the checkout's subtotal, within 0..subtotal. */
  discountCents: Cents;
  /** The shipping price (0 or more), or null while the checkout has no shipping line. */
  shippingCents: Cents | null;
  /** `subtotalCents - discountCents + (shippingCents ?? 0)`, always. */
  totalCents: Cents;
}

/**
 * The totals the cart (page and overlay) shows, from its lines and the checkout.
 *
 * The checkout's `subtotalPrice` is after discounts ("Cart discount = subtotal
 * from lines minus checkout subtotal"), so it is never shown as the subtotal: the subtotal is the
 * lines', the discount the difference, and the total is computed from the rows shown so they add
 * up to the cent. With lines taken from the same checkout answer (as the cart always holds them)
 * the total equals the checkout's `totalPrice`.
 *
 * Choice: a discount is never negative nor above the subtotal (a checkout subtotal above the
 * lines, e.g. stale lines, shows no discount); a negative shipping price counts as 0 (FREE).
 *
 * @example
 * cartTotalsCents([{ price: 113.95, quantity: 1 }], { subtotalPrice: 102.56, CheckoutShippingLine: { price: 0 } });
 * // { subtotalCents: 11395, discountCents: 1139, shippingCents: 0, totalCents: 10256 }
 */
export function cartTotalsCents(
  lines: readonly { price: number; quantity: number }[],
  checkout: Pick<Checkout, 'subtotalPrice' | 'CheckoutShippingLine'>,
): CartTotalsCents {
  const subtotalCents = linesSubtotalCents(lines);
  const discountCents = Math.min(subtotalCents, Math.max(0, subtotalCents - toCents(checkout.subtotalPrice)));
  const line = checkout.CheckoutShippingLine;
  const shippingCents = line == null ? null : Math.max(0, toCents(line.price));
  return { subtotalCents, discountCents, shippingCents, totalCents: subtotalCents - discountCents + (shippingCents ?? 0) };
}

/** The cart's totals as text (see {@link cartTotalsText}). */
export interface CartTotalsText {
  subtotal: string;
  /** The discount as a negative amount ('-$11.39'), or '$0.00' without one. */
  discount: string;
  /** Whether a discount applies (the overlay lists the row only then). */
  hasDiscount: boolean;
  /** 'FREE' at 0, the price otherwise, null without a shipping line. */
  shipping: string | null;
  total: string;
}

/**
 * {@link CartTotalsCents} with the store currency symbol, 2 decimals; shipping 'FREE' at 0.
 *
 * @example
 * cartTotalsText({ subtotalCents: 11395, discountCents: 1139, shippingCents: 0, totalCents: 10256 }, '$');
 * // { subtotal: '$113.95', discount: '-$11.39', hasDiscount: true, shipping: 'FREE', total: '$102.56' }
 */
export function cartTotalsText(totals: CartTotalsCents, currencySymbol: string): CartTotalsText {
  const money = (cents: Cents) => formatCartAmount(fromCents(cents), currencySymbol);
  return {
    subtotal: money(totals.subtotalCents),
    discount: money(-totals.discountCents),
    hasDiscount: totals.discountCents > 0,
    shipping: totals.shippingCents === null ? null : totals.shippingCents === 0 ? FREE : money(totals.shippingCents),
    total: money(totals.totalCents),
  };
}

/** One row of a cart's totals block. */
export interface CartTotalsRow {
  /** 'subtotal', 'discount', 'shipping' or 'total'. */
  kind: 'subtotal' | 'discount' | 'shipping' | 'total';
  /** 'Subtotal', 'Discount' (with the codes in brackets when given), 'Shipping', 'Total'. */
  label: string;
  value: string;
}

/**
 * The rows of a totals block, shared by the cart overlay, the cart page and the hosted checkout
 * page so the three always read alike: Subtotal (the lines'), Discount (only when there is one,
 * negative), Shipping (when known; 'FREE' at 0) and Total, which is subtotal - discount + shipping.
 *
 * @param codes discount codes named in the Discount label. @default []
 * @example
 * cartTotalsRows({ subtotalCents: 11395, discountCents: 1139, shippingCents: 0, totalCents: 10256 }, '$', ['SAVE10']);
 * // Subtotal $113.95, Discount (SAVE10) -$11.39, Shipping FREE, Total $102.56
 */
export function cartTotalsRows(totals: CartTotalsCents, currencySymbol: string, codes: readonly string[] = []): CartTotalsRow[] {
  const text = cartTotalsText(totals, currencySymbol);
  const rows: CartTotalsRow[] = [{ kind: 'subtotal', label: 'Subtotal', value: text.subtotal }];
  const named = codes.filter((c) => c.trim() !== '');
  if (text.hasDiscount) rows.push({ kind: 'discount', label: named.length > 0 ? `Discount (${named.join(', ')})` : 'Discount', value: text.discount });
  if (text.shipping !== null) rows.push({ kind: 'shipping', label: 'Shipping', value: text.shipping });
  rows.push({ kind: 'total', label: 'Total', value: text.total });
  return rows;
}
