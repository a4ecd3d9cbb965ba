/**
 * The product list of a collection page: a listing actor started once the collection's id is
 * known and replaced when it changes, shown before it starts (on the server, and in the first
 * browser render, which must match the server's HTML) from an actor that never starts.
 * @module
 */
import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { SearchQuery, StoreConfig } from '../domain/entities.ts';
import type { ResultsPage, SearchResultsInput } from '../machines/search-results.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useListingApi, type SearchResultsApi } from './useListingApi.ts';
import { keepStoredView } from './useStoredView.ts';
import { tellMachineEffects } from './useMachineNotices.ts';
import { listingInputOf } from './actors/collection.ts';
import { listingMachine, listingValues, type ListingActor } from './listing-actor.ts';

/** What {@link useCollectionListing} starts from. */
export interface CollectionListingSource {
  handle: string;
  /** The collection's id once known, else null (no listing yet). */
  collectionId: number | null;
  query: SearchQuery;
  /** The listing's input of the first render, and its first page, when both are known. */
  first: { input: SearchResultsInput | null; results: ResultsPage | null };
  /** The id of the collection `first.results` belongs to. */
  firstFor: number | null;
}

/**
 * The listing of the collection `source.collectionId`, reloaded when the query changes.
 * @example const listing = useCollectionListing({ handle, collectionId: page.collection?.id ?? null, query, first, firstFor });
 */
export function useCollectionListing(source: CollectionListingSource, storeConfig: StoreConfig): SearchResultsApi {
  const { client, queryClient, toasts, environment } = useSkimmer();
  const values = useLatest({ client, queryClient });
  const latest = useLatest(source);
  const { collectionId, handle } = source;
  const [listing, setListing] = useState<ListingActor | undefined>(undefined);
  // the started listing, as soon as its effect has run (the state above follows a render later)
  const started = useRef<ListingActor | undefined>(undefined);
  const [preview] = useState<ListingActor | undefined>(() => {
    const { input, results } = source.first;
    return input && results ? listingValues.bind(createActor(listingMachine, { input: { ...input, initial: results } }), values) : undefined;
  });
  useEffect(() => {
    if (collectionId === null) return;
    const { first, firstFor, query } = latest.current;
    const initial = firstFor === collectionId ? first.results : null;
    const next = listingValues.bind(createActor(listingMachine, { input: { ...listingInputOf(handle, collectionId, query, storeConfig), initial } }), values);
    // heard from its start: a choice sent to it before the render that reads `listing` (the page
    // is hydrated and marked by then) navigates and stores the view like any later one
    const stopEffects = tellMachineEffects(next, toasts, environment);
    next.start();
    const stopView = keepStoredView(next, environment);
    started.current = next;
    setListing(next);
    return () => {
      stopView();
      stopEffects();
      next.stop();
      if (started.current === next) started.current = undefined;
      setListing(undefined);
    };
    // the handle and query of the moment are read when the id changes; later queries are sent below
  }, [collectionId, values, latest, storeConfig, handle, toasts, environment]);
  const queryKey = JSON.stringify(source.query);
  useEffect(() => {
    listing?.send({ type: 'params.changed', query: latest.current.query });
  }, [listing, queryKey, latest]);
  const shown = listing ?? (collectionId !== null && preview?.getSnapshot().context.collectionId === collectionId ? preview : undefined);
  return useListingApi(shown, storeConfig.storeName, started);
}
