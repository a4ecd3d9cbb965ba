/**
 * What a shopper types into a server-rendered field before the page (or its lazy part, such as
 * the footer) has hydrated fires no React handler. Hydration leaves the typed text in the DOM, but
 * the field's controlled value is still its first render's, and the next render sets the DOM back
 * to it: the text is lost, and a submit sends the old value (the footer's newsletter form then
 * answered 'Invalid subscription request.' to an address the shopper could see typed).
 *
 * {@link useKeepTyped} gives each field a ref that, when the field is attached, hands a DOM value
 * that differs from the controlled one to the field's change handler, as if it had just been
 * typed. On a client render the two are the same, and nothing is handed on.
 * @module
 */
import { useRef, type RefCallback } from 'react';

/** A text field whose value is read back (input or textarea). */
export type TypedField = HTMLInputElement | HTMLTextAreaElement;

/**
 * One stable ref callback per field name. `value(name)` is the field's controlled value of the
 * render that attaches it; `typed(name, text)` receives what the DOM held instead.
 * @example
 * const keep = useKeepTyped(() => form.email, (_, text) => form.setEmail(text));
 * <input ref={keep('email')} value={form.email} onChange={(e) => form.setEmail(e.target.value)} />
 */
export function useKeepTyped<N extends string = string>(value: (name: N) => string, typed: (name: N, text: string) => void): (name: N) => RefCallback<TypedField> {
  const latest = useRef({ value, typed });
  // read only by the callbacks below, at attach time (the commit of this render)
  latest.current = { value, typed };
  const refs = useRef(new Map<N, RefCallback<TypedField>>());
  return (name) => {
    let ref = refs.current.get(name);
    if (ref === undefined) {
      ref = (field) => {
        if (field === null) return;
        const { value: valueOf, typed: hand } = latest.current;
        if (field.value !== valueOf(name)) hand(name, field.value);
      };
      refs.current.set(name, ref);
    }
    return ref;
  };
}
