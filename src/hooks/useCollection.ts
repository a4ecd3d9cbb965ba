/**
 * The collection page (spec sections 2, 4, 7 and 8) over `collectionListingMachine` and, once the
 * collection's id is known, a listing (`searchResultsMachine` with the collection id): the
 * collection (loading, loaded, missing), featured products, the side list, the description toggle
 * and the paginated, filtered product list.
 * @module
 */
import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import type { Collection, CollectionCrumb, ProductCardData, SearchQuery } from '../domain/entities.ts';
import { VIEW_STORAGE_KEY } from '../domain/listing.ts';
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
import { provideListing, useListingApi, type ListingActor, type SearchResultsApi } from './useSearchResults.ts';
import { useMachineNotices } from './useToasts.ts';

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
  descriptionExpanded: boolean;
  /** 'Read More' or 'Read Less'. */
  descriptionToggleLabel: string;
  toggleDescription(): void;
  /** The product list, filtered by the collection id. */
  listing: SearchResultsApi;
}

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
  const { client, environment, storeConfig } = useSkimmer();
  const api = useLatest(client);
  const latest = useLatest(options);
  const actor = useActorRef(
    collectionListingMachine.provide({
      actors: {
        fetchCollection: fromPromise(({ input, signal }) => api.current.collectionByHandle(input.handle, { signal })),
        fetchFeatured: fromPromise(({ input, signal }) => api.current.featuredProducts(input.collectionId, {}, { signal })),
        fetchHierarchy: fromPromise(({ input, signal }) => api.current.hierarchy(input.collectionId, { signal })),
      },
    }),
    { input: { handle, initial: options.initial } },
  );
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
  useEffect(() => {
    if (collectionId === null) return;
    const { initial, query } = latest.current;
    const results = initial?.collection?.id === collectionId ? initial.results : null;
    const next = createActor(provideListing(api), {
      input: {
        query,
        collectionId,
        path: createStoreLinks(storeConfig).collection(handle),
        initial: results ?? null,
        storedView: environment.storage.get(VIEW_STORAGE_KEY),
      },
    });
    const sub = next.on('storage.set', ({ key, value }) => environment.storage.set(key, value));
    next.start();
    setListing(next);
    return () => {
      sub.unsubscribe();
      next.stop();
      setListing(undefined);
    };
    // the handle and query of the moment are read when the id changes; later queries are sent below
  }, [collectionId, api, latest, environment, storeConfig, handle]);
  useMachineNotices(listing);
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
    descriptionExpanded: expanded,
    descriptionToggleLabel: descriptionToggleLabel(expanded),
    toggleDescription: () => actor.send({ type: 'description.toggle' }),
    listing: useListingApi(listing, storeConfig.storeName),
  };
}
