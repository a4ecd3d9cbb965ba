/**
 * Orders: placing a checkout (hosted checkout page, test mode), the signed-in customer's list and
 * detail (only their own: another customer's order is not found), and adding a related product
 * to a placed order.
 *
 * Choices (each tested):
 * - Placing is idempotent: one order per checkout (a unique index), so a second submit, or two at
 *   once, finds the first order. It writes the order, its lines, a SUCCESS transaction (gateway
 *   'test') and the stock decrement in one transaction, and completes the checkout, so the
 *   owner's next cart call starts an empty cart.
 * - A related product added to an order becomes one more unit at its current price (merged into
 *   an earlier added line of the same level), with a PENDING transaction for its amount and no
 *   gateway (the wallet shows 'N/A'): the store settles it by hand ("Expect hearing from us soon").
 *   Any product with a sellable inventory level may be added, related or not.
 * @module
 */
import type { Order, OrderAddress, OrderLine } from '../../../api/types.ts';
import type { CartPrice } from '../../../domain/cart-pricing.ts';
import type { ShippingQuote } from '../../../domain/shipping/index.ts';
import { fromCents } from '../../../domain/money.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentDetails } from '../payments/service.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { recordCatalogueChange, type CatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/cart.ts';
import { CALL_FOR_PRICE_CART_ERROR } from '../../../domain/call-for-price.ts';
import { redeemDiscounts } from './discounts.ts';
import { CURRENCY_CODE, lineDetails, ownedCheckout, ownsCheckout, priceCheckout, type LineDetail, type Owner } from './checkouts.ts';
import { checkoutById } from './checkouts.repository.ts';
import {
  addedLineOfLevel, addToOrderTotals, checkoutOrderRow, completeCheckout, customerOrderRow, customerOrderRows, firstProductImageUrl,
  firstSellableLevelOfProduct, incrementOrderLine, insertAddedLine, insertOrder, insertOrderTransaction, insertPlacedLine, levelStock,
  orderCustomerRow, orderIdOfCheckoutRow, orderLineRows, orderRow, orderTransactionCount, productForOrder, takeLevelStock, type OrderRow,
} from './orders.repository.ts';

/** The order shapes are the API's (src/api/types.ts), so client and server share one contract. */
export type { Order, OrderAddress, OrderLine };

/**
 * The payment an order records: the provider's payment id (`token`; tp_... for the test
 * provider, pi_... for Stripe) and what a receipt shows, never a card number.
 */
export interface OrderPayment {
  token: string;
  brand: string;
  last4: string;
  /** The provider that took the money (the transaction's gateway). @default 'test' */
  provider?: string;
}

/** What placing needs besides the checkout. */
export interface PlaceOrderInput {
  email: string;
  address: OrderAddress;
  payment: OrderPayment;
  /**
   * Quotes the lines as read in the placing transaction (the hosted checkout: the domain's
   * quote with purpose 'order'); its totals are what the order charges and it is stored with the
   * order. It throws to refuse the order (a FormError with the quote's message). Without it the
   * order charges the cart's flat rule and stores no quote.
   */
  quote?: (tx: Db, lines: readonly LineDetail[], price: CartPrice) => Promise<ShippingQuote>;
  /** Writes what the order confirms (the confirmation mail) in the placing transaction. */
  confirm?: ((tx: Db, order: Order) => Promise<void>) | undefined;
}

/** The error texts of the order calls. */
export const ORDER_ERRORS = {
  notFound: 'Order not found.',
  productNotFound: 'Product not found.',
  productUnavailable: 'Product is currently unavailable',
  emptyCart: 'Your cart is empty.',
  notForSale: (title: string) => `${title} is not available for sale.`,
  stock: (title: string, left: number) => `Only ${left} left of ${title}.`,
} as const;

const now = (): string => new Date().toISOString();

/** The transaction's displayable id of an order: 'T' and the order id on 8 digits. */
export function displayableTransactionId(orderId: number, suffix = ''): string {
  return `T${String(orderId).padStart(8, '0')}${suffix}`;
}

/**
 * Places the owner's checkout: the order, its lines, the stock decrement, a transaction, and the
 * checkout completed, all or nothing. A completed checkout answers its existing order.
 * @returns the order id, whether this call created it, the products whose stock changed and the
 * catalogue-log version of that change (recorded in the same transaction; absent when nothing changed).
 * @example
 * const { orderId } = placeOrder(db, owner, checkoutId, { email, address, payment });
 */
export async function placeOrder(db: Db, owner: Owner | null, checkoutId: string, input: PlaceOrderInput): Promise<{ orderId: number; created: boolean; productIds: number[]; version?: number }> {
  return await db.transaction(async (tx) => {
    // the checkout's row locked (PostgreSQL): a second placement of it waits, then finds the order
    const found = await checkoutById(tx, checkoutId, true);
    // no owner: the payment's own checkout, placed once its provider said the payment succeeded
    const cart = found && (owner === null || ownsCheckout(found, owner)) ? found : undefined;
    if (!cart) throw new HttpError(404, 'Checkout not found.');
    const existing = await orderIdOfCheckoutRow(tx, checkoutId);
    if (existing) return { orderId: existing.id, created: false, productIds: [] };
    if (cart.status !== 'open') throw new HttpError(404, 'Checkout not found.');
    const lines = await lineDetails(tx, checkoutId);
    if (lines.length === 0) throw new HttpError(422, ORDER_ERRORS.emptyCart);
    for (const l of lines) {
      if (!l.availableForSale) throw new HttpError(422, ORDER_ERRORS.notForSale(l.title));
      if (!l.bypassNegativeQuantity && l.quantity > l.stock) throw new HttpError(409, ORDER_ERRORS.stock(l.title, Math.max(0, l.stock)));
    }
    const price = await priceCheckout(tx, checkoutId, lines);
    // the quote's totals (lines − discount + shipping + tax) are what is charged, to the cent
    const quote = input.quote ? await input.quote(tx, lines, price) : null;
    const totals = quote
      ? quote.totals
      : { linesCents: price.linesCents, discountCents: price.discountCents, shippingCents: price.shippingCents ?? 0, taxCents: 0, totalCents: price.totalCents };
    const at = now();
    const order = {
      id: await insertOrder(tx, {
        checkoutId, customerId: cart.customer_id, sessionId: cart.session_id, email: input.email, linesCents: totals.linesCents,
        discountCents: totals.discountCents, shippingCents: totals.shippingCents, totalCents: totals.totalCents, currencyCode: CURRENCY_CODE,
        discountCodes: price.applied.map((r) => r.code).join(','), shippingAddressJson: JSON.stringify(input.address),
        paymentBrand: input.payment.brand, paymentLast4: input.payment.last4, paymentToken: input.payment.token, at, taxCents: totals.taxCents,
        shippingQuoteJson: quote ? JSON.stringify(quote) : null, paymentProvider: input.payment.provider ?? 'test',
      }),
    };
    // each code's use counted now, in this transaction: the last use or a second use by the same customer or address refuses the order (409)
    await redeemDiscounts(tx, { orderId: order.id, checkoutId, customerId: cart.customer_id, codes: price.applied.map((r) => r.code), at });
    for (const l of lines) {
      await insertPlacedLine(tx, {
        orderId: order.id, inventoryLevelId: l.inventoryLevelId, productId: l.productId, title: l.title, sku: l.sku, productHandle: l.productHandle,
        imageUrl: l.imageUrl, quantity: l.quantity, unitCents: l.unitCents, at,
      });
      await takeStock(tx, l.inventoryLevelId, l.quantity, l.title);
    }
    await insertOrderTransaction(tx, {
      displayableId: displayableTransactionId(order.id), customerId: cart.customer_id, email: input.email, amountCents: totals.totalCents,
      gateway: input.payment.provider ?? 'test', status: 'SUCCESS', orderId: order.id, at,
    });
    await completeCheckout(tx, checkoutId, input.email, at);
    if (input.confirm) {
      const placed = await orderRow(tx, order.id);
      if (placed) await input.confirm(tx, await toOrder(tx, placed));
    }
    // the stock change joins the catalogue log in this transaction: it commits with the order or not at all
    const change = await recordCatalogueChange(tx, lines.map((l) => l.productId));
    return { orderId: order.id, created: true, productIds: change.ids, version: change.version };
  });
}

/**
 * Takes `quantity` from a level's stock, guarded in the statement itself: the decrement happens
 * only while enough is left (or the level allows negative stock), so checkouts placed at once
 * in several processes never sell the same last units twice (the lines were read before the
 * others' orders committed). Not enough left: 409 with what is left, and the transaction rolls back.
 */
async function takeStock(tx: Db, levelId: number, quantity: number, title: string): Promise<void> {
  if (await takeLevelStock(tx, levelId, quantity)) return;
  const left = await levelStock(tx, levelId);
  throw new HttpError(409, ORDER_ERRORS.stock(title, Math.max(0, left)));
}

async function toOrder(db: Db, row: OrderRow): Promise<Order> {
  const lines = await orderLineRows(db, row.id);
  return {
    orderId: row.id,
    checkoutId: row.checkout_id,
    createdAt: row.created_at,
    status: row.status,
    email: row.email,
    currencyCode: row.currency_code,
    subtotalPrice: fromCents(row.subtotal_cents),
    discountPrice: fromCents(row.discount_cents),
    shippingPrice: fromCents(row.shipping_cents),
    taxPrice: fromCents(row.tax_cents ?? 0),
    totalPrice: fromCents(row.total_cents),
    discountCodes: row.discount_codes === '' ? [] : row.discount_codes.split(','),
    shippingAddress: JSON.parse(row.shipping_address_json) as OrderAddress,
    payment: { brand: row.payment_brand, last4: row.payment_last4, provider: row.payment_provider ?? 'test', paymentId: row.payment_token },
    lines: lines.map((l) => ({
      id: l.id, productId: l.product_id, inventoryLevelId: l.inventory_level_id, title: l.title, sku: l.sku,
      productHandle: l.product_handle, imageUrl: l.image_url, quantity: l.quantity, unitPrice: fromCents(l.unit_price_cents),
      addedAfterPlacement: l.added_later === 1,
    })),
    shippingQuote: storedQuote(row.shipping_quote_json),
  };
}

/**
 * An order with its payment's records from the payments module (the capture and each refund, by
 * the provider's ids); an order without any (placed before payments went through the port, or not
 * recorded) answers empty lists.
 * @example
 * withPaymentRecords(order, await app.payments.details(order.orderId)).payment.captures;
 */
export function withPaymentRecords(order: Order, details: PaymentDetails | undefined): Order {
  const captures = details?.capture
    ? [{ id: details.capture.providerCaptureId, amount: fromCents(details.capture.amountCents), status: 'succeeded', createdAt: details.capture.createdAt }]
    : [];
  const refunds = (details?.refunds ?? []).map((r) => ({ id: r.providerRefundId, amount: fromCents(r.amountCents), status: r.status, createdAt: r.createdAt }));
  const payment = { ...order.payment, captures, refunds };
  if (details) {
    payment.provider = details.payment.provider;
    if (details.payment.providerPaymentId) payment.paymentId = details.payment.providerPaymentId;
  }
  return { ...order, payment };
}

/** An order's stored quote; an unreadable one is none (never a 500). */
function storedQuote(json: string | null): ShippingQuote | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ShippingQuote;
  } catch {
    return null;
  }
}

