/**
 * The collection page's machine with its calls (through the read cache), over the latest client
 * and read cache of the `useCollection` that runs it, and the input of the collection's listing.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { SearchQuery, StoreConfig } from '../../domain/entities.ts';
import { createStoreLinks } from '../../domain/urls.ts';
import { collectionListingMachine } from '../../machines/collection-listing.machine.ts';
import type { SearchResultsInput } from '../../machines/search-results.machine.ts';
import { actorValues } from '../actor-values.ts';
import { fetchRead, type ReadCache } from '../query/index.ts';
import { collectionRead, featuredRead, hierarchyRead } from '../query/reads.ts';

/**
 * The listing machine's input on a collection page (without its initial results).
 * @example listingInputOf('pumps', 7, { page: 0 }, storeConfig).collectionId; // 7
 */
export function listingInputOf(handle: string, collectionId: number, query: SearchQuery, storeConfig: StoreConfig): SearchResultsInput {
  return { query, collectionId, path: createStoreLinks(storeConfig).collection(handle), collectionPath: storeConfig.collectionPath, storedView: null };
}

/** The values of each `useCollection`'s actor tree. */
export const collectionValues = actorValues<{ client: ApiClient; queryClient: ReadCache }>('useCollection');

/** The collection machine with its calls (through the read cache). */
export const providedCollectionMachine = collectionListingMachine.provide({
  actors: {
    fetchCollection: fromPromise(async ({ input, system }) => {
      const { client, queryClient } = collectionValues.of(system);
      return { collection: await fetchRead(queryClient, collectionRead(client, input.handle)) };
    }),
    fetchFeatured: fromPromise(async ({ input, system }) => {
      const { client, queryClient } = collectionValues.of(system);
      return { products: await fetchRead(queryClient, featuredRead(client, input.collectionId)) };
    }),
    fetchHierarchy: fromPromise(({ input, system }) => {
      const { client, queryClient } = collectionValues.of(system);
      return fetchRead(queryClient, hierarchyRead(client, input.collectionId));
    }),
  },
});
