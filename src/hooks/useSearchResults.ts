/**
 * The search results listing over `searchResultsMachine`: products
 * of the page's query, reloaded when it changes; loading (8 skeleton cards), loaded, not loaded;
 * grid or list view stored under 'view'; the 'cat' lookup and redirect; the page kept in the URL.
 * `useCollection` reuses it with a collection id.
 * @module
 */
import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { createStoreLinks, toQueryString } from '../domain/urls.ts';
import type { SearchResultsInput } from '../machines/search-results.machine.ts';
import { useCachedRead } from './query/index.ts';
import { categoryRead } from './query/reads.ts';
import { useSkimmer } from './context.ts';
import { useInitialListing } from './useInitialListing.ts';
import { useLatest } from './useLatest.ts';
import { useListingApi, type SearchResultsApi } from './useListingApi.ts';
import { useStoredView } from './useStoredView.ts';
import { useMachineNotices } from './useToasts.ts';
import { listingMachine, listingValues, type SearchResultsOptions } from './listing-actor.ts';

export type { ListingStatus } from '../machines/search-results.connect.ts';
export type { ListingActor } from './listing-actor.ts';
export { useInitialListing } from './useInitialListing.ts';
export { useInitialListingOf } from './useInitialListingOf.ts';
export { useListingApi, type SearchResultsApi } from './useListingApi.ts';
export { useListingCall } from './useListingCall.ts';
export { useStoredView } from './useStoredView.ts';
/** The listing call the machine would make first for an input (null: none), under its old name. */
export { firstListingCallOf as firstListingCall } from '../machines/search-results.machine.ts';
export type { SearchResultsOptions } from './listing-actor.ts';

/**
 * A product listing. URL updates the machine asks for go through the environment's `navigate`
 * (the app's router); when the URL then changes, pass the new query back in and the listing
 * reloads only if the parameters really changed. A failed search is logged only and leaves the
 * listing 'notLoaded'.
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
  // the stored view is the shopper's own: read after hydration (useStoredView), so the server's
  // grid and the first client render agree
  const actor = listingValues.bind(useActorRef(listingMachine, { input: { ...input, initial: options.initial ?? cached, storedView: null } }), values);
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