/** The id of the order placed from a checkout, or undefined. */
export async function orderIdOfCheckout(db: Db, checkoutId: string): Promise<number | undefined> {
  return (await orderIdOfCheckoutRow(db, checkoutId))?.id;
}

/** The customer an order belongs to: null for a guest's order or an unknown order. */
export async function orderCustomerId(db: Db, orderId: number): Promise<number | null> {
  return (await orderCustomerRow(db, orderId))?.customer_id ?? null;
}

/** The customer's orders, newest first. */
export async function listOrders(db: Db, customerId: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (const r of await customerOrderRows(db, customerId)) orders.push(await toOrder(db, r));
  return orders;
}

/**
 * One of the customer's orders.
 * @throws HttpError 404 for an unknown order or another customer's (the same answer: ids reveal nothing)
 */
export async function customerOrder(db: Db, customerId: number, orderId: number): Promise<Order> {
  const row = await customerOrderRow(db, customerId, orderId);
  if (!row) throw new HttpError(404, ORDER_ERRORS.notFound);
  return await toOrder(db, row);
}

/** The order placed from a checkout the owner holds (the confirmation page), or undefined. */
export async function orderOfCheckout(db: Db, owner: Owner, checkoutId: string): Promise<Order | undefined> {
  if (!await ownedCheckout(db, checkoutId, owner)) return undefined;
  const row = await checkoutOrderRow(db, checkoutId);
  return row ? await toOrder(db, row) : undefined;
}

