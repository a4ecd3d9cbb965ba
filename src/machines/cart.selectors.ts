/**
 * What the cart's views read from its snapshot, apart from the machine itself: the hooks use these
 * before the machine's code has loaded (the stand-in of hooks/lazy-cart.ts has the same context).
 * @module
 */
import { checkoutIdOf } from '../domain/cart-calls.ts';
import type { CartContext, CartOverlay } from './cart.helpers.ts';

/** What {@link canApplyCoupon} reads: a cart snapshot, or anything with its context fields. */
export interface CartSnapshotLike { context: Pick<CartContext, 'updating' | 'lines' | 'checkout'> }

/**
 * Whether the coupon box is enabled: not while the cart is updating, not when the
 * cart is empty, and not when the checkout has no link (no checkout id in its webUrl). The hook
 * binds it with `useSelector(cart, canApplyCoupon)`.
 *
 * @example
 * const enabled = useSelector(cartRef, canApplyCoupon);
 */
export function canApplyCoupon(snapshot: CartSnapshotLike): boolean {
  const { updating, lines, checkout } = snapshot.context;
  return !updating && lines.length > 0 && checkoutIdOf(checkout) !== null;
}

/** The overlay events: handled at once, never queued. */
export type CartOverlayEventType = 'overlay.open' | 'overlay.toggle' | 'overlay.close' | 'overlay.outsideClick' | 'overlay.viewCart' | 'layout.mobile';

/**
 * The overlay after one of its events: opened by the cart button, toggled by it, hidden by a
 * click outside, View Cart, Escape or the layout turning mobile (only when it is shown; it stays
 * 'never' until first opened). The cart machine and the hooks' stand-in (before the machine has
 * loaded) both follow it.
 *
 * @example
 * nextOverlay('never', 'overlay.toggle');       // 'shown'
 * nextOverlay('never', 'overlay.outsideClick'); // 'never'
 */
export function nextOverlay(overlay: CartOverlay, event: CartOverlayEventType): CartOverlay {
  if (event === 'overlay.open') return 'shown';
  if (event === 'overlay.toggle') return overlay === 'shown' ? 'hidden' : 'shown';
  return overlay === 'shown' ? 'hidden' : overlay;
}

/** Whether an event is one of the overlay's. */
export function isOverlayEvent(type: string): type is CartOverlayEventType {
  return type === 'overlay.open' || type === 'overlay.toggle' || type === 'overlay.close' || type === 'overlay.outsideClick' || type === 'overlay.viewCart' || type === 'layout.mobile';
}
