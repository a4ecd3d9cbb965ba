/**
 * The SQL of the orders aggregate as the storefront uses it: an order and its lines, the
 * transactions that record its payment, the stock an order takes and what placing completes. The
 * rules (who may place, what is refused, what is charged) are in `orders.ts`.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** An orders row. */
export interface OrderRow {
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

/** An order_lines row. */
export interface OrderLineRow {
  id: number; product_id: number; inventory_level_id: number | null; title: string; sku: string | null; product_handle: string;
  image_url: string | null; quantity: number; unit_price_cents: number; added_later: number;
}

/** The columns of a new order (status PAID). */
export interface NewOrder {
  checkoutId: string;
  customerId: number | null;
  sessionId: number | null;
  email: string;
  linesCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  currencyCode: string;
  discountCodes: string;
  shippingAddressJson: string;
  paymentBrand: string;
  paymentLast4: string;
  paymentToken: string;
  at: string;
  taxCents: number;
  shippingQuoteJson: string | null;
  paymentProvider: string;
}

/** The columns of a new order line. */
export interface NewOrderLine {
  orderId: number;
  inventoryLevelId: number;
  productId: number;
  title: string;
  sku: string | null;
  productHandle: string;
  imageUrl: string | null;
  quantity: number;
  unitCents: number;
  at: string;
}

/** The order placed from a checkout, or undefined. */
export async function orderIdOfCheckoutRow(db: Db, checkoutId: string): Promise<{ id: number } | undefined> {
  return await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [checkoutId]);
}

/** Inserts a paid order; answers its id. */
export async function insertOrder(tx: Db, o: NewOrder): Promise<number> {
  const order = await tx.get<{ id: number }>(
    `INSERT INTO orders (checkout_id, customer_id, session_id, email, status, subtotal_cents, discount_cents, shipping_cents,
         total_cents, currency_code, discount_codes, shipping_address_json, payment_brand, payment_last4, payment_token, created_at,
         tax_cents, shipping_quote_json, payment_provider)
       VALUES (?, ?, ?, ?, 'PAID', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      o.checkoutId, o.customerId, o.sessionId, o.email, o.linesCents, o.discountCents, o.shippingCents,
      o.totalCents, o.currencyCode, o.discountCodes, o.shippingAddressJson,
      o.paymentBrand, o.paymentLast4, o.paymentToken, o.at, o.taxCents, o.shippingQuoteJson,
      o.paymentProvider,
    ],
  );
  if (!order) throw new Error('order insert returned no id');
  return order.id;
}

/** Inserts a line placed with its order. */
export async function insertPlacedLine(tx: Db, l: NewOrderLine): Promise<void> {
  await tx.run(
    `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, added_later, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    [l.orderId, l.inventoryLevelId, l.productId, l.title, l.sku, l.productHandle, l.imageUrl, l.quantity, l.unitCents, l.at],
  );
}

/** Inserts one unit of a level added to an order after it was placed. */
export async function insertAddedLine(tx: Db, l: Omit<NewOrderLine, 'quantity'>): Promise<void> {
  await tx.run(
    `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, added_later, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, 1, ?)`,
    [l.orderId, l.inventoryLevelId, l.productId, l.title, l.sku, l.productHandle, l.imageUrl, l.unitCents, l.at],
  );
}

/** Records a transaction of an order: gateway null for one the store settles by hand. */
export async function insertOrderTransaction(
  tx: Db,
  t: { displayableId: string; customerId: number | null; email: string; amountCents: number; gateway: string | null; status: 'SUCCESS' | 'PENDING'; orderId: number; at: string },
): Promise<void> {
  if (t.status === 'SUCCESS') {
    await tx.run(
      `INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, order_id, created_at)
       VALUES (?, ?, ?, ?, ?, 'SUCCESS', ?, ?)`,
      [t.displayableId, t.customerId, t.email, t.amountCents, t.gateway, t.orderId, t.at],
    );
  } else {
    await tx.run(
      `INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, order_id, created_at)
       VALUES (?, ?, ?, ?, NULL, 'PENDING', ?, ?)`,
      [t.displayableId, t.customerId, t.email, t.amountCents, t.orderId, t.at],
    );
  }
}

/** Marks a checkout completed by the order placed from it. */
export async function completeCheckout(tx: Db, checkoutId: string, email: string, at: string): Promise<void> {
  await tx.run("UPDATE checkouts SET status = 'completed', email = ?, updated_at = ? WHERE id = ?", [email, at, checkoutId]);
}

/** An order's row by id, or undefined. */
export async function orderRow(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return await db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', [orderId]);
}

/**
 * Takes `quantity` from a level's stock while enough is left (or the level sells below zero), in
 * the statement itself; answers whether it did.
 */
