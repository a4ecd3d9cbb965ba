import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise } from 'xstate';
import { firstListingCallOf, searchResultsMachine } from '../../src/machines/search-results.machine.ts';
import type { ResultsPage, SearchProductsInput, SearchResultsEmitted, SearchResultsInput } from '../../src/machines/search-results.machine.ts';
import {
  selectListingStatus,
  selectNoMatchMessage,
  selectPriceRange,
  selectSkeletonCount,
} from '../../src/machines/search-results.helpers.ts';
import type { PageInfo, ProductCardData } from '../../src/domain/entities.ts';
import { searchQueryArb } from '../../src/domain/testing/search.ts';
import { fromQueryString } from '../../src/domain/urls.ts';
import { normalizeSearchQuery } from '../../src/domain/search.ts';

function card(id: number): ProductCardData {
  return {
    id, title: `Pump ${id}`, handle: `pump-${id}`, imageUrl: null, price: 10, compareAtPrice: null, availableForSale: true,
    avgRating: null, totalReviews: 0, isFeatured: false, inventoryLevelId: id, availableQuantity: 5, bypassNegativeQuantity: false, vendor: 'Pentair',
  };
}

function pageOf(products: ProductCardData[], pages = 3): ResultsPage {
  const pageInfo: PageInfo = {
    limitPerPage: 24, totalObjects: products.length * pages, totalPages: pages, pages, count: products.length,
    availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPrice: 100,
  };
  return { products, pageInfo };
}

interface Fakes {
  search?: (input: SearchProductsInput) => Promise<ResultsPage>;
  lookup?: (cat: string) => Promise<string | null>;
}

