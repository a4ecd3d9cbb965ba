import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ArticlesResponse } from '../../src/api/types.ts';
import type { Article, ProductCardData } from '../../src/domain/entities.ts';
import { useBlogCarousel } from '../../src/hooks/useBlogCarousel.ts';
import { useHomeGrid } from '../../src/hooks/useHomeGrid.ts';
import { useLoader } from '../../src/hooks/useLoader.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { createReadCache } from '../../src/hooks/query/index.ts';
import { invalidateReads } from '../../src/hooks/query/watch.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { card, pageInfo } from './product.helpers.ts';

const cards: ProductCardData[] = [card(1, { title: 'Pump' }), card(2, { title: 'Filter' })];
const posts = [{ id: 1, title: 'Opening your pool' }, { id: 2, title: 'Winterising' }] as Article[];
const page = { limitPerPage: 10, totalObjects: 2, totalPages: 1, pages: [], count: 2 } as unknown as ArticlesResponse['pageInfo'];

describe('useHomeGrid', () => {
  test.each([
    ['featured', { limit: 4, page: 0, isFeatured: true }],
    ['popular', { limit: 4, page: 0, sortBy: 'best_selling' }],
    ['new', { limit: 4, page: 0, sortBy: 'id_desc' }],
  ] as const)('the %s grid asks page=0, limit=4 and its own filter', async (grid, query) => {
    const filterProducts = vi.fn(async () => ({ products: cards, pageInfo: pageInfo(cards.length) }));
    const { result } = renderHook(() => useHomeGrid(grid), { wrapper: wrapper(fakeClient({ filterProducts })) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(filterProducts).toHaveBeenCalledWith(query, expect.anything());
    expect(result.current.products).toEqual(cards);
  });

  test("a failed grid shows a toast with the error's message in the 'error' style", async () => {
    const filterProducts = vi.fn(async () => {
      throw new Error('Search is down');
    });
    const { result } = renderHook(() => ({ grid: useHomeGrid('new'), toasts: useToasts() }), { wrapper: wrapper(fakeClient({ filterProducts })) });
    await waitFor(() => expect(result.current.grid.status).toBe('failed'));
    expect(result.current.grid.products).toEqual([]);
    expect(result.current.toasts.toasts.map((t) => [t.tone, t.message])).toEqual([['error', 'Search is down']]);
  });

  test('server-rendered cards start loaded without a call', () => {
    const filterProducts = vi.fn();
    const { result } = renderHook(() => useHomeGrid('featured', cards), { wrapper: wrapper(fakeClient({ filterProducts })) });
    expect(result.current).toMatchObject({ status: 'loaded', products: cards });
    expect(filterProducts).not.toHaveBeenCalled();
  });
});

describe('useBlogCarousel', () => {
  test('loads the articles and triples them for the looping track', async () => {
    const articles = vi.fn(async () => ({ articles: posts, pageInfo: page }));
    const { result } = renderHook(() => useBlogCarousel(), { wrapper: wrapper(fakeClient({ articles })) });
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(articles).toHaveBeenCalledWith(undefined, expect.anything());
    expect(result.current.articles).toEqual(posts);
    expect(result.current.track).toEqual([...posts, ...posts, ...posts]);
    expect(result.current.message).toBeNull();
  });

  test("an empty list shows 'No articles found'", async () => {
    const articles = vi.fn(async () => ({ articles: [], pageInfo: page }));
    const { result } = renderHook(() => useBlogCarousel(), { wrapper: wrapper(fakeClient({ articles })) });
    await waitFor(() => expect(result.current.status).toBe('empty'));
    expect(result.current.message).toBe('No articles found');
  });

  test("a failure shows 'Failed to load articles. Please try again later.' inline", async () => {
    const articles = vi.fn(async () => {
      throw new Error('boom');
    });
    const log = vi.fn();
    const { result } = renderHook(() => ({ blog: useBlogCarousel(), toasts: useToasts() }), {
      wrapper: wrapper(fakeClient({ articles }), testEnvironment({ log })),
    });
    await waitFor(() => expect(result.current.blog.status).toBe('failed'));
    expect(result.current.blog.message).toBe('Failed to load articles. Please try again later.');
    expect(result.current.toasts.toasts).toEqual([]);
    expect(log).toHaveBeenCalledWith('load', 'boom', expect.any(Error));
  });
});

describe('useLoader', () => {
  test('sections with one key make one call, and an invalidation of the key re-renders them with the new answer', async () => {
    let answer = 1;
    const load = vi.fn(async () => [answer]);
    const cache = createReadCache();
    const { result } = renderHook(() => ({ a: useLoader({ kind: 'vendors', load, key: () => ['brands'] }), b: useLoader({ kind: 'vendors', load, key: () => ['brands'] }) }), {
      wrapper: wrapper(fakeClient(), testEnvironment(), { queryClient: cache }),
    });
    await waitFor(() => expect(result.current.b.data).toEqual([1]));
    expect(result.current.a.data).toEqual([1]);
    expect(load).toHaveBeenCalledTimes(1);
    answer = 2;
    act(() => invalidateReads(cache, ['brands']));
    await waitFor(() => expect(result.current.a.data).toEqual([2]));
    expect(result.current.b.data).toEqual([2]);
  });

  test('reload calls again with the new parameters', async () => {
    const load = vi.fn(async (_c: unknown, params: { depth: number }) => [params.depth]);
    const { result } = renderHook(() => useLoader({ kind: 'nav', params: { depth: 1 }, load }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.data).toEqual([1]));
    act(() => result.current.reload({ depth: 2 }));
    await waitFor(() => expect(result.current.data).toEqual([2]));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useBlogCarousel carousel', () => {
  test('the carousel starts at the middle copy of the loaded articles', async () => {
    const articles = vi.fn(async () => ({ articles: posts, pageInfo: page }));
    const { result } = renderHook(() => useBlogCarousel(), { wrapper: wrapper(fakeClient({ articles })) });
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    await waitFor(() => expect(result.current.carousel.index).toBe(posts.length));
    act(() => result.current.carousel.next());
    expect(result.current.carousel.item).toBe(1);
  });
});
