/**
 * Text rules of product search: how documents and queries are cut into words, how
 * part numbers are normalised, how a query string becomes the words the index looks up,
 * and the relevance weights. Every search index and the test oracle share these rules,
 * so the index structures can be checked against a plain scan of the same words.
 * @module
 */
import type { SortBy } from '../../../domain/entities.ts';
import { normalizePhrase } from '../../../domain/search.ts';

/**
 * Words beyond this many distinct query words are ignored. A parts search never needs
 * more; the cap bounds the work (and the score) of a pasted paragraph.
 * @default 32
 */
export const MAX_QUERY_WORDS = 32;

/**
 * Minimum length of a normalised query (or query word) for part-number prefix matching.
 * Mirrors the spec's minimum query length of 3, and keeps 'a' from matching every part.
 * @default 3
 */
export const MIN_PART_NUMBER_PREFIX = 3;

/**
 * Words that carry no meaning in a parts query ('pump for above ground pool'). They are
 * dropped from the query unless the query has nothing else; documents still index them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'x',
]);

/**
 * Words shoppers add that few titles hold ('new pump for my pool', '2 inch valve'): dropped
 * like stop words (unless the query has nothing else), so they never make a product fail.
 * 'pool' is one: it is in most queries of a pool store and in few of its titles.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'pool', 'pools', 'swimming', 'my', 'our', 'new', 'need', 'needs', 'want', 'i', 'me', 'we', 'buy', 'best', 'cheap',
  'good', 'replace', 'replacing', 'replacement', 'inch', 'inches', 'size', 'sized', 'type', 'model', 'is', 'it', 'that', 'this',
  'dollar', 'dollars', 'bucks', 'usd', 'price', 'cheapest',
]);

/**
 * Words too general to stand for a query alone: a relaxed answer (not every word matched)
 * must rest on another word as well, or there is no answer ('pool table' finds no tables,
 * and must not answer every 'kit').
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'kit', 'kits', 'part', 'parts', 'set', 'sets', 'system', 'systems', 'assembly', 'series', 'pro', 'spa', 'spas', 'water',
  'hot', 'tub', 'above', 'ground', 'inground', 'outdoor', 'indoor', 'large', 'small', 'big', 'black', 'white', 'blue', 'gray',
  'tan', 'heavy', 'duty', 'automatic', 'electric', 'plus', 'up', 'down',
]);

/**
 * Abbreviations and names of the trade that stand for other words ('vsp', 'media filter'):
 * the query reads those words instead. A key of two words (space-separated) replaces the pair.
 * Equivalences of one word or phrase with another are synonyms (trade.ts).
 */
export const QUERY_EXPANSIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['media filter', ['sand', 'filter']],
  ['salt generator', ['chlorinator']],
  ['water generator', ['chlorinator']],
  ['chlorine generator', ['chlorinator']],
  ['vsp', ['variable', 'speed', 'pump']],
  ['vsps', ['variable', 'speed', 'pump']],
  ['mps', ['non', 'chlorine', 'shock']],
  ['trichlor', ['chlorine', 'tablets']],
  ['dichlor', ['dichlor', 'shock']],
  ['hottub', ['spa']],
  ['hottubs', ['spa']],
  ['jacuzzi', ['spa']],
]);

const COMBINING_MARKS = /\p{M}+/gu;
// eslint-disable-next-line no-control-regex
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * Folds text for matching: lower case and without accents, so 'Pompe à chaleur' finds
 * 'pompe a chaleur'. ASCII text (the common case) skips the Unicode work.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) return lower;
  // the domain's normalizePhrase order: compatibility forms ('ᴬ', 'Ａ') first, then lower case
  return text.normalize('NFKD').toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '');
}

/**
 * Cuts text into search words: folded, numbers read as numbers (readNumbers: '1-1/2"' is
 * '1.5', '400,000' and '400k' are '400000', '2.0' is '2', '3/4hp' is '0.75 hp', '16x32' is
 * '16 x 32'), then split on every run of characters that are neither letters nor digits
 * (a decimal point inside a number stays). 'SPX-1600-S' gives ['spx', '1600', 's'].
 * @example tokenize('Super-Pump 1.5 HP') // ['super', 'pump', '1.5', 'hp']
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const folded = foldText(text);
  for (const part of (HAS_DIGIT.test(folded) ? readNumbers(folded) : folded).split(WORD_SPLIT)) if (part !== '') out.push(part);
  return out;
}

const HAS_DIGIT = /\d/;
/** Splits on non-alphanumerics, but not on a point between two digits ('1.5'). */
const WORD_SPLIT = /(?:(?!(?<=\d)\.(?=\d))[^\p{L}\p{N}])+/u;

