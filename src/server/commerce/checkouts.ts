/**
 * The checkout (cart) repository: one open cart per anonymous session or per customer, its
 * lines, its discount codes and the checkout object of spec section 3.
 *
 * Every write runs in one immediate write transaction (`db.transaction`), reading the cart and
 * the stock inside it, so concurrent adds, quantity changes and deletes on one cart serialise and
 * none is lost; a failing write rolls back whole (nothing half-written).
 *
 * Choices where the spec is silent (each tested):
 * - Stock: a line's quantity may not exceed its inventory level's quantity unless the level has
 *   bypassNegativeQuantity; exceeding answers 409 "Can't add more than {availableQuantity}" (the
 *   spec's own quantity-input message). Lowering a quantity is always allowed, even when the stock
 *   has since dropped below it. A level not for sale answers 422 'Item is not available for sale'.
 * - A line holds at most {@link MAX_LINE_QUANTITY} units, bypass or not.
 * - Set-quantity (PUT) of a level that is not in the cart answers 404: it changes lines, it does
 *   not create them. Deleting a line that is not in the caller's cart answers 404.
 * - At most one amount code (percentage or fixed) per cart; free shipping combines with it.
 * - At sign-in the anonymous cart merges into the account cart like the cart's own add: the
 *   quantities of one inventory level add up, capped at the stock; codes move when they fit.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { CALL_FOR_PRICE_CART_ERROR } from '../../domain/call-for-price.ts';
import { lineQuantityCap, MAX_LINE_QUANTITY } from '../../domain/cart.ts';
import type { Checkout, CheckoutLineItem } from '../../domain/entities.ts';
import { fromCents, formatPrice } from '../../domain/money.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { checkoutDiscountCodes, discountRefusal, findDiscountCode, MAX_CODE_LENGTH, normaliseCode } from './discounts.ts';
import { priceCart, type CartPrice } from '../../domain/cart-pricing.ts';

/** Who a cart call acts for: the request's session and, when signed in, its customer. */
export interface Owner {
  sessionId: number;
  customerId: number | null;
}

/** One line to add or set. */
export interface LineInput {
  inventoryLevelId: number;
  quantity: number;
}

/** Most lines one add call may carry. @default 100 */
export const MAX_LINES_PER_CALL = 100;
/** Most handles one add-products call may carry. @default 50 */
export const MAX_HANDLES_PER_CALL = 50;
/** The store currency of the checkout object. @default 'USD' */
export const CURRENCY_CODE = 'USD';
/** The path of the hosted checkout page; the checkout id is appended. @default '/checkout/' */
export const CHECKOUT_PAGE_PATH = '/checkout/';

/** The error texts of the cart calls. */
export const CART_ERRORS = {
  notForSale: 'Item is not available for sale',
  itemNotFound: 'Item not found.',
  notInCart: 'Item is not in the cart.',
  checkoutNotFound: 'Checkout not found.',
  productNotFound: (handle: string) => `Product ${handle} not found.`,
  productUnavailable: 'Product is currently unavailable',
  stock: (available: number) => `Can't add more than ${available}`,
  emptyCode: 'Enter a discount code.',
  unknownCode: (code: string) => `Discount code ${code} is not valid.`,
  expiredCode: (code: string) => `Discount code ${code} has expired.`,
  emptyCart: 'Add an item to your cart before applying a discount code.',
  minimum: (code: string, cents: number) => `Discount code ${code} needs a subtotal of at least ${formatPrice(fromCents(cents))}.`,
  redeemed: (code: string) => `Discount code ${code} has already been redeemed on this account.`,
  oneCode: (other: string) => `Only one discount code per order: remove ${other} first.`,
} as const;

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

/**
 * What the shopper confirmed on the checkout page before paying: the order is placed from these
 * alone once the payment succeeds (by the shopper's return, or by the provider's webhook when the
 * shopper never came back). `address` and `choice` are the page's own shapes, kept as JSON.
 */
