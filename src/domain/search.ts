/**
 * Search rules: when a search may run, the page-size set and its fallback, the nine sort options, the min/max
 * price inputs, phrase matching for part numbers, and the normal form of a search query object
 * that the URL codec (`urls.ts`) and the API server both read and write.
 *
 * Prices are checked in integer cents (`money.ts`); the price inputs come back as two-decimal text
 * ('12.50'), the query object carries decimal amounts (12.5).
 *
 * @module
 */
import { normalizeFits } from './fits.ts';
import { fromCents, toCents } from './money.ts';
import type { Cents } from './money.ts';
import type { SearchQuery, SortBy, TagPair } from './entities.ts';

// ---------------------------------------------------------------------------------------------
// When a search runs

/**
 * The minimum query length: a search runs only if `q` or `v` has at least this many characters.
 * @default 3
 */
export const MIN_QUERY_LENGTH = 3;

/** Counts user-perceived code points, so an emoji or an accented letter counts once, not twice. */
function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * Whether a search may run: `q` or `v` has at least {@link MIN_QUERY_LENGTH} characters.
 *
 * Choice (the spec does not say): both are measured **trimmed** and in code points, so '  ab  '
 * (two characters a shopper can see) does not run, and 'été' counts three. Either field alone is
 * enough, so a vendor link (`?v=Pentair`) runs without a keyword; so does a featured listing
 * (`isFeatured: true`, the featured banner card's link), and so does a model's parts list
 * (`fits` naming at least one model: an equipment page's 'Shop all N parts that fit').
 *
 * @example
 * canRunSearch({ q: 'pump' }); // true
 * canRunSearch({ q: ' ab ' }); // false
 * canRunSearch({ q: '', v: 'Hayward' }); // true
 * canRunSearch({ fits: ['acme-pump-a1'] }); // true
 */
export function canRunSearch(query: { q?: string | null; v?: string | null; isFeatured?: boolean; fits?: readonly string[] | null }): boolean {
  // the featured banner card lists the featured products without a keyword
  if (query.isFeatured === true) return true;
  // the parts that fit a model are a list of their own: no keyword needed
  if (normalizeFits(query.fits).length > 0) return true;
  return charCount((query.q ?? '').trim()) >= MIN_QUERY_LENGTH || charCount((query.v ?? '').trim()) >= MIN_QUERY_LENGTH;
}

/**
 * Whether pressing Enter (or the search button) submits the typed text.
 *
 * The spec: "Pressing Enter or the button with an empty query does nothing." Choice: empty means
 * empty after trimming, so a query of spaces does nothing either. A non-empty query shorter than
 * {@link MIN_QUERY_LENGTH} still submits (the shopper sees the results page and its message);
 * the search itself then does not run, by {@link canRunSearch}.
 *
 * @example
 * isSubmittableQuery('   '); // false
 * isSubmittableQuery('ab'); // true
 */
export function isSubmittableQuery(text: string | null | undefined): boolean {
  return (text ?? '').trim() !== '';
}

// ---------------------------------------------------------------------------------------------
// Page size

/** The allowed page sizes, in select order. */
export const PAGE_SIZES = [8, 16, 24, 48, 64, 76] as const;

/** One of the allowed page sizes. */
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * The page size used when a requested size is not in {@link PAGE_SIZES} ("else the median").
 *
 * Choice: six values have two middle ones, 24 and 48, and their mean 36 is not an allowed size.
 * We take the **lower median, 24**: it is the statistical low median, it always stays in the set,
 * it is the lighter page to load after a bad link, and 24 cards fill whole rows of 2, 3, 4 and 6.
 * @default 24
 */
export const MEDIAN_PAGE_SIZE: PageSize = 24;

/**
 * Guard: a number that is one of {@link PAGE_SIZES}.
 * @example isPageSize(16); // true
 */
export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * The page size to use for a requested value: the value if it is an allowed size, else
 * {@link MEDIAN_PAGE_SIZE}.
 *
 * "Must be a number": numbers and strings of digits (a URL's `limit=16`, optionally padded with
 * spaces) are read; anything else, including '16.5', '1e1' and '', falls back to the median.
 *
 * @example
 * normalizePageSize('48'); // 48
 * normalizePageSize(10); // 24
 * normalizePageSize('lots'); // 24
 */
export function normalizePageSize(value: unknown): PageSize {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return isPageSize(n) ? n : MEDIAN_PAGE_SIZE;
}

/** An option of the page-size select. `value` '' is the Default option (no `limit` in the URL). */
export interface PageSizeOption {
  value: PageSize | '';
  label: string;
}

/**
 * The label of a page-size option: 'Default' for no size, else 'N per page'.
 * @example
 * pageSizeLabel(16); // '16 per page'
 * pageSizeLabel(''); // 'Default'
 */
export function pageSizeLabel(size: PageSize | '' | null | undefined): string {
  return size === '' || size == null ? 'Default' : `${size} per page`;
}

/**
 * The page-size select: 'Default' first, then each allowed size as 'N per page'.
 * 'Default' leaves `limit` out, so the page's own default applies (the collection page uses the
 * theme's defaultLimitPerPage).
 */
export const PAGE_SIZE_OPTIONS: readonly PageSizeOption[] = [
  { value: '', label: pageSizeLabel('') },
  ...PAGE_SIZES.map((value) => ({ value, label: pageSizeLabel(value) })),
];

// ---------------------------------------------------------------------------------------------
// Sort

/** A sort option of the sort select. */
export interface SortOption {
  value: SortBy;
  label: string;
}

/** The nine sort options with their labels, word for word, in the order the sort select lists them. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: '', label: 'Default' },
  { value: 'id_asc', label: 'Older' },
  { value: 'id_desc', label: 'Newer' },
  { value: 'title_asc', label: 'Title: A-Z, ascending' },
  { value: 'title_desc', label: 'Title: A-Z, descending' },
  { value: 'price_asc', label: 'Price: lowest to highest' },
  { value: 'price_desc', label: 'Price: highest to lowest' },
  { value: 'top_rated', label: 'Product: Top Rated' },
  { value: 'best_selling', label: 'Product: Best Selling' },
];

const SORT_VALUES: ReadonlySet<string> = new Set(SORT_OPTIONS.map((o) => o.value));

/**
 * Guard: one of the nine sort parameters ('' is the default option). Case-sensitive, since the
 * API reads the parameter verbatim.
 * @example isSortBy('price_asc'); // true
 */
export function isSortBy(value: unknown): value is SortBy {
  return typeof value === 'string' && SORT_VALUES.has(value);
}

/**
 * The label of a sort parameter; an unknown parameter reads as the default's label, since the
 * query treats it as the default.
 * @example sortByLabel('top_rated'); // 'Product: Top Rated'
 */
export function sortByLabel(value: string | null | undefined): string {
  return SORT_OPTIONS.find((o) => o.value === value)?.label ?? 'Default';
}

// ---------------------------------------------------------------------------------------------
// Price inputs

/** A plain decimal number: optional minus, digits with an optional fraction, or a bare fraction. */
const NUMERIC = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Reads a price input into integer cents, or `null` when it is not numeric.
 *
 * "Numeric" is a plain decimal: '12', '12.5', '12.', '.5', '-3'. Thousands separators, exponents,
 * 'Infinity' and '' are not numeric (a price input is a number field). Text with more than two
 * decimals is rounded half up to cents on its digits ('12.345' gives 1235), never through a
 * binary float. Numbers are rounded by `toCents`. Non-finite numbers and amounts beyond a safe
 * integer of cents give `null`.
 *
 * @example
 * parsePriceInput('12.5'); // 1250
 * parsePriceInput(' 7 '); // 700
 * parsePriceInput('1,200'); // null
 */
export function parsePriceInput(input: string | number | null | undefined): Cents | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    try {
      return toCents(input);
    } catch {
      return null;
    }
  }
  if (typeof input !== 'string') return null;
  const m = NUMERIC.exec(input.trim());
  if (!m) return null;
  const [, sign = '', whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return null;
  const digits = `${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}`;
  let cents = Number(digits) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  if (sign === '-' && cents !== 0) cents = -cents;
  return cents;
}

/**
 * Writes cents as the two-decimal text of the price inputs and the URL: 1250 gives '12.50'.
 * No currency sign and no thousands separator, so the text reads back through
 * {@link parsePriceInput} unchanged.
 * @example formatPriceInput(120050); // '1200.50'
 */
export function formatPriceInput(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * Accepts a minimum-price input: numeric and at least 0, and below the current maximum when one
 * is set (the max must exceed the min). Returns the value as two-decimal text, or `null` to
 * reject it (the input keeps its previous value).
 *
 * @param currentMax the maximum already applied, if any (decimal amount or input text).
 * @example
 * acceptMinPrice('10'); // '10.00'
 * acceptMinPrice('-1'); // null
 * acceptMinPrice('50', 40); // null: the max must exceed the min
 */
export function acceptMinPrice(input: string | number | null | undefined, currentMax?: string | number | null): string | null {
  const min = parsePriceInput(input);
  if (min === null || min < 0) return null;
  const max = parsePriceInput(currentMax);
  if (max !== null && max >= 0 && max <= min) return null;
  return formatPriceInput(min);
}

/**
 * Accepts a maximum-price input: numeric, not negative, and above the current minimum when one is
 * set. Returns the value as two-decimal text, or `null` to reject it.
 *
 * Choice: without a minimum the maximum is only required to be at least 0 ("max must exceed min"
 * has no min to compare with), so 'under $0' style maxima stay possible for free items.
 *
 * @param currentMin the minimum already applied, if any (decimal amount or input text).
 * @example
 * acceptMaxPrice('99.9'); // '99.90'
 * acceptMaxPrice('20', 20); // null: must exceed the min
 */
export function acceptMaxPrice(input: string | number | null | undefined, currentMin?: string | number | null): string | null {
  const max = parsePriceInput(input);
  if (max === null || max < 0) return null;
  const min = parsePriceInput(currentMin);
  if (min !== null && min >= 0 && max <= min) return null;
  return formatPriceInput(max);
}

/** A validated price range as two-decimal text; absent bounds are left out. */
export interface PriceRangeText {
  minPrice?: string;
  maxPrice?: string;
}

/**
 * Validates a min/max pair together (URL parameters, the price slider).
 *
 * Each bound must be numeric; the min must be at least 0; the max at least 0 and above the min.
 * Choice: when both are numeric but the max does not exceed the min, the **max is dropped** and
 * the min kept, since the spec states the rule on the max ("max must exceed min").
 *
 * @example
 * validatePriceRange({ minPrice: '10', maxPrice: '25.5' }); // { minPrice: '10.00', maxPrice: '25.50' }
 * validatePriceRange({ minPrice: 30, maxPrice: 20 }); // { minPrice: '30.00' }
 * validatePriceRange({ minPrice: 'abc' }); // {}
 */
export function validatePriceRange(range: {
  minPrice?: string | number | null;
  maxPrice?: string | number | null;
}): PriceRangeText {
  const out: PriceRangeText = {};
  const min = acceptMinPrice(range.minPrice);
  if (min !== null) out.minPrice = min;
  const max = acceptMaxPrice(range.maxPrice, min);
  if (max !== null) out.maxPrice = max;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Phrase matching

const MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/**
 * Normalises text for phrase matching: compatibility forms unified (fullwidth 'Ａ' and bold '𝐀'
 * read as 'a'), lower case, accents folded, and every character that is not a letter or a digit
 * removed. Letters and digits are Unicode-aware (the server's search
 * folds the same way), so 'Pompe à chaleur' and 'pompe a chaleur' normalise alike.
 *
 * @example normalizePhrase('SPX-1600 S'); // 'spx1600s'
 */
export function normalizePhrase(text: string | null | undefined): string {
  // Compatibility forms first ('𝐀' and 'Ａ' become 'A'), then lower case, then decompose again
  // in case lower-casing produced a composed letter; marks and non-alphanumerics go last.
  return (text ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(NOT_ALPHANUMERIC, '');
}

/**
 * Whether `text` contains `phrase`, ignoring case, accents and every non-alphanumeric character,
 * as the part-number search needs: 'SPX1600S' matches 'SPX-1600-S' and
 * 'spx 1600'.
 *
 * Choice: a phrase with no letters or digits ('', '---') matches nothing, so stray punctuation
 * never lists the whole catalogue.
 *
 * @example
 * matchesPhrase('Hayward SPX-1600 S impeller', 'spx1600s'); // true
 * matchesPhrase('anything', '--'); // false
 */
export function matchesPhrase(text: string | null | undefined, phrase: string | null | undefined): boolean {
  const needle = normalizePhrase(phrase);
  return needle !== '' && normalizePhrase(text).includes(needle);
}

// ---------------------------------------------------------------------------------------------
// The normal form of a search query object

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as a URL can carry it: lone UTF-16 surrogates (from a pasted fragment of an emoji)
 * become U+FFFD, the replacement character a URL decoder would produce anyway.
 */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** A safe non-negative integer (a page number). */
function isPageNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Normalises tag pairs: prefix and value trimmed, pairs with an empty side dropped, pairs whose
 * prefix holds a comma dropped (the URL writes 'prefix,value' and reads up to the first comma, so
 * such a prefix cannot survive a round trip), and at most one value per prefix: the last one
 * given wins, at the position of the prefix's first appearance (a prefix is a radio group).
 */
export function normalizeTagPairs(pairs: readonly (readonly [string, string] | TagPair)[] | null | undefined): TagPair[] {
  const byPrefix = new Map<string, string>();
  for (const pair of pairs ?? []) {
    const prefix = wellFormed(String(pair[0] ?? '')).trim();
    const value = wellFormed(String(pair[1] ?? '')).trim();
    if (prefix === '' || value === '' || prefix.includes(',')) continue;
    byPrefix.set(prefix, value);
  }
  return [...byPrefix].map(([prefix, value]) => [prefix, value] as const);
}

/**
 * The normal form of a search query object, the one the URL codec writes and reads back.
 *
 * Rules, field by field (absent or empty fields are left out, never set to `undefined`):
 * - `q`, `v`: trimmed; left out when empty. Lone UTF-16 surrogates in any text become U+FFFD
 *   (what a URL would carry back). Their length is not checked here: a short query is
 *   kept in the URL and simply does not run ({@link canRunSearch}).
 * - `t`: see {@link normalizeTagPairs}; left out when no pair remains.
 * - `c`: the collection id, kept when it is a string of digits (trimmed); anything else dropped.
 * - `minPrice`, `maxPrice`: validated by {@link validatePriceRange} (min at least 0, max above
 *   min, else the max is dropped) and rounded to cents.
 * - `sortBy`: kept when it is a known option other than the default ''; otherwise left out
 *   (the default is the absence of a sort).
 * - `limit`: a present value becomes {@link normalizePageSize} of it (an invalid size becomes
 *   the median, 24, as the spec says), an absent one stays absent so the page's default applies.
 * - `page`: kept when it is a non-negative safe integer (zero-based), else dropped.
 * - `isFeatured`: kept only when true.
 *
 * Idempotent: normalizing a normal form returns an equal object.
 *
 * @example
 * normalizeSearchQuery({ q: '  pump ', sortBy: 'nope' as never, limit: 10, page: -1 });
 * // { q: 'pump', limit: 24 }
 */
export function normalizeSearchQuery(query: SearchQuery): SearchQuery {
  const out: SearchQuery = {};
  const q = typeof query.q === 'string' ? wellFormed(query.q).trim() : '';
  if (q !== '') out.q = q;
  const v = typeof query.v === 'string' ? wellFormed(query.v).trim() : '';
  if (v !== '') out.v = v;
  const t = normalizeTagPairs(Array.isArray(query.t) ? query.t : []);
  if (t.length > 0) out.t = t;
  const c = typeof query.c === 'string' ? query.c.trim() : '';
  if (/^\d+$/.test(c)) out.c = c;
  const range = validatePriceRange({ minPrice: query.minPrice, maxPrice: query.maxPrice });
  const min = parsePriceInput(range.minPrice);
  if (min !== null) out.minPrice = fromCents(min);
  const max = parsePriceInput(range.maxPrice);
  if (max !== null) out.maxPrice = fromCents(max);
  if (isSortBy(query.sortBy) && query.sortBy !== '') out.sortBy = query.sortBy;
  if (query.limit != null) out.limit = normalizePageSize(query.limit);
  // `+ 0` turns -0 into 0: a URL writes both as '0', so only +0 survives a round trip
  if (isPageNumber(query.page)) out.page = query.page + 0;
  if (query.isFeatured === true) out.isFeatured = true;
  const fits = normalizeFits(query.fits);
  if (fits.length > 0) out.fits = fits;
  return out;
}