export async function takeLevelStock(tx: Db, levelId: number, quantity: number): Promise<boolean> {
  return (await tx.run(
    'UPDATE inventory_levels SET quantity = quantity - ? WHERE id = ? AND (quantity >= ? OR bypass_negative_quantity = 1)',
    [quantity, levelId, quantity],
  )).changes === 1;
}

/** A level's stock (0 for an unknown level). */
export async function levelStock(tx: Db, levelId: number): Promise<number> {
  return (await tx.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))?.quantity ?? 0;
}

/** An order's lines, in the order they were written. */
export async function orderLineRows(db: Db, orderId: number): Promise<OrderLineRow[]> {
  return await db.all<OrderLineRow>('SELECT * FROM order_lines WHERE order_id = ? ORDER BY id', [orderId]);
}

/** The customer an order belongs to (null for a guest's), or undefined for an unknown order. */
export async function orderCustomerRow(db: Db, orderId: number): Promise<{ customer_id: number | null } | undefined> {
  return await db.get<{ customer_id: number | null }>('SELECT customer_id FROM orders WHERE id = ?', [orderId]);
}

/** A customer's order rows, newest first. */
export async function customerOrderRows(db: Db, customerId: number): Promise<OrderRow[]> {
  return await db.all<OrderRow>('SELECT * FROM orders WHERE customer_id = ? ORDER BY id DESC', [customerId]);
}

/** One of a customer's orders, or undefined. */
export async function customerOrderRow(db: Db, customerId: number, orderId: number): Promise<OrderRow | undefined> {
  return await db.get<OrderRow>('SELECT * FROM orders WHERE id = ? AND customer_id = ?', [orderId, customerId]);
}

/** The order row placed from a checkout, or undefined. */
export async function checkoutOrderRow(db: Db, checkoutId: string): Promise<OrderRow | undefined> {
  return await db.get<OrderRow>('SELECT * FROM orders WHERE checkout_id = ?', [checkoutId]);
}

/** A product as an added order line needs it, or undefined. */
export async function productForOrder(tx: Db, productId: number): Promise<{ id: number; title: string; sku: string | null; handle: string; call_for_price: number } | undefined> {
  return await tx.get<{ id: number; title: string; sku: string | null; handle: string; call_for_price: number }>(
    'SELECT id, title, sku, handle, call_for_price FROM products WHERE id = ?',
    [productId],
  );
}

/** A product's first sellable level (by variant, then level position), or undefined. */
export async function firstSellableLevelOfProduct(
  tx: Db,
  productId: number,
): Promise<{ id: number; price_cents: number; quantity: number; bypass_negative_quantity: number; variant_sku: string | null } | undefined> {
  return await tx.get<{ id: number; price_cents: number; quantity: number; bypass_negative_quantity: number; variant_sku: string | null }>(
    `SELECT l.id, l.price_cents, l.quantity, l.bypass_negative_quantity, v.sku AS variant_sku
       FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
       WHERE v.product_id = ? AND l.available_for_sale = 1 AND (l.quantity > 0 OR l.bypass_negative_quantity = 1)
       ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
    [productId],
  );
}

/** A product's first picture, or undefined. */
export async function firstProductImageUrl(tx: Db, productId: number): Promise<string | undefined> {
  return (await tx.get<{ url: string }>('SELECT url FROM product_images WHERE product_id = ? ORDER BY position, id LIMIT 1', [productId]))?.url;
}

/** The line of a level added to an order after placing, or undefined. */
export async function addedLineOfLevel(tx: Db, orderId: number, levelId: number): Promise<{ id: number; quantity: number } | undefined> {
  return await tx.get<{ id: number; quantity: number }>(
    'SELECT id, quantity FROM order_lines WHERE order_id = ? AND inventory_level_id = ? AND added_later = 1',
    [orderId, levelId],
  );
}

/** One more unit on an order line. */
export async function incrementOrderLine(tx: Db, lineId: number): Promise<void> {
  await tx.run('UPDATE order_lines SET quantity = quantity + 1 WHERE id = ?', [lineId]);
}

/** Adds an amount to an order's subtotal and total. */
export async function addToOrderTotals(tx: Db, orderId: number, cents: number): Promise<void> {
  await tx.run(
    'UPDATE orders SET subtotal_cents = subtotal_cents + ?, total_cents = total_cents + ? WHERE id = ?',
    [cents, cents, orderId],
  );
}

/** How many transactions an order has. */
export async function orderTransactionCount(tx: Db, orderId: number): Promise<number> {
  return (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM transactions WHERE order_id = ?', [orderId]))?.n ?? 0;
}
