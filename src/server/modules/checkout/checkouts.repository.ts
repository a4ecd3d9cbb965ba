/**
 * The SQL of the checkout (cart) aggregate: checkouts, their lines and their discount codes, with
 * the stock and product data a line is priced and checked with. The guarded statements hold the
 * cart's stock rule in SQL so that concurrent writes cannot pass it; what a refusal means and
 * what the caller answers is in `checkouts.ts`.
 * @module
 */
import { MAX_LINE_QUANTITY } from '../../../domain/cart.ts';
import type { Db } from '../../platform/db/database.ts';
import { timeAfterSaved } from '../../platform/db/ordered-time.ts';

/** Who a cart call acts for: the request's session and, when signed in, its customer. */
export interface Owner {
  sessionId: number;
  customerId: number | null;
}

export interface CheckoutRow {
  id: string;
  session_id: number | null;
  customer_id: number | null;
  status: string;
  email: string | null;
  /** The address the shopper confirmed before paying (JSON of an OrderAddress); absent from some reads. */
  shipping_address_json?: string | null;
  /** The shipping choices confirmed before paying (JSON); absent from some reads. */
  shipping_choice_json?: string | null;
  /** The wallet card chosen to pay with, when one was; absent from some reads. */
  payment_method_id?: number | null;
}

/** A cart line joined with its inventory level and product, as pricing and the checkout need it. */
export interface LineDetail {
  id: number;
  inventoryLevelId: number;
  quantity: number;
  unitCents: number;
  stock: number;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
  productId: number;
  title: string;
  sku: string | null;
  productHandle: string;
  imageUrl: string | null;
}

/** An inventory level as the cart's stock rule reads it. */
export interface LevelRow {
  id: number;
  quantity: number;
  available_for_sale: number;
  bypass_negative_quantity: number;
  /** 1 when the level's product is quoted by phone (call for price): never sold online. */
  call_for_price: number;
}

/** A line with its stock and product data, as {@link lineDetails} and {@link CART_SELECT} read it. */
interface LineRow {
  id: number;
  inventory_level_id: number;
  quantity: number;
  price_cents: number;
  stock: number;
  available_for_sale: number;
  bypass_negative_quantity: number;
  product_id: number;
  product_title: string;
  variant_title: string;
  variant_sku: string | null;
  product_sku: string | null;
  handle: string;
  image_url: string | null;
}

/** A row of {@link CART_SELECT}: the cart, whether it has codes, and one of its lines (null columns for an empty cart). */
export interface CartRow extends Omit<LineRow, 'id'> {
  checkout_id: string;
  has_codes: number;
  id: number | null;
}

/** The products a level belongs to that the cart refuses (call for price), for a guard on `l`. */
const QUOTED_BY_PHONE = 'EXISTS (SELECT 1 FROM variants qv JOIN products qp ON qp.id = qv.product_id WHERE qv.id = l.variant_id AND qp.call_for_price = 1)';

/**
 * The cart and its lines with their stock and product data in one statement (one round trip on
 * PostgreSQL); its codes are read only when it has any. Followed by the WHERE on `c`.
 */
const CART_SELECT = `SELECT c.id AS checkout_id,
       CASE WHEN EXISTS (SELECT 1 FROM checkout_discount_codes dc WHERE dc.checkout_id = c.id) THEN 1 ELSE 0 END AS has_codes,
       li.id, li.inventory_level_id, li.quantity, l.price_cents, l.quantity AS stock, l.available_for_sale,
       l.bypass_negative_quantity, p.id AS product_id, p.title AS product_title, v.title AS variant_title,
       v.sku AS variant_sku, p.sku AS product_sku, p.handle,
       (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image_url
  FROM checkouts c
  LEFT JOIN checkout_line_items li ON li.checkout_id = c.id
  LEFT JOIN inventory_levels l ON l.id = li.inventory_level_id
  LEFT JOIN variants v ON v.id = l.variant_id
  LEFT JOIN products p ON p.id = v.product_id`;

/** A line row as the line it is. */
export function toLineDetail(r: Omit<LineRow, 'id'> & { id: number }): LineDetail {
  return {
    id: r.id,
    inventoryLevelId: r.inventory_level_id,
    quantity: r.quantity,
    unitCents: r.price_cents,
    stock: r.stock,
    availableForSale: r.available_for_sale === 1,
    bypassNegativeQuantity: r.bypass_negative_quantity === 1,
    productId: r.product_id,
    title: r.variant_title && r.variant_title !== 'Default Title' ? `${r.product_title} - ${r.variant_title}` : r.product_title,
    sku: r.variant_sku ?? r.product_sku,
    productHandle: r.handle,
    imageUrl: r.image_url,
  };
}

