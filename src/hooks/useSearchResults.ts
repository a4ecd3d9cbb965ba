/**
 * The search results listing (spec sections 2, 4, 7 and 9) over `searchResultsMachine`: products
 * of the page's query, reloaded when it changes; loading (8 skeleton cards), loaded, not loaded;
 * grid or list view stored under 'view'; the 'cat' lookup and redirect; the page kept in the URL.
 * `useCollection` reuses it with a collection id.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { PageInfo, ProductCardData, SearchQuery } from '../domain/entities.ts';
import { LISTING_TEXT, SKELETON_CARD_COUNT, VIEW_STORAGE_KEY, type ViewMode } from '../domain/listing.ts';
import { pageTitle } from '../domain/page-title.ts';
import { toQueryString } from '../domain/urls.ts';
import { searchResultsMachine, type ResultsPage } from '../machines/search-results.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';

/**
 * The listing machine with its actors bound to the client behind `api` (read at call time).
 * Shared by `useSearchResults` and `useCollection`.
 */
export function provideListing(api: { readonly current: ApiClient }) {
  return searchResultsMachine.provide({
    actors: {
      searchProducts: fromPromise(({ input, signal }) => api.current.filterProducts(input, { signal })),
      lookupCategory: fromPromise(async ({ input, signal }) => (await api.current.collectionByIdOrCat(input.cat, { signal })).collection?.handle ?? null),
    },
  });
}

/** The listing's state name. */
export type ListingStatus = 'loading' | 'loaded' | 'notLoaded' | 'idle' | 'redirecting';

/** Options of {@link useSearchResults}. */
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

/** What {@link useSearchResults} returns. */
export interface SearchResultsApi {
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
  /** 'Search for "{q}"'. */
  breadcrumb: string;
  /** The slider's values while its 500 ms pause runs, else null. */
  priceDraft: { minPrice: number | null; maxPrice: number | null } | null;
  setPage(page: number): void;
  /** Sort, page size, tags, vendor, 'Search Within': merged in, page back to 0. */
  setFilters(patch: Partial<SearchQuery>): void;
  setPrice(minPrice: number | null, maxPrice: number | null): void;
  setView(view: ViewMode): void;
  /** Loads the same parameters again (after a failure). */
  retry(): void;
}

/**
 * A product listing. URL updates the machine asks for go through the environment's `navigate`
 * (the app's router); when the URL then changes, pass the new query back in and the listing
 * reloads only if the parameters really changed. A failed search is logged only and leaves the
 * listing 'notLoaded' (spec section 4).
 *
 * @example
 * const results = useSearchResults({ query: fromQueryString(location.search), cat: params.get('cat') });
 * if (results.loading) return <Skeletons count={results.skeletonCount} />;
 */
export function useSearchResults(options: SearchResultsOptions): SearchResultsApi {
  const { client, environment, storeConfig } = useSkimmer();
  const api = useLatest(client);
  const actor = useActorRef(
    provideListing(api),
    {
      input: {
        query: options.query,
        cat: options.cat ?? null,
        initial: options.initial ?? null,
        collectionId: options.collectionId ?? null,
        path: options.path,
        collectionPath: storeConfig.collectionPath,
        storedView: environment.storage.get(VIEW_STORAGE_KEY),
      },
    },
  );
  useMachineNotices(actor);
  useEffect(() => {
    const sub = actor.on('storage.set', ({ key, value }) => environment.storage.set(key, value));
    return () => sub.unsubscribe();
  }, [actor, environment]);

  // the query object is new on each render; its query string says whether it really changed
  const key = `${toQueryString(options.query)}|${options.cat ?? ''}`;
  const latest = useLatest(options);
  const sentKey = useRef(key);
  useEffect(() => {
    // the input already carried the first parameters: only a later change is sent
    if (sentKey.current === key) return;
    sentKey.current = key;
    actor.send({ type: 'params.changed', query: latest.current.query, cat: latest.current.cat ?? null });
  }, [actor, key, latest]);

  return useListingApi(actor, storeConfig.storeName);
}

/** A listing actor (the hook's own, or the one `useCollection` starts). */
export type ListingActor = ActorRefFrom<ReturnType<typeof provideListing>>;

const NO_QUERY: SearchQuery = {};

/**
 * The derived fields and actions of a listing actor; an absent actor (a collection not loaded
 * yet) reads as loading with no products, and its actions do nothing.
 */
export function useListingApi(actor: ListingActor | undefined, storeName: string): SearchResultsApi {
  const context = useSelector(actor, (s) => s?.context);
  const status = useSelector(actor, (s) => (s ? (s.value as { list: ListingStatus | 'start' | 'redirected' }).list : 'start'));
  const listing: ListingStatus = status === 'start' ? 'loading' : status === 'redirected' ? 'redirecting' : status;
  const actions = useMemo(
    () => ({
      setPage: (page: number) => actor?.send({ type: 'page.changed', page }),
      setFilters: (patch: Partial<SearchQuery>) => actor?.send({ type: 'filters.changed', patch }),
      setPrice: (minPrice: number | null, maxPrice: number | null) => actor?.send({ type: 'price.changed', minPrice, maxPrice }),
      setView: (view: ViewMode) => actor?.send({ type: 'view.changed', view }),
      retry: () => actor?.send({ type: 'retry' }),
    }),
    [actor],
  );
  const products = context?.products ?? [];
  const query = context?.query ?? NO_QUERY;
  const empty = (listing === 'loaded' && products.length === 0) || listing === 'idle';
  return {
    status: listing,
    loading: listing === 'loading',
    query,
    products,
    pageInfo: context?.pageInfo ?? null,
    skeletonCount: listing === 'loading' ? SKELETON_CARD_COUNT : 0,
    noMatchText: empty ? LISTING_TEXT.noMatch : null,
    view: context?.view ?? 'grid',
    title: pageTitle('Search results', storeName),
    breadcrumb: `Search for "${query.q ?? ''}"`,
    priceDraft: context?.priceDraft ?? null,
    ...actions,
  };
}
