/**
 * What a cart line's quantity input shows, from a snapshot of its machine: a pure function, tested
 * without React; `useQuantityInput` returns it with the input's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { quantityInputMachine } from './quantity-input.machine.ts';

/** What the quantity input shows. */
export interface QuantityInputView {
  /** What the input shows (digits only). */
  text: string;
  /** The message for a refused value, or null. */
  error: string | null;
  /** The plus button cannot add now (the machine refuses `quantity.increment`). */
  plusDisabled: boolean;
  /** The minus button cannot take away now (the machine refuses `quantity.decrement`). */
  minusDisabled: boolean;
}

/**
 * The view of a snapshot.
 * @example connectQuantityInput(actor.getSnapshot()).plusDisabled; // false
 */
export function connectQuantityInput(snapshot: SnapshotFrom<typeof quantityInputMachine>): QuantityInputView {
  return {
    text: snapshot.context.text,
    error: snapshot.context.error,
    plusDisabled: !snapshot.can({ type: 'quantity.increment' }),
    minusDisabled: !snapshot.can({ type: 'quantity.decrement' }),
  };
}
