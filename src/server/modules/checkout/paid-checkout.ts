/**
 * Placing the order of a checkout whose payment succeeded: the payments module's
 * `placeOrderFromCheckout`. The provider's success may reach the store twice, in either order:
 * the shopper's own request (or return from 3-D Secure) and the provider's webhook, possibly in
 * another process. Both come here; the order is placed once, from what the checkout page wrote on
 * the checkout before paying (email, address, shipping choices), never from the request at hand.
 *
 * Rules (each tested):
 * - Called again for the same checkout, it answers the order already placed.
 * - The payment must be the checkout's total to the cent, in the store currency: the total of the
 *   shipping-and-tax quote made in the placing transaction from the lines it reads (lines −
 *   discount + shipping + tax). A cart changed after paying is refused (409) and the payments
 *   module gives the money back; so is a cart that can no longer be placed (stock gone: 409).
 * - The order records the provider, its payment id, and the card the provider reports (for a
 *   wallet card the test provider does not know, the wallet's own brand and last four).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { savedCards } from '../accounts/index.ts';
import type { PlaceOrderFromCheckout, RecordedPayment } from '../payments/service.ts';
import type { ShippingService } from '../shipping/service.ts';
import { CURRENCY_CODE, storedCheckoutDetails } from './checkouts.ts';
import { FormError, quoteErrorFields, readShippingChoice } from './checkout-page.service.ts';
import { storeNameOf } from '../content/service.ts';
import { orderConfirmationMail, ORDER_MAIL_KIND } from './order-mail.ts';
import { orderIdOfCheckout, placeOrder, type OrderAddress, type OrderPayment } from './orders.ts';

/** What placing a paid checkout needs from the app. */
export interface PaidCheckoutDeps {
  db: Db;
  /** The shipping tables and clock the checkout page quoted with. */
  shipping: ShippingService;
  /** The outbox the confirmation mail is written to, in the placing transaction; null without the accounts plugin. @default none */
  outbox?: () => Outbox | null;
  /** After the commit: the products whose stock changed, re-read into the search index and announced. @default none */
  reindex?: (ids: readonly number[], version?: number) => Promise<void>;
}

/** The refusals of placing a paid checkout (the payment is then given back). */
export const PAID_CHECKOUT_ERRORS = {
  notSubmitted: 'This checkout has no shipping details to place an order with.',
  amount: 'Your cart changed while you were paying: the payment was not used and is given back. Please check your order and pay again.',
} as const;

/** The receipt's card: the provider's, else the wallet card chosen on the page. */
async function receiptCard(db: Db, payment: RecordedPayment, customerId: number | null, paymentMethodId: number | null): Promise<{ brand: string; last4: string }> {
  if (payment.card) return payment.card;
  if (customerId !== null && paymentMethodId !== null) {
    const saved = (await savedCards(db, customerId)).find((c) => c.id === paymentMethodId);
    if (saved) return { brand: saved.brand, last4: saved.last4 };
  }
  return { brand: 'Card', last4: '' };
}

/**
 * The `placeOrderFromCheckout` of the payments module, over the store's orders.
 * @example
 * const payments = paymentsFromConfig(db, readPaymentConfig(), { placeOrderFromCheckout: createPlaceOrderFromCheckout({ db, shipping }) });
 */
export function createPlaceOrderFromCheckout(deps: PaidCheckoutDeps): PlaceOrderFromCheckout {
  const { db, shipping } = deps;
  return async (checkoutId, payment) => {
    const existing = await orderIdOfCheckout(db, checkoutId);
    if (existing !== undefined) return { orderId: existing };
    const details = await storedCheckoutDetails(db, checkoutId);
    if (!details) throw new HttpError(409, PAID_CHECKOUT_ERRORS.notSubmitted);
    const address = details.address as OrderAddress;
    const choice = readShippingChoice(details.choice as Record<string, string | undefined>);
    const card = await receiptCard(db, payment, details.owner.customerId, details.paymentMethodId);
    const orderPayment: OrderPayment = { token: payment.providerPaymentId, brand: card.brand, last4: card.last4, provider: payment.provider };
    const outbox = deps.outbox?.() ?? null;
    const placed = await placeOrder(db, null, checkoutId, {
      email: details.email,
      address,
      payment: orderPayment,
      quote: async (tx, lines, price) => {
        const result = await shipping.quoteCheckout(tx, lines, price, address, choice);
        if (!result.ok) throw new FormError(422, result.error.message, quoteErrorFields(result.error.code, false));
        // the money taken must be this total, to the cent: a cart changed after paying is not placed
        if (result.value.totals.totalCents !== payment.amountCents || payment.currency.toUpperCase() !== CURRENCY_CODE) {
          throw new HttpError(409, PAID_CHECKOUT_ERRORS.amount);
        }
        return result.value;
      },
      confirm: outbox ? async (tx, order) => void (await outbox.in(tx).enqueue(ORDER_MAIL_KIND, orderConfirmationMail(order, await storeNameOf(tx)))) : undefined,
    });
    if (placed.productIds.length > 0) await deps.reindex?.(placed.productIds, placed.version);
    if (outbox && placed.created) void outbox.flush().catch(() => undefined);
    return { orderId: placed.orderId };
  };
}
