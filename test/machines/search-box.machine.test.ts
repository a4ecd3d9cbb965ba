import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise } from 'xstate';
import { searchBoxMachine } from '../../src/machines/search-box.machine.ts';
import type {
  HeaderCollection,
  HeaderCollectionsInput,
  HeaderEquipment,
  HeaderProduct,
  HeaderProductsInput,
  SearchBoxEmitted,
  SearchBoxInput,
} from '../../src/machines/search-box.machine.ts';
import { selectCanSubmitSearch, selectPricePill, selectSearchDropdown } from '../../src/machines/search-box.helpers.ts';

const pump: HeaderProduct = { id: 1, title: 'SuperFlo Pump', handle: 'superflo', vendor: 'Pentair' };
const pumps: HeaderCollection = { id: 7, title: 'Pumps', handle: 'pumps' };

interface Fakes {
  products?: (input: HeaderProductsInput) => Promise<{ products: HeaderProduct[]; equipment?: HeaderEquipment[] }>;
  collections?: (input: HeaderCollectionsInput) => Promise<{ collections: HeaderCollection[] }>;
}

function start(fakes: Fakes = {}, input?: SearchBoxInput) {
  const products = vi.fn<NonNullable<Fakes['products']>>(fakes.products ?? (async () => ({ products: [pump] })));
  const collections = vi.fn(fakes.collections ?? (async () => ({ collections: [pumps] })));
  const machine = searchBoxMachine.provide({
    actors: {
      searchProducts: fromPromise(async ({ input: i }: { input: HeaderProductsInput }) => products(i)),
      searchCollections: fromPromise(async ({ input: i }: { input: HeaderCollectionsInput }) => collections(i)),
    },
  });
  const actor = createActor(machine, { input });
  const navigations: SearchBoxEmitted[] = [];
  actor.on('navigate', (e) => navigations.push(e));
  actor.start();
  const type = (value: string) => actor.send({ type: 'query.changed', value });
  return { actor, products, collections, navigations, type };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounced search', () => {
  test('searches 600 ms after the last keystroke, not before', async () => {
    const { products, type } = start();
    type('pum');
    await vi.advanceTimersByTimeAsync(500);
    type('pump');
    await vi.advanceTimersByTimeAsync(599);
    expect(products).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(products).toHaveBeenCalledTimes(1);
    expect(products.mock.calls[0]?.[0].q).toBe('pump');
  });

  test('a box started with text typed before it took over searches that text once it is told of it, and the same text again changes nothing', async () => {
    const { products, type } = start({}, { query: 'pump' });
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    expect(products).toHaveBeenCalledTimes(1);
    expect(products.mock.calls[0]?.[0].q).toBe('pump');
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    expect(products).toHaveBeenCalledTimes(1);
  });

  test('on the search page the debounce is 400 ms', async () => {
    const { products, type } = start({}, { onSearchPage: true });
    type('pump');
    await vi.advanceTimersByTimeAsync(399);
    expect(products).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(products).toHaveBeenCalledTimes(1);
  });

  test('a route change to the search page switches the debounce to 400 ms', async () => {
    const { actor, products, type } = start();
    actor.send({ type: 'route.changed', onSearchPage: true });
    type('pump');
    await vi.advanceTimersByTimeAsync(400);
    expect(products).toHaveBeenCalledTimes(1);
  });

  test.each(['', 'pu', '  ab  '])('a query under 3 characters (%j) never searches', async (text) => {
    const { products, collections, type } = start();
    type(text);
    await vi.advanceTimersByTimeAsync(2000);
    expect(products).not.toHaveBeenCalled();
    expect(collections).not.toHaveBeenCalled();
  });

  test('runs the products (limit 4, title,handle,id,vendor) and collections (limit 4, title,handle,id) calls together', async () => {
    const { products, collections, type } = start();
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    expect(products).toHaveBeenCalledWith({ q: 'pump', limit: 4, page: 0, fields: ['title', 'handle', 'id', 'vendor'] });
    expect(collections).toHaveBeenCalledWith({ q: 'pump', limit: 4, page: 0, fields: ['title', 'handle', 'id'] });
  });

  test('keeps at most 4 results per group', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...pump, id: i }));
    const { actor, type } = start({ products: async () => ({ products: many }) });
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    expect(actor.getSnapshot().context.products).toHaveLength(4);
  });

  test('typing again while a search is in flight drops its answer and searches the new text', async () => {
    let first = true;
    const { actor, products, type } = start({
      products: (input) =>
        first
          ? ((first = false), new Promise((r) => setTimeout(() => r({ products: [{ ...pump, title: 'stale' }] }), 1000)))
          : Promise.resolve({ products: [{ ...pump, title: input.q ?? '' }] }),
    });
    type('pump');
    await vi.advanceTimersByTimeAsync(700);
    type('pumps');
    await vi.advanceTimersByTimeAsync(2000);
    expect(products).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.products.map((p) => p.title)).toEqual(['pumps']);
  });

  test('sending the same text again does not search again', async () => {
    const { products, type } = start();
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    expect(products).toHaveBeenCalledTimes(1);
  });
});