/** The open cart of an owner (the customer's when signed in, else the session's), if any. */
export async function findOpenCheckout(db: Db, owner: Owner, lock = false): Promise<CheckoutRow | undefined> {
  // in a write, the cart's row is locked (PostgreSQL): writes on one cart from several requests or
  // processes run one after the other, each reading the lines the one before left
  const forUpdate = lock ? db.dialect.forUpdate : '';
  return owner.customerId !== null
    ? await db.get<CheckoutRow>(`SELECT * FROM checkouts WHERE customer_id = ? AND status = 'open'${forUpdate}`, [owner.customerId])
    : await db.get<CheckoutRow>(`SELECT * FROM checkouts WHERE session_id = ? AND customer_id IS NULL AND status = 'open'${forUpdate}`, [owner.sessionId]);
}

/**
 * Locks the owner's open cart and marks it updated at `at` in one statement (an UPDATE takes the
 * row lock a `SELECT ... FOR UPDATE` would). Undefined when there is none.
 */
export async function lockOpenCheckout(db: Db, owner: Owner, at: string): Promise<CheckoutRow | undefined> {
  const returning = 'RETURNING id, session_id, customer_id, status, email';
  return owner.customerId !== null
    ? await db.get<CheckoutRow>(`UPDATE checkouts SET updated_at = ? WHERE customer_id = ? AND status = 'open' ${returning}`, [at, owner.customerId])
    : await db.get<CheckoutRow>(
      `UPDATE checkouts SET updated_at = ? WHERE session_id = ? AND customer_id IS NULL AND status = 'open' ${returning}`,
      [at, owner.sessionId],
    );
}

/** Inserts an open checkout unless the owner has one (unique indexes); answers whether it did. */
export async function insertOpenCheckout(db: Db, id: string, owner: Owner, at: string): Promise<boolean> {
  return (await db.run('INSERT INTO checkouts (id, session_id, customer_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
    id,
    owner.customerId === null ? owner.sessionId : null,
    owner.customerId,
    'open',
    at,
    at,
  ])).changes !== 0;
}

/** A checkout by id, whoever owns it; with `lock`, its row locked until the transaction ends (PostgreSQL). */
export async function checkoutById(db: Db, checkoutId: string, lock = false): Promise<CheckoutRow | undefined> {
  return lock
    ? await db.get<CheckoutRow>(`SELECT * FROM checkouts WHERE id = ?${db.dialect.forUpdate}`, [checkoutId])
    : await db.get<CheckoutRow>('SELECT * FROM checkouts WHERE id = ?', [checkoutId]);
}

/** Writes the confirmed details on an open checkout; answers false when it is no longer open. */
export async function updateCheckoutDetails(
  db: Db,
  checkoutId: string,
  d: { email: string; addressJson: string; choiceJson: string; paymentMethodId: number | null; at: string },
): Promise<boolean> {
  const done = await db.run(
    `UPDATE checkouts SET email = ?, shipping_address_json = ?, shipping_choice_json = ?, payment_method_id = ?, updated_at = ?
     WHERE id = ? AND status = 'open'`,
    [d.email, d.addressJson, d.choiceJson, d.paymentMethodId, d.at, checkoutId],
  );
  return done.changes === 1;
}

/** The lines of a checkout with their stock and product data, in the order they were added. */
export async function lineDetails(db: Db, checkoutId: string): Promise<LineDetail[]> {
  return (await db
    .all<LineRow>(
      `SELECT li.id, li.inventory_level_id, li.quantity, l.price_cents, l.quantity AS stock, l.available_for_sale,
              l.bypass_negative_quantity, p.id AS product_id, p.title AS product_title, v.title AS variant_title,
              v.sku AS variant_sku, p.sku AS product_sku, p.handle,
              (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image_url
       FROM checkout_line_items li
       JOIN inventory_levels l ON l.id = li.inventory_level_id
       JOIN variants v ON v.id = l.variant_id
       JOIN products p ON p.id = v.product_id
       WHERE li.checkout_id = ? ORDER BY li.id`,
      [checkoutId],
    )).map(toLineDetail);
}

