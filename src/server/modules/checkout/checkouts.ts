/**
 * The checkout (cart) repository: one open cart per anonymous session or per customer, its
 * lines, its discount codes, the checkout object the storefront reads, and the cart's shipping
 * estimate.
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
 * - A cart's shipping estimate (`POST /api/shipping/estimate` with its checkout id) is asked only
 *   by its owner and only while it is open; any other checkout is not found (404).
 * @module
 */
import { randomBytes } from 'node:crypto';
import { CALL_FOR_PRICE_CART_ERROR } from '../../../domain/call-for-price.ts';
import { lineQuantityCap } from '../../../domain/cart.ts';
import type { Checkout, CheckoutLineItem } from '../../../domain/entities.ts';
import { fromCents, formatPrice } from '../../../domain/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { checkoutDiscountCodes, discountRefusal, findDiscountCode, MAX_CODE_LENGTH, normaliseCode } from './discounts.ts';
import { priceCart, type CartPrice } from '../../../domain/cart-pricing.ts';
import type { ShippingDestination, ShippingQuote, ShippingResult } from '../../../domain/shipping/index.ts';
import type { EstimateOptions, ShippingService } from '../shipping/service.ts';
import {
  addToLineGuarded, assignCheckoutToCustomer, cartRows, cartRowsAndCommit, checkoutById, closeMergedCheckout, deleteCheckoutCode,
  deleteCheckoutLine, findOpenCheckout, firstSellableLevel, insertCheckoutCode, insertLine, insertOpenCheckout, levelRow, lineDetails,
  lineOfLevel, lockOpenCheckout, openCartRows, productByHandle, redeemed, setLineQuantityById, setLineQuantityGuarded, toLineDetail,
  touchCheckout, updateCheckoutDetails, type CartRow, type CheckoutRow, type LevelRow, type LineDetail, type Owner,
} from './checkouts.repository.ts';

export { findOpenCheckout, lineDetails, redeemed, type CheckoutRow, type LineDetail, type Owner } from './checkouts.repository.ts';

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

const now = (): string => new Date().toISOString();

/** A new checkout id: 128 random bits in hex, unguessable since it appears in a URL. */
export function newCheckoutId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The open cart of an owner, created when there is none, its row locked until the transaction
 * ends and its `updated_at` set (every caller is about to change it). Call inside a write
 * transaction.
 */