describe('dropdown', () => {
  test('opens on focus', () => {
    const { actor } = start();
    actor.send({ type: 'input.focus' });
    expect(actor.getSnapshot().context.open).toBe(true);
  });

  test('opens once results are loaded, with the Categories and Products groups', async () => {
    const { actor, type } = start();
    type('pump');
    expect(selectSearchDropdown(actor.getSnapshot()).open).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    const dropdown = selectSearchDropdown(actor.getSnapshot());
    expect(dropdown.open).toBe(true);
    expect(dropdown.visible).toBe(true);
    expect(dropdown.categories).toEqual({ label: 'Categories', items: [pumps] });
    expect(dropdown.products).toEqual({ label: 'Products', items: [pump] });
    expect(dropdown.noResults).toBeNull();
  });

  test('shows "No results found." when both groups are empty', async () => {
    const { actor, type } = start({ products: async () => ({ products: [] }), collections: async () => ({ collections: [] }) });
    type('zzzz');
    await vi.advanceTimersByTimeAsync(600);
    const dropdown = selectSearchDropdown(actor.getSnapshot());
    expect(dropdown.noResults).toBe('No results found.');
    expect(dropdown.categories).toBeNull();
    expect(dropdown.products).toBeNull();
  });

  test('a failed call leaves its group empty and the other group shows', async () => {
    const { actor, type } = start({ collections: async () => Promise.reject(new Error('down')) });
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    const dropdown = selectSearchDropdown(actor.getSnapshot());
    expect(dropdown.products?.items).toEqual([pump]);
    expect(dropdown.categories).toBeNull();
  });

  test('the default actors reject with a message naming the actor; the dropdown reads no results', async () => {
    const actor = createActor(searchBoxMachine, { input: {} }).start();
    actor.send({ type: 'query.changed', value: 'pump' });
    await vi.advanceTimersByTimeAsync(600);
    expect(selectSearchDropdown(actor.getSnapshot()).noResults).toBe('No results found.');
  });

  test.each([
    ['a click outside', { type: 'click.outside' } as const],
    ['choosing a result', { type: 'result.chosen' } as const],
    ['clearing the query', { type: 'query.changed', value: '' } as const],
  ])('closes on %s', async (_how, event) => {
    const { actor, type } = start();
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    actor.send(event);
    expect(actor.getSnapshot().context.open).toBe(false);
  });

  test('choosing a result with a url navigates there', () => {
    const { actor, navigations } = start();
    actor.send({ type: 'result.chosen', url: '/products/superflo' });
    expect(navigations).toEqual([{ type: 'navigate', url: '/products/superflo' }]);
  });

  test('shortening the query under 3 characters clears the results but keeps the dropdown open', async () => {
    const { actor, type } = start();
    type('pump');
    await vi.advanceTimersByTimeAsync(600);
    type('pu');
    expect(actor.getSnapshot().context.open).toBe(true);
    expect(selectSearchDropdown(actor.getSnapshot()).visible).toBe(false);
    expect(actor.getSnapshot().context.products).toEqual([]);
  });
});