/**
 * Units a number is written against ('3/4hp', '400kbtu', '1.5in', '50ft'): split off the
 * number so '1.5in' and '1.5 in' are the same words. Longest first.
 */
const UNITS = 'horsepower|gallons|gallon|inches|inch|gal|gpm|btu|lbs|mil|sqft|hp|ft|in|lb|oz|qt|v';

const NUMBER_RULES: [RegExp, (...m: string[]) => string][] = [
  // thousands separators: '400,000' is one number
  [/(\d),(?=\d{3}(?!\d))/g, (_, d) => d],
  // mixed fractions: '1-1/2', '1 1/2' are 1.5
  [/(?<![\d./])(\d+)[\s-]+(\d)\/(\d{1,2})(?![\d/])/g, (_, w, a, b) => decimal(Number(w) + Number(a) / Number(b))],
  // plain fractions: '3/4' is 0.75 (a ratio of larger numbers is not read: model numbers)
  [/(?<![\d./])(\d)\/(\d{1,2})(?![\d/])/g, (_, a, b) => (Number(b) === 0 ? `${a}/${b}` : decimal(Number(a) / Number(b)))],
  // a leading point: '.75' is 0.75
  [/(?<![\d.])\.(\d+)/g, (_, d) => `0.${d}`],
  // thousands: '400k' is 400000 (only when followed by a unit or the end of the word)
  [new RegExp(`(?<![\\p{L}\\d.])(\\d+(?:\\.\\d+)?)k(?=${'(?:\\s*(?:' + UNITS + '))?(?![\\p{L}\\d])'})`, 'gu'), (_, n) => decimal(Number(n) * 1000)],
  // a unit glued to its number: '3/4hp' -> '0.75 hp'
  [new RegExp(`(?<![\\p{L}])(\\d+(?:\\.\\d+)?)(${UNITS})(?![\\p{L}])`, 'gu'), (_, n, u) => `${n} ${u}`],
  // dimensions: '16x32' -> '16 x 32'
  [/(\d)x(?=\d)/g, (_, d) => `${d} x `],
  // a decimal written with zeros: '2.0' is '2', '1.50' is '1.5'
  [/(?<![\d.])(\d+)\.(\d*?)0+(?![\d.])/g, (_, w, f) => (f === '' ? w : `${w}.${f}`)],
];

/** A number as the index writes it: no exponent, at most 4 decimals, no trailing zeros. */
function decimal(n: number): string {
  return String(Math.round(n * 10_000) / 10_000);
}

/**
 * Reads the numbers of folded text as numbers, so a shopper's '3/4 hp' finds a product's
 * '0.75 HP' and '400k btu' its '400,000 BTU' (see tokenize).
 * @example readNumbers('1-1/2" pipe, 400k btu') // '1.5" pipe, 400000 btu'
 */
export function readNumbers(folded: string): string {
  let out = folded;
  for (const [re, to] of NUMBER_RULES) out = out.replace(re, to as (...m: string[]) => string);
  return out;
}

/**
 * Normalises a part number (or a typed query) for part-number matching: folded
 * alphanumerics only, so case, hyphens, spaces, dots and slashes do not matter. This is
 * the spec's rule that phrase matching ignores non-alphanumeric characters, and it is the
 * domain's `normalizePhrase`, so the storefront and the server agree; it always equals the
 * query's words joined, because foldText folds in the same order (tested).
 * @example normalizePartNumber('SPX 1600-S') // 'spx1600s'
 */
export function normalizePartNumber(text: string): string {
  return normalizePhrase(text);
}

/** Case-insensitive key of a vendor, tag prefix or tag value: trimmed and folded. */
export function facetKey(text: string): string {
  return foldText(text.trim());
}

