import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import type { ProductCardData } from '../../src/domain/entities.ts';
import { RECENTLY_VIEWED_LIMIT, RECENTLY_VIEWED_STORAGE_KEY } from '../../src/domain/recently-viewed.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { useRecentlyViewed, type RecentlyViewedOptions } from '../../src/hooks/useRecentlyViewed.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';

const card = (id: number) => ({ id, title: `P${id}` }) as ProductCardData;

function setup(initial: Record<string, string> = {}, options: RecentlyViewedOptions = {}) {
  const storage = createMemoryStorage(initial);
  const productsByIds = vi.fn(async (ids: readonly number[]) => ({ products: [...ids].reverse().map(card) }));
  const hook = renderHook(() => ({ a: useRecentlyViewed(options), b: useRecentlyViewed() }), {
    wrapper: wrapper(fakeClient({ productsByIds }), testEnvironment({ storage })),
  });
  return { storage, productsByIds, ...hook };
}

describe('useRecentlyViewed', () => {
  test(`reads the ids stored under '${RECENTLY_VIEWED_STORAGE_KEY}'`, () => {
    const { result } = setup({ [RECENTLY_VIEWED_STORAGE_KEY]: '[3,2,1]' });
    expect(result.current.a.ids).toEqual([3, 2, 1]);
  });

  test('add puts the product first without duplicates, stores it, and every hook over the storage sees it', () => {
    const { result, storage } = setup({ [RECENTLY_VIEWED_STORAGE_KEY]: '[3,2,1]' });
    act(() => result.current.a.add(2));
    expect(result.current.a.ids).toEqual([2, 3, 1]);
    expect(result.current.b.ids).toEqual([2, 3, 1]);
    expect(storage.get(RECENTLY_VIEWED_STORAGE_KEY)).toBe('[2,3,1]');
  });

  test('remove deletes the product from the list (history-mode card)', () => {
    const { result } = setup({ [RECENTLY_VIEWED_STORAGE_KEY]: '[3,2,1]' });
    act(() => result.current.b.remove(2));
    expect(result.current.a.ids).toEqual([3, 1]);
  });

  test('holds at most 25 ids, newest first', () => {
    const { result } = setup();
    act(() => {
      for (let id = 1; id <= 30; id++) result.current.a.add(id);
    });
    expect(result.current.a.ids).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(result.current.a.ids[0]).toBe(30);
  });

  test('loads the cards in list order, leaving out the excluded product', async () => {
    const { result, productsByIds } = setup({ [RECENTLY_VIEWED_STORAGE_KEY]: '[3,2,1]' }, { loadProducts: true, excludeId: 2 });
    await waitFor(() => expect(result.current.a.products.map((p) => p.id)).toEqual([3, 1]));
    expect(productsByIds).toHaveBeenCalledWith([3, 1], expect.anything());
    expect(result.current.a.loading).toBe(false);
    // the hook that did not ask for cards made no call
    expect(productsByIds).toHaveBeenCalledTimes(1);
  });

  test('junk in storage reads as an empty list', () => {
    expect(setup({ [RECENTLY_VIEWED_STORAGE_KEY]: 'oops' }).result.current.a.ids).toEqual([]);
  });

  test('the list never holds duplicates or more than 25 ids, whatever the adds and removes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 40 })), { maxLength: 60 }), (ops) => {
        const { result, unmount } = setup();
        act(() => {
          for (const [isAdd, id] of ops) (isAdd ? result.current.a.add : result.current.a.remove)(id);
        });
        const ids = result.current.a.ids;
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(RECENTLY_VIEWED_LIMIT);
        const lastAdd = [...ops].reverse().find(([isAdd]) => isAdd);
        const removedAfter = lastAdd && ops.slice(ops.lastIndexOf(lastAdd) + 1).some(([isAdd, id]) => !isAdd && id === lastAdd[1]);
        if (lastAdd && !removedAfter) expect(ids[0]).toBe(lastAdd[1]);
        unmount();
      }),
      { numRuns: 40 },
    );
  });
});
