/**
 * The listing machine with its calls, shared by `useSearchResults` (its own actor) and
 * `useCollection` (the actor it starts once the collection's id is known), over the latest values
 * of the hook that runs it (see actor-values.ts). Internal: not part of the hooks' entry.
 * @module
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { SearchQuery } from '../domain/entities.ts';
import { searchResultsMachine, type ResultsPage } from '../machines/search-results.machine.ts';
import { actorValues } from './actor-values.ts';
import { fetchRead, type ReadCache } from './query/index.ts';
import { listingRead } from './query/reads.ts';

/** What a listing actor's calls read: the provider's client, and its read cache when there is one. */
export interface ListingValues {
  client: ApiClient;
  queryClient?: ReadCache;
}

/** The values of the listing actors. */
export const listingValues = actorValues<ListingValues>('useSearchResults');

/** The listing machine with its calls. */
export const listingMachine = searchResultsMachine.provide({
  actors: {
    // through the cache when there is one: the answer is kept for the next mount of the page
    searchProducts: fromPromise(({ input, signal, system }) => {
      const { client, queryClient } = listingValues.of(system);
      return queryClient ? fetchRead(queryClient, listingRead(client, input)) : client.filterProducts(input, { signal });
    }),
    lookupCategory: fromPromise(async ({ input, signal, system }) => (await listingValues.of(system).client.collectionByIdOrCat(input.cat, { signal })).collection?.handle ?? null),
  },
});

/** A listing actor (the hook's own, or the one `useCollection` starts). */
export type ListingActor = ActorRefFrom<typeof listingMachine>;

/** Options of `useSearchResults`. */
export interface SearchResultsOptions {
  /** The page's query, read from its URL (`fromQueryString(location.search)`). */
  query: SearchQuery;
  /** The 'cat' search parameter: looked up, then a redirect to its collection. */
  cat?: string | null;
  /** Server-rendered results: the listing starts loaded. */
  initial?: ResultsPage | null;
  /** The collection listed (collection page); absent on the search results page. */
  collectionId?: number | null;
  /** The page path URL updates are written to. @default '/searchresults.asp' */
  path?: string;
}