export interface CheckoutDetails {
  email: string;
  address: unknown;
  choice: unknown;
  /** The wallet card chosen (payment_methods.id), or null for a card typed or a provider's element. */
  paymentMethodId: number | null;
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

interface LevelRow {
  id: number;
  quantity: number;
  available_for_sale: number;
  bypass_negative_quantity: number;
  /** 1 when the level's product is quoted by phone (call for price): never sold online. */
  call_for_price: number;
}

/** The products a level belongs to that the cart refuses (call for price), for a guard on `l`. */
const QUOTED_BY_PHONE = 'EXISTS (SELECT 1 FROM variants qv JOIN products qp ON qp.id = qv.product_id WHERE qv.id = l.variant_id AND qp.call_for_price = 1)';

const now = (): string => new Date().toISOString();

/** A new checkout id: 128 random bits in hex, unguessable since it appears in a URL. */
export function newCheckoutId(): string {
  return randomBytes(16).toString('hex');
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
 * Locks the owner's open cart and marks it updated in one statement (an UPDATE takes the row lock
 * a `SELECT ... FOR UPDATE` would): writes on one cart, from several requests or processes, run
 * one after the other, each reading what the one before left. Undefined when there is none.
 */
async function lockOpenCheckout(db: Db, owner: Owner): Promise<CheckoutRow | undefined> {
  const returning = 'RETURNING id, session_id, customer_id, status, email';
  return owner.customerId !== null
    ? await db.get<CheckoutRow>(`UPDATE checkouts SET updated_at = ? WHERE customer_id = ? AND status = 'open' ${returning}`, [now(), owner.customerId])
    : await db.get<CheckoutRow>(
      `UPDATE checkouts SET updated_at = ? WHERE session_id = ? AND customer_id IS NULL AND status = 'open' ${returning}`,
      [now(), owner.sessionId],
    );
}

/**
 * The open cart of an owner, created when there is none, its row locked until the transaction
 * ends and its `updated_at` set (every caller is about to change it). Call inside a write
 * transaction.
 */
export async function ensureCheckout(db: Db, owner: Owner): Promise<CheckoutRow> {
  const found = await lockOpenCheckout(db, owner);
  if (found) return found;
  const at = now();
  const id = newCheckoutId();
  // one open cart per owner (unique indexes): of two first adds at once, one creates it and the
  // other, after waiting for it, inserts nothing and locks the one created
  const inserted = await db.run('INSERT INTO checkouts (id, session_id, customer_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
    id,
    owner.customerId === null ? owner.sessionId : null,
    owner.customerId,
    'open',
    at,
    at,
  ]);
  if (inserted.changes === 0) {
    const other = await lockOpenCheckout(db, owner);
    if (other) return other;
  }
  return { id, session_id: owner.customerId === null ? owner.sessionId : null, customer_id: owner.customerId, status: 'open', email: null };
}

/** Whether a checkout belongs to an owner (its session's anonymous cart, or its customer's). */
export function ownsCheckout(row: { session_id: number | null; customer_id: number | null }, owner: Owner): boolean {
  if (row.customer_id !== null) return row.customer_id === owner.customerId;
  return owner.customerId === null && row.session_id === owner.sessionId;
}

/** A checkout by id when it belongs to the owner; else undefined (callers answer 404). */
export async function ownedCheckout(db: Db, checkoutId: string, owner: Owner): Promise<CheckoutRow | undefined> {
  const row = await db.get<CheckoutRow>('SELECT * FROM checkouts WHERE id = ?', [checkoutId]);
  return row && ownsCheckout(row, owner) ? row : undefined;
}

/**
 * Writes what the shopper confirmed on an open checkout before paying (a later submit replaces
 * it). Answers false when the checkout is no longer open (placed meanwhile).
 */
export async function saveCheckoutDetails(db: Db, checkoutId: string, details: CheckoutDetails): Promise<boolean> {
  const done = await db.run(
    `UPDATE checkouts SET email = ?, shipping_address_json = ?, shipping_choice_json = ?, payment_method_id = ?, updated_at = ?
     WHERE id = ? AND status = 'open'`,
    [details.email, JSON.stringify(details.address), JSON.stringify(details.choice), details.paymentMethodId, now(), checkoutId],
  );
  return done.changes === 1;
}

/**
 * What was confirmed on a checkout before paying, with its owner; undefined for an unknown
 * checkout or one never submitted (no address written). An unreadable stored value is none.
 */