/**
 * Adds one unit of a product to the customer's own order, all or nothing (404 for another
 * customer's order or an unknown product, 422 without a sellable level, 409 out of stock).
 * @example
 * addProductToOrder(db, customerId, 12, 345).lines.at(-1)?.addedAfterPlacement; // true
 */
export async function addProductToOrder(db: Db, customerId: number, orderId: number, productId: number): Promise<{ order: Order; change: CatalogueChange }> {
  return await db.transaction(async (tx) => {
    const row = await customerOrderRow(tx, customerId, orderId);
    if (!row) throw new HttpError(404, ORDER_ERRORS.notFound);
    const product = await productForOrder(tx, productId);
    if (!product) throw new HttpError(404, ORDER_ERRORS.productNotFound);
    // a call-for-price product has no price to charge: it is quoted by phone, never added online
    if (Number(product.call_for_price) === 1) throw new HttpError(422, CALL_FOR_PRICE_CART_ERROR);
    const lvl = await firstSellableLevelOfProduct(tx, productId);
    if (!lvl) throw new HttpError(422, ORDER_ERRORS.productUnavailable);
    const imageUrl = await firstProductImageUrl(tx, productId);
    const at = now();
    const added = await addedLineOfLevel(tx, orderId, lvl.id);
    if (added) {
      if (added.quantity >= MAX_LINE_QUANTITY) throw new HttpError(409, ORDER_ERRORS.stock(product.title, 0));
      await incrementOrderLine(tx, added.id);
    } else {
      await insertAddedLine(tx, {
        orderId, inventoryLevelId: lvl.id, productId, title: product.title, sku: lvl.variant_sku ?? product.sku, productHandle: product.handle,
        imageUrl: imageUrl ?? null, unitCents: lvl.price_cents, at,
      });
    }
    await takeStock(tx, lvl.id, 1, product.title);
    await addToOrderTotals(tx, orderId, lvl.price_cents);
    const count = await orderTransactionCount(tx, orderId);
    await insertOrderTransaction(tx, {
      displayableId: displayableTransactionId(orderId, `-${count}`), customerId, email: row.email, amountCents: lvl.price_cents, gateway: null,
      status: 'PENDING', orderId, at,
    });
    const updated = await orderRow(tx, orderId);
    if (!updated) throw new Error('order vanished');
    const order = await toOrder(tx, updated);
    // the stock change joins the catalogue log in this transaction
    return { order, change: await recordCatalogueChange(tx, [productId]) };
  });
}
