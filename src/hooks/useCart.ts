/**
 * The cart (spec sections 2, 4, 7 and 8) from the provider's shared cart actor: lines, totals with
 * the store currency, the cartUpdating flag, the overlay, the coupon box, and the actions. The
 * add, quick add, add-products and coupon actions answer `{ success, error }` (spec section 7: "a
 * cart context function takes (inventoryLevelId, quantity 1) and returns success or error").
 * @module
 */
import { useMemo } from 'react';
import { cartItemCount, cartQuantityOf, cartTotalsCents, cartTotalsRows, cartTotalsText, type CartTotalsRow, type CartTotalsText } from '../domain/cart.ts';
import type { CartLine, Checkout } from '../domain/entities.ts';
import type { CartNotice, CartOverlay } from '../machines/cart.machine.ts';
import { canApplyCoupon } from '../machines/cart.selectors.ts';
import { useThemeConfig } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { sendCartRequest as request, type CartResult } from './lazy-cart.ts';
import { useCartSelector } from './useCartSelector.ts';

export type { CartResult } from './lazy-cart.ts';

/** What {@link useCart} returns. */
export interface CartApi {
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
  /** Units of an inventory level already in the cart. */
  quantityOf(inventoryLevelId: number): number;
  add(inventoryLevelId: number, quantity?: number): Promise<CartResult>;
  /** The product card's add button: fetches the product by handle and adds its first sellable level. */
  quickAdd(handle: string, quantity?: number): Promise<CartResult>;
  addProducts(handles: readonly string[]): Promise<CartResult>;
  applyCoupon(code: string): Promise<CartResult>;
  removeCoupon(code: string): Promise<CartResult>;
  setQuantity(lineItemId: number, quantity: number): void;
  remove(lineItemId: number): void;
  reload(): void;
  /** Sends the shopper to the checkout webUrl (else the cart page) with a begin_checkout event. */
  startCheckout(): void;
  openOverlay(): void;
  toggleOverlay(): void;
  closeOverlay(): void;
  /** A click outside the overlay. */
  outsideClick(): void;
  /** The View Cart button (the view links to /shoppingcart.asp). */
  viewCart(): void;
}

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
  const { cart } = shared;
  const symbol = useThemeConfig().storeCurrency;
  const lines = useCartSelector((s) => s.context.lines);
  const checkout = useCartSelector((s) => s.context.checkout);
  const updating = useCartSelector((s) => s.context.updating);
  const overlay = useCartSelector((s) => s.context.overlay);
  const couponEnabled = useCartSelector(canApplyCoupon);
  const couponNotice = useCartSelector((s) => s.context.couponNotice);
  const couponResets = useCartSelector((s) => s.context.couponResets);

  const totals = useMemo(() => checkout && cartTotalsText(cartTotalsCents(lines, checkout), symbol), [checkout, lines, symbol]);
  const totalsRows = useMemo(
    () => (checkout ? cartTotalsRows(cartTotalsCents(lines, checkout), symbol, checkout.DiscountCodes.map((c) => c.code)) : []),
    [checkout, lines, symbol],
  );

  const actions = useMemo(
    () => ({
      quantityOf: (inventoryLevelId: number) => cartQuantityOf(cart.getSnapshot().context.lines, inventoryLevelId),
      add: (inventoryLevelId: number, quantity = 1) => request(shared, { type: 'cart.add', inventoryLevelId, quantity }),
      quickAdd: (handle: string, quantity?: number) => request(shared, { type: 'cart.quickAdd', handle, quantity }),
      addProducts: (handles: readonly string[]) => request(shared, { type: 'cart.addProducts', handles }),
      applyCoupon: (code: string) => request(shared, { type: 'discount.apply', code }),
      removeCoupon: (code: string) => request(shared, { type: 'discount.remove', code }),
      setQuantity: (lineItemId: number, quantity: number) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity }),
      remove: (lineItemId: number) => cart.send({ type: 'cart.delete', lineItemId }),
      reload: () => cart.send({ type: 'cart.reload' }),
      startCheckout: () => cart.send({ type: 'checkout.start' }),
      openOverlay: () => cart.send({ type: 'overlay.open' }),
      toggleOverlay: () => cart.send({ type: 'overlay.toggle' }),
      closeOverlay: () => cart.send({ type: 'overlay.close' }),
      outsideClick: () => cart.send({ type: 'overlay.outsideClick' }),
      viewCart: () => cart.send({ type: 'overlay.viewCart' }),
    }),
    [cart, shared],
  );

  return {
    lines,
    checkout,
    updating,
    empty: lines.length === 0,
    itemCount: cartItemCount(lines),
    overlay,
    overlayOpen: overlay === 'shown',
    totals,
    totalsRows,
    canApplyCoupon: couponEnabled,
    couponNotice,
    couponResets,
    canCheckout: !updating && lines.length > 0,
    ...actions,
  };
}
