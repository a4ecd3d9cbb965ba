/**
 * What a listing view reads from a {@link searchResultsMachine} snapshot, derived once here so the
 * hook and the view compute nothing (DESIGN convention 3): the status, the skeleton card count,
 * the no-match message and the price slider's values.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { LISTING_TEXT, SKELETON_CARD_COUNT } from '../domain/listing.ts';
import type { searchResultsMachine } from './search-results.machine.ts';

/** A snapshot of the listing machine. */
export type SearchResultsSnapshot = SnapshotFrom<typeof searchResultsMachine>;

/**
 * Where the listing stands: `redirecting` covers the 'cat' lookup and the redirect after it
 * (the page shows nothing of its own), `idle` a search page with nothing to search.
 */
export type ListingStatus = 'redirecting' | 'idle' | 'loading' | 'loaded' | 'notLoaded';

/**
 * The listing's status.
 * @example selectListingStatus(actor.getSnapshot()); // 'loading'
 */
export function selectListingStatus(snapshot: SearchResultsSnapshot): ListingStatus {
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  if (snapshot.matches({ list: 'loaded' })) return 'loaded';
  if (snapshot.matches({ list: 'notLoaded' })) return 'notLoaded';
  if (snapshot.matches({ list: 'idle' })) return 'idle';
  return 'redirecting';
}

/**
 * How many skeleton cards to show: 8 while loading, else 0.
 * @example selectSkeletonCount(snapshot); // 8
 */
export function selectSkeletonCount(snapshot: SearchResultsSnapshot): number {
  return selectListingStatus(snapshot) === 'loading' ? SKELETON_CARD_COUNT : 0;
}

/**
 * 'No products match your search criteria, please try again.' when a finished search found no
 * product, or when there was nothing to search; null otherwise. Choice: a failed search shows no
 * message ("silently clears loading"); the results area is simply empty.
 */
export function selectNoMatchMessage(snapshot: SearchResultsSnapshot): typeof LISTING_TEXT.noMatch | null {
  const status = selectListingStatus(snapshot);
  if (status === 'idle') return LISTING_TEXT.noMatch;
  return status === 'loaded' && snapshot.context.products.length === 0 ? LISTING_TEXT.noMatch : null;
}

/**
 * The price slider's values: the values being dragged while the 500 ms debounce runs, else the
 * bounds the query applies (null when absent).
 */
export function selectPriceRange(snapshot: SearchResultsSnapshot): { minPrice: number | null; maxPrice: number | null } {
  const { priceDraft, query } = snapshot.context;
  return priceDraft ?? { minPrice: query.minPrice ?? null, maxPrice: query.maxPrice ?? null };
}
