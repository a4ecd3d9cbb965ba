/**
 * The cart line's quantity input: digits only, plus and minus with their disabled rules and the
 * spec's messages, all from `useQuantityInput`.
 * @module
 */
import { useId } from 'react';
import { useKeepTyped } from '../keep-typed.ts';
import { useQuantityInput } from '../../hooks/useQuantityInput.ts';

/**
 * Minus, the number, plus; the refused value's message below, tied to the input.
 * @example <QuantityInput lineItemId={line.lineItemId} label={`Quantity of ${line.title}`} />
 */
export function QuantityInput({ lineItemId, label }: { lineItemId: number; label: string }) {
  const q = useQuantityInput(lineItemId);
  const id = useId();
  // a quantity typed before the cart page hydrated is the line's, not set back
  const keep = useKeepTyped(() => q.text, (_, text) => q.change(text));
  return (
    <div className="sk-qty">
      <button type="button" aria-label="Decrease quantity" disabled={q.minusDisabled} onClick={q.decrement}>
        −
      </button>
      <input
        ref={keep('quantity')}
        id={id}
        aria-label={label}
        inputMode="numeric"
        pattern="[0-9]*"
        value={q.text}
        aria-invalid={q.error !== null}
        aria-describedby={q.error ? `${id}-error` : undefined}
        onChange={(e) => q.change(e.target.value)}
      />
      <button type="button" aria-label="Increase quantity" disabled={q.plusDisabled} onClick={q.increment}>
        +
      </button>
      {q.error && (
        <small id={`${id}-error`} role="alert" className="sk-qty__error">
          {q.error}
        </small>
      )}
    </div>
  );
}
