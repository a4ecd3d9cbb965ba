/**
 * The cart from the provider's shared cart actor: lines, totals with
 * the store currency, the cartUpdating flag, the overlay, the coupon box, and the actions. The
 * add, quick add, add-products and coupon actions answer `{ success, error }` (a cart
 * function takes an inventory level and a quantity and returns success or error).
 * @module
 */
import { useMemo } from 'react';
import { connectCart, type CartView } from '../machines/cart.connect.ts';
import { useThemeConfig } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import type { CartSnapshot } from './lazy-cart.ts';
import { lastView } from './same-view.ts';
import { useCartSelector } from './useCartSelector.ts';
import { cartRequests, type CartRequests } from './actors/cart.ts';

export type { CartResult } from './lazy-cart.ts';

/** What {@link useCart} returns: the cart's view and its requests. */
export type CartApi = CartView & CartRequests;

/**
 * The shared cart: the header button, the product card, the overlay and the cart page all see the
 * same lines and the same updating flag.
 *
 * Choices: an ignored request resolves `{ success: false, error: 'Invalid cart request.' }`; the
 * totals show the lines' subtotal (the checkout's subtotalPrice is after discounts), the discount as
 * lines minus checkout subtotal, shipping as FREE at 0 or below (null when the checkout has no
 * shipping line yet), and subtotal - discount + shipping as the total.
 *
 * @example
 * const cart = useCart();
 * <button disabled={cart.updating} onClick={() => cart.add(level.id)}>Add to Cart</button>
 * <span>{cart.itemCount}</span>
 */
export function useCart(): CartApi {
  const shared = useSharedActors();
  const symbol = useThemeConfig().storeCurrency;
  const view = useCartSelector(useMemo(() => lastView((snapshot: CartSnapshot) => connectCart(snapshot, symbol)), [symbol]));
  const actions = useMemo(() => cartRequests(shared), [shared]);
  return { ...view, ...actions };
}
