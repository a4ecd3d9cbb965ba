/**
 * Normalises an IndexQuery once, before any index looks at it, so every index (and the
 * oracle of the tests) reads filters the same way.
 * @module
 */
import { comparedPriceCents } from '../../../domain/call-for-price.ts';
import type { SortBy } from '../../../domain/entities.ts';
import { facetKey, parseQueryText, type ParsedQueryText } from './text.ts';
import type { FitsList, IndexQuery, SearchDocument } from './types.ts';

/** Separates a tag prefix key from its value key in one string key. */
export const TAG_KEY_SEPARATOR = '\u0000';

/** The key of one tag: prefix and value, both case-insensitive. */
export function tagKey(prefix: string, value: string): string {
  return facetKey(prefix) + TAG_KEY_SEPARATOR + facetKey(value);
}

/**
 * The price an index keeps for a document that has none to compare (a call-for-price product):
 * below every price, so the lower bound of 0 every price filter and price sort carries
 * ({@link normalizeQuery}) leaves it out, and it never is the highest price.
 */
export const NOT_COMPARED_PRICE_CENTS = -1;

/** The price the indexes filter, sort and take the highest price by (the domain's comparedPriceCents). */
export function indexedPriceCents(doc: Pick<SearchDocument, 'priceCents' | 'callForPrice'>): number {
  return comparedPriceCents(doc) ?? NOT_COMPARED_PRICE_CENTS;
}

/** An IndexQuery with its filters resolved to keys and bounds. */
export interface NormalizedQuery {
  text: ParsedQueryText;
  /** True when q has words (or a part number) to match, so relevance applies. */
  hasText: boolean;
  /** Folded vendor, or null when v is absent or blank. */
  vendorKey: string | null;
  /** Tag filters grouped by prefix key: a document needs one of the values of every prefix. */
  tagGroups: Map<string, Set<string>>;
  collectionId: number | null;
  minPriceCents: number;
  maxPriceCents: number;
  featuredOnly: boolean;
  /** The fitment lists of the fits filter (a product must be in one), or null for no such filter. */
  fits: readonly FitsList[] | null;
  /** A key of the fits lists by identity ('' without the filter), for caches keyed by the query. */
  fitsKey: string;
  sortBy: SortBy;
  offset: number;
  limit: number;
}

const wholeOrZero = (n: number | undefined): number =>
  n === undefined || !Number.isFinite(n) || n < 0 ? 0 : Math.floor(n);

/**
 * Resolves a query. Choices where the contract is silent, all tested:
 * - a blank v, and tag pairs with a blank prefix or value, filter nothing;
 * - several values given for one tag prefix match any of them (the contract asks for one
 *   value per prefix; OR is what a shopper picking two values of one prefix expects);
 * - only `isFeatured: true` filters: false means "featured or not", because a search
 *   page that always sends isFeatured=false must not hide featured products;
 * - a missing, negative or non-finite limit or page counts as 0 (fractions are floored),
 *   and an unknown sortBy counts as the default;
 * - price bounds are inclusive; a NaN bound is ignored;
 * - a query that compares prices (a price bound, or the price sorts) has a lower bound of at
 *   least 0: products with no price to compare (call for price) are left out of its answer,
 *   while a product priced 0 is compared like any other.
 */
export function normalizeQuery(query: IndexQuery): NormalizedQuery {
  const text = parseQueryText(query.q);
  const v = query.v === undefined ? '' : facetKey(query.v);
  const tagGroups = new Map<string, Set<string>>();
  for (const pair of query.t ?? []) {
    const prefix = facetKey(pair[0]);
    const value = facetKey(pair[1]);
    if (prefix === '' || value === '') continue;
    let group = tagGroups.get(prefix);
    if (group === undefined) tagGroups.set(prefix, (group = new Set()));
    group.add(value);
  }
  const limit = wholeOrZero(query.limit);
  const page = wholeOrZero(query.page);
  const sortBy: SortBy = KNOWN_SORTS.has(query.sortBy ?? '') ? (query.sortBy ?? '') : '';
  const minPriceCents = query.minPriceCents === undefined || Number.isNaN(query.minPriceCents) ? -Infinity : query.minPriceCents;
  const maxPriceCents = query.maxPriceCents === undefined || Number.isNaN(query.maxPriceCents) ? Infinity : query.maxPriceCents;
  const comparesPrices = minPriceCents > -Infinity || maxPriceCents < Infinity || sortBy === 'price_asc' || sortBy === 'price_desc';
  return {
    text,
    hasText: text.words.length > 0 || text.partNumber !== '',
    vendorKey: v === '' ? null : v,
    tagGroups,
    collectionId: query.c === undefined || !Number.isFinite(query.c) ? null : query.c,
    minPriceCents: comparesPrices ? Math.max(minPriceCents, 0) : minPriceCents,
    maxPriceCents,
    featuredOnly: query.isFeatured === true,
    fits: query.fits === undefined ? null : query.fits,
    fitsKey: query.fits === undefined ? '' : query.fits.map(listSerial).join(','),
    sortBy,
    offset: page * limit,
    limit,
  };
}

const KNOWN_SORTS: ReadonlySet<string> = new Set([
  '', 'id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc', 'top_rated', 'best_selling',
]);

const serials = new WeakMap<object, number>();
let nextSerial = 0;

/** A number per fitment list object (lists are kept by the equipment catalogue for its life). */
function listSerial(list: FitsList): number {
  let n = serials.get(list);
  if (n === undefined) serials.set(list, (n = ++nextSerial));
  return n;
}