/** The words of a query string as the index uses them. */
export interface ParsedQueryText {
  /**
   * Distinct words, abbreviations expanded (QUERY_EXPANSIONS), stop and filler words dropped
   * (unless nothing else is left), at most MAX_QUERY_WORDS, in query order.
   */
  words: string[];
  /** The whole query normalised for part-number matching ('' when shorter than 3). */
  partNumber: string;
  /**
   * The position in `words` of the product noun (-1 without words): the last word naming a
   * thing before 'for' or 'with' ('igniter for pool heater': 'igniter'), else the last such
   * word ('pool pump motor': 'motor'); not a number, unit or generic word when another is
   * there. It counts twice in relevance and a relaxed answer never drops it.
   */
  head: number;
}

/** Words after which the query names what the product fits, not the product. */
const FITS_WORDS: ReadonlySet<string> = new Set(['for', 'with', 'fits', 'fit', 'fitting']);

/**
 * Units and measures: never a query's product noun ('pump 2 hp' is about pumps), and never
 * dropped from a relaxed answer, as the number they measure is not ('5 hp pump').
 */
export const UNIT_WORDS: ReadonlySet<string> = new Set([
  'hp', 'horsepower', 'btu', 'gal', 'gallon', 'gallons', 'v', 'volt', 'volts', 'ft', 'feet', 'lb', 'lbs', 'oz', 'qt', 'sq', 'sqft',
  'mil', 'gpm', 'kw', 'pack', 'x', 'round',
]);

/**
 * Parses a query string. Empty when q has no letters or digits (then q filters nothing).
 * The last word is matched as a prefix (as-you-type); the others must match whole words.
 * @example parseQueryText('Pump for my SPX-16') // { words: ['pump', 'spx', '16'], partNumber: 'pumpformyspx16' }
 */
export function parseQueryText(q: string | undefined): ParsedQueryText {
  const tokens = q === undefined ? [] : tokenize(q);
  const expanded: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? QUERY_EXPANSIONS.get(`${tokens[i]} ${tokens[i + 1]}`) : undefined;
    if (pair !== undefined) { expanded.push(...pair); i++; } else expanded.push(...(QUERY_EXPANSIONS.get(tokens[i]!) ?? [tokens[i]!]));
  }
  const distinct = [...new Set(expanded)];
  const meaningful = distinct.filter((w) => !STOP_WORDS.has(w) && !FILLER_WORDS.has(w));
  const kept = meaningful.length > 0 ? meaningful : distinct.filter((w) => !STOP_WORDS.has(w));
  const words = (kept.length > 0 ? kept : distinct).slice(0, MAX_QUERY_WORDS);
  const joined = q === undefined || tokens.length === 0 ? '' : normalizePartNumber(q);
  return { words, partNumber: joined.length >= MIN_PART_NUMBER_PREFIX ? joined : '', head: headWord(words, expanded) };
}

/** The position of the product noun among `words` (see ParsedQueryText.head), given the query's words in order. */
function headWord(words: readonly string[], all: readonly string[]): number {
  if (words.length === 0) return -1;
  const fits = all.findIndex((w, i) => i > 0 && FITS_WORDS.has(w));
  const before = new Set(fits < 0 ? all : all.slice(0, fits));
  let fallback = -1;
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (!before.has(w)) continue;
    if (fallback < 0) fallback = i;
    if (/\p{L}/u.test(w) && !/\d/.test(w) && !UNIT_WORDS.has(w) && !GENERIC_WORDS.has(w)) return i;
  }
  return fallback < 0 ? words.length - 1 : fallback;
}

/**
 * The keys a part number is found by: itself, and without a leading letters-only prefix when
 * a number of 3+ characters starting with a digit follows ('AQC3915H' is also '3915h': a
 * shopper types the maker's number without the seller's or brand's prefix).
 * @example partNumberKeys('deptpk1450ey') // ['deptpk1450ey', '1450ey']
 */
export function partNumberKeys(pn: string): string[] {
  const m = /^[a-z]+(?=\d)/.exec(pn);
  if (m === null || pn.length - m[0].length < MIN_PART_NUMBER_PREFIX + 1) return [pn];
  return [pn, pn.slice(m[0].length)];
}

/** Where a query word was found in a document; each flag is one bit. */
export const FIELD = {
  title: 1,
  vendor: 2,
  tag: 4,
  description: 8,
  /** A tag naming the product's type (TYPE_TAG_PREFIXES): 'Part Type: Pump'. */
  type: 16,
} as const;

/** Number of FIELD bits (flag values are below 1 << FIELD_COUNT). */
export const FIELD_COUNT = 5;

