/**
 * The one way the server reads a number written as text (query strings, path segments, form
 * fields): plain ASCII decimal digits, an optional minus and, where fractions are allowed, a
 * dot followed by digits. Everything else a lenient `Number(text)` would accept is refused:
 * `1e999` and `1e3` (exponents), `0x1F` (hex), `NaN`, `Infinity`, `-0`, `+1`, ` 1` (spaces),
 * `01` (leading zeros), `١` (digits of other scripts), `''` and magnitudes past 2^53 (where
 * doubles stop counting in ones). JSON bodies carry real numbers, checked by their schemas.
 * @module
 */

/** What a number must be. */
export interface NumberRule {
  /** Whole numbers only (ids, pages, counts). */
  integer: boolean;
  /** Smallest accepted value. @default -Number.MAX_SAFE_INTEGER */
  min?: number;
  /** Largest accepted value. @default Number.MAX_SAFE_INTEGER */
  max?: number;
}

const INTEGER_RE = /^-?(?:0|[1-9][0-9]{0,15})$/;
const DECIMAL_RE = /^-?(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,20})?$/;

/**
 * Whether `text` is written the one accepted way for its kind (before any range check).
 * @example
 * isStrictNumberText('12', true); // true
 * isStrictNumberText('1e3', false); // false
 */
export function isStrictNumberText(text: string, integer: boolean): boolean {
  if (!(integer ? INTEGER_RE : DECIMAL_RE).test(text)) return false;
  // '-0' and '-0.00' name zero with a sign: refused rather than read as 0
  if (text.startsWith('-') && /^-0(?:\.0*)?$/.test(text)) return false;
  return Number.isSafeInteger(Math.trunc(Math.abs(Number(text))));
}

/**
 * Reads `text` as a number under `rule`; `null` when it is malformed or out of range.
 * @example
 * parseStrictNumber('42', { integer: true, min: 1 }); // 42
 * parseStrictNumber('0x1F', { integer: true }); // null
 * parseStrictNumber('19.99', { integer: false, min: 0 }); // 19.99
 */
export function parseStrictNumber(text: string | undefined | null, rule: NumberRule): number | null {
  if (typeof text !== 'string' || !isStrictNumberText(text, rule.integer)) return null;
  const n = Number(text);
  if (n < (rule.min ?? -Number.MAX_SAFE_INTEGER) || n > (rule.max ?? Number.MAX_SAFE_INTEGER)) return null;
  return n;
}
