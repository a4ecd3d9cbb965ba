/**
 * The product listing of the search results page and of the collection page: loading (8 skeleton cards), loaded, not loaded; a reload when the parameters change;
 * the grid or list view stored under 'view'; the 'cat' lookup and redirect; the page kept in the
 * URL; the price slider's 500 ms debounce.
 *
 * One machine serves both pages: with a `collectionId` in the input it lists that collection's
 * products (the `c` filter is added to the call, not to the page URL). The products call is the
 * `searchProducts` actor, the 'cat' lookup the `lookupCategory` actor; the machine reads no URL,
 * no storage and no window: the page sends 'params.changed' when its URL changes and performs the
 * emitted `navigate` and `storage.set`.
 * @module
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import { canRunSearch, normalizeSearchQuery, parsePriceInput, validatePriceRange } from '../domain/search.ts';
import { SEARCH_RESULTS_PATH, createStoreLinks } from '../domain/urls.ts';
import { isValidPage } from '../domain/pagination.ts';
import { SEARCH_TIMING, VIEW_STORAGE_KEY, listingUrl, parseViewMode, sameSearchQuery } from '../domain/listing.ts';

import { fromCents } from '../domain/money.ts';
import type { SearchQuery } from '../domain/entities.ts';
import type { ResultsPage, SearchProductsInput, SearchResultsContext, SearchResultsEvent, SearchResultsInput, SearchResultsEmitted } from './search-results.types.ts';

export type { ResultsPage, SearchProductsInput, SearchResultsContext, SearchResultsEvent, SearchResultsInput, SearchResultsLog, SearchResultsEmitted } from './search-results.types.ts';

type Ctx = SearchResultsContext;

/** The call's parameters: the page query, plus the collection filter on a collection page. */
function callQuery(c: Pick<Ctx, 'collectionId' | 'query'>): SearchProductsInput {
  return c.collectionId === null ? c.query : { ...c.query, c: String(c.collectionId) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The page query from a URL's query: normal form, without `c` on a collection page (the path says it). */
function pageQuery(query: SearchQuery, collectionId: number | null): SearchQuery {
  const n = normalizeSearchQuery(query);
  if (collectionId !== null) delete n.c;
  return n;
}

/** The 'cat' parameter of an input: trimmed, null when absent or blank. */
function catOf(input: SearchResultsInput): string | null {
  return input.cat != null && input.cat.trim() !== '' ? input.cat.trim() : null;
}

/**
 * The call the machine makes first for an input given no results to start from: the call its
 * `loading` state invokes when `start` goes there, or null when it goes elsewhere (a 'cat' lookup
 * first, or a search query that cannot run). Worked out from the input without an actor (a server
 * render asks for it on every listing page, before the machine exists); the machine's own start
 * reads the same helpers, and a property test checks the two agree.
 *
 * @example firstListingCallOf({ query: { q: 'pump' } }); // { q: 'pump' } (normal form)
 * @example firstListingCallOf({ query: {}, collectionId: 7 }); // { c: '7' }
 */
export function firstListingCallOf(input: SearchResultsInput): SearchProductsInput | null {
  if (catOf(input) !== null) return null;
  const collectionId = input.collectionId ?? null;
  const query = pageQuery(input.query, collectionId);
  if (collectionId === null && !canRunSearch(query)) return null;
  return callQuery({ collectionId, query });
}

/** A price slider value as a query bound, or undefined (the bound is removed). */
function bound(text: string | undefined): number | undefined {
  const cents = parsePriceInput(text);
  return cents === null ? undefined : fromCents(cents);
}

/**
 * The listing machine. `list` region: start, redirecting (the 'cat' lookup), redirected, idle
 * (nothing to search), loading, loaded, notLoaded. `price` region: idle, debouncing.
 *
 * Choices: on the search results page a query whose q and v are both under 3 characters does not
 * search (`idle`; the view shows 'No products match your search criteria, please try again.'),
 * while a collection page always lists; a 'cat' whose lookup fails or finds nothing falls back
 * to the search itself; a filter change goes back to page 0; a page or filter change adds a
 * history entry, a price slider change replaces it; 'params.changed' with the parameters already
 * shown (the URL update the machine asked for) does not reload, except after a failure.
 *
 * @example
 * const actor = createActor(searchResultsMachine.provide({ actors: {
 *   searchProducts: fromPromise(({ input, signal }) => client.filterProducts(input, { signal })),
 *   lookupCategory: fromPromise(async ({ input }) => (await client.collectionByIdOrCat(input.cat)).collection?.handle ?? null),
 * } }), { input: { query: fromQueryString(location.search), storedView: storage.get('view') } });
 */
export const searchResultsMachine = setup({
  types: {
    context: {} as SearchResultsContext,
    events: {} as SearchResultsEvent,
    input: {} as SearchResultsInput,
    emitted: {} as SearchResultsEmitted,
  },
  actors: {
    searchProducts: fromPromise<ResultsPage, SearchProductsInput>(async () => {
      throw new Error("Provide the 'searchProducts' actor");
    }),
    lookupCategory: fromPromise<string | null, { cat: string }>(async () => {
      throw new Error("Provide the 'lookupCategory' actor");
    }),
  },
  delays: {
    'price.debounce': SEARCH_TIMING.priceSliderDebounceMs,
  },
  guards: {
    hasCat: ({ context }) => context.cat !== null,
    hasInitial: (_, initial: ResultsPage | null | undefined) => initial != null,
    runnable: ({ context }) => context.collectionId !== null || canRunSearch(context.query),
    unchanged: ({ context, event }) =>
      event.type === 'params.changed' && (event.cat ?? null) === null && sameSearchQuery(context.query, pageQuery(event.query, context.collectionId)),
    validPage: ({ context, event }) =>
      event.type === 'page.changed' && context.pageInfo !== null && event.page !== (context.query.page ?? 0) && isValidPage(event.page, context.pageInfo.pages),
  },
  actions: {
    setParams: assign(({ context, event }) =>
      event.type === 'params.changed' ? { query: pageQuery(event.query, context.collectionId), cat: event.cat ?? null } : {},
    ),
    setPage: assign({ query: ({ context, event }) => (event.type === 'page.changed' ? { ...context.query, page: event.page } : context.query) }),
    mergeFilters: assign({
      query: ({ context, event }) => (event.type === 'filters.changed' ? pageQuery({ ...context.query, ...event.patch, page: 0 }, context.collectionId) : context.query),
    }),
    clearResults: assign({ products: [], pageInfo: null }),
    writeUrl: emit(({ context, event }) => ({
      type: 'navigate' as const,
      url: listingUrl(context.path, context.query),
      replace: event.type === 'filters.changed' && event.replace === true,
    })),
  },
}).createMachine({
  id: 'searchResults',
  type: 'parallel',
  context: ({ input }) => {
    const collectionId = input.collectionId ?? null;
    return {
      query: pageQuery(input.query, collectionId),
      collectionId,
      path: input.path ?? SEARCH_RESULTS_PATH,
      collectionPath: input.collectionPath ?? '/collections',
      cat: catOf(input),
      products: input.initial?.products ?? [],
      pageInfo: input.initial?.pageInfo ?? null,
      view: parseViewMode(input.storedView),
      priceDraft: null,
    };
  },
  on: {
    'view.changed': {
      actions: [
        assign({ view: ({ event }) => event.view }),
        emit(({ event }) => ({ type: 'storage.set' as const, key: VIEW_STORAGE_KEY, value: event.view })),
      ],
    },
  },
  states: {
    list: {
      initial: 'start',
      on: {
        'params.changed': { target: '.start', actions: ['setParams', 'clearResults'] },
        'page.changed': { guard: 'validPage', target: '.loading', actions: ['setPage', 'writeUrl'] },
        'filters.changed': { target: '.start', actions: ['mergeFilters', 'clearResults', 'writeUrl'] },
      },
      states: {
        start: {
          always: [
            { guard: 'hasCat', target: 'redirecting' },
            { guard: ({ context }) => context.pageInfo !== null, target: 'loaded' },
            { guard: 'runnable', target: 'loading' },
            { target: 'idle' },
          ],
        },
        redirecting: {
          invoke: {
            src: 'lookupCategory',
            input: ({ context }) => ({ cat: context.cat ?? '' }),
            onDone: [
              {
                guard: ({ event }) => typeof event.output === 'string' && event.output !== '',
                target: 'redirected',
                actions: emit(({ context, event }) => ({
                  type: 'navigate' as const,
                  url: createStoreLinks({ collectionPath: context.collectionPath, productPath: '', articlePath: '' }).collection(event.output ?? ''),
                  replace: true,
                })),
              },
              { target: 'start', actions: assign({ cat: null }) },
            ],
            onError: {
              target: 'start',
              actions: [
                assign({ cat: null }),
                emit(({ event }) => ({ type: 'log' as const, source: 'lookupCategory' as const, message: messageOf(event.error), error: event.error })),
              ],
            },
          },
        },
        redirected: {},
        idle: {},
        loading: {
          on: { 'params.changed': { guard: 'unchanged' }, retry: {} },
          invoke: {
            src: 'searchProducts',
            input: ({ context }) => callQuery(context),
            onDone: [
              {
                // a page number outside 0..pages is ignored; a URL with page=999
                // showed '918 matches found' beside the no-match message. The first page is shown
                // instead, and the URL corrected in place (page 0 never comes back here: no loop).
                guard: ({ context, event }) => (context.query.page ?? 0) > 0 && !isValidPage(context.query.page ?? 0, event.output.pageInfo.pages),
                target: 'loading',
                reenter: true,
                actions: [
                  assign({ query: ({ context }) => ({ ...context.query, page: 0 }) }),
                  emit(({ context }) => ({ type: 'navigate' as const, url: listingUrl(context.path, context.query), replace: true })),
                ],
              },
              { target: 'loaded', actions: assign({ products: ({ event }) => event.output.products, pageInfo: ({ event }) => event.output.pageInfo }) },
            ],
            onError: {
              target: 'notLoaded',
              actions: [
                'clearResults',
                emit(({ event }) => ({ type: 'log' as const, source: 'searchProducts' as const, message: messageOf(event.error), error: event.error })),
              ],
            },
          },
        },
        loaded: { on: { 'params.changed': { guard: 'unchanged' } } },
        notLoaded: { on: { retry: 'start' } },
      },
    },
    price: {
      initial: 'idle',
      on: {
        'price.changed': { target: '.debouncing', actions: assign({ priceDraft: ({ event }) => ({ minPrice: event.minPrice, maxPrice: event.maxPrice }) }) },
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            'price.debounce': {
              target: 'idle',
              actions: [
                raise(({ context }) => {
                  const range = validatePriceRange({ minPrice: context.priceDraft?.minPrice, maxPrice: context.priceDraft?.maxPrice });
                  return { type: 'filters.changed' as const, patch: { minPrice: bound(range.minPrice), maxPrice: bound(range.maxPrice) }, replace: true };
                }),
                assign({ priceDraft: null }),
              ],
            },
          },
        },
      },
    },
  },
});
