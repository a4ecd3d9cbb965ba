/**
 * A listing actor's view and events, for `useSearchResults` (its own actor) and `useCollection`
 * (the actor it starts once the collection's id is known).
 * @module
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { SearchQuery } from '../domain/entities.ts';
import type { ViewMode } from '../domain/listing.ts';
import { connectSearchResults, type SearchResultsView } from '../machines/search-results.connect.ts';
import { sameView } from './same-view.ts';
import type { ListingActor } from './listing-actor.ts';

/** What a listing hook returns: the listing's view and its events. */
export interface SearchResultsApi extends SearchResultsView {
  setPage(page: number): void;
  /** Sort, page size, tags, vendor, 'Search Within': merged in, page back to 0. */
  setFilters(patch: Partial<SearchQuery>): void;
  setPrice(minPrice: number | null, maxPrice: number | null): void;
  setView(view: ViewMode): void;
  /** Loads the same parameters again (after a failure). */
  retry(): void;
  /**
   * Where the 'cat' parameter leads when the cache already knows it (a server render looked it
   * up): the page answers with a redirect there instead of a listing. @default null
   */
  categoryRedirect?: string | null;
}

/**
 * The connected view and the events of a listing actor; an absent actor (a collection not loaded
 * yet) reads as loading with no products, and its events do nothing. `target`, when given, is
 * where the events go once it holds an actor: a collection page shows its first render from an
 * actor that never starts, and the one that does start is known (in an effect) a render before
 * the page reads from it; a choice made in between goes to the started one instead of being lost.
 * @example const listing = useListingApi(actor, storeConfig.storeName);
 */
export function useListingApi(actor: ListingActor | undefined, storeName: string, target?: { readonly current: ListingActor | undefined }): SearchResultsApi {
  const view = useSelector(actor, (snapshot) => connectSearchResults(snapshot, storeName), sameView);
  const actions = useMemo(() => {
    const to = (): ListingActor | undefined => target?.current ?? actor;
    return {
      setPage: (page: number) => to()?.send({ type: 'page.changed', page }),
      setFilters: (patch: Partial<SearchQuery>) => to()?.send({ type: 'filters.changed', patch }),
      setPrice: (minPrice: number | null, maxPrice: number | null) => to()?.send({ type: 'price.changed', minPrice, maxPrice }),
      setView: (view: ViewMode) => to()?.send({ type: 'view.changed', view }),
      retry: () => to()?.send({ type: 'retry' }),
    };
  }, [actor, target]);
  return { ...view, ...actions };
}
