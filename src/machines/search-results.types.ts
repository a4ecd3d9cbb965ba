/**
 * Types of the search results machine (`search-results.machine.ts`) and of its connect function.
 * @module
 */
import type { VIEW_STORAGE_KEY } from '../domain/listing.ts';
import type { ViewMode } from '../domain/listing.ts';
import type { PageInfo, ProductCardData, SearchQuery } from '../domain/entities.ts';

/** One page of results, as the products call answers it. */
export interface ResultsPage {
  products: ProductCardData[];
  pageInfo: PageInfo;
}

/** Input of the `searchProducts` actor: the page's query, plus `c` on a collection page. */
export type SearchProductsInput = SearchQuery;

/** Context of {@link searchResultsMachine}. */
export interface SearchResultsContext {
  /** The page's query, in normal form (what the URL carries). */
  query: SearchQuery;
  /** The collection listed, or null on the search results page. */
  collectionId: number | null;
  /** The page path URL updates are written to. */
  path: string;
  /** The collection path prefix of the 'cat' redirect. */
  collectionPath: string;
  /** The 'cat' parameter still to look up, or null. */
  cat: string | null;
  /** The cards of the current page. */
  products: ProductCardData[];
  /** Paging and facets of the current page, once loaded. */
  pageInfo: PageInfo | null;
  /** Grid or list. */
  view: ViewMode;
  /** The price slider's values while its debounce runs, else null. */
  priceDraft: { minPrice: number | null; maxPrice: number | null } | null;
}

/** Events of {@link searchResultsMachine}. */
export type SearchResultsEvent =
  /** The page URL changed (back button, a link, a filter). Same parameters do not reload. */
  | { type: 'params.changed'; query: SearchQuery; cat?: string | null }
  /** A pagination button; a page outside 0..pages-1 is ignored. */
  | { type: 'page.changed'; page: number }
  /**
   * Sort, page size, tags, vendor, 'Search Within': merged into the query (an undefined field is
   * removed), page back to 0. `replace` (false by default) replaces the history entry.
   */
  | { type: 'filters.changed'; patch: Partial<SearchQuery>; replace?: boolean }
  /** The price slider moved; applied after 500 ms without movement. */
  | { type: 'price.changed'; minPrice: number | null; maxPrice: number | null }
  | { type: 'view.changed'; view: ViewMode }
  /** Load the same parameters again (after a failure). */
  | { type: 'retry' };

/** Input of {@link searchResultsMachine}. */
export interface SearchResultsInput {
  /** The page's query (read from its URL by `fromQueryString`). */
  query: SearchQuery;
  /** The collection to list (collection page). @default null */
  collectionId?: number | null;
  /** The page path. @default '/searchresults.asp' */
  path?: string;
  /** The configured collection path (store configuration), for the 'cat' redirect. @default '/collections' */
  collectionPath?: string;
  /** The 'cat' search parameter. @default null */
  cat?: string | null;
  /** The value stored under 'view'. @default null (grid) */
  storedView?: string | null;
  /** Results rendered on the server: the machine starts loaded and does not fetch. */
  initial?: ResultsPage | null;
}

/** A failure the spec says is logged only; the hook sends it to its logger. */
export interface SearchResultsLog {
  type: 'log';
  source: 'searchProducts' | 'lookupCategory';
  message: string;
  error: unknown;
}

/** What the machine emits. */
export type SearchResultsEmitted =
  /** Go to a URL; `replace` replaces the history entry (the price slider) instead of adding one. */
  | { type: 'navigate'; url: string; replace: boolean }
  | { type: 'storage.set'; key: typeof VIEW_STORAGE_KEY; value: ViewMode }
  | SearchResultsLog;
