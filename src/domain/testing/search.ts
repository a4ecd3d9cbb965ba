/**
 * fast-check arbitraries for search: tag pairs, sort options, page sizes, valid search query
 * objects and typed price phrases with the reading the parser must give back.
 *
 * Everything generated here is already in normal form (`normalizeSearchQuery` leaves it
 * unchanged), so round-trip properties can compare with `toEqual` directly.
 *
 * @example
 * import fc from 'fast-check';
 * import { searchQueryArb } from 'skimmer/domain/testing';
 * fc.assert(fc.property(searchQueryArb, (query) => {
 *   expect(fromQueryString(toQueryString(query))).toEqual(query);
 * }));
 *
 * @module
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { SearchQuery, SortBy, TagPair } from '../entities.ts';
import { GREATER_THAN_WORDS, LESS_THAN_WORDS } from '../price-phrase.ts';
import type { PriceBound } from '../price-phrase.ts';
import { PAGE_SIZES, SORT_OPTIONS } from '../search.ts';
import type { PageSize } from '../search.ts';

/** Tag prefixes a pool store really has; the prefix arbitrary mixes them with generated ones. */
export const ARB_TAG_PREFIXES = ['Brand', 'Horsepower', 'Filter Type', 'Voltage', 'Pool Type', 'Pipe Size', 'Material'] as const;

const TAG_VALUES = ['Pentair', '1.5 HP', '1/2"', 'Cartridge, pleated', '115/230 V', 'Above Ground', 'PVC_CPVC', '100%', 'Café', 'Sand-Filter'];

/** Text with no leading or trailing whitespace and at least one character. */
const trimmedText: Arbitrary<string> = fc
  .string({ minLength: 1, maxLength: 20, unit: 'grapheme' })
  .map((s) => s.trim())
  .filter((s) => s !== '');

/**
 * A tag prefix: a known one, or one to three words of letters and digits joined by single
 * spaces. Prefixes never hold hyphens, underscores or commas, so they survive both the
 * `t=prefix,value` parameter and the tagFilter path segment exactly.
 */
const tagPrefixArb: Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ARB_TAG_PREFIXES),
  fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
);

/**
 * A tag pair [prefix, value]: prefixes like 'Brand', 'Horsepower', 'Filter Type' (see
 * {@link ARB_TAG_PREFIXES}) or generated words; values from a realistic list (with commas,
 * slashes, underscores, hyphens, '%' and accents) or any trimmed, non-empty Unicode text.
 *
 * @example
 * fc.assert(fc.property(tagPairArb, (pair) => {
 *   expect(parseTagFilterSegment(tagFilterSegment(pair))).toEqual(pair);
 * }));
 */
export const tagPairArb: Arbitrary<TagPair> = fc
  .tuple(tagPrefixArb, fc.oneof(fc.constantFrom(...TAG_VALUES), trimmedText))
  .map(([prefix, value]) => [prefix, value] as const);

/**
 * One of the nine sort parameters, the default '' included.
 * @example fc.assert(fc.property(sortByArb, (s) => isSortBy(s)));
 */
export const sortByArb: Arbitrary<SortBy> = fc.constantFrom(...SORT_OPTIONS.map((o) => o.value));

/**
 * One of the allowed page sizes (8, 16, 24, 48, 64, 76).
 * @example fc.assert(fc.property(pageSizeArb, (n) => normalizePageSize(n) === n));
 */
export const pageSizeArb: Arbitrary<PageSize> = fc.constantFrom(...PAGE_SIZES);

const VENDORS = ['Pentair', 'Hayward', 'Zodiac', 'Jandy', 'A&B Pools', 'Raypak', 'Waterway Plastics'];
const QUERIES = ['pool pump', 'SPX-1600 S', 'sand filter', 'heater 400k BTU', 'chlorinator cell', 'spa cover', 'o-ring 2-pack', 'café & spa'];

/** Minimum, maximum, both (max above min) or neither, as decimal amounts of whole cents. */
const priceRangeArb: Arbitrary<Pick<SearchQuery, 'minPrice' | 'maxPrice'>> = fc
  .record({
    min: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
    max: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
  })
  .map(({ min, max }) => {
    const out: Pick<SearchQuery, 'minPrice' | 'maxPrice'> = {};
    if (min !== undefined) out.minPrice = min / 100;
    // A max with a min is drawn as a span above it, so max always exceeds min.
    if (max !== undefined) out.maxPrice = (min === undefined ? max : min + max + 1) / 100;
    return out;
  });

/**
 * A valid search query object in normal form: any subset of q, v, t (up to three pairs with
 * distinct prefixes), c (a numeric collection id), minPrice/maxPrice (whole cents, max above
 * min), sortBy (not the default ''), limit (an allowed page size) and a zero-based page.
 * Absent fields are left out, never `undefined`.
 *
 * @example
 * fc.assert(fc.property(searchQueryArb, (query) => {
 *   expect(fromQueryString(toQueryString(query))).toEqual(query);
 * }));
 */