export async function ensureCheckout(db: Db, owner: Owner): Promise<CheckoutRow> {
  const at = now();
  const found = await lockOpenCheckout(db, owner, at);
  if (found) return found;
  const id = newCheckoutId();
  // one open cart per owner (unique indexes): of two first adds at once, one creates it and the
  // other, after waiting for it, inserts nothing and locks the one created
  if (!await insertOpenCheckout(db, id, owner, at)) {
    const other = await lockOpenCheckout(db, owner, now());
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
  const row = await checkoutById(db, checkoutId);
  return row && ownsCheckout(row, owner) ? row : undefined;
}

/**
 * Writes what the shopper confirmed on an open checkout before paying (a later submit replaces
 * it). Answers false when the checkout is no longer open (placed meanwhile).
 */
export async function saveCheckoutDetails(db: Db, checkoutId: string, details: CheckoutDetails): Promise<boolean> {
  return await updateCheckoutDetails(db, checkoutId, {
    email: details.email, addressJson: JSON.stringify(details.address), choiceJson: JSON.stringify(details.choice),
    paymentMethodId: details.paymentMethodId, at: now(),
  });
}

/**
 * What was confirmed on a checkout before paying, with its owner; undefined for an unknown
 * checkout or one never submitted (no address written). An unreadable stored value is none.
 */
export async function storedCheckoutDetails(db: Db, checkoutId: string): Promise<(CheckoutDetails & { owner: Owner; status: string }) | undefined> {
  const row = await checkoutById(db, checkoutId);
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

/** The price of a checkout's current lines and codes. */
export async function priceCheckout(db: Db, checkoutId: string, lines?: readonly LineDetail[]): Promise<CartPrice> {
  return priceCart(lines ?? (await lineDetails(db, checkoutId)), await checkoutDiscountCodes(db, checkoutId));
}

/**
 * The shipping estimate of a shopper's own open cart: its lines at the cart's prices, its
 * discount and free-shipping codes, purpose 'estimate' (a ZIP is enough), so its totals are the
 * ones the hosted checkout charges for the same destination and choices. The shipping module's
 * estimate route calls it (app.ts passes it as the route's `estimateCart`).
 * @throws HttpError 404 when the checkout is not an open cart of `owner` (null: no session, no cart)
 * @throws UnknownLevelError (shipping) for an inventory level that no longer exists
 * @example
 * await estimateCheckout(shipping, db, { sessionId: 4, customerId: null }, checkoutId, { zip: '92101' }, {});
 */
export async function estimateCheckout(
  shipping: Pick<ShippingService, 'quoteCart'>,
  db: Db,
  owner: Owner | null,
  checkoutId: string,
  destination: ShippingDestination,
  options: EstimateOptions,
): Promise<ShippingResult<ShippingQuote>> {
  const row = owner ? await ownedCheckout(db, checkoutId, owner) : undefined;
  if (row?.status !== 'open') throw new HttpError(404, CART_ERRORS.checkoutNotFound);
  const lines = await lineDetails(db, checkoutId);
  const price = await priceCheckout(db, checkoutId, lines);
  return await shipping.quoteCart(db, lines, price, destination, { ...options, purpose: 'estimate' });
}

/** The checkout object of a cart's rows (see `cartRows`). */
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
 * The checkout object the storefront reads (the API's field names): decimals at the edge,
 * `webUrl` the hosted checkout page whose last path segment is the checkout id. One statement
 * for the cart and its lines, a second only when it carries discount codes.
 * @example
 * readCheckout(db, row.id, 'http://127.0.0.1:3000').webUrl; // 'http://127.0.0.1:3000/checkout/9f0c...'
 */
export async function readCheckout(db: Db, checkoutId: string, baseUrl: string): Promise<Checkout> {
  return await checkoutOf(db, checkoutId, await cartRows(db, checkoutId), baseUrl);
}

/**
 * {@link readCheckout} as the last statement of the write transaction `tx`, committing with it
 * where the database can (PostgreSQL: the read and COMMIT in one round trip). A cart with codes
 * has them read just after the commit on the same connection, so they are the cart's codes as
 * this call left them, or newer.
 */
export async function readCheckoutAndCommit(tx: Db, checkoutId: string, baseUrl: string): Promise<Checkout> {
  const rows = await cartRowsAndCommit(tx, checkoutId);
  if (!rows) return await readCheckout(tx, checkoutId, baseUrl);
  return await checkoutOf(tx, checkoutId, rows, baseUrl);
}

/**
 * The owner's open cart as the checkout object, found and read in one statement (no lock, no
 * write); undefined when the owner has no open cart yet.
 */
export async function readOpenCheckout(db: Db, owner: Owner, baseUrl: string): Promise<Checkout | undefined> {
  const rows = await openCartRows(db, owner);
  const first = rows[0];
  return first ? await checkoutOf(db, first.checkout_id, rows, baseUrl) : undefined;
}

async function level(db: Db, inventoryLevelId: number): Promise<LevelRow> {
  const row = await levelRow(db, inventoryLevelId);
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
  await touchCheckout(db, checkoutId, now());
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
  if (await addToLineGuarded(db, checkoutId, inventoryLevelId, quantity, now())) return;
  const row = await level(db, inventoryLevelId);
  const existing = await lineOfLevel(db, checkoutId, inventoryLevelId);
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
    if (await setLineQuantityGuarded(tx, cart.id, input.inventoryLevelId, input.quantity)) return cart.id;
    const existing = await lineOfLevel(tx, cart.id, input.inventoryLevelId);
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
    if (!await deleteCheckoutLine(tx, lineItemId, cart.id)) throw new HttpError(404, CART_ERRORS.notInCart);
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
      const product = await productByHandle(tx, handle);
      if (!product) throw new HttpError(404, CART_ERRORS.productNotFound(handle));
      if (Number(product.call_for_price) === 1) throw new HttpError(422, CALL_FOR_PRICE_CART_ERROR);
      const first = await firstSellableLevel(tx, product.id);
      if (!first) throw new HttpError(422, CART_ERRORS.productUnavailable);
      await addToLine(tx, cart.id, first.id, 1);
    }
    return cart.id;
  });
}

async function requireOwned(db: Db, checkoutId: string, owner: Owner): Promise<CheckoutRow> {
  // locked like ensureCheckout's: one write at a time on a cart
  const found = await checkoutById(db, checkoutId, true);
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
    await insertCheckoutCode(tx, cart.id, code, now(), ip);
    await touch(tx, cart.id);
  });
}

/** Removes a code from the owner's open cart; removing a code it does not have changes nothing. */
export async function removeDiscountCode(db: Db, owner: Owner, checkoutId: string, rawCode: string): Promise<void> {
  const code = normaliseCode(rawCode);
  if (code === '') throw new HttpError(400, CART_ERRORS.emptyCode);
  await db.transaction(async (tx) => {
    const cart = await requireOwned(tx, checkoutId, owner);
    await deleteCheckoutCode(tx, cart.id, code);
    await touch(tx, cart.id);
  });
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
      await assignCheckoutToCustomer(tx, anon.id, customerId, now());
      return;
    }
    for (const line of await lineDetails(tx, anon.id)) {
      const existing = await lineOfLevel(tx, account.id, line.inventoryLevelId);
      const cap = lineQuantityCap(line.stock, line.bypassNegativeQuantity);
      const total = Math.min((existing?.quantity ?? 0) + line.quantity, Math.max(cap, existing?.quantity ?? 0));
      if (existing) await setLineQuantityById(tx, existing.id, total);
      else if (total > 0 && line.availableForSale) await insertLine(tx, account.id, line.inventoryLevelId, total, now());
    }
    const accountCodes = await checkoutDiscountCodes(tx, account.id);
    const hasAmount = accountCodes.some((c) => c.kind !== 'free_shipping');
    for (const c of await checkoutDiscountCodes(tx, anon.id)) {
      if (c.kind !== 'free_shipping' && hasAmount) continue;
      if (c.oncePerCustomer && await redeemed(tx, customerId, c.code)) continue;
      await insertCheckoutCode(tx, account.id, c.code, now(), c.appliedIp);
    }
    await closeMergedCheckout(tx, anon.id, now());
    await touch(tx, account.id);
  });
}
