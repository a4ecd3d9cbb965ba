/**
 * The search results listing (spec sections 2, 4, 7 and 9) over `searchResultsMachine`: products
 * of the page's query, reloaded when it changes; loading (8 skeleton cards), loaded, not loaded;
 * grid or list view stored under 'view'; the 'cat' lookup and redirect; the page kept in the URL.
 * `useCollection` reuses it with a collection id.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PageInfo, ProductCardData, SearchQuery } from '../domain/entities.ts';
import { LISTING_TEXT, SKELETON_CARD_COUNT, VIEW_STORAGE_KEY, searchHeading, type ViewMode } from '../domain/listing.ts';
import { pageTitle } from '../domain/page-title.ts';
import { createStoreLinks, toQueryString } from '../domain/urls.ts';
import { firstListingCallOf, type ResultsPage, type SearchProductsInput, type SearchResultsInput } from '../machines/search-results.machine.ts';
import { useCachedRead } from './query/index.ts';
import { categoryRead, listingRead } from './query/reads.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { listingMachine, listingValues, type ListingActor } from './listing-actor.ts';

/**
 * The listing call the machine would make first for this input (null when it would make none:
 * a 'cat' lookup, or a query that cannot run): the machine module's `firstListingCallOf`, under
 * the name this module has always exported it.
 */
export const firstListingCall: (input: SearchResultsInput) => SearchProductsInput | null = firstListingCallOf;

/**
 * The first page of a listing from the cache (a server render waits for it): results the
 * machine can start from, or null (none cached, or a page past the last one, which the machine
 * corrects itself).
 */
export function useInitialListing(input: SearchResultsInput | null): ResultsPage | null {
  return useInitialListingOf(useListingCall(input));
}

/**
 * The first call of a listing's input (`firstListingCall`), worked out once per input value.
 * @example const call = useListingCall(input); usePrefetchReads([call && listingRead(client, call)]);
 */
export function useListingCall(input: SearchResultsInput | null): SearchProductsInput | null {
  const inputKey = input ? JSON.stringify(input) : '';
  // the call depends on the input's value, not on its identity (a new object each render)
  return useMemo(() => (inputKey ? firstListingCall(JSON.parse(inputKey) as SearchResultsInput) : null), [inputKey]);
}

/** {@link useInitialListing} from the call {@link useListingCall} gave. */
export function useInitialListingOf(call: SearchProductsInput | null): ResultsPage | null {
  const { client } = useSkimmer();
  const results = useCachedRead(call ? listingRead(client, call) : null);
  if (!results || !call) return null;
  const page = call.page ?? 0;
  return page > 0 && page >= results.pageInfo.pages ? null : results;
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
  /** 'Search for "{q}"'; 'Products by {vendor}' for a vendor link, 'Featured products' for the featured listing. */
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
  /**
   * Where the 'cat' parameter leads when the cache already knows it (a server render looked it
   * up): the page answers with a redirect there instead of a listing. @default null
   */
  categoryRedirect?: string | null;
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
  const { client, storeConfig, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  // the 'cat' lookup's answer, when the server render made it (it then redirected: a 'cat' the
  // store does not know is dropped, as the machine does)
  const cat = options.cat != null && options.cat.trim() !== '' ? options.cat.trim() : null;
  const catTarget = useCachedRead(cat ? categoryRead(client, cat) : null);
  const catKnown = catTarget !== undefined;
  const input: SearchResultsInput = {
    query: options.query,
    cat: catKnown && catTarget === null ? null : cat,
    collectionId: options.collectionId ?? null,
    path: options.path,
    collectionPath: storeConfig.collectionPath,
  };
  const cached = useInitialListing(options.initial ? null : input);
  const actor = listingValues.bind(
    useActorRef(listingMachine, {
      input: {
        ...input,
        initial: options.initial ?? cached,
        // the stored view is the shopper's own: read after hydration (useStoredView), so the
        // server's grid and the first client render agree
        storedView: null,
      },
    }),
    values,
  );
  useStoredView(actor);
  useMachineNotices(actor);

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

  const listing = useListingApi(actor, storeConfig.storeName);
  const categoryRedirect = typeof catTarget === 'string' && catTarget !== '' ? createStoreLinks(storeConfig).collection(catTarget) : null;
  return { ...listing, categoryRedirect };
}

/**
 * The view the shopper stored (grid or list), applied once mounted (never during the first
 * render, which must match the server's HTML), and its changes written back.
 */
export function useStoredView(actor: ListingActor | undefined): void {
  const { environment } = useSkimmer();
  useEffect(() => {
    if (!actor) return;
    const stored = environment.storage.get(VIEW_STORAGE_KEY);
    if (stored === 'list' || stored === 'grid') {
      if (actor.getSnapshot().context.view !== stored) actor.send({ type: 'view.changed', view: stored });
    }
    const sub = actor.on('storage.set', ({ key, value }) => environment.storage.set(key, value));
    return () => sub.unsubscribe();
  }, [actor, environment]);
}

export type { ListingActor } from './listing-actor.ts';

const NO_QUERY: SearchQuery = {};

/**
 * The derived fields and actions of a listing actor; an absent actor (a collection not loaded
 * yet) reads as loading with no products, and its actions do nothing. `target`, when given, is
 * where the actions go once it holds an actor: a collection page shows its first render from an
 * actor that never starts, and the one that does start is known (in an effect) a render before
 * the page reads from it; a choice made in between goes to the started one instead of being lost.
 */
export function useListingApi(actor: ListingActor | undefined, storeName: string, target?: { readonly current: ListingActor | undefined }): SearchResultsApi {
  const context = useSelector(actor, (s) => s?.context);
  const status = useSelector(actor, (s) => (s ? (s.value as { list: ListingStatus | 'start' | 'redirected' }).list : 'start'));
  const listing: ListingStatus = status === 'start' ? 'loading' : status === 'redirected' ? 'redirecting' : status;
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
    breadcrumb: searchHeading(query),
    priceDraft: context?.priceDraft ?? null,
    ...actions,
  };
}
