/**
 * The listing pages' texts and filter rules (the search results and collection pages): the
 * matches message, the sidebar's labels, the tag sections with their
 * options (8 before Show more) and Search Within. A module of the listing pages only.
 * @module
 */
import type { TagFilterFacet, TagPair } from './entities.ts';
import { formatPrice } from './money.ts';

/**
 * The expert-assistance page the search message links to (an articles page, ID 355). Choice: the
 * store configuration has no field for it, so the page path is fixed here; a store may override
 * it by passing its own URL to {@link matchesFoundMessage}.
 * @default '/expert-assistance/355.htm'
 */
export const EXPERT_ASSISTANCE_URL = '/expert-assistance/355.htm';

/** The search message in three parts, so the view can make 'HERE' a link. */
export interface MatchesFoundMessage {
  before: string;
  link: string;
  after: string;
  href: string;
}

/**
 * '{count} matches found. Can't find your part? Click HERE to request expert assistance!', split
 * around the linked word. Choice: a count that is not a whole number of 0 or more reads as 0.
 *
 * @example
 * const m = matchesFoundMessage(12);
 * m.before + m.link + m.after; // "12 matches found. Can't find your part? Click HERE to request expert assistance!"
 */
export function matchesFoundMessage(count: number, href: string = EXPERT_ASSISTANCE_URL): MatchesFoundMessage {
  const n = Number.isInteger(count) && count > 0 ? count : 0;
  return { before: `${n} matches found. Can't find your part? Click `, link: 'HERE', after: ' to request expert assistance!', href };
}

/**
 * Tag options shown per sidebar section before 'Show more'.
 * @default 8
 */
export const TAG_OPTIONS_VISIBLE = 8;

/** The sidebar's fixed texts. */
export const SIDEBAR_TEXT = {
  none: 'None',
  all: 'All',
  vendors: 'Vendors',
  showMore: 'Show more',
  showLess: 'Show less',
  searchWithin: 'Search Within',
  go: 'Go',
  price: 'Price',
} as const;

/** One radio option of a tag section. */
export interface TagOption {
  /** '' for 'None'. */
  value: string;
  label: string;
}

/**
 * The options of one tag section: 'None' first, then each value with its count, '{value} ({count})';
 * beyond 8 values only the first 8 show until expanded. The chosen value always shows, even when
 * collapsed past it (a hidden checked radio would hide the active filter).
 *
 * @example
 * tagOptions([{ tagValue: '1 HP', tagCount: 3 }], false, '');
 * // { options: [{ value: '', label: 'None' }, { value: '1 HP', label: '1 HP (3)' }], hasMore: false }
 */
export function tagOptions(
  facets: readonly { tagValue: string; tagCount: number }[],
  expanded: boolean,
  chosen: string,
): { options: TagOption[]; hasMore: boolean } {
  const all = facets.map((f) => ({ value: f.tagValue, label: `${f.tagValue} (${f.tagCount})` }));
  const hasMore = all.length > TAG_OPTIONS_VISIBLE;
  const shown = expanded || !hasMore ? all : all.filter((o, i) => i < TAG_OPTIONS_VISIBLE || o.value === chosen);
  return { options: [{ value: '', label: SIDEBAR_TEXT.none }, ...shown], hasMore };
}

/**
 * The tag filters after choosing `value` for `prefix` in the sidebar: one value per prefix (the
 * sections are radio groups), '' ('None') removes the prefix's filter; other prefixes keep their
 * order.
 *
 * @example
 * withTagChoice([['Brand', 'Hayward']], 'HP', '1 HP'); // [['Brand', 'Hayward'], ['HP', '1 HP']]
 * withTagChoice([['HP', '1 HP']], 'HP', ''); // []
 */
export function withTagChoice(tags: readonly TagPair[] | undefined, prefix: string, value: string): TagPair[] {
  const others = (tags ?? []).filter(([p]) => p !== prefix);
  return value === '' ? others : [...others, [prefix, value] as const];
}

/**
 * The facets grouped by tag prefix, in the order of the available prefixes (then any prefix only
 * the facets name).
 *
 * @example
 * tagSections([{ tagPrefixValue: 'HP' }], [{ tagPrefix: 'HP', tagValue: '1 HP', tagCount: 2 }]);
 * // [{ prefix: 'HP', facets: [{ tagPrefix: 'HP', tagValue: '1 HP', tagCount: 2 }] }]
 */
export function tagSections(
  prefixes: readonly { tagPrefixValue: string }[],
  facets: readonly TagFilterFacet[],
): { prefix: string; facets: TagFilterFacet[] }[] {
  const order = [...new Set([...prefixes.map((p) => p.tagPrefixValue), ...facets.map((f) => f.tagPrefix)])];
  return order.map((prefix) => ({ prefix, facets: facets.filter((f) => f.tagPrefix === prefix) })).filter((s) => s.facets.length > 0);
}

/**
 * The query of a 'Search Within' submission: the words typed are added to the current query (the
 * search narrows the results shown). Choice: the spec names the box only; narrowing by appending
 * words is what "within" means for a keyword search, and a blank entry keeps the query as it is.
 *
 * @example
 * searchWithinQuery('pump', 'motor'); // 'pump motor'
 * searchWithinQuery(undefined, ' seal '); // 'seal'
 */
export function searchWithinQuery(current: string | undefined, within: string): string {
  return [current?.trim() ?? '', within.trim()].filter((w) => w !== '').join(' ');
}

/** The price slider of a listing's sidebar: its scale and the range it shows. */
export interface PriceRangeView {
  /** The top of both sliders, in whole dollars (at least 1). */
  ceiling: number;
  /** The minimum slider's value. */
  min: number;
  /** The maximum slider's value. */
  max: number;
  /** '$0.00 - $250.00'. */
  text: string;
}

/**
 * The price slider of a listing, or null when there is no price to filter.
 *
 * The scale runs from 0 to the listing's dearest product rounded up to a whole dollar. Choice
 * (a search with no results must not show '$0.00 - $1.00'): with no priced product and no
 * price bound in the query the slider is left out; with a bound (a range that matched nothing)
 * it stays, scaled to the bound, so the shopper can widen it again.
 *
 * @example
 * priceRangeView(249.5, { minPrice: null, maxPrice: null }); // { ceiling: 250, min: 0, max: 250, text: '$0.00 - $250.00' }
 * priceRangeView(0, { minPrice: null, maxPrice: null }); // null
 */
export function priceRangeView(productMaxPrice: number, bounds: { minPrice: number | null; maxPrice: number | null }): PriceRangeView | null {
  const top = Number.isFinite(productMaxPrice) && productMaxPrice > 0 ? productMaxPrice : 0;
  const bound = Math.max(bounds.minPrice ?? 0, bounds.maxPrice ?? 0);
  if (top === 0 && bound <= 0) return null;
  const ceiling = Math.max(1, Math.ceil(Math.max(top, bound)));
  const min = bounds.minPrice ?? 0;
  const max = bounds.maxPrice ?? ceiling;
  return { ceiling, min, max, text: `${formatPrice(min)} - ${formatPrice(max)}` };
}
