/**
 * Pure helpers of the cart machine: the request queue, the inputs of its actors and the error
 * text a failed call shows. Kept apart so `cart.machine.ts` reads as states and transitions.
 *
 * @module
 */
import { isApiError } from '../api/errors.ts';
import type { BeginCheckoutPayload, BEGIN_CHECKOUT_EVENT } from '../domain/analytics.ts';
import { CART_MESSAGES, couponAppliedMessage } from '../domain/cart-calls.ts';
import type { CartLine, Checkout, Product } from '../domain/entities.ts';
import { checkAddProduct } from '../domain/quantity.ts';
import { SHELL_MESSAGES } from '../domain/shell.ts';

/**
 * The cart events that become requests. They wait in a FIFO and run one at a time, in the order
 * they arrived, so a change sent while another is in flight is applied after it, never dropped.
 * `requestId` is echoed in the `cart.result` event so a caller can await its own request.
 */
export type CartRequestEvent =
  /** Fetches the checkout; its lines replace the cart's. */
  | { type: 'cart.reload' }
  /** Adds units of an inventory level; the answer is merged into the cart. */
  | { type: 'cart.add'; inventoryLevelId: number; quantity: number; requestId?: string }
  /** Sets a line's quantity (found by lineItemId, else inventoryLevelId); the answer replaces the cart. */
  | { type: 'cart.setQuantity'; lineItemId?: number; inventoryLevelId?: number; quantity: number }
  /** Deletes a line; the answer replaces the cart. */
  | { type: 'cart.delete'; lineItemId: number }
  /** Applies a discount code to the checkout. */
  | { type: 'discount.apply'; code: string; requestId?: string }
  /** Removes a discount code from the checkout. */
  | { type: 'discount.remove'; code: string; requestId?: string }
  /** Adds products by handle (POST /api/checkouts/products). */
  | { type: 'cart.addProducts'; handles: readonly string[]; requestId?: string }
  /** The product card's add button: fetch the product, pick its first sellable level, add it. */
  | { type: 'cart.quickAdd'; handle: string; quantity?: number; requestId?: string }
  /** Starts checkout once every earlier change has landed. */
  | { type: 'checkout.start' };

/** The type of a request event. */
export type CartRequestType = CartRequestEvent['type'];

/** The requests that report their outcome with a `cart.result` event. */
export type ReportedRequestType = 'cart.add' | 'cart.quickAdd' | 'cart.addProducts' | 'discount.apply' | 'discount.remove';

/**
 * The head of the queue when it has the given type. Throws otherwise: a state that invokes an
 * actor for a request is only entered when that request is at the head, so a mismatch is a bug.
 */
export function headOf<T extends CartRequestType>(queue: readonly CartRequestEvent[], type: T): Extract<CartRequestEvent, { type: T }> {
  const head = queue[0];
  if (head?.type !== type) throw new Error(`Cart queue: expected '${type}' at the head, found '${head?.type ?? 'nothing'}'`);
  return head as Extract<CartRequestEvent, { type: T }>;
}

/** The requestId of the head request, when it carries one. */
export function headRequestId(queue: readonly CartRequestEvent[]): string | undefined {
  const head = queue[0];
  return head !== undefined && 'requestId' in head ? head.requestId : undefined;
}

/**
 * The line a set-quantity request targets in the cart as it is when the request runs: by
 * lineItemId when given, else by inventoryLevelId. Resolving at run time (not when queued) means
 * a request queued behind the delete of its line finds nothing and is skipped, as the reducer
 * would ignore it.
 */
export function setQuantityTarget(lines: readonly CartLine[], request: { lineItemId?: number; inventoryLevelId?: number }): CartLine | undefined {
  if (request.lineItemId !== undefined) return lines.find((line) => line.lineItemId === request.lineItemId);
  if (request.inventoryLevelId !== undefined) return lines.find((line) => line.inventoryLevelId === request.inventoryLevelId);
  return undefined;
}

/**
 * Whether the head request has nothing to act on and is skipped without a call: a set-quantity or
 * delete of a line that is not (or no longer) in the cart.
 */
export function isHeadMoot(queue: readonly CartRequestEvent[], lines: readonly CartLine[]): boolean {
  const head = queue[0];
  if (head?.type === 'cart.setQuantity') return setQuantityTarget(lines, head) === undefined;
  if (head?.type === 'cart.delete') return !lines.some((line) => line.lineItemId === head.lineItemId);
  return false;
}

/** Whether a quantity is one a line can hold: a whole number above 0. */
export function isLineQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0;
}

/**
 * The text a failed cart call shows, or '' when it has none of its own (the caller then shows its
 * fallback): the server's `error`; the last network message after the retries; the client's own
 * refusal ('Invalid checkout.'); an exception's message. A non-ok status without a server error
 * gives '' rather than the generic message (spec section 8: the default message is not shown for
 * cart requests).
 *
 * @example
 * cartErrorMessage(new ApiError('Out of stock', { kind: 'server', serverMessage: 'Out of stock' })); // 'Out of stock'
 */
