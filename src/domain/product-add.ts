/**
 * The product page's add button: the product card add button's rules applied to the product
 * page's selected variant, and what adding that variant sends.
 *
 * @module
 */
import { cartQuantityOf } from './cart.ts';
import type { CartLine, Product, Variant } from './entities.ts';
import { addButtonState, ADD_BUTTON_LABELS, type AddButtonState } from './add-button.ts';
import { addInventoryLevel, isVariantUnlimited } from './variants.ts';

/** What the product page's add button reads. */
export interface ProductAddButtonInput {
  product: Pick<Product, 'price' | 'availableForSale'>;
  /** The selected variant, or null while options are not all chosen. */
  variant: Variant | null;
  /** The cart's lines. */
  lines: readonly CartLine[];
  cartUpdating: boolean;
  orderMode: boolean;
  orderAddInProgress: boolean;
}

/**
 * The quantity of a variant the cart holds, over all its inventory levels (each level counted once).
 *
 * @example
 * variantQuantityInCart(variant, lines); // 3
 */
export function variantQuantityInCart(variant: Variant, lines: readonly CartLine[]): number {
  let total = 0;
  for (const id of new Set(variant.availableInventoryLevels.map((level) => level.id))) total += cartQuantityOf(lines, id);
  return total;
}

/**
 * The product page's add button: the product card rules (`addButtonState`) over the selected
 * variant: its price, its stock (unlimited when a level bypasses negative quantity), the quantity
 * of its levels in the cart.
 *
 * Choices where the spec is silent:
 * - Until every option is chosen the button is disabled and reads 'Add to Cart' (nothing is out of
 *   stock yet), or 'Add to Order' in order mode.
 * - A variant without a sellable inventory level counts as unavailable: nothing could be added.
 * - In order mode the order add names the product, not a variant, so before a choice the product
 *   itself is judged (its price and availableForSale; stock is the order's business).
 *
 * @example
 * productAddButton({ product, variant, lines, cartUpdating: false, orderMode: false, orderAddInProgress: false });
 * // { disabled: false, label: 'Add to Cart', remaining: 7 }
 */
export function productAddButton(input: ProductAddButtonInput): AddButtonState {
  const { product, variant } = input;
  const card =
    variant === null
      ? { price: product.price, availableForSale: input.orderMode && product.availableForSale, availableQuantity: 0, bypassNegativeQuantity: input.orderMode }
      : {
          price: variant.price,
          availableForSale: variant.availableForSale && addInventoryLevel(variant) !== null,
          availableQuantity: variant.availableQuantity,
          bypassNegativeQuantity: isVariantUnlimited(variant),
        };
  const state = addButtonState({
    card,
    quantityInCart: variant === null ? 0 : variantQuantityInCart(variant, input.lines),
    cartUpdating: input.cartUpdating,
    orderMode: input.orderMode,
    orderAddInProgress: input.orderAddInProgress,
  });
  return variant === null && !input.orderMode ? { ...state, label: ADD_BUTTON_LABELS.cart } : state;
}
