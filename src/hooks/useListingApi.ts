/**
 * A listing actor's view and events, for `useSearchResults` (its own actor) and `useCollection`
 * (the actor it starts once the collection's id is known).
 * @module
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { EventFrom } from 'xstate';
import type { SearchQuery } from '../domain/entities.ts';
import type { ViewMode } from '../domain/listing.ts';
import { connectSearchResults, type SearchResultsView } from '../machines/search-results.connect.ts';
import { sameView } from './same-view.ts';
import type { ListingActor, listingMachine } from './listing-actor.ts';

/** An event of the listing machine. */
export type ListingEvent = EventFrom<typeof listingMachine>;

/**
 * Where a listing's events go when its hook starts the actor itself: `current` once started;
 * until then they wait in `waiting`, and the hook sends them to the actor it starts.
 */
export interface ListingTarget {
  readonly current: ListingActor | undefined;
  readonly waiting: ListingEvent[];
}

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
 * One made before it starts (a select changed in the server's HTML, handed on as React attaches
 * it) waits for it.
 * @example const listing = useListingApi(actor, storeConfig.storeName);
 */
export function useListingApi(actor: ListingActor | undefined, storeName: string, target?: ListingTarget): SearchResultsApi {
  const view = useSelector(actor, (snapshot) => connectSearchResults(snapshot, storeName), sameView);
  const actions = useMemo(() => {
    const send = (event: ListingEvent): void => {
      if (target && !target.current) target.waiting.push(event);
      else (target?.current ?? actor)?.send(event);
    };
    return {
      setPage: (page: number) => send({ type: 'page.changed', page }),
      setFilters: (patch: Partial<SearchQuery>) => send({ type: 'filters.changed', patch }),
      setPrice: (minPrice: number | null, maxPrice: number | null) => send({ type: 'price.changed', minPrice, maxPrice }),
      setView: (view: ViewMode) => send({ type: 'view.changed', view }),
      retry: () => send({ type: 'retry' }),
    };
  }, [actor, target]);
  return { ...view, ...actions };
}
