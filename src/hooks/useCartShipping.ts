/**
 * The cart's shipping, tax and dates for the shopper's ZIP (the cart page and the overlay): the
 * checkout's own quote when the server sends one with the cart, else an estimate of the cart's
 * lines for the ZIP; its shipments, and the totals rows (lines − discount + shipping + tax) when
 * the quote answers for this very cart.
 * @module
 */
import { useMemo } from 'react';
import { cartTotalsCents } from '../domain/cart.ts';
import type { CartLine, Checkout } from '../domain/entities.ts';
import { estimateLines, quoteMatchesCart, quoteTotalsRows, shipmentViews, type QuoteTotalsRow, type ShipmentView } from '../domain/shipping-view.ts';
import type { ShippingQuote } from '../domain/shipping/quote.ts';
import { useThemeConfig } from './context.ts';
import { useShippingEstimate, type ShippingEstimateApi } from './useShippingEstimate.ts';
import { useShippingZip, type ShippingZipApi } from './useShippingZip.ts';

/** A checkout answer that may carry the server's quote (an additive field of the cart's answer). */
export type CheckoutWithQuote = Checkout & { shippingQuote?: ShippingQuote | null };

/** What {@link useCartShipping} returns. */
export interface CartShippingApi {
  /** The shopper's ZIP and its form's save. */
  zip: ShippingZipApi;
  /** The estimate's state ('idle' when the checkout carries its own quote or no ZIP is known). */
  status: ShippingEstimateApi['status'];
  /** The quote's refusal or the failure text. */
  message: string | null;
  retry(): void;
  /** The quote shown, or null. */
  quote: ShippingQuote | null;
  /** The shipments of the quote (what ships together, by which service, when it arrives). */
  shipments: ShipmentView[];
  /**
   * Whether the quote's money is this cart's: the same lines and discount. An estimate does not
   * know the cart's discount codes, so with a discount only its shipments and dates are shown.
   */
  exact: boolean;
  /** The totals rows of the quote when exact (Subtotal, Discount, Shipping per shipment, Tax, Total), else null. */
  rows: QuoteTotalsRow[] | null;
}

/**
 * The cart's shipping. Call it where the cart's lines and checkout are at hand.
 * @example
 * const cart = useCart();
 * const shipping = useCartShipping(cart.lines, cart.checkout);
 * shipping.rows?.map((r) => `${r.label} ${r.value}`);
 */
export function useCartShipping(lines: readonly CartLine[], checkout: Checkout | null): CartShippingApi {
  const symbol = useThemeConfig().storeCurrency;
  const zip = useShippingZip();
  const served = (checkout as CheckoutWithQuote | null)?.shippingQuote ?? null;
  const request = useMemo(() => {
    if (served || !zip.zip || lines.length === 0) return null;
    return { lines: estimateLines(lines), destination: { zip: zip.zip } };
  }, [served, zip.zip, lines]);
  const estimate = useShippingEstimate(request);
  const quote = served ?? estimate.quote;
  return useMemo(() => {
    const totals = checkout ? cartTotalsCents(lines, checkout) : null;
    const exact = quote !== null && totals !== null && quoteMatchesCart(quote, { linesCents: totals.subtotalCents, discountCents: totals.discountCents });
    // a quote names the lines by inventory level (the server quotes levels)
    const refs = lines.map((l) => ({ id: String(l.inventoryLevelId), title: l.title, quantity: l.quantity }));
    return {
      zip,
      status: estimate.status,
      message: estimate.message,
      retry: estimate.retry,
      quote,
      shipments: quote ? shipmentViews(quote, refs, symbol) : [],
      exact,
      rows: exact && quote ? quoteTotalsRows(quote, symbol, checkout?.DiscountCodes.map((c) => c.code) ?? []) : null,
    };
  }, [zip, estimate.status, estimate.message, estimate.retry, quote, lines, checkout, symbol]);
}
