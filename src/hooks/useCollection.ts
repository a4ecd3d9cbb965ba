/**
 * The collection page (spec sections 2, 4, 7 and 8) over `collectionListingMachine` and, once the
 * collection's id is known, a listing (`searchResultsMachine` with the collection id): the
 * collection (loading, loaded, missing), featured products, the side list, the description toggle
 * and the paginated, filtered product list.
 * @module
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import { descriptionWithoutTitle } from '../domain/catalog-text.ts';
import type { Collection, CollectionCrumb, ProductCardData, SearchQuery } from '../domain/entities.ts';
import { pageTitle } from '../domain/page-title.ts';
import { createStoreLinks } from '../domain/urls.ts';
import {
  collectionListingMachine,
  collectionSideList,
  descriptionToggleLabel,
  type CollectionListingInitial,
  type CollectionSideList,
} from '../machines/collection-listing.machine.ts';
import type { ResultsPage } from '../machines/search-results.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useInitialListingOf } from './useInitialListingOf.ts';
import { useListingApi, type SearchResultsApi } from './useListingApi.ts';
import { useListingCall } from './useListingCall.ts';
import { useStoredView } from './useStoredView.ts';
import type { ListingActor } from './listing-actor.ts';
import { fetchRead, useCachedRead, usePrefetchReads, type ReadCache } from './query/index.ts';
import { collectionRead, featuredRead, hierarchyRead, listingRead } from './query/reads.ts';
import type { SearchResultsInput } from '../machines/search-results.machine.ts';
import type { StoreConfig } from '../domain/entities.ts';

/** The listing machine's input on a collection page (without its initial results). */
function listingInputOf(handle: string, collectionId: number, query: SearchQuery, storeConfig: StoreConfig): SearchResultsInput {
  return { query, collectionId, path: createStoreLinks(storeConfig).collection(handle), collectionPath: storeConfig.collectionPath, storedView: null };
}
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';
import { listingMachine, listingValues } from './listing-actor.ts';

/** Options of {@link useCollection}. */
export interface CollectionOptions {
  /** The listing's query from the page URL (page, t, q, sortBy, limit, minPrice, maxPrice, v). */
  query: SearchQuery;
  /** Server-rendered data: the collection, featured products, hierarchy and the first results page. */
  initial?: CollectionListingInitial & { results?: ResultsPage | null };
}

/** What {@link useCollection} returns. */
export interface CollectionApi {
  status: 'loading' | 'loaded' | 'missing';
  collection: Collection | null;
  /** The SEO title: seoTitle or title, with the store name appended when missing. */
  seoTitle: string;
  /** Home > Collections > title, or the collection's own breadcrumbs (each with a link). */
  breadcrumbs: (CollectionCrumb & { href: string })[];
  featured: ProductCardData[];
  /** Child categories (childCollectionsCount > 0) or the hierarchy. */
  sideList: CollectionSideList;
  /** The collection's description HTML without a first heading that repeats its title (the h1 shows it), or ''. */
  descriptionHtml: string;
  descriptionExpanded: boolean;
  /** 'Read More' or 'Read Less'. */
  descriptionToggleLabel: string;
  toggleDescription(): void;
  /** The product list, filtered by the collection id. */
  listing: SearchResultsApi;
}