export const searchQueryArb: Arbitrary<SearchQuery> = fc
  .tuple(
    fc.record(
      {
        q: fc.oneof(fc.constantFrom(...QUERIES), trimmedText),
        v: fc.oneof(fc.constantFrom(...VENDORS), trimmedText),
        t: fc.uniqueArray(tagPairArb, { minLength: 1, maxLength: 3, selector: (pair) => pair[0] }),
        c: fc.integer({ min: 1, max: 99_999 }).map(String),
        sortBy: sortByArb.filter((s) => s !== ''),
        limit: pageSizeArb,
        page: fc.nat({ max: 500 }),
      },
      { requiredKeys: [] },
    ),
    priceRangeArb,
  )
  .map(([query, range]) => ({ ...query, ...range }));

/** What the price-phrase parser must read from a generated phrase. */
export interface ExpectedPricePhrase {
  bound: PriceBound;
  cents: number;
  /** The phrase text as generated (what `phrase` must equal). */
  phrase: string;
  /** The query with the phrase removed, whitespace tidied. */
  query: string;
}

/** A typed query holding one price phrase, and its expected reading. */
export interface GeneratedPricePhrase {
  text: string;
  expected: ExpectedPricePhrase;
}

/** Writes whole units with or without en-US thousands commas. */
function wholeText(whole: number, grouped: boolean): string {
  return grouped ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole.toString();
}

function casing(text: string, style: 'lower' | 'upper' | 'title'): string {
  if (style === 'lower') return text;
  if (style === 'upper') return text.toUpperCase();
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

const CONTEXT_BEFORE = ['', 'pump', 'sand filter', 'SPX-1600 S', 'heater 400k'];
const CONTEXT_AFTER = ['', 'pump', 'for spa', 'gasket 2 pack', 'in stock'];

/**
 * A query with one price phrase built from the spec's words, and the reading expected:
 * a greater-than word (minimum) or less-than word (maximum) in any case and with any spacing
 * between its words, an amount of whole cents written with or without thousands commas and
 * with 0, 1 or 2 decimals where they are exact, and `$`/`USD` before, after or absent; the
 * phrase sits between optional context words.
 *
 * @example
 * fc.assert(fc.property(pricePhraseArb, ({ text, expected }) => {
 *   const parsed = parsePricePhrase(text);
 *   expect([parsed?.bound, parsed?.cents]).toEqual([expected.bound, expected.cents]);
 * }));
 */
export const pricePhraseArb: Arbitrary<GeneratedPricePhrase> = fc
  .record({
    bound: fc.constantFrom<PriceBound>('min', 'max'),
    wordIndex: fc.nat({ max: 4 }),
    style: fc.constantFrom<'lower' | 'upper' | 'title'>('lower', 'upper', 'title'),
    innerSpace: fc.constantFrom(' ', '  ', '\t'),
    signSpace: fc.constantFrom('', ' '),
    cents: fc.integer({ min: 0, max: 1_000_000_000 }),
    grouped: fc.boolean(),
    decimals: fc.constantFrom(0, 1, 2),
    currency: fc.constantFrom('', '$', 'USD', 'usd'),
    currencyAfter: fc.boolean(),
    currencySpace: fc.constantFrom('', ' '),
    before: fc.constantFrom(...CONTEXT_BEFORE),
    after: fc.constantFrom(...CONTEXT_AFTER),
  })
  .map((r) => {
    const words = r.bound === 'min' ? GREATER_THAN_WORDS : LESS_THAN_WORDS;
    const word = words[r.wordIndex] ?? words[0];
    const isSign = word === '>' || word === '<';
    const typedWord = casing(word, r.style).split(' ').join(r.innerSpace);
    const whole = Math.floor(r.cents / 100);
    const fraction = r.cents % 100;
    // Fewer decimals only where they are exact: 12.50 may read '12.5', 12.00 may read '12'.
    const decimals = fraction === 0 ? r.decimals : fraction % 10 === 0 ? Math.max(1, r.decimals) : 2;
    const fractionText = decimals === 0 ? '' : `.${String(fraction).padStart(2, '0').slice(0, decimals)}`;
    const amount = `${wholeText(whole, r.grouped)}${fractionText}`;
    const currency = r.currency;
    const money =
      currency === '' ? amount : r.currencyAfter ? `${amount}${r.currencySpace}${currency}` : `${currency}${r.currencySpace}${amount}`;
    // A word of letters needs a space before a currency word or digits that follow it.
    const phrase = `${typedWord}${isSign ? r.signSpace : ' '}${money}`;
    const text = [r.before, phrase, r.after].filter((s) => s !== '').join(' ');
    const query = [r.before, r.after].filter((s) => s !== '').join(' ');
    return { text, expected: { bound: r.bound, cents: r.cents, phrase, query } };
  });
