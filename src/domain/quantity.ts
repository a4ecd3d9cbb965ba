/**
 * Quantity rules: the cart quantity input, the product card add button and the checks that must
 * pass before a product is added, with the quick add's messages.
 *
 * @module
 */
import type { InventoryLevel, Product, Variant } from './entities.ts';
import { addInventoryLevel, firstAvailableLevel } from './variants.ts';

/** The messages of the cart quantity input, word for word. */
export const QUANTITY_ERRORS = {
  /** The quantity is above the available quantity. */
  tooMany: (availableQuantity: number): string => `Can't add more than ${availableQuantity}`,
  /** The item is not available for sale. */
  unavailable: 'Item is not available for sale',
  /** The input is empty or not a whole number. */
  invalid: 'Invalid quantity',
  /** The input is 0. */
  notPositive: 'Quantity must be greater than 0',
} as const;

/** Why a quantity was refused, for machines that branch without comparing message text. */
export type QuantityErrorReason = 'invalid' | 'not-positive' | 'unavailable' | 'too-many';

/** The outcome of {@link validateQuantity}. */
export type QuantityResult =
  | { ok: true; quantity: number }
  | { ok: false; reason: QuantityErrorReason; error: string };

/** The stock a quantity is checked against. */
export interface QuantityStock {
  /** Units the shopper may have: the stock, or MAX_LINE_QUANTITY (cart.ts) when it is unlimited (see `availableStock`). */
  availableQuantity: number;
  availableForSale: boolean;
}

/**
 * Keeps the digits of what the shopper typed (spec: digits only; non-digits are stripped).
 *
 * @example
 * digitsOnly('1a2-'); // '12'
 */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Checks a cart quantity before it is applied: it must be a number, greater than 0, at most the
 * available quantity, and the item must be available for sale.
 *
 * Choices where the spec is silent:
 * - Order: 'Invalid quantity' (empty, non-digits, or too large to count exactly), then
 *   'Quantity must be greater than 0', then 'Item is not available for sale', then "Can't add more
 *   than {availableQuantity}". What is wrong with the typed value is reported before what is
 *   wrong with the item, so the message always points at something the shopper can see.
 * - Text counts as a number only when it is decimal digits ('1e2', '1.5', '-1', ' 3' are
 *   'Invalid quantity'): the input strips everything else. A number argument (from a machine)
 *   must be a whole number; a negative one reads 'Quantity must be greater than 0'.
 * - Digits beyond Number.MAX_SAFE_INTEGER are 'Invalid quantity' too, since they cannot be sent
 *   exactly, even when stock is unlimited.
 * - Unlimited stock (availableQuantity Infinity) never gives "Can't add more than"; a negative
 *   availableQuantity is shown as 0.
 *
 * @example
 * validateQuantity('3', { availableQuantity: 5, availableForSale: true }); // { ok: true, quantity: 3 }
 * validateQuantity('9', { availableQuantity: 5, availableForSale: true });
 * // { ok: false, reason: 'too-many', error: "Can't add more than 5" }
 */
export function validateQuantity(input: string | number, stock: QuantityStock): QuantityResult {
  const quantity = typeof input === 'number' ? input : /^\d+$/.test(input) ? Number(input) : Number.NaN;
  if (!Number.isSafeInteger(quantity)) return { ok: false, reason: 'invalid', error: QUANTITY_ERRORS.invalid };
  if (quantity <= 0) return { ok: false, reason: 'not-positive', error: QUANTITY_ERRORS.notPositive };
  if (!stock.availableForSale) return { ok: false, reason: 'unavailable', error: QUANTITY_ERRORS.unavailable };
  if (quantity > stock.availableQuantity) {
    return { ok: false, reason: 'too-many', error: QUANTITY_ERRORS.tooMany(Math.max(0, stock.availableQuantity)) };
  }
  return { ok: true, quantity };
}

/** What the plus and minus buttons of a quantity input read. */
export interface StepperInput {
  /** The quantity shown now. */
  quantity: number;
  /** Units the shopper may have; Infinity when unlimited. */
  availableQuantity: number;
  /** A cart request is in flight (the cartUpdating flag). */
  updating: boolean;
}

