/**
 * The product card's add button: its label and disabled state by the domain's
 * rule (`addButtonState`: stock, the units already in the cart, the cartUpdating flag, a price of
 * 0) and its action, a quick add by handle through the shared cart's queue.
 * @module
 */
import { addButtonState } from '../domain/add-button.ts';
import { cartQuantityOf } from '../domain/cart.ts';
import type { ProductCardData } from '../domain/entities.ts';
import { sendCartRequest, type CartResult } from './lazy-cart.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';

/** What {@link useQuickAdd} returns. */
export interface QuickAddApi {
  /** 'Add to Cart', or 'Out of stock' when no unit is left beyond those in the cart. */
  label: string;
  /** Out of stock, free, or the cart updating. */
  disabled: boolean;
  /** Quick-adds the product (its first sellable level); the cart opens its overlay on success. */
  add(quantity?: number): Promise<CartResult>;
}

/**
 * The add button of a product card. It reads only what the button shows from the shared cart
 * (the units of the card's level and the updating flag, two selectors answering primitives), so a
 * card renders again only when those change; a grid of 24 cards does not build 24 whole cart APIs
 * (`useCart`: seven selectors, the totals and fifteen actions each, on every cart change).
 *
 * @example
 * const button = useQuickAdd(card);
 * <button disabled={button.disabled} onClick={() => void button.add()}>{button.label}</button>
 */
export function useQuickAdd(card: ProductCardData): QuickAddApi {
  const shared = useSharedActors();
  const level = card.inventoryLevelId;
  const quantityInCart = useCartSelector((s) => (level === null ? 0 : cartQuantityOf(s.context.lines, level)));
  const updating = useCartSelector((s) => s.context.updating);
  const { label, disabled } = addButtonState({ card, quantityInCart, cartUpdating: updating, orderMode: false, orderAddInProgress: false });
  return { label, disabled, add: (quantity) => sendCartRequest(shared, { type: 'cart.quickAdd', handle: card.handle, quantity }) };
}