const collectionValues = actorValues<{ client: ApiClient; queryClient: ReadCache }>('useCollection');
/** The collection machine with its calls (through the read cache), over the latest values of the hook that runs it. */
const providedCollectionMachine = collectionListingMachine.provide({
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

/**
 * The collection page. Collapsing the description scrolls back up (through the environment).
 * Failures of the product list, featured products and hierarchy are logged only (spec section 8).
 *
 * Choice: the product list starts once the collection's id is known, so on the server (where
 * effects do not run) only the collection parts render; pass `initial.results` and the client
 * starts the list loaded without a second call.
 *
 * @example
 * const page = useCollection(params.handle, { query: fromQueryString(location.search) });
 * if (page.status === 'missing') return <Fallback />;
 */
export function useCollection(handle: string, options: CollectionOptions): CollectionApi {
  const { client, environment, storeConfig, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  // what the cache holds (a server render waits for it): the collection, then its side list and
  // its first page of products; the featured products below the list load in the browser
  const cachedCollection = useCachedRead(options.initial?.collection !== undefined ? null : collectionRead(client, handle));
  const known = options.initial?.collection !== undefined ? options.initial.collection : cachedCollection;
  const listingInput = known ? listingInputOf(handle, known.id, options.query, storeConfig) : null;
  const listingCall = useListingCall(known && options.initial?.results === undefined ? listingInput : null);
  const hierarchyToRead = known && options.initial?.hierarchy === undefined ? hierarchyRead(client, known.id) : null;
  // on the server the side list and the first page of products are asked for together
  usePrefetchReads([hierarchyToRead, listingCall ? listingRead(client, listingCall) : null]);
  const cachedHierarchy = useCachedRead(hierarchyToRead);
  const initial: CollectionListingInitial | undefined =
    known === undefined
      ? options.initial
      : { ...options.initial, collection: known, ...(cachedHierarchy && options.initial?.hierarchy === undefined ? { hierarchy: cachedHierarchy.hierarchy } : {}) };
  const cachedResults = useInitialListingOf(listingCall);
  const firstResults = options.initial?.results ?? cachedResults;
  const latest = useLatest({ ...options, initial: initial ? { ...initial, results: firstResults } : undefined });
  const actor = collectionValues.bind(useActorRef(providedCollectionMachine, { input: { handle, initial } }), values);
  useMachineNotices(actor);
  useEffect(() => actor.send({ type: 'collection.changed', handle }), [actor, handle]);
  useEffect(() => {
    const sub = actor.on('scroll', () => environment.scrollTo(0, 0));
    return () => sub.unsubscribe();
  }, [actor, environment]);

  const collection = useSelector(actor, (s) => s.context.collection);
  const featured = useSelector(actor, (s) => s.context.featured);
  const hierarchy = useSelector(actor, (s) => s.context.hierarchy);
  const status = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('missing') ? 'missing' : 'loading'));
  const expanded = useSelector(actor, (s) => s.matches({ loaded: { description: 'expanded' } }));

  // the listing of this collection, started when its id is known and replaced when it changes
  const collectionId = collection?.id ?? null;
  const [listing, setListing] = useState<ListingActor | undefined>(undefined);
  // the started listing, as soon as its effect has run (the state above follows a render later)
  const started = useRef<ListingActor | undefined>(undefined);
  // before the listing's actor starts (on the server, and in the first browser render, which
  // must match the server's HTML) the first page shows from an actor that is never started
  const [preview] = useState<ListingActor | undefined>(() =>
    listingInput && firstResults ? listingValues.bind(createActor(listingMachine, { input: { ...listingInput, initial: firstResults } }), values) : undefined,
  );
  useEffect(() => {
    if (collectionId === null) return;
    const { initial, query } = latest.current;
    const results = initial?.collection?.id === collectionId ? initial.results : null;
    const next = listingValues.bind(
      createActor(listingMachine, {
        input: { ...listingInputOf(handle, collectionId, query, storeConfig), initial: results ?? null },
      }),
      values,
    );
    next.start();
    started.current = next;
    setListing(next);
    return () => {
      next.stop();
      if (started.current === next) started.current = undefined;
      setListing(undefined);
    };
    // the handle and query of the moment are read when the id changes; later queries are sent below
  }, [collectionId, values, latest, storeConfig, handle]);
  useMachineNotices(listing);
  useStoredView(listing);
  const queryKey = JSON.stringify(options.query);
  useEffect(() => {
    listing?.send({ type: 'params.changed', query: latest.current.query });
  }, [listing, queryKey, latest]);

  const breadcrumbs = useMemo(() => {
    if (!collection) return [];
    const links = createStoreLinks(storeConfig);
    const own = collection.breadcrumbs;
    const crumbs: (CollectionCrumb & { href: string })[] = [{ title: 'Home', handle: '', href: '/' }];
    if (own && own.length > 0) return [...crumbs, ...own.map((c) => ({ ...c, href: links.collection(c.handle) }))];
    return [...crumbs, { title: 'Collections', handle: '', href: links.collections() }, { title: collection.title, handle: collection.handle, href: links.collection(collection.handle) }];
  }, [collection, storeConfig]);

  return {
    status,
    collection,
    seoTitle: collection ? pageTitle(collection.seoTitle?.trim() || collection.title, storeConfig.storeName) : '',
    breadcrumbs,
    featured,
    sideList: collectionSideList({ collection, hierarchy }),
    descriptionHtml: collection?.descriptionHtml ? descriptionWithoutTitle(collection.descriptionHtml, collection.title) : '',
    descriptionExpanded: expanded,
    descriptionToggleLabel: descriptionToggleLabel(expanded),
    toggleDescription: () => actor.send({ type: 'description.toggle' }),
    listing: useListingApi(listing ?? (collectionId !== null && preview?.getSnapshot().context.collectionId === collectionId ? preview : undefined), storeConfig.storeName, started),
  };
}
