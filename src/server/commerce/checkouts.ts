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
import type { Checkout, CheckoutLineItem } from '../../domain/entities.ts';
import { fromCents, formatPrice } from '../../domain/money.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { checkoutDiscountCodes, findDiscountCode, MAX_CODE_LENGTH, normaliseCode } from './discounts.ts';
import { priceCart, type CartPrice } from './pricing.ts';

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

/** Most units one line may hold. @default 9999 */
export const MAX_LINE_QUANTITY = 9999;
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

interface CheckoutRow {
  id: string;
  session_id: number | null;
  customer_id: number | null;
  status: string;
  email: string | null;
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
}

const now = (): string => new Date().toISOString();

/** A new checkout id: 128 random bits in hex, unguessable since it appears in a URL. */
export function newCheckoutId(): string {
  return randomBytes(16).toString('hex');
}

/** The open cart of an owner (the customer's when signed in, else the session's), if any. */
export function findOpenCheckout(db: Db, owner: Owner): CheckoutRow | undefined {
  return owner.customerId !== null
    ? db.get<CheckoutRow>("SELECT * FROM checkouts WHERE customer_id = ? AND status = 'open'", [owner.customerId])
    : db.get<CheckoutRow>("SELECT * FROM checkouts WHERE session_id = ? AND customer_id IS NULL AND status = 'open'", [owner.sessionId]);
}

/** The open cart of an owner, created when there is none. Call inside a write transaction. */
export function ensureCheckout(db: Db, owner: Owner): CheckoutRow {
  const found = findOpenCheckout(db, owner);
  if (found) return found;
  const at = now();
  const id = newCheckoutId();
  db.run('INSERT INTO checkouts (id, session_id, customer_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id,
    owner.customerId === null ? owner.sessionId : null,
    owner.customerId,
    'open',
    at,
    at,
  ]);
  return { id, session_id: owner.customerId === null ? owner.sessionId : null, customer_id: owner.customerId, status: 'open', email: null };
}

/** Whether a checkout belongs to an owner (its session's anonymous cart, or its customer's). */
export function ownsCheckout(row: { session_id: number | null; customer_id: number | null }, owner: Owner): boolean {
  if (row.customer_id !== null) return row.customer_id === owner.customerId;
  return owner.customerId === null && row.session_id === owner.sessionId;
}

/** A checkout by id when it belongs to the owner; else undefined (callers answer 404). */
export function ownedCheckout(db: Db, checkoutId: string, owner: Owner): CheckoutRow | undefined {
  const row = db.get<CheckoutRow>('SELECT * FROM checkouts WHERE id = ?', [checkoutId]);
  return row && ownsCheckout(row, owner) ? row : undefined;
}

/** The lines of a checkout with their stock and product data, in the order they were added. */
export function lineDetails(db: Db, checkoutId: string): LineDetail[] {
  type Row = {
    id: number; inventory_level_id: number; quantity: number; price_cents: number; stock: number;
    available_for_sale: number; bypass_negative_quantity: number; product_id: number; product_title: string;
    variant_title: string; variant_sku: string | null; product_sku: string | null; handle: string; image_url: string | null;
  };
  return db
    .all<Row>(
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
    )
    .map((r) => ({
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
    }));
}

/** The price of a checkout's current lines and codes. */
export function priceCheckout(db: Db, checkoutId: string, lines: readonly LineDetail[] = lineDetails(db, checkoutId)): CartPrice {
  return priceCart(lines, checkoutDiscountCodes(db, checkoutId));
}

/**
 * The checkout object of spec section 3: decimals at the edge, `webUrl` the hosted checkout page
 * whose last path segment is the checkout id.
 * @example
 * readCheckout(db, row.id, 'http://127.0.0.1:3000').webUrl; // 'http://127.0.0.1:3000/checkout/9f0c...'
 */
export function readCheckout(db: Db, checkoutId: string, baseUrl: string): Checkout {
  const lines = lineDetails(db, checkoutId);
  const price = priceCheckout(db, checkoutId, lines);
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

function level(db: Db, inventoryLevelId: number): LevelRow {
  const row = db.get<LevelRow>(
    'SELECT id, quantity, available_for_sale, bypass_negative_quantity FROM inventory_levels WHERE id = ?',
    [inventoryLevelId],
  );
  if (!row) throw new HttpError(404, CART_ERRORS.itemNotFound);
  return row;
}

/** Throws unless `quantity` units of the level may sit in one line. */
function checkStock(row: LevelRow, quantity: number): void {
  if (row.available_for_sale !== 1) throw new HttpError(422, CART_ERRORS.notForSale);
  const cap = row.bypass_negative_quantity === 1 ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(0, row.quantity));
  if (quantity > cap) throw new HttpError(409, CART_ERRORS.stock(cap));
}

