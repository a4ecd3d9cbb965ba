/**
 * Reading single cells: prices, weights, yes/no flags, texts and handles. Each reader answers a
 * value or a reason in plain words (the report shows it as is); the spreadsheet-formula guard is
 * the CSV platform's (platform/csv/cells.ts).
 * @module
 */
import { shown } from '../../platform/csv/cells.ts';

/** A cell read: its value, or why it cannot be used. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Highest price accepted, in cents: a typo's guard ($100,000). @default 10,000,000 */
export const MAX_IMPORT_PRICE_CENTS = 10_000_000;

/** Longest text cell kept (a description); longer cells reject their row. @default 1,000,000 */
export const MAX_CELL_CHARS = 1_000_000;

/** Longest short text (titles, SKUs, option values, tags). @default 1,000 */
export const MAX_SHORT_CHARS = 1_000;

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = <T>(reason: string): CellResult<T> => ({ ok: false, reason });

/**
 * A price in dollars as shops write it: `12.99`, `$1,299.00`, `1299`, `0`. Thousands separators
 * must be commas in groups of three before a dot; `12,99` (a decimal comma) is refused rather
 * than guessed, since `1,299` would then mean two things. Negative amounts, exponents, more than
 * two decimals and amounts above {@link MAX_IMPORT_PRICE_CENTS} are refused with the reason.
 * @param label the column's name in the reason ('Price', 'Compare-at price')
 * @example
 * parsePrice('$1,299.00'); // { ok: true, value: 129900 }
 * parsePrice('12,99'); // { ok: false, reason: "Price '12,99' is not a number" }
 */
export function parsePrice(raw: string, label = 'Price'): CellResult<number> {
  const text = raw.trim();
  if (text === '') return fail(`${label} is empty`);
  const q = `'${shown(text, 40)}'`;
  if (/^-/.test(text.replace(/^\$\s*/, '')) || /^-\s*\$/.test(text)) {
    return /\d/.test(text) ? fail(`${label} ${q} is negative`) : fail(`${label} ${q} is not a number`);
  }
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === undefined && (m[2] === undefined || m[2] === ''))) return fail(`${label} ${q} is not a number`);
  const whole = (m[1] ?? '0').replace(/,/g, '');
  const fraction = m[2] ?? '';
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return fail(`${label} ${q} has more than two decimals`);
  if (whole.length > 9) return fail(`${label} ${q} is above $${(MAX_IMPORT_PRICE_CENTS / 100).toLocaleString('en-US')}`);
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  if (cents > MAX_IMPORT_PRICE_CENTS) return fail(`${label} ${q} is above $${(MAX_IMPORT_PRICE_CENTS / 100).toLocaleString('en-US')}`);
  return ok(cents);
}

/** An optional price: empty is null. */
export function parseOptionalPrice(raw: string, label: string): CellResult<number | null> {
  return raw.trim() === '' ? ok(null) : parsePrice(raw, label);
}

/** Grams in a unit of weight. */
const GRAMS: Record<string, number> = { g: 1, gram: 1, grams: 1, kg: 1000, kgs: 1000, oz: 28.349523125, lb: 453.59237, lbs: 453.59237, pound: 453.59237, pounds: 453.59237 };

/** The units a weight may be written in. */
export const WEIGHT_UNITS: readonly string[] = ['g', 'kg', 'oz', 'lb'];

/** Pounds rounded to the store's precision (two decimals, as the catalogue holds them). */
export const roundPounds = (pounds: number): number => Math.round(pounds * 100) / 100;

/**
 * A weight, converted to pounds (two decimals): a number with an optional unit (`2.5`, `40 oz`,
 * `1.2kg`, `500 g`, `3 lbs`), or a number in `unit` when the unit is its own column. A
 * weight with an unknown unit, negative, or above 10,000 lb is refused with the reason.
 * @default unit 'lb'
 * @example
 * parseWeight('40 oz'); // { ok: true, value: 2.5 }
 */
