/**
 * The outcomes of cart, coupon and add-to-order calls as the shopper sees them: the messages
 * word for word, the checkout id the discount calls need, and where checkout
 * starts. Pure, so the machines, the hooks and the server tests share one copy of each string.
 *
 * @module
 */
import type { Checkout } from './entities.ts';

/**
 * The full cart page: the View Cart target, and where checkout starts when the checkout has no
 * webUrl.
 * @default '/shoppingcart.asp'
 */
export const CART_PAGE_PATH = '/shoppingcart.asp';

/** What a cart or coupon call's outcome says, word for word. */
export const CART_MESSAGES = {
  /** A cart answer without a checkout. */
  noCheckout: "Couldn't update cart.",
  /** A discount call without a checkout id. */
  invalidCheckout: 'Invalid checkout.',
  /** A discount code was removed. */
  couponRemoved: 'The discount code was successfully removed.',
  /** Quick add succeeded. */
  productAdded: 'Product added to cart',
  /** Quick add failed without an error of the server's to show. */
  addFailed: 'Failed to add item to cart',
} as const;

/**
 * The message of an applied coupon, with the code as the shopper typed it.
 *
 * @example
 * couponAppliedMessage('SPLASH10'); // 'Coupon code: SPLASH10 has been added successfully.'
 */
export function couponAppliedMessage(code: string): string {
  return `Coupon code: ${code} has been added successfully.`;
}

/** What adding a product to a placed order says, word for word. */
export const ADD_TO_ORDER_MESSAGES = {
  /** The product was added to the order. */
  success: "You've added this product to your order. Expect hearing from us soon.",
  /** A non-ok answer without a server error to show. */
  failed: 'Failed to add product to order',
} as const;

/**
 * The checkout id of a checkout's webUrl: its last path segment, or `null` when
 * there is none, so a discount call can answer 'Invalid checkout.' without a request.
 *
 * Choices: the query and fragment are ignored, a trailing slash does not make an empty segment,
 * a URL with no path after its host has no id, and the segment is percent-decoded (the API client
 * encodes it again) unless it is malformed, in which case it is kept as written.
 *
 * @example
 * checkoutIdFromWebUrl('https://checkout.example/checkouts/abc123?key=1'); // 'abc123'
 * checkoutIdFromWebUrl('https://checkout.example');                        // null
 */
export function checkoutIdFromWebUrl(webUrl: string | null | undefined): string | null {
  if (typeof webUrl !== 'string') return null;
  const path = webUrl
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/s, '');
  const segments = path.split('/').filter((segment) => segment.trim() !== '');
  const last = segments[segments.length - 1];
  if (last === undefined) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The checkout id of a checkout (see {@link checkoutIdFromWebUrl}); no checkout has none.
 *
 * @example
 * checkoutIdOf(cart.checkout) ?? CART_MESSAGES.invalidCheckout;
 */
export function checkoutIdOf(checkout: Pick<Checkout, 'webUrl'> | null | undefined): string | null {
  return checkoutIdFromWebUrl(checkout?.webUrl);
}

/**
 * Where checkout starts: the checkout's webUrl, else the cart page. A blank
 * webUrl counts as none.
 *
 * @example
 * checkoutTarget(null); // '/shoppingcart.asp'
 */
export function checkoutTarget(checkout: Pick<Checkout, 'webUrl'> | null | undefined): string {
  const url = typeof checkout?.webUrl === 'string' ? checkout.webUrl.trim() : '';
  return url === '' ? CART_PAGE_PATH : url;
}
