/**
 * Payment card rules, one definition for every form that takes a card (the hosted add-card page,
 * the hosted checkout): Luhn check, brand from the number's prefix, expiry. The number and
 * security code are checked and dropped; only brand, last4 and expiry are kept.
 * @module
 */

/** Digits of a typed card number (spaces and dashes allowed), or null. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/**
 * The one Luhn check of a card number: 12 to 19 digits (the card numbers' lengths) whose Luhn checksum is 0.
 * @example
 * luhnValid('4242424242424242'); // true
 * luhnValid('18'); // false: the checksum holds, but no card number is 2 digits long
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `partial + digit` Luhn-valid (for fixtures and property tests). */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d);
  return '0';
}

/** The card brand from the number's prefix; 'Card' when unknown. */
export function cardBrand(digits: string): string {
  const n2 = Number(digits.slice(0, 2));
  const n3 = Number(digits.slice(0, 3));
  const n4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'Visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'Mastercard';
  if (n2 === 34 || n2 === 37) return 'American Express';
  if (digits.startsWith('6011') || n2 === 65 || (n3 >= 644 && n3 <= 649)) return 'Discover';
  if (n2 === 36 || n2 === 38 || (n3 >= 300 && n3 <= 305)) return 'Diners Club';
  if (n2 === 35) return 'JCB';
  return 'Card';
}

/** Whether month/year is this month or later at `nowMs` (a card is valid through its month). */
export function expiryValid(month: number, year: number, nowMs: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000 || year > 2100) return false;
  const now = new Date(nowMs);
  return year * 12 + (month - 1) >= now.getUTCFullYear() * 12 + now.getUTCMonth();
}