function touch(db: Db, checkoutId: string): void {
  db.run('UPDATE checkouts SET updated_at = ? WHERE id = ?', [now(), checkoutId]);
}

function addToLine(db: Db, checkoutId: string, inventoryLevelId: number, quantity: number): void {
  const row = level(db, inventoryLevelId);
  const existing = db.get<{ id: number; quantity: number }>(
    'SELECT id, quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
    [checkoutId, inventoryLevelId],
  );
  const total = (existing?.quantity ?? 0) + quantity;
  checkStock(row, total);
  if (existing) db.run('UPDATE checkout_line_items SET quantity = ? WHERE id = ?', [total, existing.id]);
  else {
    db.run('INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at) VALUES (?, ?, ?, ?)', [
      checkoutId, inventoryLevelId, quantity, now(),
    ]);
  }
}

/**
 * Adds lines to the owner's cart (creating it), merging quantities into lines of the same
 * inventory level; all or nothing. Answers the checkout id.
 * @example
 * const id = addLines(db, owner, [{ inventoryLevelId: 7, quantity: 2 }]);
 */
export function addLines(db: Db, owner: Owner, lines: readonly LineInput[]): string {
  return db.transaction(() => {
    const cart = ensureCheckout(db, owner);
    for (const line of lines) addToLine(db, cart.id, line.inventoryLevelId, line.quantity);
    touch(db, cart.id);
    return cart.id;
  });
}

/** Sets the quantity of the owner's line of an inventory level (404 when not in the cart). */
export function setLineQuantity(db: Db, owner: Owner, input: LineInput): string {
  return db.transaction(() => {
    const cart = ensureCheckout(db, owner);
    const existing = db.get<{ id: number; quantity: number }>(
      'SELECT id, quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
      [cart.id, input.inventoryLevelId],
    );
    if (!existing) throw new HttpError(404, CART_ERRORS.notInCart);
    if (input.quantity > existing.quantity) checkStock(level(db, input.inventoryLevelId), input.quantity);
    if (input.quantity !== existing.quantity) {
      db.run('UPDATE checkout_line_items SET quantity = ? WHERE id = ?', [input.quantity, existing.id]);
      touch(db, cart.id);
    }
    return cart.id;
  });
}

/** Deletes a line of the owner's cart (404 when it is not theirs or not there). */
export function deleteLine(db: Db, owner: Owner, lineItemId: number): string {
  return db.transaction(() => {
    const cart = ensureCheckout(db, owner);
    const changes = db.run('DELETE FROM checkout_line_items WHERE id = ? AND checkout_id = ?', [lineItemId, cart.id]).changes;
    if (changes === 0) throw new HttpError(404, CART_ERRORS.notInCart);
    touch(db, cart.id);
    return cart.id;
  });
}

/**
 * Adds one unit of each product's first sellable inventory level (by variant, then level
 * position), all or nothing. An unknown handle answers 404, a product without a sellable level
 * 422 'Product is currently unavailable'.
 */
