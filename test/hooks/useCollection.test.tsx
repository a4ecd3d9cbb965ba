import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useEffect, useRef } from 'react';
import { act, render, renderHook } from '@testing-library/react';
import type { Collection, PageInfo, ProductCardData } from '../../src/domain/entities.ts';
import { useCollection, type CollectionOptions } from '../../src/hooks/useCollection.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const PUMPS: Collection = {
  id: 7, handle: 'pumps', title: 'Pumps', seoTitle: null, seoDescription: null, isIndexed: true, imageUrl: null,
  descriptionHtml: '<p>All pumps</p>', breadcrumbs: null, childCollectionsCount: 2,
};
const pageInfo: PageInfo = {
  limitPerPage: 8, totalObjects: 1, totalPages: 1, pages: 1, count: 1,
  availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPrice: 900,
};
const card = { id: 1, title: 'SuperFlo', handle: 'superflo' } as ProductCardData;
const HIERARCHY = { default: [
  { id: 7, title: 'Pumps', handle: 'pumps', LEVEL: 1 },
  { id: 9, title: 'Variable speed', handle: 'vs', LEVEL: 2 },
  { id: 8, title: 'Single speed', handle: 'ss', LEVEL: 2 },
] };

function setup(collection: Collection | null = PUMPS, options: CollectionOptions = { query: {} }) {
  const calls = {
    collectionByHandle: vi.fn(async () => {
      if (!collection) throw new Error('Not found');
      return { collection };
    }),
    featuredProducts: vi.fn(async () => ({ products: [card] })),
    hierarchy: vi.fn(async () => ({ hierarchy: HIERARCHY })),
    filterProducts: vi.fn(async () => ({ products: [card], pageInfo })),
  };
  const env = testEnvironment();
  const hook = renderHook((props: { handle: string; options: CollectionOptions }) => useCollection(props.handle, props.options), {
    initialProps: { handle: 'pumps', options },
    wrapper: wrapper(fakeClient(calls), env),
  });
  return { calls, env, ...hook };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** A collection page the server rendered: its data given whole, and the calls a browser could make. */
function serverRendered() {
  const calls = {
    collectionByHandle: vi.fn(async () => ({ collection: PUMPS })),
    featuredProducts: vi.fn(async () => ({ products: [card] })),
    hierarchy: vi.fn(async () => ({ hierarchy: HIERARCHY })),
    filterProducts: vi.fn(async () => ({ products: [card], pageInfo })),
  };
  const initial = { collection: PUMPS, featured: [card], hierarchy: HIERARCHY, results: { products: [card], pageInfo } };
  return { calls, env: testEnvironment(), initial };
}

describe('useCollection', () => {
  test('loads the collection, then its featured products, hierarchy and products filtered by its id', async () => {
    const { result, calls } = setup();
    expect(result.current.status).toBe('loading');
    await flush();
    await flush();
    expect(result.current.status).toBe('loaded');
    expect(calls.collectionByHandle).toHaveBeenCalledWith('pumps', expect.anything());
    expect(result.current.featured).toEqual([card]);
    expect(calls.filterProducts).toHaveBeenCalledWith(expect.objectContaining({ c: '7' }), expect.anything());
    expect(result.current.listing.products).toEqual([card]);
  });

  test('the side list shows the level 2 children sorted by title when the collection has children', async () => {
    const { result } = setup();
    await flush();
    expect(result.current.sideList).toEqual({ kind: 'children', items: [HIERARCHY.default[2], HIERARCHY.default[1]] });
  });

  test('SEO title gets the store name; breadcrumbs are Home > Collections > title', async () => {
    const { result } = setup();
    await flush();
    expect(result.current.seoTitle).toBe('Pumps - Skimmer');
    expect(result.current.breadcrumbs.map((c) => [c.title, c.href])).toEqual([
      ['Home', '/'], ['Collections', '/collections'], ['Pumps', '/collections/pumps'],
    ]);
  });

  test('the description toggles Read More / Read Less and scrolls back up after collapsing', async () => {
    const { result, env } = setup();
    await flush();
    expect(result.current.descriptionToggleLabel).toBe('Read More');
    act(() => result.current.toggleDescription());
    expect(result.current).toMatchObject({ descriptionExpanded: true, descriptionToggleLabel: 'Read Less' });
    expect(env.scrollTo).not.toHaveBeenCalled();
    act(() => result.current.toggleDescription());
    expect(result.current.descriptionToggleLabel).toBe('Read More');
    expect(env.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  test('a missing collection shows the fallback status', async () => {
    const { result } = setup(null);
    await flush();
    expect(result.current.status).toBe('missing');
    expect(result.current.listing.products).toEqual([]);
  });

  test('a filter change reloads the product list only', async () => {
    const { result, calls, rerender } = setup();
    await flush();
    await flush();
    rerender({ handle: 'pumps', options: { query: { sortBy: 'price_asc' } } });
    await flush();
    expect(calls.filterProducts).toHaveBeenCalledTimes(2);
    expect(calls.filterProducts).toHaveBeenLastCalledWith(expect.objectContaining({ c: '7', sortBy: 'price_asc' }), expect.anything());
    expect(calls.collectionByHandle).toHaveBeenCalledTimes(1);
    expect(result.current.listing.status).toBe('loaded');
  });

  test('a choice made on the server-rendered first render reaches the listing that starts after it (it was lost on the never-started preview)', async () => {
    const { calls, env, initial } = serverRendered();
    let first: ReturnType<typeof useCollection> | undefined;
    renderHook(
      () => {
        const api = useCollection('pumps', { query: {}, initial });
        first ??= api;
        return api;
      },
      { wrapper: wrapper(fakeClient(calls), env) },
    );
    await flush();
    expect(calls.filterProducts).not.toHaveBeenCalled();
    // the handler the server HTML hydrated with is the first render's
    act(() => first!.listing.setFilters({ sortBy: 'price_asc' }));
    await flush();
    expect(env.navigate).toHaveBeenCalledWith(expect.stringContaining('sortBy=price_asc'));
    expect(calls.filterProducts).toHaveBeenLastCalledWith(expect.objectContaining({ c: '7', sortBy: 'price_asc' }), expect.anything());
  });

  test('a choice made once the page has hydrated, before the render that reads the started listing, still navigates', async () => {
    const { calls, env, initial } = serverRendered();
    const api: { current: ReturnType<typeof useCollection> | null } = { current: null };
    const seen: string[] = [];
    // the page's hook, then a sibling whose effect runs after the hook's (the listing has started)
    // and before React renders again with it: where the sort select's change lands on a slow device
    function Page() {
      api.current = useCollection('pumps', { query: {}, initial });
      return null;
    }
    function ChoosesAtOnce() {
      const once = useRef(false);
      useEffect(() => {
        if (once.current) return;
        once.current = true;
        seen.push(api.current!.listing.status);
        api.current!.listing.setFilters({ sortBy: 'price_asc' });
      }, []);
      return null;
    }
    const Wrapper = wrapper(fakeClient(calls), env);
    render(
      <Wrapper>
        <Page />
        <ChoosesAtOnce />
      </Wrapper>,
    );
    await flush();
    expect(seen).toEqual(['loaded']);
    expect(env.navigate).toHaveBeenCalledWith(expect.stringContaining('sortBy=price_asc'));
  });
});
