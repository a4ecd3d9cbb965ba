import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ApiClient } from '../../src/api/client.ts';
import type { PageInfo, ProductCardData, SearchQuery } from '../../src/domain/entities.ts';
import { fromQueryString } from '../../src/domain/urls.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { useSearchResults, type SearchResultsOptions } from '../../src/hooks/useSearchResults.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { card as cardFixture, collection } from './product.helpers.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const card = (id: number): ProductCardData => cardFixture(id, { title: `P${id}`, handle: `p${id}` });
const pageInfo = (pages = 3): PageInfo => ({
  limitPerPage: 8, totalObjects: 20, totalPages: pages, pages, count: 8,
  availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPrice: 900,
});

function setup(options: SearchResultsOptions, calls: Pick<Partial<ApiClient>, 'filterProducts' | 'collectionByIdOrCat'> = {}, stored: Record<string, string> = {}) {
  const filterProducts = calls.filterProducts ?? vi.fn(async () => ({ products: [card(1), card(2)], pageInfo: pageInfo() }));
  const collectionByIdOrCat = calls.collectionByIdOrCat ?? vi.fn(async () => ({ collection: collection(1, { handle: 'pool-pumps' }) }));
  const storage = createMemoryStorage(stored);
  const env = testEnvironment({ storage });
  const hook = renderHook((props: SearchResultsOptions) => useSearchResults(props), {
    initialProps: options,
    wrapper: wrapper(fakeClient({ filterProducts, collectionByIdOrCat }), env),
  });
  return { filterProducts, collectionByIdOrCat, env, storage, ...hook };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useSearchResults', () => {
  test('shows 8 skeleton cards while loading, then the products', async () => {
    const { result, filterProducts } = setup({ query: { q: 'pump' } });
    expect(result.current).toMatchObject({ status: 'loading', skeletonCount: 8 });
    await flush();
    expect(result.current).toMatchObject({ status: 'loaded', skeletonCount: 0, noMatchText: null });
    expect(result.current.products.map((p) => p.id)).toEqual([1, 2]);
    expect(filterProducts).toHaveBeenCalledTimes(1);
  });

  test("the title is 'Search results - {store name}' and the breadcrumb 'Search for \"{q}\"'", async () => {
    const { result } = setup({ query: { q: 'pump' } });
    expect(result.current.title).toBe('Search results - Skimmer');
    expect(result.current.breadcrumb).toBe('Search for "pump"');
  });

  test('reloads when the parameters change, not when they stay the same', async () => {
    const { result, filterProducts, rerender } = setup({ query: { q: 'pump' } });
    await flush();
    rerender({ query: { q: 'pump' } });
    await flush();
    expect(filterProducts).toHaveBeenCalledTimes(1);
    rerender({ query: { q: 'filter' } });
    await flush();
    expect(filterProducts).toHaveBeenCalledTimes(2);
    expect(result.current.query.q).toBe('filter');
  });

  test("no match reads 'No products match your search criteria, please try again.'", async () => {
    const filterProducts = vi.fn(async () => ({ products: [], pageInfo: pageInfo(0) }));
    const { result } = setup({ query: { q: 'zzzz' } }, { filterProducts });
    await flush();
    expect(result.current.noMatchText).toBe('No products match your search criteria, please try again.');
  });

  test('a failed search silently clears loading and marks the results not loaded (logged only)', async () => {
    const filterProducts = vi.fn(async () => {
      throw new Error('down');
    });
    const log = vi.fn();
    const storage = createMemoryStorage();
    const { result } = renderHook(() => useSearchResults({ query: { q: 'pump' } }), {
      wrapper: wrapper(fakeClient({ filterProducts }), testEnvironment({ storage, log })),
    });
    await flush();
    expect(result.current).toMatchObject({ status: 'notLoaded', loading: false, products: [] });
    expect(log).toHaveBeenCalledWith('searchProducts', 'down', expect.any(Error));
  });

  test("the view mode is read from and stored under 'view'", async () => {
    const { result, storage } = setup({ query: { q: 'pump' } }, {}, { view: 'list' });
    expect(result.current.view).toBe('list');
    act(() => result.current.setView('grid'));
    expect(result.current.view).toBe('grid');
    expect(storage.get('view')).toBe('grid');
  });

  test('changing page keeps the page in the URL and loads it', async () => {
    const { result, env, filterProducts } = setup({ query: { q: 'pump' }, path: '/searchresults.asp' });
    await flush();
    act(() => result.current.setPage(2));
    await flush();
    expect(env.navigate).toHaveBeenCalledWith('/searchresults.asp?page=2&q=pump');
    expect(filterProducts).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'pump', page: 2 }), expect.anything());
  });

  test('the price slider applies after 500 ms, replacing the history entry', async () => {
    const { result, env } = setup({ query: { q: 'pump' } });
    await flush();
    act(() => result.current.setPrice(10, 200));
    expect(result.current.priceDraft).toEqual({ minPrice: 10, maxPrice: 200 });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(env.navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(env.navigate).toHaveBeenCalledWith(expect.stringContaining('maxPrice=200'), { replace: true });
  });

  test("a 'cat' parameter looks the category up, then redirects to its collection", async () => {
    const { result, env, collectionByIdOrCat, filterProducts } = setup({ query: {} as SearchQuery, cat: '42' });
    expect(result.current.status).toBe('redirecting');
    await flush();
    expect(collectionByIdOrCat).toHaveBeenCalledWith('42', expect.anything());
    expect(env.navigate).toHaveBeenCalledWith('/collections/pool-pumps', { replace: true });
    expect(filterProducts).not.toHaveBeenCalled();
  });

  test('server-rendered results start loaded without a call', () => {
    const filterProducts = vi.fn();
    const { result } = setup({ query: { q: 'pump' }, initial: { products: [card(5)], pageInfo: pageInfo() } }, { filterProducts });
    expect(result.current.status).toBe('loaded');
    expect(filterProducts).not.toHaveBeenCalled();
  });
});

// issue 18, defect 4: the featured banner card's link and vendor links read 'Search for ""' and the featured one listed nothing
describe('listings reached by a link without a keyword', () => {
  test("'?isFeatured=true' lists the featured products under the heading 'Featured products'", async () => {
    const filterProducts = vi.fn(async () => ({ products: [card(1), card(2)], pageInfo: pageInfo() }));
    const { result } = setup({ query: fromQueryString('isFeatured=true') }, { filterProducts });
    await flush();
    expect(filterProducts).toHaveBeenCalledTimes(1);
    expect(filterProducts).toHaveBeenNthCalledWith(1, expect.objectContaining({ isFeatured: true }), expect.anything());
    expect(result.current).toMatchObject({ status: 'loaded', noMatchText: null, breadcrumb: 'Featured products' });
    expect(result.current.products.map((p) => p.id)).toEqual([1, 2]);
  });

  test("a vendor link ('?v=Pentair') names the vendor in the heading", async () => {
    const { result } = setup({ query: fromQueryString('v=Pentair') });
    await flush();
    expect(result.current.breadcrumb).toBe('Products by Pentair');
  });
});