/** A cart's rows by checkout id (see {@link CART_SELECT}). */
export async function cartRows(db: Db, checkoutId: string): Promise<CartRow[]> {
  return await db.all<CartRow>(`${CART_SELECT} WHERE c.id = ? ORDER BY li.id`, [checkoutId]);
}

/**
 * {@link cartRows} as the last statement of the write transaction `tx`, committing with it where
 * the database can (PostgreSQL: the read and COMMIT in one round trip); undefined where it cannot
 * (nothing read, nothing committed: the caller reads in the transaction).
 */
export async function cartRowsAndCommit(tx: Db, checkoutId: string): Promise<CartRow[] | undefined> {
  if (!tx.allAndCommit) return undefined;
  return await tx.allAndCommit<CartRow>(`${CART_SELECT} WHERE c.id = ? ORDER BY li.id`, [checkoutId]);
}

/** The owner's open cart's rows (none when there is no open cart). */
export async function openCartRows(db: Db, owner: Owner): Promise<CartRow[]> {
  return owner.customerId !== null
    ? await db.all<CartRow>(`${CART_SELECT} WHERE c.customer_id = ? AND c.status = 'open' ORDER BY li.id`, [owner.customerId])
    : await db.all<CartRow>(`${CART_SELECT} WHERE c.session_id = ? AND c.customer_id IS NULL AND c.status = 'open' ORDER BY li.id`, [owner.sessionId]);
}

/** An inventory level with what the stock rule reads, or undefined. */
export async function levelRow(db: Db, inventoryLevelId: number): Promise<LevelRow | undefined> {
  return await db.get<LevelRow>(
    `SELECT l.id, l.quantity, l.available_for_sale, l.bypass_negative_quantity, p.call_for_price
     FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id WHERE l.id = ?`,
    [inventoryLevelId],
  );
}

/** Marks a checkout updated at `at`. */
export async function touchCheckout(db: Db, checkoutId: string, at: string): Promise<void> {
  await db.run('UPDATE checkouts SET updated_at = ? WHERE id = ?', [at, checkoutId]);
}

/**
 * Adds `quantity` units to the cart's line of a level (creating it) in one guarded upsert: the
 * level must be for sale, not of a call-for-price product, and the line's new quantity within the
 * stock (unless the level sells below zero) and {@link MAX_LINE_QUANTITY}. Answers whether it did.
 */
export async function addToLineGuarded(db: Db, checkoutId: string, inventoryLevelId: number, quantity: number, at: string): Promise<boolean> {
  const added = await db.get<{ quantity: number }>(
    `INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at)
     SELECT ?, l.id, ?, ? FROM inventory_levels l
     WHERE l.id = ? AND l.available_for_sale = 1 AND NOT ${QUOTED_BY_PHONE} AND ? <= ${MAX_LINE_QUANTITY} AND (l.bypass_negative_quantity = 1 OR l.quantity >= ?)
     ON CONFLICT (checkout_id, inventory_level_id) DO UPDATE SET quantity = checkout_line_items.quantity + excluded.quantity
     WHERE checkout_line_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY} AND EXISTS (
       SELECT 1 FROM inventory_levels s WHERE s.id = excluded.inventory_level_id
         AND (s.bypass_negative_quantity = 1 OR s.quantity >= checkout_line_items.quantity + excluded.quantity))
     RETURNING quantity`,
    [checkoutId, quantity, at, inventoryLevelId, quantity, quantity],
  );
  return added !== undefined;
}

/** A checkout's line of an inventory level, or undefined. */
export async function lineOfLevel(db: Db, checkoutId: string, inventoryLevelId: number): Promise<{ id: number; quantity: number } | undefined> {
  return await db.get<{ id: number; quantity: number }>(
    'SELECT id, quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
    [checkoutId, inventoryLevelId],
  );
}

/**
 * Sets the quantity of a checkout's line of a level in one guarded UPDATE: lowering always,
 * raising only while the level is for sale, not call for price, in stock and within
 * {@link MAX_LINE_QUANTITY}. Answers whether it did.
 */
export async function setLineQuantityGuarded(db: Db, checkoutId: string, inventoryLevelId: number, quantity: number): Promise<boolean> {
  const set = await db.get<{ id: number }>(
    `UPDATE checkout_line_items SET quantity = ?
       WHERE checkout_id = ? AND inventory_level_id = ? AND (quantity >= ? OR (? <= ${MAX_LINE_QUANTITY} AND EXISTS (
         SELECT 1 FROM inventory_levels l WHERE l.id = checkout_line_items.inventory_level_id
           AND l.available_for_sale = 1 AND NOT ${QUOTED_BY_PHONE} AND (l.bypass_negative_quantity = 1 OR l.quantity >= ?))))
       RETURNING id`,
    [quantity, checkoutId, inventoryLevelId, quantity, quantity, quantity],
  );
  return set !== undefined;
}

