/**
 * The cart page's quantity input over `quantityInputMachine`: digits only, a typed value applied
 * after the 800 ms pause when valid, plus and minus with their disabled rules. Bound to one line
 * of the shared cart: an applied quantity becomes the cart's `cart.setQuantity`, and the cart's
 * answer, stock and updating flag flow back into the input.
 * @module
 */
import { useEffect } from 'react';
import { availableStock } from '../domain/cart.ts';
import { connectQuantityInput, type QuantityInputView } from '../machines/quantity-input.connect.ts';
import { quantityInputMachine } from '../machines/quantity-input.machine.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';
import { useMachineView } from './useMachineView.ts';

/** What {@link useQuantityInput} returns: the input's view and its events. */
export interface QuantityInputApi extends QuantityInputView {
  /** The input's change handler: give it the raw value. */
  change(value: string): void;
  increment(): void;
  decrement(): void;
}

/**
 * The quantity input of one cart line, by lineItemId. A line that has left the cart leaves the
 * input where it was (the row is about to unmount).
 * @example
 * const q = useQuantityInput(line.lineItemId);
 * <input inputMode="numeric" value={q.text} onChange={(e) => q.change(e.target.value)} />
 */
export function useQuantityInput(lineItemId: number): QuantityInputApi {
  const { cart } = useSharedActors();
  const line = useCartSelector((s) => s.context.lines.find((l) => l.lineItemId === lineItemId) ?? null);
  const updating = useCartSelector((s) => s.context.updating);
  const quantity = line?.quantity;
  const available = line ? availableStock(line) : undefined;
  const forSale = line?.availableForSale;
  const input = { quantity: quantity ?? 1, availableQuantity: available ?? 0, availableForSale: forSale ?? false, updating };
  const { view, actor } = useMachineView(quantityInputMachine, connectQuantityInput, { input });
  useEffect(() => {
    const sub = actor.on('quantity.apply', ({ quantity: next }) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity: next }));
    return () => sub.unsubscribe();
  }, [actor, cart, lineItemId]);
  useEffect(() => {
    if (quantity === undefined) return;
    actor.send({ type: 'line.changed', quantity, availableQuantity: available, availableForSale: forSale, updating });
  }, [actor, quantity, available, forSale, updating]);
  return {
    ...view,
    change: (value) => actor.send({ type: 'quantity.changed', value }),
    increment: () => actor.send({ type: 'quantity.increment' }),
    decrement: () => actor.send({ type: 'quantity.decrement' }),
  };
}