export function cartErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    return error.kind === 'http' || error.kind === 'parse' ? '' : error.message;
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** What the hook or the test can read off a checkout answer without trusting its type. */
export function answerCheckout(output: { checkout?: Checkout | null } | null | undefined): Checkout | null {
  const checkout = output?.checkout;
  return checkout !== null && typeof checkout === 'object' ? checkout : null;
}

/** The overlay: never opened yet, shown, or hidden after being shown (spec section 4). */
export type CartOverlay = 'never' | 'shown' | 'hidden';

/** The tones of a user notice (machine convention). */
export type NoticeTone = 'success' | 'danger' | 'warning' | 'error' | 'info';

/** A notice a view shows inline (the coupon box's alert). */
export interface CartNotice { tone: NoticeTone; message: string }

/** The cart's context. */
export interface CartContext {
  /** The client cart lines, in the server's order. */
  lines: CartLine[];
  /** The server's checkout, or null before one exists. */
  checkout: Checkout | null;
  /** The cartUpdating flag: a request is in flight (cart buttons are disabled). */
  updating: boolean;
  overlay: CartOverlay;
  /** The last failure's text (including logged-only ones), cleared by the next success. */
  lastError: string | null;
  /** Requests waiting their turn; the head is the one in flight while updating. */
  queue: CartRequestEvent[];
  /** The coupon box's alert: the last coupon outcome. */
  couponNotice: CartNotice | null;
  /** Counts applied coupons: the view clears the coupon input whenever it changes. */
  couponResets: number;
  /** The inventory level a quick add picked, between fetching the product and adding it. */
  quickAddLevelId: number | null;
}

/** UI events of the overlay; handled at once, never queued. */
export type CartUiEvent =
  | { type: 'overlay.open' } | { type: 'overlay.toggle' } | { type: 'overlay.close' }
  | { type: 'overlay.outsideClick' } | { type: 'overlay.viewCart' } | { type: 'layout.mobile' };

/** Every event the cart accepts. */
export type CartEvent = CartRequestEvent | CartUiEvent;

/**
 * The cart's input. Without `checkout` the cart fetches it on start (the startup fetch); with it
 * (even `null`, meaning "no cart yet") it starts loaded, for server rendering (DESIGN 11).
 */
export interface CartInput { checkout?: Checkout | null; overlay?: CartOverlay }

/** The outcome of an add, quick add, add-products or coupon request. */
export type CartResultEvent =
  | { type: 'cart.result'; request: ReportedRequestType; requestId?: string; success: true }
  | { type: 'cart.result'; request: ReportedRequestType; requestId?: string; success: false; error: string };

/** What the cart emits: notices, logs, navigation, analytics and request outcomes. */
export type CartEmitted =
  | { type: 'notify'; tone: NoticeTone; message: string }
  | { type: 'log'; message: string; error?: unknown }
  | { type: 'navigate'; url: string }
  | { type: 'analytics'; name: typeof BEGIN_CHECKOUT_EVENT; payload: BeginCheckoutPayload }
  | CartResultEvent;

/** Input of the `applyDiscountCode` and `removeDiscountCode` actors. */
export interface DiscountCallInput { checkoutId: string; code: string }

const REPORTED = new Set<CartRequestType>(['cart.add', 'cart.quickAdd', 'cart.addProducts', 'discount.apply', 'discount.remove']);
/** Whether a request reports its outcome with `cart.result`. */
export const isReported = (type: CartRequestType | undefined): type is ReportedRequestType => type !== undefined && REPORTED.has(type);
/** Whether a request is a coupon call. */
export const isDiscount = (type: CartRequestType | undefined): boolean => type === 'discount.apply' || type === 'discount.remove';
/** Whether a request adds to the cart (add or quick add). */
export const isAdd = (type: CartRequestType | undefined): boolean => type === 'cart.add' || type === 'cart.quickAdd';

/**
 * The text of a failed reported request: the error itself, else 'Failed to add item to cart' for
 * an add and the generic message for the others (a danger alert always needs words).
 */
export function failureText(type: CartRequestType | undefined, error: string): string {
  if (error !== '') return error;
  return isAdd(type) ? CART_MESSAGES.addFailed : SHELL_MESSAGES.generic;
}

/** The success message of a reported request ('' for add-products, which has none). */
export function successText(head: CartRequestEvent | undefined): string {
  if (head?.type === 'discount.apply') return couponAppliedMessage(head.code.trim());
  if (head?.type === 'discount.remove') return CART_MESSAGES.couponRemoved;
  return isAdd(head?.type) ? CART_MESSAGES.productAdded : '';
}

/** The inventory level a quick add uses, when the product has one to sell. */
export function quickAddLevel(product: Product | null | undefined): number | null {
  const check = checkAddProduct(product);
  return check.ok ? check.inventoryLevel.id : null;
}

/** Why a quick add refused a product ('' when it did not). */
export function refusal(product: Product | null | undefined): string {
  const check = checkAddProduct(product);
  return check.ok ? '' : check.error;
}
