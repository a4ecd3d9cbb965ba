/**
 * The shopper's ZIP form ('Change ZIP'): one labelled field, checked by the domain's ZIP rule
 * before any call; a bad ZIP is said next to the field and announced.
 * @module
 */
import { useId, useState } from 'react';
import { SHIPPING_TEXT } from '../../domain/shipping-view.ts';

/** Props of {@link ZipForm}. */
export interface ZipFormProps {
  /** The ZIP the field starts with. @default '' */
  initial?: string | null;
  /** Stores the ZIP: null once stored, else the message to show. */
  save(text: string): string | null;
  /** Called once a ZIP was stored. */
  onSaved?(): void;
  /** Shows a Cancel button that calls it. */
  onCancel?(): void;
}

/**
 * The form. Enter or the Update button saves; Escape in the field cancels.
 * @example <ZipForm save={zip.save} onSaved={() => setEditing(false)} />
 */
export function ZipForm({ initial, save, onSaved, onCancel }: ZipFormProps) {
  const id = useId();
  const [text, setText] = useState(initial ?? '');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="sk-zipform"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = save(text);
        setMessage(problem);
        if (problem === null) onSaved?.();
      }}
    >
      <label htmlFor={id}>{SHIPPING_TEXT.zipLabel}</label>
      <input
        id={id}
        name="zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        size={10}
        value={text}
        aria-invalid={message !== null}
        aria-describedby={message ? `${id}-msg` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <button type="submit" className="sk-btn">
        {SHIPPING_TEXT.zipSubmit}
      </button>
      {onCancel && (
        <button type="button" className="sk-linkbtn" onClick={onCancel}>
          {SHIPPING_TEXT.zipCancel}
        </button>
      )}
      {message && (
        <p id={`${id}-msg`} role="alert" className="sk-zipform__msg">
          {message}
        </p>
      )}
    </form>
  );
}