export function addProducts(db: Db, owner: Owner, handles: readonly string[]): string {
  return db.transaction(() => {
    const cart = ensureCheckout(db, owner);
    for (const handle of handles) {
      const product = db.get<{ id: number }>('SELECT id FROM products WHERE handle = ?', [handle]);
      if (!product) throw new HttpError(404, CART_ERRORS.productNotFound(handle));
      const first = db.get<{ id: number }>(
        `SELECT l.id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
         WHERE v.product_id = ? AND l.available_for_sale = 1 AND (l.quantity > 0 OR l.bypass_negative_quantity = 1)
         ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
        [product.id],
      );
      if (!first) throw new HttpError(422, CART_ERRORS.productUnavailable);
      addToLine(db, cart.id, first.id, 1);
    }
    touch(db, cart.id);
    return cart.id;
  });
}

function requireOwned(db: Db, checkoutId: string, owner: Owner): CheckoutRow {
  const row = ownedCheckout(db, checkoutId, owner);
  if (!row || row.status !== 'open') throw new HttpError(404, CART_ERRORS.checkoutNotFound);
  return row;
}

/**
 * Applies a discount code to the owner's open cart `checkoutId`. Applying a code the cart already
 * has changes nothing (so twice, or twice at once, gives one discount).
 * @example
 * applyDiscountCode(db, owner, checkoutId, 'save10');
 */
export function applyDiscountCode(db: Db, owner: Owner, checkoutId: string, rawCode: string, nowMs: number = Date.now()): void {
  const code = normaliseCode(rawCode);
  if (code === '') throw new HttpError(400, CART_ERRORS.emptyCode);
  if (code.length > MAX_CODE_LENGTH) throw new HttpError(422, CART_ERRORS.unknownCode(code.slice(0, MAX_CODE_LENGTH)));
  db.transaction(() => {
    const cart = requireOwned(db, checkoutId, owner);
    const rule = findDiscountCode(db, code);
    if (!rule) throw new HttpError(422, CART_ERRORS.unknownCode(code));
    const current = checkoutDiscountCodes(db, cart.id);
    if (current.some((c) => c.code === code)) return;
    if (rule.expiresAt !== null && Date.parse(rule.expiresAt) < nowMs) throw new HttpError(422, CART_ERRORS.expiredCode(code));
    const price = priceCheckout(db, cart.id);
    if (price.linesCents === 0) throw new HttpError(422, CART_ERRORS.emptyCart);
    if (price.linesCents < rule.minSubtotalCents) throw new HttpError(422, CART_ERRORS.minimum(code, rule.minSubtotalCents));
    if (rule.oncePerCustomer && owner.customerId !== null && redeemed(db, owner.customerId, code)) {
      throw new HttpError(422, CART_ERRORS.redeemed(code));
    }
    if (rule.kind !== 'free_shipping') {
      const other = current.find((c) => c.kind !== 'free_shipping');
      if (other) throw new HttpError(409, CART_ERRORS.oneCode(other.code));
    }
    db.run('INSERT INTO checkout_discount_codes (checkout_id, code, applied_at) VALUES (?, ?, ?) ON CONFLICT (checkout_id, code) DO NOTHING', [
      cart.id, code, now(),
    ]);
    touch(db, cart.id);
  });
}

/** Removes a code from the owner's open cart; removing a code it does not have changes nothing. */
export function removeDiscountCode(db: Db, owner: Owner, checkoutId: string, rawCode: string): void {
  const code = normaliseCode(rawCode);
  if (code === '') throw new HttpError(400, CART_ERRORS.emptyCode);
  db.transaction(() => {
    const cart = requireOwned(db, checkoutId, owner);
    db.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ? AND code = ?', [cart.id, code]);
    touch(db, cart.id);
  });
}

/** Whether a customer has a placed order that used a code. */
export function redeemed(db: Db, customerId: number, code: string): boolean {
  return (
    db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM checkout_discount_codes d JOIN checkouts c ON c.id = d.checkout_id
       WHERE c.customer_id = ? AND c.status = 'completed' AND d.code = ?`,
      [customerId, code],
    )?.n ?? 0
  ) > 0;
}

/**
 * Merges the anonymous cart of `prevSessionId` into the customer's cart, for the sign-in
 * listener (runs inside the sign-in transaction). Without an account cart the anonymous cart
 * simply becomes the customer's.
 * @example
 * app.addSignInListener((prev, _next, customerId) => mergeAnonymousCart(db, prev, customerId));
 */
export function mergeAnonymousCart(db: Db, prevSessionId: number | null, customerId: number): void {
  if (prevSessionId === null) return;
  db.transaction(() => {
    const anon = findOpenCheckout(db, { sessionId: prevSessionId, customerId: null });
    if (!anon) return;
    const account = findOpenCheckout(db, { sessionId: prevSessionId, customerId });
    if (!account) {
      db.run('UPDATE checkouts SET customer_id = ?, session_id = NULL, updated_at = ? WHERE id = ?', [customerId, now(), anon.id]);
      return;
    }
    for (const line of lineDetails(db, anon.id)) {
      const existing = db.get<{ id: number; quantity: number }>(
        'SELECT id, quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
        [account.id, line.inventoryLevelId],
      );
      const cap = line.bypassNegativeQuantity ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(0, line.stock));
      const total = Math.min((existing?.quantity ?? 0) + line.quantity, Math.max(cap, existing?.quantity ?? 0));
      if (existing) db.run('UPDATE checkout_line_items SET quantity = ? WHERE id = ?', [total, existing.id]);
      else if (total > 0 && line.availableForSale) {
        db.run('INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity, created_at) VALUES (?, ?, ?, ?)', [
          account.id, line.inventoryLevelId, total, now(),
        ]);
      }
    }
    const accountCodes = checkoutDiscountCodes(db, account.id);
    const hasAmount = accountCodes.some((c) => c.kind !== 'free_shipping');
    for (const c of checkoutDiscountCodes(db, anon.id)) {
      if (c.kind !== 'free_shipping' && hasAmount) continue;
      if (c.oncePerCustomer && redeemed(db, customerId, c.code)) continue;
      db.run('INSERT INTO checkout_discount_codes (checkout_id, code, applied_at) VALUES (?, ?, ?) ON CONFLICT (checkout_id, code) DO NOTHING', [
        account.id, c.code, now(),
      ]);
    }
    db.run('DELETE FROM checkout_discount_codes WHERE checkout_id = ?', [anon.id]);
    db.run('DELETE FROM checkout_line_items WHERE checkout_id = ?', [anon.id]);
    db.run("UPDATE checkouts SET status = 'merged', updated_at = ? WHERE id = ?", [now(), anon.id]);
    touch(db, account.id);
  });
}
