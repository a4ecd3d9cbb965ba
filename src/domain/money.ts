/**
 * Money and price display.
 *
 * Every computation runs on integer cents. Amounts arrive as decimal numbers (the API carries
 * `price: 12.5`), are rounded to cents once in {@link toCents}, and leave as decimals or text
 * through {@link fromCents} and the formatters. No function here multiplies or adds float prices.
 *
 * @module
 */

/** An amount of money in integer cents of the store currency. */
export type Cents = number;

/** Where a price is shown; decides what a price of 0 reads as. */
export type PriceContext = 'product' | 'search' | 'list';

/** What a price of 0 shows on the product and search pages, word for word. */
export const CALL_FOR_PRICE = 'Please call us for price on this product.';

/** What a price of 0 shows in product lists, and what a free shipping line shows. */
export const FREE = 'FREE';

/**
 * A phone number as a tel: link: its digits and plus sign.
 * @example telHref('(360) 555-0142'); // 'tel:3605550142'
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The symbol of the `$` prices of product, search and list pages.
 * @default '$'
 */
export const PRICE_SYMBOL = '$';

/**
 * Turns a decimal amount into integer cents, rounding once, half away from zero.
 *
 * Rounding works on the amount's shortest decimal spelling (what JSON carried), not on its binary
 * value, so `1.005` gives 101 cents, as a person reading "1.005" expects, where
 * `Math.round(1.005 * 100)` gives 100. Exact for every amount below $10^13 in magnitude.
 *
 * @throws RangeError when the amount is not a finite number or its cents are not a safe integer:
 *   a NaN price is a bug upstream, and hiding it as $0.00 would sell the item for free.
 * @example
 * toCents(12.5); // 1250
 * toCents(1.005); // 101
 * toCents(-0.005); // -1
 */
export function toCents(amount: number): Cents {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new RangeError(`Not a finite amount of money: ${String(amount)}`);
  }
  const magnitude = Math.abs(amount);
  // Most prices have at most two decimals: then the nearest integer to magnitude * 100 is the
  // cents the decimal text gives (a hundredth of it is the same double), without the text.
  const quick = Math.round(magnitude * 100);
  if (quick / 100 === magnitude && Number.isSafeInteger(quick)) {
    if (quick === 0) return 0;
    return amount < 0 ? -quick : quick;
  }
  return centsOfText(amount, magnitude);
}

/** {@link toCents} read from the amount's decimal text (an amount with more than two decimals). */
function centsOfText(amount: number, magnitude: number): Cents {
  const text = magnitude.toString();
  let cents: number;
  if (text.includes('e')) {
    // Exponent spelling only happens below 1e-6 (rounds to 0) or at 1e21 and above (rejected below).
    cents = Math.round(magnitude * 100);
  } else {
    const [whole = '0', fraction = ''] = text.split('.');
    // Move the decimal point two places in the text, then round the one remaining fraction.
    const shifted = Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}.${fraction.slice(2) || '0'}`);
    cents = Math.round(shifted);
  }
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount out of range: ${String(amount)}`);
  }
  if (cents === 0) return 0; // never -0: Intl would print "-$0.00"
  return amount < 0 ? -cents : cents;
}

/**
 * Turns integer cents back into the decimal amount the API carries.
 *
 * @throws RangeError when `cents` is not a safe integer (a fractional cent means the caller did
 *   float arithmetic on money somewhere).
 * @example
 * fromCents(1250); // 12.5
 */
export function fromCents(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Cents must be a safe integer: ${String(cents)}`);
  }
  if (cents === 0) return 0;
  return cents / 100;
}

let grouping: Intl.NumberFormat | undefined;

/** Groups whole units with en-US separators; created lazily so importing stays side-effect free. */
function groupWhole(whole: number): string {
  // below a thousand there is nothing to group (the common price: no call into Intl)
  if (whole < 1000) return String(whole);
  grouping ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });
  return grouping.format(whole);
}

/**
 * Writes cents as `{sign}{symbol}{grouped units}.{two digits}` using integer arithmetic only.
 * The sign goes before the symbol (`-$5.00`), as en-US currency formatting does.
 */
function formatCents(cents: Cents, symbol: string): string {
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${symbol}${groupWhole(whole)}.${fraction}`;
}

/**
 * Formats an amount with a `$` sign, en-US thousands grouping and two decimals.
 *
 * With a context, a price that rounds to 0 cents reads as the spec's phrase: 'Please call us for
 * price on this product.' on the product and search pages, 'FREE' in product lists. Without a
 * context the amount is always written as money (for compare-at and 'Save' amounts, where 0 never
 * shows). Grouping comes from `Intl.NumberFormat('en-US')`, so large prices read `$1,234.50`.
 * Negative amounts read `-$5.00`.
 *
 * @param context where the price is shown.
 *   @default undefined (plain amount, no zero-price phrase)
 * @example
 * formatPrice(1234.5); // '$1,234.50'
 * formatPrice(0, 'product'); // 'Please call us for price on this product.'
 * formatPrice(0, 'list'); // 'FREE'
 */
