/**
 * Listing and search-box rules the machines share: the fixed texts of the header dropdown, the results page and the collection
 * description, the timings, the stored view mode, the equality of two searches (so a reload
 * happens only when the parameters really change), the URL of a listing page, and the upward
 * scroll run the mobile exit-intent trigger measures.
 *
 * @module
 */
import { toQueryString, toQueryStringWith } from './urls.ts';
import type { SearchQuery } from './entities.ts';

/** The search and listing texts, word for word from the spec. */
export const LISTING_TEXT = {
  /** The header box placeholder. */
  placeholder: 'Enter Keyword or Part Number...',
  /** The dropdown's collections group. */
  categories: 'Categories',
  /** The dropdown's products group. */
  products: 'Products',
  /** The dropdown when a finished search found nothing. */
  noResults: 'No results found.',
  /** The results page when a search found no product. */
  noMatch: 'No products match your search criteria, please try again.',
  /** The collapsed collection description's toggle. */
  readMore: 'Read More',
  /** The expanded collection description's toggle. */
  readLess: 'Read Less',
} as const;

/** How long the search box and the results wait, in milliseconds. */
export const SEARCH_TIMING = {
  /** Header box debounce before a search. @default 600 */
  boxDebounceMs: 600,
  /** The same debounce when the box sits on the search results page. @default 400 */
  searchPageDebounceMs: 400,
  /** Pause before the price-phrase pill is worked out. @default 600 */
  priceHintDebounceMs: 600,
  /** Pause after the price slider moves before the search reloads. @default 500 */
  priceSliderDebounceMs: 500,
  /** Hover time before the pill's 'Accept suggestion?' popover shows. @default 250 */
  pillPopoverShowMs: 250,
  /** Time after the pointer leaves before the popover hides. @default 400 */
  pillPopoverHideMs: 400,
} as const;

/**
 * Skeleton cards shown while a listing loads.
 * @default 8
 */
export const SKELETON_CARD_COUNT = 8;

/**
 * The storage key of the grid/list choice.
 * @default 'view'
 */
export const VIEW_STORAGE_KEY = 'view';

/** How a listing lays out its cards. */
export type ViewMode = 'grid' | 'list';

/**
 * Reads the stored view mode. Choice: only the exact value 'list' selects the list; anything
 * else (nothing stored, an old or corrupted value) is the grid, the layout a first visit sees.
 *
 * @example
 * parseViewMode('list'); // 'list'
 * parseViewMode(null); // 'grid'
 */
export function parseViewMode(stored: string | null | undefined): ViewMode {
  return stored === 'list' ? 'list' : 'grid';
}

/**
 * Whether two search query objects ask for the same results: equal once normalised (the URL
 * form), so `{ q: ' pump ' }` and `{ q: 'pump' }` are the same search and an invalid sort equals
 * no sort. The listing reloads only when this is false, so the URL update the machine itself
 * asked for does not load the page twice.
 *
 * @example
 * sameSearchQuery({ q: 'pump ' }, { q: 'pump', sortBy: '' }); // true
 * sameSearchQuery({ q: 'pump' }, { q: 'pump', page: 1 }); // false
 */
export function sameSearchQuery(a: SearchQuery, b: SearchQuery): boolean {
  return toQueryString(a) === toQueryString(b);
}

/**
 * The search results page's heading and breadcrumb for a query.
 *
 * The spec's 'Search for "{q}"' when there is a keyword. Choices for the listings reached by a
 * link without one (never 'Search for ""'): a vendor link (`?v=Pentair`) reads
 * 'Products by Pentair', the featured banner card's link (`?isFeatured=true`) 'Featured products',
 * and the parts of a model (`?fits=handle`, an equipment page's 'Shop all N parts that fit') 'Parts
 * that fit the {model}' when the model's name is known, else 'Parts that fit your equipment' (the
 * 'Fits my equipment' switch passes every saved model).
 *
 * @example
 * searchHeading({ q: 'pump' }); // 'Search for "pump"'
 * searchHeading({ v: 'Pentair' }); // 'Products by Pentair'
 * searchHeading({ isFeatured: true }); // 'Featured products'
 * searchHeading({ fits: ['acme-pump-a1'] }, 'Acme Pump A1'); // 'Parts that fit the Acme Pump A1'
 */