function start(input: SearchResultsInput, fakes: Fakes = {}) {
  const search = vi.fn(fakes.search ?? (async () => pageOf([card(1), card(2)])));
  const lookup = vi.fn(fakes.lookup ?? (async () => 'pool-pumps'));
  const machine = searchResultsMachine.provide({
    actors: {
      searchProducts: fromPromise(async ({ input: i }: { input: SearchProductsInput }) => search(i)),
      lookupCategory: fromPromise(async ({ input: i }: { input: { cat: string } }) => lookup(i.cat)),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: SearchResultsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const navigations = () => emitted.filter((e) => e.type === 'navigate');
  return { actor, search, lookup, emitted, navigations };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  test('loads the search with 8 skeleton cards, then shows the results', async () => {
    const { actor, search } = start({ query: { q: 'pump' } });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loading');
    expect(selectSkeletonCount(actor.getSnapshot())).toBe(8);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledWith({ q: 'pump' });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
    expect(selectSkeletonCount(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual([1, 2]);
    expect(selectNoMatchMessage(actor.getSnapshot())).toBeNull();
  });

  test('shows "No products match your search criteria, please try again." when nothing matches', async () => {
    const { actor } = start({ query: { q: 'zzzz' } }, { search: async () => pageOf([], 0) });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectNoMatchMessage(actor.getSnapshot())).toBe('No products match your search criteria, please try again.');
  });

  test('a failed search silently clears loading and marks the results as not loaded (logged only)', async () => {
    const error = new Error('offline');
    const { actor, emitted } = start({ query: { q: 'pump' } }, { search: async () => Promise.reject(error) });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectListingStatus(actor.getSnapshot())).toBe('notLoaded');
    expect(selectSkeletonCount(actor.getSnapshot())).toBe(0);
    expect(selectNoMatchMessage(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([{ type: 'log', source: 'searchProducts', message: 'offline', error }]);
  });

  test('retry loads the same parameters again after a failure', async () => {
    let calls = 0;
    const { actor } = start({ query: { q: 'pump' } }, { search: async () => (++calls === 1 ? Promise.reject(new Error('x')) : pageOf([card(1)])) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
  });

  test('the default actor rejects with a message naming the actor to provide', async () => {
    const actor = createActor(searchResultsMachine, { input: { query: { q: 'pump' } } });
    const logs: unknown[] = [];
    actor.on('log', (e) => logs.push(e.message));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(logs).toEqual(["Provide the 'searchProducts' actor"]);
  });

  test.each([{}, { q: 'ab' }, { q: '  ', v: 'AB' }, { t: [['Brand', 'Pentair'] as const] }])(
    'on the search page a query without 3 characters of q or v (%j) does not search and shows the no-match message',
    async (query) => {
      const { actor, search } = start({ query });
      await vi.advanceTimersByTimeAsync(0);
      expect(search).not.toHaveBeenCalled();
      expect(selectListingStatus(actor.getSnapshot())).toBe('idle');
      expect(selectNoMatchMessage(actor.getSnapshot())).toBe('No products match your search criteria, please try again.');
    },
  );

  test('a collection page lists the collection by its id, without c in the page URL', async () => {
    const { actor, search } = start({ query: { page: 0, c: '99' }, collectionId: 42, path: '/collections/pumps' });
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledWith({ page: 0, c: '42' });
    expect(actor.getSnapshot().context.query).toEqual({ page: 0 });
  });

  test('starts loaded from server-rendered results and does not fetch', async () => {
    const { actor, search } = start({ query: { q: 'pump' }, initial: pageOf([card(9)]) });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
    await vi.advanceTimersByTimeAsync(0);
    expect(search).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual([9]);
  });
});

describe('parameter changes', () => {
  test('reloads when the search parameters change', async () => {
    const { actor, search } = start({ query: { q: 'pump' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'params.changed', query: { q: 'filter', sortBy: 'price_asc' } });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenLastCalledWith({ q: 'filter', sortBy: 'price_asc' });
  });

  test('the same parameters (in normal form) do not reload', async () => {
    const { actor, search } = start({ query: { q: 'pump' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'params.changed', query: { q: ' pump ', sortBy: '' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledTimes(1);
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
  });

  test('a change while loading drops the earlier answer', async () => {
    const { actor } = start(
      { query: { q: 'pump' } },
      { search: (input) => new Promise((r) => setTimeout(() => r(pageOf([card(input.q === 'pump' ? 1 : 2)])), input.q === 'pump' ? 500 : 10)) },
    );
    actor.send({ type: 'params.changed', query: { q: 'filter' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual([2]);
  });

  test('a page change keeps the page in the URL and loads it', async () => {
    const { actor, search, navigations } = start({ query: { q: 'pump', page: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.changed', page: 2 });
    expect(navigations()).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=2&q=pump', replace: false }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 2 });
    // The page's own URL update coming back as params.changed does not load twice.
    actor.send({ type: 'params.changed', query: fromQueryString('page=2&q=pump') });
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledTimes(2);
  });

  test.each([-1, 3, 1.5, 0])('a page outside 0..pages-1, or the current page, is ignored: %d', async (page) => {
    const { actor, search, navigations } = start({ query: { q: 'pump', page: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.changed', page });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigations()).toEqual([]);
    expect(search).toHaveBeenCalledTimes(1);
  });

  test('a filter change goes back to page 0, updates the URL and reloads', async () => {
    const { actor, search, navigations } = start({ query: { q: 'pump', page: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'filters.changed', patch: { sortBy: 'price_desc', limit: 48 } });
    expect(navigations()).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=pump&sortBy=price_desc&limit=48', replace: false }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 0, sortBy: 'price_desc', limit: 48 });
  });

  test('a collection page writes its URLs on its own path', async () => {
    const { actor, navigations } = start({ query: {}, collectionId: 42, path: '/collections/pumps' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.changed', page: 1 });
    expect(navigations()).toEqual([{ type: 'navigate', url: '/collections/pumps?page=1', replace: false }]);
  });
});

describe('price slider', () => {
  test('applies the range 500 ms after the slider stops, replacing the history entry', async () => {
    const { actor, search, navigations } = start({ query: { q: 'pump' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'price.changed', minPrice: 10, maxPrice: 200 });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'price.changed', minPrice: 20, maxPrice: 200 });
    expect(selectPriceRange(actor.getSnapshot())).toEqual({ minPrice: 20, maxPrice: 200 });
    await vi.advanceTimersByTimeAsync(499);
    expect(search).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigations()).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=pump&minPrice=20.00&maxPrice=200.00', replace: true }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 0, minPrice: 20, maxPrice: 200 });
    expect(selectPriceRange(actor.getSnapshot())).toEqual({ minPrice: 20, maxPrice: 200 });
  });

  test('a maximum not above the minimum is dropped; clearing a bound removes it', async () => {
    const { actor, search } = start({ query: { q: 'pump', minPrice: 5, maxPrice: 50 } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'price.changed', minPrice: 30, maxPrice: 30 });
    await vi.advanceTimersByTimeAsync(500);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 0, minPrice: 30 });
    actor.send({ type: 'price.changed', minPrice: null, maxPrice: 80 });
    await vi.advanceTimersByTimeAsync(500);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 0, maxPrice: 80 });
  });
});

describe('view mode', () => {
  test.each([
    [null, 'grid'],
    ['list', 'list'],
    ['grid', 'grid'],
    ['junk', 'grid'],
  ] as const)('starts from the stored view %j as %s', (storedView, view) => {
    const { actor } = start({ query: { q: 'pump' }, storedView });
    expect(actor.getSnapshot().context.view).toBe(view);
  });

  test('switching the view stores it under "view"', () => {
    const { actor, emitted } = start({ query: { q: 'pump' } });
    actor.send({ type: 'view.changed', view: 'list' });
    expect(actor.getSnapshot().context.view).toBe('list');
    expect(emitted).toContainEqual({ type: 'storage.set', key: 'view', value: 'list' });
  });
});

describe("the 'cat' parameter", () => {
  test('looks the category up, then redirects to the collection path plus its handle', async () => {
    const { actor, search, lookup, navigations } = start({ query: { q: 'pump' }, cat: '123', collectionPath: '/collections' });
    expect(selectListingStatus(actor.getSnapshot())).toBe('redirecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(lookup).toHaveBeenCalledWith('123');
    expect(navigations()).toEqual([{ type: 'navigate', url: '/collections/pool-pumps', replace: true }]);
    expect(search).not.toHaveBeenCalled();
  });

  test.each([
    ['finds nothing', async () => null],
    ['fails', async () => Promise.reject(new Error('404'))],
  ])('when the lookup %s the search page shows the search', async (_why, lookup) => {
    const { actor, search, navigations } = start({ query: { q: 'pump' }, cat: 'X9' }, { lookup });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigations()).toEqual([]);
    expect(search).toHaveBeenCalledWith({ q: 'pump' });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
  });

  test("a 'cat' arriving with new parameters triggers the lookup", async () => {
    const { actor, lookup } = start({ query: { q: 'pump' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'params.changed', query: {}, cat: '55' });
    await vi.advanceTimersByTimeAsync(0);
    expect(lookup).toHaveBeenCalledWith('55');
  });
});

describe('laws', () => {
  test('after any parameter changes, the last call is for exactly the last parameters, in normal form (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(searchQueryArb, { minLength: 1, maxLength: 5 }), async (queries) => {
        const withText = queries.map((q) => ({ ...q, q: `pump ${q.q ?? ''}` }));
        // every page asked for exists (a page past the last one is reset to 0: tested below)
        const { actor, search } = start({ query: { q: 'start' } }, { search: async (input) => pageOf([card(1), card(2)], (input.page ?? 0) + 1) });
        for (const query of withText) actor.send({ type: 'params.changed', query });
        await vi.advanceTimersByTimeAsync(0);
        const expected = normalizeSearchQuery(withText.at(-1)!);
        expect(actor.getSnapshot().context.query).toEqual(expected);
        expect(search.mock.calls.at(-1)?.[0]).toEqual(expected);
        expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
        actor.stop();
      }),
      { numRuns: 40 },
    );
  });
});

// issue 18, defect 6: page=999 showed '918 matches found' beside the no-match message
describe('a page past the last page in the URL', () => {
  test('page=999 of 3 pages is ignored: the first page is shown and the URL says page 0', async () => {
    const { actor, search, navigations } = start(
      { query: { q: 'pump', page: 999 } },
      { search: async (input) => ((input.page ?? 0) < 3 ? pageOf([card(1), card(2)], 3) : pageOf([], 3)) },
    );
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenLastCalledWith({ q: 'pump', page: 0 });
    expect(selectListingStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.query.page).toBe(0);
    expect(actor.getSnapshot().context.products.map((p) => p.id)).toEqual([1, 2]);
    expect(selectNoMatchMessage(actor.getSnapshot())).toBeNull();
    expect(navigations()).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=pump', replace: true }]);
  });

  test('a search with no result at all asks once for page 0, never loops', async () => {
    const { actor, search } = start({ query: { q: 'zzzz', page: 5 } }, { search: async () => pageOf([], 0) });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledTimes(2);
    expect(selectNoMatchMessage(actor.getSnapshot())).not.toBeNull();
  });
});

describe('firstListingCallOf: the first call without an actor', () => {
  /** What the machine's own start invokes (the probe the hooks used before): the snapshot's call, or null. */
  function probedFirstCall(input: SearchResultsInput): SearchProductsInput | null {
    const asked: SearchProductsInput[] = [];
    const actor = createActor(
      searchResultsMachine.provide({
        actors: {
          searchProducts: fromPromise<ResultsPage, SearchProductsInput>(async ({ input: call }) => {
            asked.push(call);
            return new Promise<ResultsPage>(() => {});
          }),
          lookupCategory: fromPromise<string | null, { cat: string }>(async () => new Promise<string | null>(() => {})),
        },
      }),
      { input: { ...input, initial: null } },
    );
    actor.start();
    const loading = (actor.getSnapshot().value as { list: string }).list === 'loading';
    actor.stop();
    if (!loading) return null;
    expect(asked).toHaveLength(1);
    return asked[0] ?? null;
  }

  test('agrees with the call the machine invokes from its start, for any query, collection and cat', () => {
    fc.assert(
      fc.property(
        searchQueryArb,
        fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
        fc.option(fc.constantFrom('', '  ', 'pumps', ' 12 '), { nil: undefined }),
        (query, collectionId, cat) => {
          const input: SearchResultsInput = { query, ...(collectionId !== undefined ? { collectionId } : {}), ...(cat !== undefined ? { cat } : {}) };
          expect(firstListingCallOf(input)).toEqual(probedFirstCall(input));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a cat lookup and a search that cannot run make no first call; a collection always lists', () => {
    expect(firstListingCallOf({ query: { q: 'pump' }, cat: 'pumps' })).toBeNull();
    expect(firstListingCallOf({ query: { q: 'ab' } })).toBeNull();
    expect(firstListingCallOf({ query: {}, collectionId: 7 })).toEqual({ c: '7' });
    expect(firstListingCallOf({ query: { q: 'pump', c: '9' }, collectionId: 7 })).toEqual({ q: 'pump', c: '7' });
  });
});
