/**
 * One cart line: its quantity, the plus and minus
 * buttons' disabled states, the line total, and the set-quantity and remove actions, all on the
 * shared cart.
 * @module
 */
import { availableStock } from '../domain/cart.ts';
import type { CartLine } from '../domain/entities.ts';
import { formatCartAmount, fromCents, toCents } from '../domain/money.ts';
import { isMinusDisabled, isPlusDisabled } from '../domain/quantity.ts';
import { useThemeConfig } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';

/** What {@link useCartLine} returns. */
export interface CartLineApi {
  /** The line, or null once it has left the cart. */
  line: CartLine | null;
  /** Units the shopper may have (Infinity when the level bypasses negative stock). */
  available: number;
  /** price x quantity with the store currency symbol, '' without a line. */
  totalText: string;
  /** The unit price with the store currency symbol. */
  priceText: string;
  plusDisabled: boolean;
  minusDisabled: boolean;
  /** The remove button is disabled while the cart updates. */
  removeDisabled: boolean;
  increment(): void;
  decrement(): void;
  setQuantity(quantity: number): void;
  remove(): void;
}

/**
 * A cart line by its lineItemId. The buttons follow the cartUpdating flag and the stock rule of
 * the domain (`isPlusDisabled`, `isMinusDisabled`); the actions go through the cart's queue, so a
 * quick run of clicks is applied in order.
 *
 * @example
 * const row = useCartLine(line.lineItemId);
 * <button disabled={row.minusDisabled} onClick={row.decrement}>-</button>{row.line?.quantity}<button disabled={row.plusDisabled} onClick={row.increment}>+</button>
 */
export function useCartLine(lineItemId: number): CartLineApi {
  const { cart } = useSharedActors();
  const symbol = useThemeConfig().storeCurrency;
  const line = useCartSelector((s) => s.context.lines.find((l) => l.lineItemId === lineItemId) ?? null);
  const updating = useCartSelector((s) => s.context.updating);
  const quantity = line?.quantity ?? 0;
  const available = line ? availableStock(line) : 0;
  const setQuantity = (next: number) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity: next });
  return {
    line,
    available,
    totalText: line ? formatCartAmount(fromCents(toCents(line.price) * line.quantity), symbol) : '',
    priceText: line ? formatCartAmount(line.price, symbol) : '',
    plusDisabled: !line || isPlusDisabled({ quantity, availableQuantity: available, updating }),
    minusDisabled: !line || isMinusDisabled({ quantity, updating }),
    removeDisabled: !line || updating,
    increment: () => setQuantity(quantity + 1),
    decrement: () => setQuantity(quantity - 1),
    setQuantity,
    remove: () => cart.send({ type: 'cart.delete', lineItemId }),
  };
}
