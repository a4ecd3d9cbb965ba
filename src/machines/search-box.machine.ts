/**
 * The header search box and its dropdown: typing, the debounced search of products
 * and collections (up to 4 of each), the dropdown's open and close rules, the price-phrase pill
 * with its 'Accept suggestion?' popover, and the submission to the search results page.
 *
 * Three parallel regions: `search` (idle, debouncing, searching), `pill` (idle, pending, shown
 * with its popover) and the dropdown's `open` flag in the context. The two searches are the
 * `searchProducts` and `searchCollections` actors, run together; their inputs are the products
 * filter parameters of the spec (limit 4, page 0 and the field lists), ready for the API client.
 * @module
 */

import { and, assign, emit, fromPromise, not, setup } from 'xstate';
import { canRunSearch, parsePriceInput, validatePriceRange } from '../domain/search.ts';
import { fromCents } from '../domain/money.ts';
import { HEADER_SEARCH_LIMIT, QUERY_FIELDS, headerSearchLink } from '../domain/urls.ts';
import { acceptPricePill, pricePill } from '../domain/price-phrase.ts';

import { SEARCH_TIMING } from '../domain/listing.ts';
import type { SearchQuery } from '../domain/entities.ts';
import type { HeaderProduct, HeaderEquipment, HeaderCollection, HeaderProductsInput, HeaderCollectionsInput, SearchBoxContext, SearchBoxEvent, SearchBoxInput, SearchBoxEmitted } from './search-box.types.ts';

export type { HeaderProduct, HeaderEquipment, HeaderCollection, HeaderProductsInput, HeaderCollectionsInput, SearchBoxContext, SearchBoxEvent, SearchBoxInput, SearchBoxEmitted } from './search-box.types.ts';

type Ctx = SearchBoxContext;

/** The query as the calls and the link read it: the text and the applied bounds. */
function searchQueryOf(c: Pick<Ctx, 'query' | 'minPrice' | 'maxPrice'>): SearchQuery {
  const q: SearchQuery = { q: c.query };
  if (c.minPrice !== null) q.minPrice = c.minPrice;
  if (c.maxPrice !== null) q.maxPrice = c.maxPrice;
  return q;
}

/**
 * Applied bounds as the box keeps them: checked by the price input rules (`validatePriceRange`:
 * min at least 0, max above min, else the max is dropped), so the box never holds max <= min.
 */
function validBounds(minPrice: number | null | undefined, maxPrice: number | null | undefined): Pick<Ctx, 'minPrice' | 'maxPrice'> {
  const range = validatePriceRange({ minPrice, maxPrice });
  const min = parsePriceInput(range.minPrice);
  const max = parsePriceInput(range.maxPrice);
  return { minPrice: min === null ? null : fromCents(min), maxPrice: max === null ? null : fromCents(max) };
}

/** What accepting the pill gives: the query without the phrase and the bound applied. */
function accepted(c: Ctx): Pick<Ctx, 'query' | 'minPrice' | 'maxPrice'> {
  if (c.pill === null) return c;
  const next = acceptPricePill(searchQueryOf(c), c.pill.phrase);
  return { query: next.q ?? '', minPrice: next.minPrice ?? null, maxPrice: next.maxPrice ?? null };
}

/** The context of a box with no results on screen. */
function noResults(): Pick<Ctx, 'products' | 'collections' | 'equipment' | 'resultsLoaded'> {
  return { products: [], collections: [], equipment: [], resultsLoaded: false };
}

/**
 * The header search box machine.
 *
 * Choices where the spec is silent: results stay on screen while a new query is debounced (no
 * flicker); a query that cannot run (under 3 characters) clears them; a failed call leaves its
 * group empty (the dropdown then reads 'No results found.' when both are empty); the pill is
 * hidden as soon as the query changes and worked out again 600 ms later, so an accepted pill
 * always matches the text on screen; accepting the pill searches again at once (no debounce);
 * submitting or choosing a result cancels a pending search so the dropdown does not reopen on the
 * next page.
 *
 * @example
 * const actor = createActor(searchBoxMachine.provide({ actors: {
 *   searchProducts: fromPromise(({ input, signal }) => client.filterProducts(input, { signal })),
 *   searchCollections: fromPromise(({ input, signal }) => client.searchCollections(input, { signal })),
 * } }), { input: { onSearchPage: false } });
 * actor.on('navigate', (e) => router.push(e.url));
 * actor.start();
 * actor.send({ type: 'query.changed', value: 'pump under $500' });
 */
