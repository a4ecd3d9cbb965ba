/**
 * The shopper's ZIP form ('Change ZIP'): one labelled field, checked by the domain's ZIP rule
 * before any call; a bad ZIP is said next to the field and announced.
 * @module
 */
import { useId, useState, type ReactNode } from 'react';
import { deliverToText, SHIPPING_TEXT } from '../../domain/shipping-view.ts';

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

/** Props of {@link ZipChange}. */
export interface ZipChangeProps {
  /** The shopper's ZIP (null until one is known) and how to store another. */
  zip: { zip: string | null; save(text: string): string | null };
  /** The class of the 'Deliver to ZIP' line. */
  className?: string;
  /** Shown instead of that line while no ZIP is known. @default nothing */
  whenNone?: ReactNode;
}

/**
 * 'Deliver to 92101 · Change ZIP' and the form it opens (open at once while no ZIP is known): the
 * product page's arrival block and the cart share it.
 * @example <ZipChange zip={useShippingZip()} className="sk-arrival__zip" />
 */
export function ZipChange({ zip, className, whenNone = null }: ZipChangeProps) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const showForm = editing || zip.zip === null;
  return (
    <>
      {zip.zip === null ? (
        whenNone
      ) : (
        <p className={className}>
          {deliverToText(zip.zip)}{' '}
          <button type="button" className="sk-linkbtn" aria-expanded={editing} aria-controls={formId} onClick={() => setEditing(!editing)}>
            {SHIPPING_TEXT.changeZip}
          </button>
        </p>
      )}
      <div id={formId} hidden={!showForm}>
        {showForm && <ZipForm initial={zip.zip} save={zip.save} onSaved={() => setEditing(false)} onCancel={zip.zip ? () => setEditing(false) : undefined} />}
      </div>
    </>
  );
}
