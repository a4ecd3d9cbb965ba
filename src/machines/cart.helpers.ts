/**
 * Pure helpers of the cart machine: the request queue, the inputs of its actors and the error
 * text a failed call shows. Kept apart so `cart.machine.ts` reads as states and transitions.
 *
 * @module
 */
import { isApiError } from '../api/errors.ts';
import { CART_MESSAGES, couponAppliedMessage } from '../domain/cart-calls.ts';
import type { CartLine, Checkout, Product } from '../domain/entities.ts';
import type { CartRequestEvent, CartRequestType, ReportedRequestType } from './cart.types.ts';

export type {
  CartContext, CartEmitted, CartEvent, CartInput, CartNotice, CartOverlay, CartRequestEvent, CartRequestType, CartResultEvent, CartUiEvent, DiscountCallInput, NoticeTone, ReportedRequestType,
} from './cart.types.ts';
import { checkAddProduct } from '../domain/quantity.ts';
import { SHELL_MESSAGES } from '../domain/shell.ts';


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
 * gives '' rather than the generic message (the default message is not shown for
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
