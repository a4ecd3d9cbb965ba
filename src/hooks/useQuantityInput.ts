/**
 * The cart page's quantity input (spec sections 2, 5 and 9) over `quantityInputMachine`: digits
 * only, a typed value applied after the 800 ms pause when valid, plus and minus with their
 * disabled rules. Bound to one line of the shared cart: an applied quantity becomes the cart's
 * `cart.setQuantity`, and the cart's answer, stock and updating flag flow back into the input.
 * @module
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { availableStock } from '../domain/cart.ts';
import { isMinusButtonDisabled, isPlusButtonDisabled, quantityInputMachine } from '../machines/quantity-input.machine.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { useCartSelector } from './useCartSelector.ts';

/** What {@link useQuantityInput} returns. */
export interface QuantityInputApi {
  /** What the input shows (digits only). */
  text: string;
  /** The spec's message for a refused value, or null. */
  error: string | null;
  plusDisabled: boolean;
  minusDisabled: boolean;
  /** The input's change handler: give it the raw value. */
  change(value: string): void;
  increment(): void;
  decrement(): void;
}

/**
 * The quantity input of one cart line, by lineItemId. A line that has left the cart leaves the
 * input where it was (the row is about to unmount).
 *
 * @example
 * const q = useQuantityInput(line.lineItemId);
 * <input inputMode="numeric" value={q.text} onChange={(e) => q.change(e.target.value)} />
 * {q.error && <small>{q.error}</small>}
 */
export function useQuantityInput(lineItemId: number): QuantityInputApi {
  const { cart } = useSharedActors();
  const line = useCartSelector((s) => s.context.lines.find((l) => l.lineItemId === lineItemId) ?? null);
  const updating = useCartSelector((s) => s.context.updating);
  const actor = useActorRef(quantityInputMachine, {
    input: {
      quantity: line?.quantity ?? 1,
      availableQuantity: line ? availableStock(line) : 0,
      availableForSale: line?.availableForSale ?? false,
      updating,
    },
  });

  useEffect(() => {
    const sub = actor.on('quantity.apply', ({ quantity }) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity }));
    return () => sub.unsubscribe();
  }, [actor, cart, lineItemId]);

  const quantity = line?.quantity;
  const available = line ? availableStock(line) : undefined;
  const forSale = line?.availableForSale;
  useEffect(() => {
    if (quantity === undefined) return;
    actor.send({ type: 'line.changed', quantity, availableQuantity: available, availableForSale: forSale, updating });
  }, [actor, quantity, available, forSale, updating]);

  const text = useSelector(actor, (s) => s.context.text);
  const error = useSelector(actor, (s) => s.context.error);
  const plusDisabled = useSelector(actor, isPlusButtonDisabled);
  const minusDisabled = useSelector(actor, isMinusButtonDisabled);
  return {
    text,
    error,
    plusDisabled,
    minusDisabled,
    change: (value) => actor.send({ type: 'quantity.changed', value }),
    increment: () => actor.send({ type: 'quantity.increment' }),
    decrement: () => actor.send({ type: 'quantity.decrement' }),
  };
}
