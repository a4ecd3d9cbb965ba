/**
 * The typed errors of a shipping quote: a code to branch on and a message to show as is.
 * @module
 */

/** Why a quote could not be made. */
export type ShippingErrorCode =
  | 'cart-empty'
  | 'cart-too-large'
  | 'line-invalid'
  | 'option-invalid'
  | 'country-unsupported'
  | 'zip-invalid'
  | 'zip-unknown'
  | 'state-mismatch'
  | 'address-required'
  | 'hazmat-destination'
  | 'hazmat-po-box'
  | 'freight-destination'
  | 'freight-po-box'
  | 'phone-required'
  | 'date-out-of-range'
  | 'no-service'
  | 'tables-invalid';

/** A quote that could not be made, and why, in words a shopper reads. */
export interface ShippingError {
  code: ShippingErrorCode;
  /** The message to show, in the store's words (e.g. 'Enter a 5-digit ZIP code.'). */
  message: string;
  /** The cart lines at fault, when some are (a chemical to a PO box, a line without a weight). */
  lineIds?: string[];
}

/** A result of the quote: the value, or a typed error. Never thrown. */
export type ShippingResult<T> = { ok: true; value: T } | { ok: false; error: ShippingError };

/** Builds the failure of a {@link ShippingResult}. */
export function shippingError(code: ShippingErrorCode, message: string, lineIds?: string[]): { ok: false; error: ShippingError } {
  return { ok: false, error: lineIds?.length ? { code, message, lineIds } : { code, message } };
}