/** Deletes a line of a checkout; answers whether it did. */
export async function deleteCheckoutLine(db: Db, lineItemId: number, checkoutId: string): Promise<boolean> {
  return (await db.run('DELETE FROM checkout_line_items WHERE id = ? AND checkout_id = ?', [lineItemId, checkoutId])).changes !== 0;
}

/** A product by handle as the cart's add-products call needs it, or undefined. */
export async function productByHandle(db: Db, handle: string): Promise<{ id: number; call_for_price: number } | undefined> {
  return await db.get<{ id: number; call_for_price: number }>('SELECT id, call_for_price FROM products WHERE handle = ?', [handle]);
}

/** A product's first sellable inventory level (by variant, then level position), or undefined. */
export async function firstSellableLevel(db: Db, productId: number): Promise<{ id: number } | undefined> {
  return await db.get<{ id: number }>(
    `SELECT l.id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
         WHERE v.product_id = ? AND l.available_for_sale = 1 AND (l.quantity > 0 OR l.bypass_negative_quantity = 1)
         ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
    [productId],
  );
}

/**
 * Attaches a code to a checkout (nothing when it has it already). Its time is `at`, or just after
 * the newest code the checkout has when that is not earlier (two codes applied within a
 * millisecond, or after the clock went back): the codes read in the order they were applied, never
 * in their names' order.
 */
export async function insertCheckoutCode(db: Db, checkoutId: string, code: string, at: string, ip: string | null): Promise<void> {
  const newest = (await db.get<{ at: string | null }>('SELECT MAX(applied_at) AS at FROM checkout_discount_codes WHERE checkout_id = ?', [checkoutId]))?.at ?? null;
  const appliedAt = newest === null ? at : new Date(timeAfterSaved(Date.parse(at), [newest])).toISOString();
  await db.run('INSERT INTO checkout_discount_codes (checkout_id, code, applied_at, applied_ip) VALUES (?, ?, ?, ?) ON CONFLICT (checkout_id, code) DO NOTHING', [
    checkoutId, code, appliedAt, ip,
  ]);
}

/** Detaches a code from a checkout. */
export async function deleteCheckoutCode(db: Db, checkoutId: string, code: string): Promise<void> {
  await db.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ? AND code = ?', [checkoutId, code]);
}

/** Whether a customer has a placed (not cancelled) order that used a code. */
export async function redeemed(db: Db, customerId: number, code: string): Promise<boolean> {
  return (
    (await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM checkout_discount_codes d JOIN checkouts c ON c.id = d.checkout_id
       WHERE c.customer_id = ? AND c.status = 'completed' AND d.code = ?
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.checkout_id = c.id AND o.state = 'cancelled')`,
      [customerId, code],
    ))?.n ?? 0
  ) > 0;
}

/** Gives an anonymous cart to a customer. */
export async function assignCheckoutToCustomer(db: Db, checkoutId: string, customerId: number, at: string): Promise<void> {
  await db.run('UPDATE checkouts SET customer_id = ?, session_id = NULL, updated_at = ? WHERE id = ?', [customerId, at, checkoutId]);
}

/** Sets a line's quantity by its id, unguarded (the caller capped it). */
export async function setLineQuantityById(db: Db, lineId: number, quantity: number): Promise<void> {
  await db.run('UPDATE checkout_line_items SET quantity = ? WHERE id = ?', [quantity, lineId]);
}

/** Inserts a line, unguarded (the caller capped it). */
export async function insertLine(db: Db, checkoutId: string, inventoryLevelId: number, quantity: number, at: string): Promise<void> {
  await db.run('INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at) VALUES (?, ?, ?, ?)', [
    checkoutId, inventoryLevelId, quantity, at,
  ]);
}

/** Empties a cart merged into another and marks it merged. */
export async function closeMergedCheckout(db: Db, checkoutId: string, at: string): Promise<void> {
  await db.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ?', [checkoutId]);
  await db.run('DELETE FROM checkout_line_items WHERE checkout_id = ?', [checkoutId]);
  await db.run("UPDATE checkouts SET status = 'merged', updated_at = ? WHERE id = ?", [at, checkoutId]);
}