export function searchHeading(query: Pick<SearchQuery, 'q' | 'v' | 'isFeatured' | 'fits'>, fitsModel?: string | null): string {
  const q = (query.q ?? '').trim();
  const v = (query.v ?? '').trim();
  if (q === '' && v !== '') return `Products by ${v}`;
  if (q === '' && query.isFeatured === true) return 'Featured products';
  const fits = query.fits ?? [];
  if (q === '' && fits.length > 0) {
    const model = (fitsModel ?? '').trim();
    return fits.length === 1 && model !== '' ? `Parts that fit the ${model}` : 'Parts that fit your equipment';
  }
  return `Search for "${q}"`;
}

/**
 * The URL of a listing page for a query: the page path (the search results page or a
 * collection's own path) and the query string of `toQueryString`, with '?' only when there is
 * one. A path's own query or fragment is dropped, since the query object replaces it.
 *
 * @example
 * listingUrl('/searchresults.asp', { q: 'pump', page: 2 }); // '/searchresults.asp?page=2&q=pump'
 * listingUrl('/collections/pumps', {}); // '/collections/pumps'
 */
export function listingUrl(path: string, query: SearchQuery): string {
  return withQueryString(pagePath(path), toQueryString(query));
}

/** A listing page's path without its own query or fragment (the query object replaces them). */
function pagePath(path: string): string {
  return path.replace(/[?#].*$/, '');
}

/** A path and a query string, with '?' only when there is one. */
function withQueryString(path: string, qs: string): string {
  return qs === '' ? path : `${path}?${qs}`;
}

/**
 * {@link listingUrl} of many queries that each differ from one query in a few fields (the sort,
 * filter and page links of a listing): `listingLinks(path, query)(patch)` is
 * `listingUrl(path, { ...query, ...patch })`, with the path and the query's own parameters worked
 * out once for all the links (urls.ts `toQueryStringWith`).
 *
 * @example
 * const link = listingLinks('/collections/pumps', { sortBy: 'price_asc' });
 * link({ v: 'Hayward' }); // '/collections/pumps?sortBy=price_asc&v=Hayward'
 */
export function listingLinks(path: string, query: SearchQuery): (patch: Partial<SearchQuery>) => string {
  const base = pagePath(path);
  const queryString = toQueryStringWith(query);
  return (patch) => withQueryString(base, queryString(patch));
}

/** An upward scroll run: where it began and where the page is now. */
export interface ScrollRun {
  /** The scroll position where the current upward run began (its deepest point). */
  anchor: number;
  /** The latest scroll position. */
  last: number;
}

/**
 * Follows scroll positions to measure the current upward run, for the mobile exit-intent trigger
 * ("scrolling up by more than 10 px"). Choice: browsers fire a scroll event per frame, so a slow
 * upward scroll arrives as many small steps; the run is measured from where the upward movement
 * began (`anchor`), and any downward step starts a new run. Non-finite positions are ignored.
 *
 * Laws: `anchor >= last`, and `anchor - last` is the length of the current upward run.
 *
 * @example
 * let run = trackScrollRun(null, 400); // { anchor: 400, last: 400 }
 * run = trackScrollRun(run, 395);      // { anchor: 400, last: 395 }
 * run = trackScrollRun(run, 388);      // { anchor: 400, last: 388 }: 12 px up in all
 */
export function trackScrollRun(run: ScrollRun | null, scrollY: number): ScrollRun | null {
  if (!Number.isFinite(scrollY)) return run;
  if (run === null || scrollY >= run.last) return { anchor: scrollY, last: scrollY };
  return { anchor: run.anchor, last: scrollY };
}
