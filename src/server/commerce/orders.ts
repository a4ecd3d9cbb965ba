/**
 * Orders: placing a checkout (hosted checkout page, test mode), the signed-in customer's list and
 * detail, and adding a related product to a placed order (spec section 7, Orders).
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
import type { Order, OrderAddress, OrderLine } from '../../api/types.ts';
import type { CartPrice } from '../../domain/cart-pricing.ts';
import type { ShippingQuote } from '../../domain/shipping/index.ts';
import { fromCents } from '../../domain/money.ts';
import type { Db } from '../db/database.ts';
import type { PaymentDetails } from '../modules/payments/service.ts';
import { HttpError } from '../errors.ts';
import { recordCatalogueChange, type CatalogueChange } from '../scale/catalogue-log.ts';
import { MAX_LINE_QUANTITY } from '../../domain/cart.ts';
import { CALL_FOR_PRICE_CART_ERROR } from '../../domain/call-for-price.ts';
import { redeemDiscounts } from './discounts.ts';
import { CURRENCY_CODE, lineDetails, ownedCheckout, ownsCheckout, priceCheckout, type CheckoutRow, type LineDetail, type Owner } from './checkouts.ts';

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

interface OrderRow {
  id: number;
  checkout_id: string;
  customer_id: number | null;
  session_id: number | null;
  email: string;
  status: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  currency_code: string;
  discount_codes: string;
  shipping_address_json: string;
  payment_brand: string;
  payment_last4: string;
  payment_token: string;
  payment_provider: string | null;
  created_at: string;
  tax_cents: number;
  shipping_quote_json: string | null;
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
    const found = await tx.get<CheckoutRow>(`SELECT * FROM checkouts WHERE id = ?${tx.dialect.forUpdate}`, [checkoutId]);
    // no owner: the payment's own checkout, placed once its provider said the payment succeeded
    const cart = found && (owner === null || ownsCheckout(found, owner)) ? found : undefined;
    if (!cart) throw new HttpError(404, 'Checkout not found.');
    const existing = await tx.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [checkoutId]);
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
    const order = await tx.get<{ id: number }>(
      `INSERT INTO orders (checkout_id, customer_id, session_id, email, status, subtotal_cents, discount_cents, shipping_cents,
         total_cents, currency_code, discount_codes, shipping_address_json, payment_brand, payment_last4, payment_token, created_at,
         tax_cents, shipping_quote_json, payment_provider)
       VALUES (?, ?, ?, ?, 'PAID', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        checkoutId, cart.customer_id, cart.session_id, input.email, totals.linesCents, totals.discountCents, totals.shippingCents,
        totals.totalCents, CURRENCY_CODE, price.applied.map((r) => r.code).join(','), JSON.stringify(input.address),
        input.payment.brand, input.payment.last4, input.payment.token, at, totals.taxCents, quote ? JSON.stringify(quote) : null,
        input.payment.provider ?? 'test',
      ],
    );
    if (!order) throw new Error('order insert returned no id');
    // each code's use counted now, in this transaction: the last use or a second use by the same customer or address refuses the order (409)
    await redeemDiscounts(tx, { orderId: order.id, checkoutId, customerId: cart.customer_id, codes: price.applied.map((r) => r.code), at });
    for (const l of lines) {
      await tx.run(
        `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, added_later, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
        [order.id, l.inventoryLevelId, l.productId, l.title, l.sku, l.productHandle, l.imageUrl, l.quantity, l.unitCents, at],
      );
      await takeStock(tx, l.inventoryLevelId, l.quantity, l.title);
    }
    await tx.run(
      `INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, order_id, created_at)
       VALUES (?, ?, ?, ?, ?, 'SUCCESS', ?, ?)`,
      [displayableTransactionId(order.id), cart.customer_id, input.email, totals.totalCents, input.payment.provider ?? 'test', order.id, at],
    );
    await tx.run("UPDATE checkouts SET status = 'completed', email = ?, updated_at = ? WHERE id = ?", [input.email, at, checkoutId]);
    if (input.confirm) {
      const placed = await tx.get<OrderRow>('SELECT * FROM orders WHERE id = ?', [order.id]);
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
  const taken = await tx.run(
    'UPDATE inventory_levels SET quantity = quantity - ? WHERE id = ? AND (quantity >= ? OR bypass_negative_quantity = 1)',
    [quantity, levelId, quantity],
  );
  if (taken.changes === 1) return;
  const left = (await tx.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))?.quantity ?? 0;
  throw new HttpError(409, ORDER_ERRORS.stock(title, Math.max(0, left)));
}

async function toOrder(db: Db, row: OrderRow): Promise<Order> {
  type LineRow = {
    id: number; product_id: number; inventory_level_id: number | null; title: string; sku: string | null; product_handle: string;
    image_url: string | null; quantity: number; unit_price_cents: number; added_later: number;
  };
  const lines = await db.all<LineRow>('SELECT * FROM order_lines WHERE order_id = ? ORDER BY id', [row.id]);
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
  return (await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [checkoutId]))?.id;
}

/** The customer an order belongs to: null for a guest's order or an unknown order. */
export async function orderCustomerId(db: Db, orderId: number): Promise<number | null> {
  return (await db.get<{ customer_id: number | null }>('SELECT customer_id FROM orders WHERE id = ?', [orderId]))?.customer_id ?? null;
}