/**
 * The plus button is disabled when no stock remains (one more would pass availableQuantity) or
 * while the cart is updating.
 *
 * @example
 * isPlusDisabled({ quantity: 5, availableQuantity: 5, updating: false }); // true
 */
export function isPlusDisabled({ quantity, availableQuantity, updating }: StepperInput): boolean {
  return updating || quantity + 1 > availableQuantity;
}

/**
 * The minus button is disabled when the quantity would drop to 0 or less. Choice: it is also
 * disabled while the cart is updating, since the cartUpdating flag disables every cart button.
 *
 * @example
 * isMinusDisabled({ quantity: 1, availableQuantity: 5, updating: false }); // true
 */
export function isMinusDisabled({ quantity, updating }: Pick<StepperInput, 'quantity' | 'updating'>): boolean {
  return updating || quantity - 1 <= 0;
}

/** What a refused quick add says, word for word. */
export const ADD_PRODUCT_ERRORS = {
  /** The product is missing from the response. */
  missing: 'Product information unavailable',
  /** No sellable variant has an inventory level. */
  unavailable: 'Product is currently unavailable',
} as const;

/** The outcome of {@link checkAddProduct}. */
export type AddProductCheck =
  | { ok: true; variant: Variant; inventoryLevel: InventoryLevel }
  | { ok: false; error: (typeof ADD_PRODUCT_ERRORS)[keyof typeof ADD_PRODUCT_ERRORS] };

/**
 * Adding a product needs a product with a sellable variant that has an inventory level; the
 * failures read as the quick add messages (`ADD_PRODUCT_ERRORS`).
 *
 * Choices: "sellable" is availableForSale on the variant, and its inventory level must be
 * available for sale too (the server refuses the others), so the level is the one the product
 * card shows. With `variantId` (the product page's selected variant) only that variant counts.
 *
 * @example
 * const check = checkAddProduct(answer.product);
 * if (check.ok) addToCart(check.inventoryLevel.id, 1); else notify(check.error, 'danger');
 */
export function checkAddProduct(product: Product | null | undefined, variantId?: number): AddProductCheck {
  if (product == null) return { ok: false, error: ADD_PRODUCT_ERRORS.missing };
  if (variantId !== undefined) {
    const variant = product.Variants.find((v) => v.id === variantId);
    const level = variant?.availableForSale ? addInventoryLevel(variant) : null;
    return variant && level ? { ok: true, variant, inventoryLevel: level } : { ok: false, error: ADD_PRODUCT_ERRORS.unavailable };
  }
  const found = firstAvailableLevel(product);
  return found ? { ok: true, variant: found.variant, inventoryLevel: found.level } : { ok: false, error: ADD_PRODUCT_ERRORS.unavailable };
}

/** Why an add to an existing order may not be sent. */
export type AddToOrderRefusal = 'not-order-mode' | 'no-order-id';

/** The outcome of {@link checkAddToOrder}. */
export type AddToOrderCheck = { ok: true; orderId: number } | { ok: false; reason: AddToOrderRefusal };

/**
 * Adding to an existing order requires an orderId and order mode. The orderId is
 * numeric: a whole number at or above 0, or its decimal digits as text (from a URL).
 *
 * Choice: the spec shows no message for these refusals, so the result carries a reason and the
 * caller simply does not send POST /api/orders/{orderId}/relatedProducts/{productId}.
 *
 * @example
 * checkAddToOrder({ orderMode: true, orderId: '1024' }); // { ok: true, orderId: 1024 }
 */
export function checkAddToOrder(input: { orderMode: boolean; orderId: number | string | null | undefined }): AddToOrderCheck {
  if (!input.orderMode) return { ok: false, reason: 'not-order-mode' };
  const { orderId } = input;
  const id =
    typeof orderId === 'number'
      ? orderId
      : typeof orderId === 'string' && /^\d+$/.test(orderId.trim())
        ? Number(orderId.trim())
        : Number.NaN;
  return Number.isSafeInteger(id) && id >= 0 ? { ok: true, orderId: id } : { ok: false, reason: 'no-order-id' };
}
