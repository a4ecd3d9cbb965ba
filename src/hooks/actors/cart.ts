/**
 * The shared cart's requests, as a hook returns them: the adds and coupon calls answer
 * `{ success, error }` once the cart has handled them; the rest are events.
 * @module
 */
import { cartQuantityOf } from '../../domain/cart.ts';
import { sendCartRequest as request, type CartResult } from '../lazy-cart.ts';
import type { SharedActors } from '../SharedActorsProvider.tsx';

/** The cart's requests. */
export interface CartRequests {
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
 * The requests over the provider's shared actors (the cart's code loads with the first change).
 * @example const { add } = cartRequests(useSharedActors());
 */
export function cartRequests(shared: SharedActors): CartRequests {
  const { cart } = shared;
  return {
    quantityOf: (inventoryLevelId) => cartQuantityOf(cart.getSnapshot().context.lines, inventoryLevelId),
    add: (inventoryLevelId, quantity = 1) => request(shared, { type: 'cart.add', inventoryLevelId, quantity }),
    quickAdd: (handle, quantity) => request(shared, { type: 'cart.quickAdd', handle, quantity }),
    addProducts: (handles) => request(shared, { type: 'cart.addProducts', handles }),
    applyCoupon: (code) => request(shared, { type: 'discount.apply', code }),
    removeCoupon: (code) => request(shared, { type: 'discount.remove', code }),
    setQuantity: (lineItemId, quantity) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity }),
    remove: (lineItemId) => cart.send({ type: 'cart.delete', lineItemId }),
    reload: () => cart.send({ type: 'cart.reload' }),
    startCheckout: () => cart.send({ type: 'checkout.start' }),
    openOverlay: () => cart.send({ type: 'overlay.open' }),
    toggleOverlay: () => cart.send({ type: 'overlay.toggle' }),
    closeOverlay: () => cart.send({ type: 'overlay.close' }),
    outsideClick: () => cart.send({ type: 'overlay.outsideClick' }),
    viewCart: () => cart.send({ type: 'overlay.viewCart' }),
  };
}
