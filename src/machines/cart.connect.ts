/**
 * What the cart shows, from a snapshot of the shared cart (the machine's, or the hooks' stand-in
 * before the machine's code has loaded: both have the same context): a pure function, tested
 * without React; `useCart` returns it with the cart's requests.
 * @module
 */
import { cartItemCount, cartTotalsCents, cartTotalsRows, cartTotalsText, type CartTotalsRow, type CartTotalsText } from '../domain/cart.ts';
import type { CartLine, Checkout } from '../domain/entities.ts';
import type { CartContext, CartNotice, CartOverlay } from './cart.types.ts';
import { canApplyCoupon } from './cart.selectors.ts';

/** What {@link connectCart} reads: a cart snapshot, or anything with its context fields. */
export interface CartViewSource {
  context: Pick<CartContext, 'lines' | 'checkout' | 'updating' | 'overlay' | 'couponNotice' | 'couponResets'>;
}

/** What the cart shows. */
export interface CartView {
  lines: readonly CartLine[];
  checkout: Checkout | null;
  /** The cartUpdating flag: every cart button is disabled while it is set. */
  updating: boolean;
  empty: boolean;
  /** Units in the cart (the cart button's badge). */
  itemCount: number;
  /** 'never' opened, 'shown' or 'hidden'. */
  overlay: CartOverlay;
  overlayOpen: boolean;
  /**
   * Totals with the store currency symbol, 2 decimals; null without a checkout. The subtotal is
   * the lines', and total = subtotal - discount + shipping to the cent (domain `cartTotalsCents`).
   */
  totals: CartTotalsText | null;
  /** The totals block's rows (Subtotal, Discount when one applies, Shipping when known, Total); empty without a checkout. */
  totalsRows: readonly CartTotalsRow[];
  /** The coupon box's enabled state (not updating, not empty, checkout has a link). */
  canApplyCoupon: boolean;
  /** The coupon box's alert: the last coupon outcome. */
  couponNotice: CartNotice | null;
  /** Changes after each applied coupon: key the coupon input on it to clear it. */
  couponResets: number;
  /** Whether checkout can start now (not updating, not empty). */
  canCheckout: boolean;
}

/**
 * The view of a snapshot, with the store's currency `symbol` in the totals.
 * @example connectCart(cart.getSnapshot(), '$').itemCount; // 3
 */
export function connectCart(snapshot: CartViewSource, symbol: string): CartView {
  const { lines, checkout, updating, overlay, couponNotice, couponResets } = snapshot.context;
  const cents = checkout && cartTotalsCents(lines, checkout);
  return {
    lines,
    checkout,
    updating,
    empty: lines.length === 0,
    itemCount: cartItemCount(lines),
    overlay,
    overlayOpen: overlay === 'shown',
    totals: checkout && cents && cartTotalsText(cents, symbol),
    totalsRows: checkout && cents ? cartTotalsRows(cents, symbol, checkout.DiscountCodes.map((c) => c.code)) : [],
    canApplyCoupon: canApplyCoupon(snapshot),
    couponNotice,
    couponResets,
    canCheckout: !updating && lines.length > 0,
  };
}
