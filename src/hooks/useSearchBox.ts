/**
 * The header search box (spec sections 2, 4, 5 and 9) over `searchBoxMachine`: the debounced
 * products and collections calls on the provider's client, the dropdown, the price-phrase pill and
 * its popover, and the submission (a navigation through the environment).
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LISTING_TEXT } from '../domain/listing.ts';
import { equipmentLink } from '../domain/equipment.ts';
import { createStoreLinks } from '../domain/urls.ts';
import { searchBoxMachine, type HeaderCollection, type HeaderEquipment, type HeaderProduct, type SearchBoxInput } from '../machines/search-box.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** A dropdown entry with its link. */
export type Linked<T> = T & { href: string };

/** What {@link useSearchBox} returns. */
export interface SearchBoxApi {
  query: string;
  /** 'Enter Keyword or Part Number...'. */
  placeholder: string;
  /** The dropdown is open. */
  open: boolean;
  /** A search is waiting for its pause or in flight. */
  searching: boolean;
  /** The 'Products' group, up to 4, with product links. */
  products: Linked<HeaderProduct>[];
  /** The 'Categories' group, up to 4, with collection links carrying the applied price bounds. */
  collections: Linked<HeaderCollection>[];
  /** The 'Equipment' group, up to 4: models whose number the query matches, with model page links. */
  equipment: Linked<HeaderEquipment>[];
  /** 'No results found.' when a finished search found nothing, else null. */
  noResultsText: string | null;
  /** The pill ('Price filter: ...') and its hover hint ('Accept suggestion?'), or null. */
  pill: { text: string; hint: string } | null;
  /** The pill's popover shows (after 250 ms of hover; hides 400 ms after leaving). */
  popoverShown: boolean;
  /** Whether the search button does anything now (a query of 3 characters or more, or bounds). */
  canSubmit: boolean;
  change(value: string): void;
  focus(): void;
  clickOutside(): void;
  /** A result was chosen: closes the dropdown and navigates to `href` when given. */
  choose(href?: string): void;
  /** Enter or the search button: to /searchresults.asp with page=0. */
  submit(): void;
  pillEnter(): void;
  pillLeave(): void;
  acceptPill(): void;
}

const searchBoxValues = actorValues<ApiClient>('useSearchBox');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedSearchBoxMachine = searchBoxMachine.provide({
  actors: {
    searchProducts: fromPromise(({ system, input: query, signal }) => searchBoxValues.of(system).filterProducts({ ...query, fields: [...query.fields] }, { signal })),
    searchCollections: fromPromise(({ system, input: query, signal }) => searchBoxValues.of(system).searchCollections({ ...query, fields: [...query.fields] }, { signal })),
  },
});

/**
 * The header search box. Pass `onSearchPage` (and the page's q and bounds) on the search results
 * page, where the pause is 400 ms instead of 600 ms; a change of `onSearchPage` is forwarded.
 *
 * @example
 * const box = useSearchBox({ onSearchPage: pathname === '/searchresults.asp' });
 * <input placeholder={box.placeholder} value={box.query} onFocus={box.focus} onChange={(e) => box.change(e.target.value)} />
 */
export function useSearchBox(input: SearchBoxInput = {}): SearchBoxApi {
  const { client, storeConfig } = useSkimmer();
  const api = useLatest(client);
  const actor = searchBoxValues.bind(useActorRef(providedSearchBoxMachine, { input }), api);
  useMachineNotices(actor);

  const onSearchPage = input.onSearchPage ?? false;
  useEffect(() => actor.send({ type: 'route.changed', onSearchPage }), [actor, onSearchPage]);

  const links = useMemo(() => createStoreLinks(storeConfig), [storeConfig]);
  const context = useSelector(actor, (s) => s.context);
  const searching = useSelector(actor, (s) => !s.matches({ search: 'idle' }));
  const popoverShown = useSelector(actor, (s) => s.matches({ pill: { shown: 'popoverShown' } }) || s.matches({ pill: { shown: 'popoverClosing' } }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'search.submit' }));

  const products = useMemo(() => context.products.map((p) => ({ ...p, href: links.product(p.handle) })), [context.products, links]);
  const bounds = useMemo(() => {
    const query: { minPrice?: number; maxPrice?: number } = {};
    if (context.minPrice !== null) query.minPrice = context.minPrice;
    if (context.maxPrice !== null) query.maxPrice = context.maxPrice;
    return query;
  }, [context.minPrice, context.maxPrice]);
  const collections = useMemo(
    () => context.collections.map((c) => ({ ...c, href: links.collection(c.handle, { query: bounds }) })),
    [context.collections, links, bounds],
  );
  const equipment = useMemo(() => context.equipment.map((m) => ({ ...m, href: equipmentLink(m.handle) })), [context.equipment]);
  const empty = context.resultsLoaded && context.products.length === 0 && context.collections.length === 0 && context.equipment.length === 0;

  return {
    query: context.query,
    placeholder: LISTING_TEXT.placeholder,
    open: context.open,
    searching,
    products,
    collections,
    equipment,
    noResultsText: empty ? LISTING_TEXT.noResults : null,
    pill: context.pill && { text: context.pill.text, hint: context.pill.hint },
    popoverShown,
    canSubmit,
    change: (value) => actor.send({ type: 'query.changed', value }),
    focus: () => actor.send({ type: 'input.focus' }),
    clickOutside: () => actor.send({ type: 'click.outside' }),
    choose: (href) => actor.send(href === undefined ? { type: 'result.chosen' } : { type: 'result.chosen', url: href }),
    submit: () => actor.send({ type: 'search.submit' }),
    pillEnter: () => actor.send({ type: 'pill.pointer.enter' }),
    pillLeave: () => actor.send({ type: 'pill.pointer.leave' }),
    acceptPill: () => actor.send({ type: 'pill.accept' }),
  };
}
