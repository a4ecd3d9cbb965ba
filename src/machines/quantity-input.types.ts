/**
 * Types of the quantity input machine (`quantity-input.machine.ts`) and of its connect function.
 * @module
 */
/** The quantity input's context. */
export interface QuantityInputContext {
  /** What the input shows: digits only. */
  text: string;
  /** The line's quantity: the last value applied, or the cart's own when it changes. */
  quantity: number;
  /** Units the shopper may have; Infinity when stock is unlimited. */
  availableQuantity: number;
  availableForSale: boolean;
  /** The cartUpdating flag, mirrored from the cart. */
  updating: boolean;
  /** The spec's message for the last refused value, or null. */
  error: string | null;
}

/** The quantity input's input: the cart line it edits. */
export interface QuantityInputInput {
  quantity: number;
  /** Units the shopper may have (use `availableStock(line)`: Infinity when bypassNegativeQuantity). */
  availableQuantity: number;
  availableForSale: boolean;
  /** @default false */
  updating?: boolean;
}

/** Events of the quantity input. */
export type QuantityInputEvent =
  /** The shopper typed: the value is stripped to digits and the pause starts again. */
  | { type: 'quantity.changed'; value: string }
  /** The plus button. */
  | { type: 'quantity.increment' }
  /** The minus button. */
  | { type: 'quantity.decrement' }
  /** The cart line changed (the server's answer, stock, or the cartUpdating flag). */
  | { type: 'line.changed'; quantity?: number; availableQuantity?: number; availableForSale?: boolean; updating?: boolean };

/** What the quantity input emits: the quantity for the cart to set. */
export type QuantityInputEmitted = { type: 'quantity.apply'; quantity: number };