export function formatPrice(amount: number, context?: PriceContext): string {
  const cents = toCents(amount);
  if (cents === 0 && context !== undefined) {
    return context === 'list' ? FREE : CALL_FOR_PRICE;
  }
  return formatCents(cents, PRICE_SYMBOL);
}

/**
 * Formats a cart amount (line price, subtotal, discount, total) with the store currency symbol
 * and two decimals, grouped like {@link formatPrice}. The symbol is the theme's `storeCurrency`,
 * written verbatim before the digits, because the spec says the cart uses the store's symbol
 * rather than the `$` of product pages.
 *
 * @example
 * formatCartAmount(1234.5, '$'); // '$1,234.50'
 * formatCartAmount(3, '€'); // '€3.00'
 */
export function formatCartAmount(amount: number, currencySymbol: string): string {
  return formatCents(toCents(amount), currencySymbol);
}

/**
 * The cart's shipping row: 'FREE' when the shipping price is 0 or lower, else the price with the
 * store currency symbol.
 *
 * Choice (the spec is silent): a checkout without a shipping line (null or absent) gives `null`,
 * meaning shipping is not known yet. Showing 'FREE' there would promise free shipping before the
 * checkout has computed it; the view hides the row (or reads 'Calculated at Checkout').
 *
 * @example
 * shippingLabel({ price: 0 }, '$'); // 'FREE'
 * shippingLabel({ price: 7.5 }, '$'); // '$7.50'
 * shippingLabel(null, '$'); // null
 */
export function shippingLabel(
  shippingLine: { price: number } | null | undefined,
  currencySymbol: string,
): string | null {
  if (shippingLine == null) return null;
  const cents = toCents(shippingLine.price);
  return cents <= 0 ? FREE : formatCents(cents, currencySymbol);
}

/** The compare-at price of an item and how much the shopper saves, in cents and as text. */
export interface CompareAt {
  /** The compare-at ("was") price, in cents. */
  compareAtCents: Cents;
  /** Compare-at minus price, in cents; always above 0. */
  saveCents: Cents;
  /** The compare-at price as `$` text. */
  compareAtText: string;
  /** The 'Save' amount as `$` text. */
  saveText: string;
}

/** The fields {@link compareAt} reads; a Product, a Variant and a ProductCardData all fit. */
export interface PricedItem {
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
}

/**
 * The compare-at price and 'Save' amount, or `null` when they must not show.
 *
 * They show only when the item is available for sale and the compare-at price exceeds the price.
 * Choice: they also stay hidden when the price is 0, since a 0 price reads as
 * 'Please call us for price on this product.' and a "save" against an unknown price would be
 * meaningless.
 *
 * @example
 * compareAt({ price: 80, compareAtPrice: 100, availableForSale: true });
 * // { compareAtCents: 10000, saveCents: 2000, compareAtText: '$100.00', saveText: '$20.00' }
 * compareAt({ price: 80, compareAtPrice: 100, availableForSale: false }); // null
 */
export function compareAt(item: PricedItem): CompareAt | null {
  if (!item.availableForSale || item.compareAtPrice == null) return null;
  const priceCents = toCents(item.price);
  const compareAtCents = toCents(item.compareAtPrice);
  if (priceCents === 0 || compareAtCents <= priceCents) return null;
  const saveCents = compareAtCents - priceCents;
  return {
    compareAtCents,
    saveCents,
    compareAtText: formatCents(compareAtCents, PRICE_SYMBOL),
    saveText: formatCents(saveCents, PRICE_SYMBOL),
  };
}

/**
 * The sum of price times quantity over lines, in cents: each unit price is rounded to cents once,
 * then multiplied by its integer quantity, so the sum is exact.
 *
 * @example
 * linesSubtotalCents([{ price: 0.1, quantity: 3 }, { price: 0.2, quantity: 1 }]); // 50
 */
export function linesSubtotalCents(lines: readonly { price: number; quantity: number }[]): Cents {
  let total = 0;
  for (const line of lines) total += toCents(line.price) * line.quantity;
  return total;
}

/**
 * The cart discount in cents: the subtotal from the lines (sum of price times quantity) minus the
 * checkout's subtotal.
 *
 * Choice: never negative. When the checkout's subtotal is above the lines' sum (stale lines, or a
 * surcharge the server added) there is no discount to show, so the result is 0 rather than a
 * negative "discount".
 *
 * @example
 * cartDiscountCents([{ price: 50, quantity: 2 }], 90); // 1000
 * cartDiscountCents([{ price: 50, quantity: 2 }], 120); // 0
 */
export function cartDiscountCents(
  lines: readonly { price: number; quantity: number }[],
  checkoutSubtotal: number,
): Cents {
  return Math.max(0, linesSubtotalCents(lines) - toCents(checkoutSubtotal));
}

/**
 * {@link cartDiscountCents} as a decimal amount, ready for {@link formatCartAmount}.
 *
 * @example
 * formatCartAmount(cartDiscount(lines, checkout.subtotalPrice), '$'); // '$10.00'
 */
export function cartDiscount(
  lines: readonly { price: number; quantity: number }[],
  checkoutSubtotal: number,
): number {
  return fromCents(cartDiscountCents(lines, checkoutSubtotal));
}