/**
 * Tag prefixes (facet keys) that name what a product is: their values rank as the product's
 * type, above its vendor, so 'pumps' puts pumps before the products of 'Deepwell Pumps'.
 */
export const TYPE_TAG_PREFIXES: ReadonlySet<string> = new Set(['part type', 'product type', 'type', 'category']);

/**
 * Rank of each field, best first: product type 5, title 4, vendor 3, other tags 2,
 * description 1. A word's score is its best field's rank and its best match kind (KIND in
 * words.ts: exact 5, variant 4, synonym 3, prefix 2, typo 1) as (rank - 1) * 6 + kind, so the field
 * decides first and the kind breaks ties: a title word found through its stem beats a vendor
 * word found exactly. A word naming the product's type is the surest sign of what the
 * shopper wants ('pumps': the pumps before pump lids and before the vendor 'Deepwell Pumps').
 */
export const FIELD_RANK = { type: 5, title: 4, vendor: 3, tag: 2, description: 1 } as const;

/**
 * Scores of part-number hits of one query word: equal to a part number ranks just below a
 * title match, a prefix of one just below a vendor match.
 */
export const PART_NUMBER_SCORE = { exact: 18, prefix: 12 } as const;

/**
 * Score of a document whose part number equals the whole normalised query (exact part
 * number hits come first), and of one whose part number starts with it.
 */
export const PART_NUMBER_TIER = { exact: 2, prefix: 1, none: 0 } as const;

/** Scores of the words add up below this, so a higher tier always wins. */
export const TIER_STEP = 1024;

/**
 * How one query word matched one document, as found by the index: one FIELD bitmask per
 * match kind (exact, variant, synonym, prefix, typo), and `partNumber` 0 none, 1 prefix, 2 equal.
 */
export interface WordMatch {
  exact: number;
  variant?: number;
  synonym?: number;
  prefix: number;
  typo?: number;
  partNumber: 0 | 1 | 2;
}

/** The rank of the best field in a FIELD bitmask (0 for none). */
export function fieldRank(mask: number): number {
  return mask & FIELD.type ? FIELD_RANK.type
    : mask & FIELD.title ? FIELD_RANK.title
      : mask & FIELD.vendor ? FIELD_RANK.vendor
        : mask & FIELD.tag ? FIELD_RANK.tag
          : mask & FIELD.description ? FIELD_RANK.description : 0;
}

/**
 * Score of a match of `kind` (1 typo .. 5 exact) in the fields of `mask`; 0 when mask is 0.
 * A typo found only in the description counts for nothing: every description holds common
 * words ('years', 'service') a short query word is one edit from ('gears', 'nervice').
 */
export function kindScore(mask: number, kind: number): number {
  const rank = fieldRank(kind === 1 ? mask & ~FIELD.description : mask);
  return rank === 0 ? 0 : (rank - 1) * 6 + kind;
}

/**
 * Relevance of one word: the best of its matches (field first, then kind; see FIELD_RANK).
 * Returns 0 when the word did not match.
 */
export function wordScore(m: WordMatch): number {
  const pn = m.partNumber === 2 ? PART_NUMBER_SCORE.exact : m.partNumber === 1 ? PART_NUMBER_SCORE.prefix : 0;
  return Math.max(
    kindScore(m.exact, 5), kindScore(m.variant ?? 0, 4), kindScore(m.synonym ?? 0, 3), kindScore(m.prefix, 2), kindScore(m.typo ?? 0, 1), pn,
  );
}

/** The nine sorts the storefront offers, '' being the default. */
export const SORTS: readonly SortBy[] = [
  '', 'id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc', 'top_rated', 'best_selling',
];

/**
 * Sort key of a title: folded (case and accent blind) with every run of digits padded to
 * 16 places, so plain code-unit comparison gives natural order ('Pump 2' before
 * 'Pump 10') the same in every locale, and cheaply enough to presort 100k titles.
 * @example titleSortKey('Pump 10') // 'pump 0000000000000010'
 */
export function titleSortKey(title: string): string {
  return foldText(title).replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, '').padStart(16, '0'));
}

/** Title order: compares the titles' sort keys (see titleSortKey). */
export function compareTitleKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Title order over raw titles; the indexes compare precomputed keys instead. */
export function compareTitles(a: string, b: string): number {
  return compareTitleKeys(titleSortKey(a), titleSortKey(b));
}