export function parseWeight(raw: string, unit = 'lb', label = 'Weight'): CellResult<number | null> {
  const text = raw.trim();
  if (text === '') return ok(null);
  const q = `'${shown(text, 40)}'`;
  const m = /^(-?\d+(?:\.\d+)?|-?\.\d+)\s*([A-Za-z]*)\.?$/.exec(text);
  if (!m) return fail(`${label} ${q} is not a number`);
  const u = (m[2] || unit).toLowerCase();
  const grams = GRAMS[u];
  if (grams === undefined) return fail(`${label} ${q} has an unknown unit '${shown(u, 20)}' (use ${WEIGHT_UNITS.join(', ')})`);
  const amount = Number(m[1]);
  if (amount < 0) return fail(`${label} ${q} is negative`);
  const pounds = (amount * grams) / GRAMS.lb!;
  if (pounds > 10_000) return fail(`${label} ${q} is above 10,000 lb`);
  return ok(roundPounds(pounds));
}

/** Grams written for a weight in pounds (Shopify's `Variant Grams`). */
export const poundsToGrams = (pounds: number): number => Math.round(pounds * GRAMS.lb!);

/**
 * A whole number of items in stock (`12`, `-3` for oversold, `1,200`). Refuses fractions and
 * words.
 */
export function parseQuantity(raw: string, label = 'Inventory quantity'): CellResult<number> {
  const text = raw.trim().replace(/^(\d{1,3}(?:,\d{3})+)$/, (s) => s.replace(/,/g, ''));
  if (text === '') return ok(0);
  if (!/^-?\d{1,9}$/.test(text)) return fail(`${label} '${shown(raw.trim(), 40)}' is not a whole number`);
  return ok(Number(text));
}

/**
 * A yes/no cell: TRUE/FALSE, yes/no, Y/N, 1/0 (any case); empty is `fallback`.
 * @default fallback true
 */
export function parseFlag(raw: string, label: string, fallback = true): CellResult<boolean> {
  const text = raw.trim().toLowerCase();
  if (text === '') return ok(fallback);
  if (['true', 'yes', 'y', '1'].includes(text)) return ok(true);
  if (['false', 'no', 'n', '0'].includes(text)) return ok(false);
  return fail(`${label} '${shown(raw.trim(), 40)}' is not yes or no`);
}

/**
 * A short text (title, SKU, option value): trimmed, refused above {@link MAX_SHORT_CHARS} or when
 * it holds control characters other than tab and newline.
 */
export function parseShortText(raw: string, label: string): CellResult<string> {
  const text = raw.trim();
  if (text.length > MAX_SHORT_CHARS) return fail(`${label} is ${text.length.toLocaleString('en-US')} characters long; the limit is ${MAX_SHORT_CHARS.toLocaleString('en-US')}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return fail(`${label} '${shown(text, 40)}' holds control characters`);
  return ok(text);
}

/** A long text (a description): refused above {@link MAX_CELL_CHARS} or with NUL bytes. */
export function parseLongText(raw: string, label: string): CellResult<string> {
  if (raw.length > MAX_CELL_CHARS) return fail(`${label} is ${raw.length.toLocaleString('en-US')} characters long; the limit is ${MAX_CELL_CHARS.toLocaleString('en-US')}`);
  if (raw.includes('\u0000')) return fail(`${label} holds a NUL character`);
  return ok(raw);
}

/**
 * A URL handle made from a name: lower case ASCII letters and digits, single hyphens (the
 * catalogue's own rule). Empty when the name has no letter or digit.
 */
export function handleOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** A valid handle as a file gives it: 1 to 255 characters, lower case letters, digits, `-` and `_`. */
export function parseHandle(raw: string, label = 'Handle'): CellResult<string> {
  const text = raw.trim();
  if (text === '') return fail(`${label} is empty`);
  if (!/^[\p{Ll}\p{Lo}\p{N}_-][\p{Ll}\p{Lo}\p{N}\p{M}_.-]{0,254}$/u.test(text)) return fail(`${label} '${shown(text, 40)}' is not a handle (lower-case letters, digits and hyphens)`);
  return ok(text);
}

/** A stable hue (0..359) for a picture without one, from its URL. */
export function hueOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

/**
 * The URL an export writes for a picture: where an imported picture came from (so another store,
 * or this one, brings the same picture in again), else the store's own drawn picture URL.
 */
export function exportedImageUrl(image: { url: string; source?: string }): string {
  return image.source ?? image.url;
}