/** The customer's orders, newest first. */
export async function listOrders(db: Db, customerId: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (const r of await db.all<OrderRow>('SELECT * FROM orders WHERE customer_id = ? ORDER BY id DESC', [customerId])) orders.push(await toOrder(db, r));
  return orders;
}

/** One of the customer's orders, or undefined (another customer's order included). */
export async function customerOrder(db: Db, customerId: number, orderId: number): Promise<Order | undefined> {
  const row = await db.get<OrderRow>('SELECT * FROM orders WHERE id = ? AND customer_id = ?', [orderId, customerId]);
  return row ? await toOrder(db, row) : undefined;
}

/** The order placed from a checkout the owner holds (the confirmation page), or undefined. */
export async function orderOfCheckout(db: Db, owner: Owner, checkoutId: string): Promise<Order | undefined> {
  if (!await ownedCheckout(db, checkoutId, owner)) return undefined;
  const row = await db.get<OrderRow>('SELECT * FROM orders WHERE checkout_id = ?', [checkoutId]);
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
    const row = await tx.get<OrderRow>('SELECT * FROM orders WHERE id = ? AND customer_id = ?', [orderId, customerId]);
    if (!row) throw new HttpError(404, ORDER_ERRORS.notFound);
    const product = await tx.get<{ id: number; title: string; sku: string | null; handle: string; call_for_price: number }>(
      'SELECT id, title, sku, handle, call_for_price FROM products WHERE id = ?',
      [productId],
    );
    if (!product) throw new HttpError(404, ORDER_ERRORS.productNotFound);
    // a call-for-price product has no price to charge: it is quoted by phone, never added online
    if (Number(product.call_for_price) === 1) throw new HttpError(422, CALL_FOR_PRICE_CART_ERROR);
    const lvl = await tx.get<{ id: number; price_cents: number; quantity: number; bypass_negative_quantity: number; variant_sku: string | null }>(
      `SELECT l.id, l.price_cents, l.quantity, l.bypass_negative_quantity, v.sku AS variant_sku
       FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
       WHERE v.product_id = ? AND l.available_for_sale = 1 AND (l.quantity > 0 OR l.bypass_negative_quantity = 1)
       ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
      [productId],
    );
    if (!lvl) throw new HttpError(422, ORDER_ERRORS.productUnavailable);
    const image = await tx.get<{ url: string }>('SELECT url FROM product_images WHERE product_id = ? ORDER BY position, id LIMIT 1', [productId]);
    const at = now();
    const added = await tx.get<{ id: number; quantity: number }>(
      'SELECT id, quantity FROM order_lines WHERE order_id = ? AND inventory_level_id = ? AND added_later = 1',
      [orderId, lvl.id],
    );
    if (added) {
      if (added.quantity >= MAX_LINE_QUANTITY) throw new HttpError(409, ORDER_ERRORS.stock(product.title, 0));
      await tx.run('UPDATE order_lines SET quantity = quantity + 1 WHERE id = ?', [added.id]);
    } else {
      await tx.run(
        `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, added_later, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, 1, ?)`,
        [orderId, lvl.id, productId, product.title, lvl.variant_sku ?? product.sku, product.handle, image?.url ?? null, lvl.price_cents, at],
      );
    }
    await takeStock(tx, lvl.id, 1, product.title);
    await tx.run(
      'UPDATE orders SET subtotal_cents = subtotal_cents + ?, total_cents = total_cents + ? WHERE id = ?',
      [lvl.price_cents, lvl.price_cents, orderId],
    );
    const count = (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM transactions WHERE order_id = ?', [orderId]))?.n ?? 0;
    await tx.run(
      `INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, order_id, created_at)
       VALUES (?, ?, ?, ?, NULL, 'PENDING', ?, ?)`,
      [displayableTransactionId(orderId, `-${count}`), customerId, row.email, lvl.price_cents, orderId, at],
    );
    const updated = await tx.get<OrderRow>('SELECT * FROM orders WHERE id = ?', [orderId]);
    if (!updated) throw new Error('order vanished');
    const order = await toOrder(tx, updated);
    // the stock change joins the catalogue log in this transaction
    return { order, change: await recordCatalogueChange(tx, [productId]) };
  });
}