describe('submitting', () => {
  test.each(['', '   '])('Enter or the button with an empty query (%j) does nothing', (text) => {
    const { actor, navigations, type } = start();
    type(text);
    expect(selectCanSubmitSearch(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'search.submit' });
    expect(navigations).toEqual([]);
  });

  test('goes to the search results page with page=0', () => {
    const { actor, navigations, type } = start();
    type('sand filter');
    expect(selectCanSubmitSearch(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.submit' });
    expect(navigations).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=sand%20filter' }]);
  });

  test('a short query still submits (the results page shows its message)', () => {
    const { actor, navigations, type } = start();
    type('ab');
    actor.send({ type: 'search.submit' });
    expect(navigations).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=ab' }]);
  });

  test('submitting cancels the pending search and closes the dropdown', async () => {
    const { actor, products, type } = start();
    actor.send({ type: 'input.focus' });
    type('pump');
    actor.send({ type: 'search.submit' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(products).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.open).toBe(false);
  });
});

describe('price-phrase pill', () => {
  test('shows 600 ms after typing a price phrase', async () => {
    const { actor, type } = start();
    type('pump under $500');
    await vi.advanceTimersByTimeAsync(599);
    expect(selectPricePill(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPricePill(actor.getSnapshot())).toEqual({ text: 'Price filter: under $500.00', hint: 'Accept suggestion?', popoverVisible: false });
  });

  test('shows for a price phrase typed before the box took over, once the box is told of it', async () => {
    const { actor, type } = start({}, { query: 'filter under $100' });
    type('filter under $100');
    await vi.advanceTimersByTimeAsync(600);
    expect(selectPricePill(actor.getSnapshot())?.text).toBe('Price filter: under $100.00');
  });

  test('is hidden as soon as the query changes', async () => {
    const { actor, type } = start();
    type('pump under $500');
    await vi.advanceTimersByTimeAsync(600);
    type('pump under $50');
    expect(selectPricePill(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(600);
    expect(selectPricePill(actor.getSnapshot())?.text).toBe('Price filter: under $50.00');
  });

  test.each([
    ['a maximum not above the applied minimum', 'pump under $50', { minPrice: 60 }],
    ['a minimum not below the applied maximum', 'pump over $100', { maxPrice: 100 }],
  ])('is not shown for %s', async (_why, text, bounds) => {
    const { actor, type } = start({}, bounds);
    type(text);
    await vi.advanceTimersByTimeAsync(600);
    expect(selectPricePill(actor.getSnapshot())).toBeNull();
  });

  test('bounds changed by the page drop a pill that is no longer consistent', async () => {
    const { actor, type } = start();
    type('pump under $50');
    await vi.advanceTimersByTimeAsync(600);
    actor.send({ type: 'bounds.changed', minPrice: 80 });
    expect(selectPricePill(actor.getSnapshot())).toBeNull();
  });

  test('the popover shows after 250 ms of hover and hides 400 ms after leaving', async () => {
    const { actor, type } = start();
    type('pump under $500');
    await vi.advanceTimersByTimeAsync(600);
    actor.send({ type: 'pill.pointer.enter' });
    await vi.advanceTimersByTimeAsync(249);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(true);
    actor.send({ type: 'pill.pointer.leave' });
    await vi.advanceTimersByTimeAsync(399);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(false);
  });

  test('leaving before 250 ms never shows the popover; coming back before 400 ms keeps it', async () => {
    const { actor, type } = start();
    type('pump under $500');
    await vi.advanceTimersByTimeAsync(600);
    actor.send({ type: 'pill.pointer.enter' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'pill.pointer.leave' });
    await vi.advanceTimersByTimeAsync(500);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(false);
    actor.send({ type: 'pill.pointer.enter' });
    await vi.advanceTimersByTimeAsync(250);
    actor.send({ type: 'pill.pointer.leave' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'pill.pointer.enter' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectPricePill(actor.getSnapshot())?.popoverVisible).toBe(true);
  });

  test('accepting removes the phrase, applies the bound and searches again at once', async () => {
    const { actor, products, navigations, type } = start();
    type('pump under $500');
    await vi.advanceTimersByTimeAsync(600);
    products.mockClear();
    actor.send({ type: 'pill.accept' });
    expect(actor.getSnapshot().context.query).toBe('pump');
    expect(actor.getSnapshot().context.maxPrice).toBe(500);
    expect(selectPricePill(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(products).toHaveBeenCalledWith({ q: 'pump', maxPrice: 500, limit: 4, page: 0, fields: ['title', 'handle', 'id', 'vendor'] });
    actor.send({ type: 'search.submit' });
    expect(navigations).toEqual([{ type: 'navigate', url: '/searchresults.asp?page=0&q=pump&maxPrice=500.00' }]);
  });

  test('accepting a pill that was the whole query applies the bound, clears and closes', async () => {
    const { actor, products, type } = start();
    actor.send({ type: 'input.focus' });
    type('over $100');
    await vi.advanceTimersByTimeAsync(600);
    products.mockClear();
    actor.send({ type: 'pill.accept' });
    expect(actor.getSnapshot().context).toMatchObject({ query: '', minPrice: 100, open: false, products: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(products).not.toHaveBeenCalled();
  });

  test('accepting without a pill changes nothing', () => {
    const { actor, type } = start();
    type('pump');
    const before = actor.getSnapshot().context;
    actor.send({ type: 'pill.accept' });
    expect(actor.getSnapshot().context).toEqual(before);
  });
});

describe('laws', () => {
  test('a search only ever runs for a query of at least 3 characters, and the last call is for the last runnable text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('', 'p', 'pu', 'pum', 'pump', ' ab ', 'filter'), fc.integer({ min: 0, max: 900 })), { maxLength: 12 }),
        async (steps) => {
          const { actor, products, type } = start();
          for (const [text, wait] of steps) {
            type(text);
            await vi.advanceTimersByTimeAsync(wait);
          }
          await vi.advanceTimersByTimeAsync(1000);
          for (const [input] of products.mock.calls) expect((input.q ?? '').trim().length).toBeGreaterThanOrEqual(3);
          const last = steps.at(-1)?.[0];
          if (last !== undefined && last.trim().length >= 3) expect(products.mock.calls.at(-1)?.[0].q).toBe(last);
          if (last !== undefined && last.trim() === '') expect(actor.getSnapshot().context.open).toBe(false);
          actor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });

  test('accepting a pill never leaves a maximum at or below the minimum, and removes the phrase (property)', async () => {
    const bound = fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('under', 'over', 'below', 'above', '<', '>', 'cheaper than', 'greater than'),
        fc.integer({ min: 0, max: 300_000 }),
        bound,
        bound,
        async (word, cents, minPrice, maxPrice) => {
          const phrase = `${word} $${(cents / 100).toFixed(2)}`;
          const { actor, type } = start({}, { minPrice, maxPrice });
          type(`pump ${phrase}`);
          await vi.advanceTimersByTimeAsync(600);
          const shown = selectPricePill(actor.getSnapshot()) !== null;
          actor.send({ type: 'pill.accept' });
          const c = actor.getSnapshot().context;
          if (c.minPrice !== null && c.maxPrice !== null) expect(c.maxPrice).toBeGreaterThan(c.minPrice);
          expect(c.query).toBe(shown ? 'pump' : `pump ${phrase}`);
          actor.stop();
        },
      ),
      { numRuns: 80 },
    );
  });

  describe('counter examples', () => {
    test('bounds given with a maximum not above the minimum keep the minimum only (under $0 with min 0 and max 0)', async () => {
      const { actor, type } = start({}, { minPrice: 0, maxPrice: 0 });
      expect(actor.getSnapshot().context).toMatchObject({ minPrice: 0, maxPrice: null });
      type('pump under $0.00');
      await vi.advanceTimersByTimeAsync(600);
      actor.send({ type: 'pill.accept' });
      const c = actor.getSnapshot().context;
      expect(c.maxPrice === null || c.minPrice === null || c.maxPrice > c.minPrice).toBe(true);
    });
  });
});

describe("the 'Equipment' group (issue 15)", () => {
  test('a query that is a model number shows the models the products call answered, up to 4, and is not "no results"', async () => {
    const models = [1, 2, 3, 4, 5].map((i) => ({ handle: `m${i}`, title: `Hayward Super Pump ${i}`, modelNumber: `SP260${i}X10` }));
    const { actor, type } = start({ products: async () => ({ products: [], equipment: models }), collections: async () => ({ collections: [] }) });
    type('sp260');
    await vi.advanceTimersByTimeAsync(700);
    expect(actor.getSnapshot().context.resultsLoaded).toBe(true);
    const dropdown = selectSearchDropdown(actor.getSnapshot());
    expect(dropdown.equipment?.label).toBe('Equipment');
    expect(dropdown.equipment?.items.map((m) => m.handle)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(dropdown.noResults).toBeNull();
  });
});
