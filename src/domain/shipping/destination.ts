/**
 * Where an order goes: ZIP codes, states, the contiguous US and PO boxes, for the rules that
 * keep hazardous materials and freight on the ground and at a street address.
 * @module
 */

/**
 * The countries the store ships to: the United States (its states, DC, territories and military
 * post offices by ZIP code). The rate, transit and tax tables are US tables; an address form
 * offers these countries only, and a quote to any other answers {@link COUNTRY_UNSUPPORTED_MESSAGE}.
 */
export const SHIPPING_COUNTRIES: readonly string[] = ['US'];

/** The message of a destination outside {@link SHIPPING_COUNTRIES}, on every surface. */
export const COUNTRY_UNSUPPORTED_MESSAGE = 'We ship to addresses in the United States only.';

/**
 * Does the store ship to a country (ISO code, any case; 'USA' is the US)?
 * @example
 * shipsToCountry('us'); // true
 * shipsToCountry('CA'); // false: Canada
 */
export function shipsToCountry(country: string | null | undefined): boolean {
  const code = String(country ?? '').trim().toUpperCase();
  return SHIPPING_COUNTRIES.includes(code === 'USA' ? 'US' : code);
}

/** The 48 contiguous states and the District of Columbia. */
export const CONTIGUOUS_STATES: ReadonlySet<string> = new Set([
  'AL', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
  'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY',
]);

/** Military post offices (APO/FPO/DPO): Armed Forces Americas, Europe, Pacific. */
export const MILITARY_STATES: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);

/** Every US state, district, territory and military code a ZIP can belong to. */
export const US_STATE_CODES: ReadonlySet<string> = new Set([
  ...CONTIGUOUS_STATES, 'AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW', ...MILITARY_STATES,
]);

/**
 * Is the state one of the 48 contiguous states or DC (not Alaska, Hawaii, a territory or a
 * military post office)?
 * @example
 * isContiguousUs('CA'); // true
 * isContiguousUs('AK'); // false
 */
export function isContiguousUs(state: string): boolean {
  return CONTIGUOUS_STATES.has(state);
}

// "PO Box 12", "P.O. Box", "P O Box", "POBox", "Post Office Box", "PO Drawer", "POB 12",
// "P.O.B. 12", "Box 12" at the start of a line, "Caller Box", "Lock Box"; not "Boxwood Ln",
// not a PMB (a private mailbox at a street address, where carriers do deliver).
const PO_BOX_PATTERNS: readonly RegExp[] = [
  /\bp\s*\.?\s*o\s*\.?\s*(box|bx|drawer)/i,
  /\bpost\s*office\s*(box|bx|drawer)?\b/i,
  /\bp\s*\.?\s*o\s*\.?\s*b\b\.?\s*#?\s*\d/i,
  /^\s*(box|bx)\s*#?\s*\d/i,
  /\b(caller|lock|postal)\s+box\b/i,
];

/**
 * Does an address line name a post-office box?
 * @example
 * isPoBox('P.O. Box 1234'); // true
 * isPoBox('POB 77'); // true
 * isPoBox('12 Boxwood Ln'); // false
 */
export function isPoBox(line: string | null | undefined): boolean {
  if (!line) return false;
  return PO_BOX_PATTERNS.some((p) => p.test(line));
}

/**
 * The ZIP5 of a US ZIP code (`98032` or `98032-1234`), or null.
 * @example
 * zip5Of(' 98032-1234 '); // '98032'
 * zip5Of('9803'); // null
 */
export function zip5Of(zip: string | null | undefined): string | null {
  const m = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(zip ?? '');
  return m ? m[1]! : null;
}

/**
 * Does a phone number have enough digits for a carrier to call (10 digits, or 11 starting with 1)?
 * @example
 * isCallablePhone('(206) 555-0142'); // true
 */
export function isCallablePhone(phone: string | null | undefined): boolean {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}
