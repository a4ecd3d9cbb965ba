/**
 * What a product listing shows, from a snapshot of its machine: a pure function, tested without
 * React; `useSearchResults` and `useCollection` return it with the listing's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { PageInfo, ProductCardData, SearchQuery } from '../domain/entities.ts';
import { LISTING_TEXT, SKELETON_CARD_COUNT, searchHeading, type ViewMode } from '../domain/listing.ts';
import { pageTitle } from '../domain/page-title.ts';
import type { searchResultsMachine } from './search-results.machine.ts';

/** The listing's state name. */
export type ListingStatus = 'loading' | 'loaded' | 'notLoaded' | 'idle' | 'redirecting';

/** What a listing shows. */
export interface SearchResultsView {
  status: ListingStatus;
  loading: boolean;
  /** The query the listing shows (normal form). */
  query: SearchQuery;
  products: ProductCardData[];
  pageInfo: PageInfo | null;
  /** Skeleton cards to draw: 8 while loading, else 0. */
  skeletonCount: number;
  /** 'No products match your search criteria, please try again.' when a finished search found nothing (or cannot run). */
  noMatchText: string | null;
  view: ViewMode;
  /** 'Search results - {store name}'. */
  title: string;
  /** 'Search for "{q}"'; 'Products by {vendor}' for a vendor link, 'Featured products' for the featured listing. */
  breadcrumb: string;
  /** The slider's values while its 500 ms pause runs, else null. */
  priceDraft: { minPrice: number | null; maxPrice: number | null } | null;
}

const NO_QUERY: SearchQuery = {};

/**
 * The view of a snapshot; no snapshot (a collection whose listing has not started) reads as
 * loading with no products. `storeName` ends the title.
 * @example connectSearchResults(actor.getSnapshot(), 'Skimmer').skeletonCount; // 8
 */
export function connectSearchResults(snapshot: SnapshotFrom<typeof searchResultsMachine> | undefined, storeName: string): SearchResultsView {
  const context = snapshot?.context;
  const value = snapshot ? (snapshot.value as { list: ListingStatus | 'start' | 'redirected' }).list : 'start';
  const status: ListingStatus = value === 'start' ? 'loading' : value === 'redirected' ? 'redirecting' : value;
  const products = context?.products ?? [];
  const query = context?.query ?? NO_QUERY;
  const empty = (status === 'loaded' && products.length === 0) || status === 'idle';
  return {
    status,
    loading: status === 'loading',
    query,
    products,
    pageInfo: context?.pageInfo ?? null,
    skeletonCount: status === 'loading' ? SKELETON_CARD_COUNT : 0,
    noMatchText: empty ? LISTING_TEXT.noMatch : null,
    view: context?.view ?? 'grid',
    title: pageTitle('Search results', storeName),
    breadcrumb: searchHeading(query),
    priceDraft: context?.priceDraft ?? null,
  };
}
