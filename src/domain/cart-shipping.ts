/**
 * The cart's shipping rules (the cart page and the overlay): which estimate to ask for, and what
 * a quote shows beside the cart: its shipments always, its totals rows only when its money is
 * this very cart's.
 * @module
 */
import { cartTotalsCents } from './cart.ts';
import type { CartLine, Checkout } from './entities.ts';
import { estimateLines, quoteMatchesCart, quoteTotalsRows, shipmentViews, type QuoteTotalsRow, type ShipmentView } from './shipping-view.ts';
import type { ShippingQuote } from './shipping/quote.ts';

/** An estimate request for the cart: by its checkout id, or by its lines when it has none. */
export type CartEstimateRequest =
  | { checkoutId: string; destination: { zip: string } }
  | { lines: { inventoryLevelId: number; quantity: number }[]; destination: { zip: string } };

/**
 * The estimate to ask for, or null when none is needed: the checkout carries its own quote, no
 * ZIP is known, or the cart is empty. A cart with a checkout id is quoted by that id, so its
 * codes apply on the server and the totals are the checkout's.
 * @example
 * cartEstimateRequest({ served: false, zip: '92101', lines, checkoutId: 'abc' }); // { checkoutId: 'abc', destination: { zip: '92101' } }
 */
export function cartEstimateRequest(cart: {
  served: boolean;
  zip: string | null;
  lines: readonly CartLine[];
  checkoutId: string | null;
}): CartEstimateRequest | null {
  if (cart.served || !cart.zip || cart.lines.length === 0) return null;
  if (cart.checkoutId) return { checkoutId: cart.checkoutId, destination: { zip: cart.zip } };
  return { lines: estimateLines(cart.lines), destination: { zip: cart.zip } };
}

/** What a quote shows beside the cart (see {@link cartQuoteView}). */
export interface CartQuoteView {
  /** The shipments of the quote (what ships together, by which service, when it arrives). */
  shipments: ShipmentView[];
  /** Whether the quote's money is this cart's: the same lines and discount. */
  exact: boolean;
  /** The totals rows of the quote when exact, else null. */
  rows: QuoteTotalsRow[] | null;
}

/**
 * What a quote shows beside the cart: its shipments (the quote names the lines by inventory
 * level), and its totals rows only when it answers for this very cart (an answer for the cart as
 * it was, or an estimate of bare lines while a code applies, shows only its shipments and dates).
 * @example
 * cartQuoteView(quote, cart.lines, cart.checkout, '$').rows?.at(-1)?.value; // '$1,991.25'
 */
export function cartQuoteView(quote: ShippingQuote | null, lines: readonly CartLine[], checkout: Checkout | null, symbol: string): CartQuoteView {
  if (!quote) return { shipments: [], exact: false, rows: null };
  const refs = lines.map((l) => ({ id: String(l.inventoryLevelId), title: l.title, quantity: l.quantity }));
  const totals = checkout ? cartTotalsCents(lines, checkout) : null;
  const exact = totals !== null && quoteMatchesCart(quote, { linesCents: totals.subtotalCents, discountCents: totals.discountCents });
  const codes = checkout?.DiscountCodes.map((c) => c.code) ?? [];
  return { shipments: shipmentViews(quote, refs, symbol), exact, rows: exact ? quoteTotalsRows(quote, symbol, codes) : null };
}