export async function storedCheckoutDetails(db: Db, checkoutId: string): Promise<(CheckoutDetails & { owner: Owner; status: string }) | undefined> {
  const row = await db.get<CheckoutRow>('SELECT * FROM checkouts WHERE id = ?', [checkoutId]);
  if (!row?.email || !row.shipping_address_json) return undefined;
  try {
    return {
      email: row.email,
      address: JSON.parse(row.shipping_address_json) as unknown,
      choice: JSON.parse(row.shipping_choice_json ?? '{}') as unknown,
      paymentMethodId: row.payment_method_id ?? null,
      // the session of a customer's cart may be gone: ownership is by the customer then
      owner: { sessionId: row.session_id ?? 0, customerId: row.customer_id },
      status: row.status,
    };
  } catch {
    return undefined;
  }
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

/** The price of a checkout's current lines and codes. */
export async function priceCheckout(db: Db, checkoutId: string, lines?: readonly LineDetail[]): Promise<CartPrice> {
  return priceCart(lines ?? (await lineDetails(db, checkoutId)), await checkoutDiscountCodes(db, checkoutId));
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
interface CartRow extends Omit<LineRow, 'id'> {
  checkout_id: string;
  has_codes: number;
  id: number | null;
}

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

function toLineDetail(r: LineRow): LineDetail {
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

/** The checkout object of a cart's rows (see {@link CART_SELECT}). */
async function checkoutOf(db: Db, checkoutId: string, rows: readonly CartRow[], baseUrl: string): Promise<Checkout> {
  const lines = rows.filter((r): r is CartRow & { id: number } => r.id !== null).map(toLineDetail);
  const codes = rows[0]?.has_codes === 1 ? await checkoutDiscountCodes(db, checkoutId) : [];
  const price = priceCart(lines, codes);
  const LineItems: CheckoutLineItem[] = lines.map((l) => ({
    id: l.id,
    inventoryLevelId: l.inventoryLevelId,
    title: l.title,
    imageUrl: l.imageUrl,
    currentQuantity: l.quantity,
    totalUnitPrice: fromCents(l.unitCents),
    availableForSale: l.availableForSale,
    availableQuantity: l.stock,
    sku: l.sku,
    productHandle: l.productHandle,
    bypassNegativeQuantity: l.bypassNegativeQuantity,
  }));
  return {
    webUrl: `${baseUrl.replace(/\/+$/, '')}${CHECKOUT_PAGE_PATH}${checkoutId}`,
    LineItems,
    totalPrice: fromCents(price.totalCents),
    subtotalPrice: fromCents(price.subtotalCents),
    currencyCode: CURRENCY_CODE,
    CheckoutShippingLine: price.shippingCents === null ? null : { price: fromCents(price.shippingCents) },
    DiscountCodes: price.applied.map((r) => ({ code: r.code, Discount: { title: r.title } })),
  };
}

/**
 * The checkout object of spec section 3: decimals at the edge, `webUrl` the hosted checkout page
 * whose last path segment is the checkout id. One statement for the cart and its lines, a second
 * only when it carries discount codes.
 * @example
 * readCheckout(db, row.id, 'http://127.0.0.1:3000').webUrl; // 'http://127.0.0.1:3000/checkout/9f0c...'
 */
export async function readCheckout(db: Db, checkoutId: string, baseUrl: string): Promise<Checkout> {
  const rows = await db.all<CartRow>(`${CART_SELECT} WHERE c.id = ? ORDER BY li.id`, [checkoutId]);
  return await checkoutOf(db, checkoutId, rows, baseUrl);
}

/**
 * {@link readCheckout} as the last statement of the write transaction `tx`, committing with it
 * where the database can (PostgreSQL: the read and COMMIT in one round trip). A cart with codes
 * has them read just after the commit on the same connection, so they are the cart's codes as
 * this call left them, or newer.
 */
export async function readCheckoutAndCommit(tx: Db, checkoutId: string, baseUrl: string): Promise<Checkout> {
  if (!tx.allAndCommit) return await readCheckout(tx, checkoutId, baseUrl);
  const rows = await tx.allAndCommit<CartRow>(`${CART_SELECT} WHERE c.id = ? ORDER BY li.id`, [checkoutId]);
  return await checkoutOf(tx, checkoutId, rows, baseUrl);
}

/**
 * The owner's open cart as the checkout object, found and read in one statement (no lock, no
 * write); undefined when the owner has no open cart yet.
 */
export async function readOpenCheckout(db: Db, owner: Owner, baseUrl: string): Promise<Checkout | undefined> {
  const rows = owner.customerId !== null
    ? await db.all<CartRow>(`${CART_SELECT} WHERE c.customer_id = ? AND c.status = 'open' ORDER BY li.id`, [owner.customerId])
    : await db.all<CartRow>(`${CART_SELECT} WHERE c.session_id = ? AND c.customer_id IS NULL AND c.status = 'open' ORDER BY li.id`, [owner.sessionId]);
  const first = rows[0];
  return first ? await checkoutOf(db, first.checkout_id, rows, baseUrl) : undefined;
}

async function level(db: Db, inventoryLevelId: number): Promise<LevelRow> {
  const row = await db.get<LevelRow>(
    `SELECT l.id, l.quantity, l.available_for_sale, l.bypass_negative_quantity, p.call_for_price
     FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id WHERE l.id = ?`,
    [inventoryLevelId],
  );
  if (!row) throw new HttpError(404, CART_ERRORS.itemNotFound);
  return row;
}

/** Throws unless `quantity` units of the level may sit in one line. */
function checkStock(row: LevelRow, quantity: number): void {
  if (Number(row.call_for_price) === 1) throw new HttpError(422, CALL_FOR_PRICE_CART_ERROR);
  if (row.available_for_sale !== 1) throw new HttpError(422, CART_ERRORS.notForSale);
  const cap = capOf(row);
  if (quantity > cap) throw new HttpError(409, CART_ERRORS.stock(cap));
}

async function touch(db: Db, checkoutId: string): Promise<void> {
  await db.run('UPDATE checkouts SET updated_at = ? WHERE id = ?', [now(), checkoutId]);
}

/** The most units of a level one line may hold (its stock, unless it sells below zero). */
function capOf(row: LevelRow): number {
  return lineQuantityCap(row.quantity, row.bypass_negative_quantity === 1);
}

/**
 * Adds `quantity` units to the cart's line of a level (creating it) in one guarded upsert: the
 * level must be for sale, not of a call-for-price product, and the line's new quantity within
 * {@link capOf}. When the guard refuses, the level and the line are read to say why (404, 422 or
 * 409).
 */
async function addToLine(db: Db, checkoutId: string, inventoryLevelId: number, quantity: number): Promise<void> {
  const added = await db.get<{ quantity: number }>(
    `INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at)
     SELECT ?, l.id, ?, ? FROM inventory_levels l
     WHERE l.id = ? AND l.available_for_sale = 1 AND NOT ${QUOTED_BY_PHONE} AND ? <= ${MAX_LINE_QUANTITY} AND (l.bypass_negative_quantity = 1 OR l.quantity >= ?)
     ON CONFLICT (checkout_id, inventory_level_id) DO UPDATE SET quantity = checkout_line_items.quantity + excluded.quantity
     WHERE checkout_line_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY} AND EXISTS (
       SELECT 1 FROM inventory_levels s WHERE s.id = excluded.inventory_level_id
         AND (s.bypass_negative_quantity = 1 OR s.quantity >= checkout_line_items.quantity + excluded.quantity))
     RETURNING quantity`,
    [checkoutId, quantity, now(), inventoryLevelId, quantity, quantity],
  );
  if (added) return;
  const row = await level(db, inventoryLevelId);
  const existing = await db.get<{ quantity: number }>(
    'SELECT quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
    [checkoutId, inventoryLevelId],
  );
  checkStock(row, (existing?.quantity ?? 0) + quantity);
  // the stock changed between the two statements: refused on what the upsert saw
  throw new HttpError(409, CART_ERRORS.stock(capOf(row)));
}

/**
 * Adds lines to the owner's cart (creating it), merging quantities into lines of the same
 * inventory level; all or nothing. Answers the checkout id.
 * @example
 * const id = addLines(db, owner, [{ inventoryLevelId: 7, quantity: 2 }]);
 */
export async function addLines(db: Db, owner: Owner, lines: readonly LineInput[]): Promise<string> {
  return await db.transaction(async (tx) => {
    const cart = await ensureCheckout(tx, owner);
    for (const line of lines) await addToLine(tx, cart.id, line.inventoryLevelId, line.quantity);
    return cart.id;
  });
}

/**
 * Sets the quantity of the owner's line of an inventory level (404 when not in the cart), in one
 * guarded UPDATE: lowering is always allowed, raising needs the level for sale and in stock.
 */
export async function setLineQuantity(db: Db, owner: Owner, input: LineInput): Promise<string> {
  return await db.transaction(async (tx) => {
    const cart = await ensureCheckout(tx, owner);
    const set = await tx.get<{ id: number }>(
      `UPDATE checkout_line_items SET quantity = ?
       WHERE checkout_id = ? AND inventory_level_id = ? AND (quantity >= ? OR (? <= ${MAX_LINE_QUANTITY} AND EXISTS (
         SELECT 1 FROM inventory_levels l WHERE l.id = checkout_line_items.inventory_level_id
           AND l.available_for_sale = 1 AND NOT ${QUOTED_BY_PHONE} AND (l.bypass_negative_quantity = 1 OR l.quantity >= ?))))
       RETURNING id`,
      [input.quantity, cart.id, input.inventoryLevelId, input.quantity, input.quantity, input.quantity],
    );
    if (set) return cart.id;
    const existing = await tx.get<{ id: number }>(
      'SELECT id FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
      [cart.id, input.inventoryLevelId],
    );
    if (!existing) throw new HttpError(404, CART_ERRORS.notInCart);
    const row = await level(tx, input.inventoryLevelId);
    checkStock(row, input.quantity);
    throw new HttpError(409, CART_ERRORS.stock(capOf(row)));
  });
}

/** Deletes a line of the owner's cart (404 when it is not theirs or not there). */
export async function deleteLine(db: Db, owner: Owner, lineItemId: number): Promise<string> {
  return await db.transaction(async (tx) => {
    const cart = await ensureCheckout(tx, owner);
    const changes = (await tx.run('DELETE FROM checkout_line_items WHERE id = ? AND checkout_id = ?', [lineItemId, cart.id])).changes;
    if (changes === 0) throw new HttpError(404, CART_ERRORS.notInCart);
    return cart.id;
  });
}

/**
 * Adds one unit of each product's first sellable inventory level (by variant, then level
 * position), all or nothing. An unknown handle answers 404, a product without a sellable level
 * 422 'Product is currently unavailable'.
 */
export async function addProducts(db: Db, owner: Owner, handles: readonly string[]): Promise<string> {
  return await db.transaction(async (tx) => {
    const cart = await ensureCheckout(tx, owner);
    for (const handle of handles) {
      const product = await tx.get<{ id: number; call_for_price: number }>('SELECT id, call_for_price FROM products WHERE handle = ?', [handle]);
      if (!product) throw new HttpError(404, CART_ERRORS.productNotFound(handle));
      if (Number(product.call_for_price) === 1) throw new HttpError(422, CALL_FOR_PRICE_CART_ERROR);
      const first = await tx.get<{ id: number }>(
        `SELECT l.id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
         WHERE v.product_id = ? AND l.available_for_sale = 1 AND (l.quantity > 0 OR l.bypass_negative_quantity = 1)
         ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
        [product.id],
      );
      if (!first) throw new HttpError(422, CART_ERRORS.productUnavailable);
      await addToLine(tx, cart.id, first.id, 1);
    }
    return cart.id;
  });
}

async function requireOwned(db: Db, checkoutId: string, owner: Owner): Promise<CheckoutRow> {
  // locked like ensureCheckout's: one write at a time on a cart
  const found = await db.get<CheckoutRow>(`SELECT * FROM checkouts WHERE id = ?${db.dialect.forUpdate}`, [checkoutId]);
  const row = found && ownsCheckout(found, owner) ? found : undefined;
  if (!row || row.status !== 'open') throw new HttpError(404, CART_ERRORS.checkoutNotFound);
  return row;
}

/**
 * Applies a discount code to the owner's open cart `checkoutId`, from the client address `ip`
 * (a code once per IP counts it when the order is placed). Applying a code the cart already
 * has changes nothing (so twice, or twice at once, gives one discount).
 * @example
 * applyDiscountCode(db, owner, checkoutId, 'save10', Date.now(), request.ip);
 */
export async function applyDiscountCode(db: Db, owner: Owner, checkoutId: string, rawCode: string, nowMs: number = Date.now(), ip: string | null = null): Promise<void> {
  const code = normaliseCode(rawCode);
  if (code === '') throw new HttpError(400, CART_ERRORS.emptyCode);
  if (code.length > MAX_CODE_LENGTH) throw new HttpError(422, CART_ERRORS.unknownCode(code.slice(0, MAX_CODE_LENGTH)));
  await db.transaction(async (tx) => {
    const cart = await requireOwned(tx, checkoutId, owner);
    const rule = await findDiscountCode(tx, code);
    if (!rule) throw new HttpError(422, CART_ERRORS.unknownCode(code));
    const current = await checkoutDiscountCodes(tx, cart.id);
    if (current.some((c) => c.code === code)) return;
    if (rule.expiresAt !== null && Date.parse(rule.expiresAt) < nowMs) throw new HttpError(422, CART_ERRORS.expiredCode(code));
    // paused, not started, used up, or already used from this address (codes once per IP)
    const refusal = await discountRefusal(tx, rule, { ip, nowMs });
    if (refusal !== null) throw new HttpError(422, refusal);
    const price = await priceCheckout(tx, cart.id);
    if (price.linesCents === 0) throw new HttpError(422, CART_ERRORS.emptyCart);
    if (price.linesCents < rule.minSubtotalCents) throw new HttpError(422, CART_ERRORS.minimum(code, rule.minSubtotalCents));
    if (rule.oncePerCustomer && owner.customerId !== null && await redeemed(tx, owner.customerId, code)) {
      throw new HttpError(422, CART_ERRORS.redeemed(code));
    }
    if (rule.kind !== 'free_shipping') {
      const other = current.find((c) => c.kind !== 'free_shipping');
      if (other) throw new HttpError(409, CART_ERRORS.oneCode(other.code));
    }
    await tx.run('INSERT INTO checkout_discount_codes (checkout_id, code, applied_at, applied_ip) VALUES (?, ?, ?, ?) ON CONFLICT (checkout_id, code) DO NOTHING', [
      cart.id, code, now(), ip,
    ]);
    await touch(tx, cart.id);
  });
}

/** Removes a code from the owner's open cart; removing a code it does not have changes nothing. */
export async function removeDiscountCode(db: Db, owner: Owner, checkoutId: string, rawCode: string): Promise<void> {
  const code = normaliseCode(rawCode);
  if (code === '') throw new HttpError(400, CART_ERRORS.emptyCode);
  await db.transaction(async (tx) => {
    const cart = await requireOwned(tx, checkoutId, owner);
    await tx.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ? AND code = ?', [cart.id, code]);
    await touch(tx, cart.id);
  });
}

/** Whether a customer has a placed order that used a code. */
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

/**
 * Merges the anonymous cart of `prevSessionId` into the customer's cart, for the sign-in
 * listener (runs inside the sign-in transaction). Without an account cart the anonymous cart
 * simply becomes the customer's.
 * @example
 * app.addSignInListener((prev, _next, customerId) => mergeAnonymousCart(db, prev, customerId));
 */
export async function mergeAnonymousCart(db: Db, prevSessionId: number | null, customerId: number): Promise<void> {
  if (prevSessionId === null) return;
  await db.transaction(async (tx) => {
    const anon = await findOpenCheckout(tx, { sessionId: prevSessionId, customerId: null }, true);
    if (!anon) return;
    const account = await findOpenCheckout(tx, { sessionId: prevSessionId, customerId }, true);
    if (!account) {
      await tx.run('UPDATE checkouts SET customer_id = ?, session_id = NULL, updated_at = ? WHERE id = ?', [customerId, now(), anon.id]);
      return;
    }
    for (const line of await lineDetails(tx, anon.id)) {
      const existing = await tx.get<{ id: number; quantity: number }>(
        'SELECT id, quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
        [account.id, line.inventoryLevelId],
      );
      const cap = lineQuantityCap(line.stock, line.bypassNegativeQuantity);
      const total = Math.min((existing?.quantity ?? 0) + line.quantity, Math.max(cap, existing?.quantity ?? 0));
      if (existing) await tx.run('UPDATE checkout_line_items SET quantity = ? WHERE id = ?', [total, existing.id]);
      else if (total > 0 && line.availableForSale) {
        await tx.run('INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at) VALUES (?, ?, ?, ?)', [
          account.id, line.inventoryLevelId, total, now(),
        ]);
      }
    }
    const accountCodes = await checkoutDiscountCodes(tx, account.id);
    const hasAmount = accountCodes.some((c) => c.kind !== 'free_shipping');
    for (const c of await checkoutDiscountCodes(tx, anon.id)) {
      if (c.kind !== 'free_shipping' && hasAmount) continue;
      if (c.oncePerCustomer && await redeemed(tx, customerId, c.code)) continue;
      await tx.run('INSERT INTO checkout_discount_codes (checkout_id, code, applied_at, applied_ip) VALUES (?, ?, ?, ?) ON CONFLICT (checkout_id, code) DO NOTHING', [
        account.id, c.code, now(), c.appliedIp,
      ]);
    }
    await tx.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ?', [anon.id]);
    await tx.run('DELETE FROM checkout_line_items WHERE checkout_id = ?', [anon.id]);
    await tx.run("UPDATE checkouts SET status = 'merged', updated_at = ? WHERE id = ?", [now(), anon.id]);
    await touch(tx, account.id);
  });
}
