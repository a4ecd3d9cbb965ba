/**
 * Request-body helpers shared by the calls that send forms.
 * @module
 */

/** An object with its empty fields removed; see {@link dropEmptyFields}. */
export type Compact<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/**
 * Drops the empty fields of a form payload (empty fields are dropped from the update payload),
 * so the server never overwrites a stored value with a blank. Empty means
 * `undefined`, `null`, or a string that is blank after trimming (a field of spaces is as empty as
 * `''` to a shopper). `false` and `0` are values and are kept: `makeDefault: false` is a choice.
 * Kept strings are sent as typed, untrimmed: trimming is the form's business.
 *
 * @example
 * dropEmptyFields({ city: '', zip: '98101', company: null, makeDefault: false })
 * // { zip: '98101', makeDefault: false }
 */
export function dropEmptyFields<T extends object>(payload: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = value;
  }
  return out as Compact<T>;
}
