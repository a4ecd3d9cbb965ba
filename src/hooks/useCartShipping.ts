/**
 * The cart's shipping, tax and dates for the shopper's ZIP (the cart page and the overlay): the
 * checkout's own quote when the server sends one with the cart, else the estimate of the cart
 * itself (its checkout id: the server quotes its lines with its discount and free-shipping codes,
 * as the hosted checkout will), or of its lines when there is no checkout id; its shipments, and
 * the totals rows (lines − discount + shipping + tax) when the quote answers for this very cart.
 * @module
 */
import { useMemo } from 'react';
import { checkoutIdOf } from '../domain/cart-calls.ts';
import { cartEstimateRequest, cartQuoteView } from '../domain/cart-shipping.ts';
import type { CartLine, Checkout } from '../domain/entities.ts';
import type { QuoteTotalsRow, ShipmentView } from '../domain/shipping-view.ts';
import type { ShippingQuote } from '../domain/shipping/quote.ts';
import { useThemeConfig } from './context.ts';
import { cartRevision } from './query/shipping-reads.ts';
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
   * Whether the quote's money is this cart's: the same lines and discount. The cart's estimate
   * applies its codes; an answer for the cart as it was (or an estimate of bare lines with a
   * code applied) is not exact, and only its shipments and dates are shown.
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
  const checkoutId = checkoutIdOf(checkout);
  const codesKey = checkout?.DiscountCodes.map((c) => c.code).join('\n') ?? '';
  const request = useMemo(() => cartEstimateRequest({ served: served !== null, zip: zip.zip, lines, checkoutId }), [served, zip.zip, lines, checkoutId]);
  const revision = useMemo(() => (checkoutId ? cartRevision(lines, codesKey ? codesKey.split('\n') : []) : undefined), [checkoutId, lines, codesKey]);
  const estimate = useShippingEstimate(request, revision);
  const quote = served ?? estimate.quote;
  return useMemo(
    () => ({ zip, status: estimate.status, message: estimate.message, retry: estimate.retry, quote, ...cartQuoteView(quote, lines, checkout, symbol) }),
    [zip, estimate.status, estimate.message, estimate.retry, quote, lines, checkout, symbol],
  );
}
