/**
 * The collection page over `collectionListingMachine` and, once the collection's id is known, a
 * listing (`searchResultsMachine` with the collection id): the collection (loading, loaded,
 * missing), featured products, the side list, the description toggle and the paginated, filtered
 * product list.
 * @module
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { SearchQuery } from '../domain/entities.ts';
import { createStoreLinks } from '../domain/urls.ts';
import { connectCollection, type CollectionView } from '../machines/collection-listing.connect.ts';
import type { CollectionListingInitial } from '../machines/collection-listing.machine.ts';
import type { ResultsPage } from '../machines/search-results.machine.ts';
import { useSkimmer } from './context.ts';
import { useCollectionListing } from './useCollectionListing.ts';
import { useInitialListingOf } from './useInitialListingOf.ts';
import { useLatest } from './useLatest.ts';
import type { SearchResultsApi } from './useListingApi.ts';
import { useListingCall } from './useListingCall.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { useCachedRead, usePrefetchReads } from './query/index.ts';
import { collectionRead, hierarchyRead, listingRead } from './query/reads.ts';
import { collectionValues, listingInputOf, providedCollectionMachine } from './actors/collection.ts';

/** Options of {@link useCollection}. */
export interface CollectionOptions {
  /** The listing's query from the page URL (page, t, q, sortBy, limit, minPrice, maxPrice, v). */
  query: SearchQuery;
  /** Server-rendered data: the collection, featured products, hierarchy and the first results page. */
  initial?: CollectionListingInitial & { results?: ResultsPage | null };
}

/** What {@link useCollection} returns: the page's view, the description toggle and the product list. */
export interface CollectionApi extends CollectionView {
  toggleDescription(): void;
  /** The product list, filtered by the collection id. */
  listing: SearchResultsApi;
}

/**
 * The collection page. Collapsing the description scrolls back up (through the environment).
 * Failures of the product list, featured products and hierarchy are logged only. The product list
 * starts once the collection's id is known; pass `initial.results` and the client starts it loaded.
 * @example
 * const page = useCollection(params.handle, { query: fromQueryString(location.search) });
 */
export function useCollection(handle: string, options: CollectionOptions): CollectionApi {
  const { client, environment, storeConfig, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  // what the cache holds (a server render waits for it): the collection, then its side list and
  // its first page of products, asked for together; the featured products load in the browser
  const given = options.initial;
  const cachedCollection = useCachedRead(given?.collection !== undefined ? null : collectionRead(client, handle));
  const known = given?.collection !== undefined ? given.collection : cachedCollection;
  const listingInput = known ? listingInputOf(handle, known.id, options.query, storeConfig) : null;
  const listingCall = useListingCall(known && given?.results === undefined ? listingInput : null);
  const hierarchyToRead = known && given?.hierarchy === undefined ? hierarchyRead(client, known.id) : null;
  usePrefetchReads([hierarchyToRead, listingCall ? listingRead(client, listingCall) : null]);
  const cachedHierarchy = useCachedRead(hierarchyToRead);
  const initial: CollectionListingInitial | undefined =
    known === undefined ? given : { ...given, collection: known, ...(cachedHierarchy && given?.hierarchy === undefined ? { hierarchy: cachedHierarchy.hierarchy } : {}) };
  const cachedResults = useInitialListingOf(listingCall);
  const firstResults = given?.results ?? cachedResults;
  const links = useMemo(() => createStoreLinks(storeConfig), [storeConfig]);
  const connect = useCallback((s: Parameters<typeof connectCollection>[0]) => connectCollection(s, { storeName: storeConfig.storeName, links }), [storeConfig.storeName, links]);
  const { view, actor } = useMachineView(providedCollectionMachine, connect, { input: { handle, initial }, values: [collectionValues, values] });
  useMachineNotices(actor);
  useEffect(() => actor.send({ type: 'collection.changed', handle }), [actor, handle]);
  useEffect(() => {
    const sub = actor.on('scroll', () => environment.scrollTo(0, 0));
    return () => sub.unsubscribe();
  }, [actor, environment]);
  const first = { input: listingInput, results: firstResults ?? null };
  const listing = useCollectionListing({ handle, collectionId: view.collection?.id ?? null, query: options.query, first, firstFor: initial?.collection?.id ?? null }, storeConfig);
  return { ...view, toggleDescription: () => actor.send({ type: 'description.toggle' }), listing };
}