export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
    input: {} as SearchBoxInput | undefined,
    emitted: {} as SearchBoxEmitted,
  },
  actors: {
    searchProducts: fromPromise<{ products: HeaderProduct[]; equipment?: HeaderEquipment[] }, HeaderProductsInput>(async () => {
      throw new Error("Provide the 'searchProducts' actor");
    }),
    searchCollections: fromPromise<{ collections: HeaderCollection[] }, HeaderCollectionsInput>(async () => {
      throw new Error("Provide the 'searchCollections' actor");
    }),
  },
  delays: {
    'search.debounce': ({ context }) => (context.onSearchPage ? SEARCH_TIMING.searchPageDebounceMs : SEARCH_TIMING.boxDebounceMs),
    'priceHint.debounce': SEARCH_TIMING.priceHintDebounceMs,
    'pillPopover.show': SEARCH_TIMING.pillPopoverShowMs,
    'pillPopover.hide': SEARCH_TIMING.pillPopoverHideMs,
  },
  guards: {
    // the text it already searched; a query the box started with (typed into the page's first box
    // before this one took over) has not been searched yet, so its change runs the search
    sameQuery: ({ context, event }) => event.type === 'query.changed' && event.value === context.query && (context.resultsLoaded || context.query === ''),
    runnable: ({ event }) => event.type === 'query.changed' && canRunSearch({ q: event.value }),
    acceptedRunnable: ({ context }) => canRunSearch({ q: accepted(context).query }),
    hasPill: ({ context }) => context.pill !== null,
    submittable: ({ context }) => headerSearchLink(searchQueryOf(context)) !== null,
    pillFound: ({ context }) => pricePill(context.query, context) !== null,
  },
  actions: {
    setQuery: assign({ query: ({ context, event }) => (event.type === 'query.changed' ? event.value : context.query) }),
    closeIfCleared: assign({ open: ({ context, event }) => (event.type === 'query.changed' && event.value.trim() === '' ? false : context.open) }),
    clearResults: assign(() => noResults()),
    closeIfAcceptedEmpty: assign({ open: ({ context }) => (accepted(context).query.trim() === '' ? false : context.open) }),
    close: assign({ open: false }),
    acceptPill: assign(({ context }) => ({ ...accepted(context), pill: null })),
    navigateToResults: emit(({ context }) => ({ type: 'navigate' as const, url: headerSearchLink(searchQueryOf(context)) ?? '' })),
  },
}).createMachine({
  id: 'searchBox',
  type: 'parallel',
  context: ({ input }) => ({
    query: input?.query ?? '',
    onSearchPage: input?.onSearchPage ?? false,
    ...validBounds(input?.minPrice, input?.maxPrice),
    ...noResults(),
    open: false,
    pill: null,
  }),
  on: {
    'input.focus': { actions: assign({ open: true }) },
    'click.outside': { actions: 'close' },
    'route.changed': { actions: assign({ onSearchPage: ({ event }) => event.onSearchPage }) },
    'bounds.changed': {
      actions: assign(({ context, event }) => {
        const { minPrice, maxPrice } = validBounds(event.minPrice, event.maxPrice);
        // A pill on screen is worked out again against the new bounds (it may go).
        return { minPrice, maxPrice, pill: context.pill === null ? null : pricePill(context.query, { minPrice, maxPrice }) };
      }),
    },
  },
  states: {
    search: {
      initial: 'idle',
      on: {
        'query.changed': [
          { guard: 'sameQuery' },
          { guard: 'runnable', target: '.debouncing', actions: 'setQuery' },
          { target: '.idle', actions: ['setQuery', 'clearResults', 'closeIfCleared'] },
        ],
        'pill.accept': [
          { guard: and(['hasPill', 'acceptedRunnable']), target: '.searching', actions: 'acceptPill' },
          { guard: 'hasPill', target: '.idle', actions: ['closeIfAcceptedEmpty', 'acceptPill', 'clearResults'] },
        ],
        'search.submit': { guard: 'submittable', target: '.idle', actions: ['navigateToResults', 'close'] },
        'result.chosen': [
          {
            guard: ({ event }) => typeof event.url === 'string' && event.url !== '',
            target: '.idle',
            actions: ['close', emit(({ event }) => ({ type: 'navigate' as const, url: event.url ?? '' }))],
          },
          { target: '.idle', actions: 'close' },
        ],
      },
      states: {
        idle: {},
        debouncing: { after: { 'search.debounce': 'searching' } },
        searching: {
          type: 'parallel',
          onDone: { target: 'idle', actions: assign({ resultsLoaded: true, open: true }) },
          states: {
            products: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'searchProducts',
                    input: ({ context }) => ({ ...searchQueryOf(context), limit: HEADER_SEARCH_LIMIT, page: 0, fields: QUERY_FIELDS.withVendor }),
                    onDone: {
                      target: 'done',
                      actions: assign({
                        products: ({ event }) => event.output.products.slice(0, HEADER_SEARCH_LIMIT),
                        equipment: ({ event }) => (event.output.equipment ?? []).slice(0, HEADER_SEARCH_LIMIT),
                      }),
                    },
                    onError: { target: 'done', actions: assign({ products: [], equipment: [] }) },
                  },
                },
                done: { type: 'final' },
              },
            },
            collections: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'searchCollections',
                    input: ({ context }) => ({ ...searchQueryOf(context), limit: HEADER_SEARCH_LIMIT, page: 0, fields: QUERY_FIELDS.basic }),
                    onDone: {
                      target: 'done',
                      actions: assign({ collections: ({ event }) => event.output.collections.slice(0, HEADER_SEARCH_LIMIT) }),
                    },
                    onError: { target: 'done', actions: assign({ collections: [] }) },
                  },
                },
                done: { type: 'final' },
              },
            },
          },
        },
      },
    },
    pill: {
      initial: 'idle',
      on: {
        // the same rule as the search's: a text the box started with is worked out once it is told of it
        'query.changed': { guard: not('sameQuery'), target: '.pending', actions: assign({ pill: null }) },
      },
      states: {
        idle: {},
        pending: {
          after: {
            'priceHint.debounce': [
              { guard: 'pillFound', target: 'shown', actions: assign({ pill: ({ context }) => pricePill(context.query, context) }) },
              { target: 'idle' },
            ],
          },
        },
        shown: {
          initial: 'popoverHidden',
          always: { guard: ({ context }) => context.pill === null, target: 'idle' },
          on: { 'pill.accept': { target: 'idle' } },
          states: {
            popoverHidden: { on: { 'pill.pointer.enter': 'popoverOpening' } },
            popoverOpening: {
              after: { 'pillPopover.show': 'popoverShown' },
              on: { 'pill.pointer.leave': 'popoverHidden' },
            },
            popoverShown: { on: { 'pill.pointer.leave': 'popoverClosing' } },
            popoverClosing: {
              after: { 'pillPopover.hide': 'popoverHidden' },
              on: { 'pill.pointer.enter': 'popoverShown' },
            },
          },
        },
      },
    },
  },
});
