/**
 * The product card's add button: its label and when it
 * is disabled. A module of its own: the listing pages' cards need only this of the quantity rules.
 * @module
 */
import { toCents } from './money.ts';

/** The labels of the product card add button, word for word. */
export const ADD_BUTTON_LABELS = {
  order: 'Add to Order',
  cart: 'Add to Cart',
  outOfStock: 'Out of stock',
} as const;

/** What the product card add button reads. */
export interface AddButtonInput {
  /** The card's price, compare price, stock and bypass flag (a ProductCardData fits). */
  card: { price: number; availableForSale: boolean; availableQuantity: number; bypassNegativeQuantity: boolean };
  /** Units of the card's inventory level already in the cart. */
  quantityInCart: number;
  /** A cart request is in flight. */
  cartUpdating: boolean;
  /** The page adds to an existing order instead of the cart. */
  orderMode: boolean;
  /** An add-to-order request is in flight. */
  orderAddInProgress: boolean;
}

/** The state of the product card add button. */
export interface AddButtonState {
  disabled: boolean;
  label: (typeof ADD_BUTTON_LABELS)[keyof typeof ADD_BUTTON_LABELS];
  /** Units that may still be added; Infinity when bypassNegativeQuantity. */
  remaining: number;
}

/**
 * The product card add button.
 *
 * Remaining is unlimited when bypassNegativeQuantity is set, else availableQuantity minus the
 * quantity in the cart. The button is disabled while the cart is updating, the item is
 * unavailable, remaining is 0 or less, an order add is in progress, or the price is 0 (checked in
 * cents, so a price that rounds to $0.00 counts as 0).
 *
 * Choices for the label: 'Add to Order' whenever in order mode; otherwise 'Out of stock' when the
 * item is unavailable or remaining is 0 or less, else 'Add to Cart'. A 0 price keeps 'Add to Cart'
 * (disabled), because the price line already reads 'Please call us for price on this product.'.
 *
 * @example
 * addButtonState({ card, quantityInCart: 0, cartUpdating: false, orderMode: false, orderAddInProgress: false });
 * // { disabled: false, label: 'Add to Cart', remaining: 4 }
 */
export function addButtonState(input: AddButtonInput): AddButtonState {
  const { card } = input;
  const remaining = card.bypassNegativeQuantity
    ? Number.POSITIVE_INFINITY
    : card.availableQuantity - input.quantityInCart;
  const outOfStock = !card.availableForSale || remaining <= 0;
  const disabled =
    input.cartUpdating || outOfStock || input.orderAddInProgress || toCents(card.price) === 0;
  const label = input.orderMode
    ? ADD_BUTTON_LABELS.order
    : outOfStock
      ? ADD_BUTTON_LABELS.outOfStock
      : ADD_BUTTON_LABELS.cart;
  return { disabled, label, remaining };
}
