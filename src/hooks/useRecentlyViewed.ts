/**
 * The recently viewed list: product ids in local storage under
 * `RECENTLY_VIEWED_STORAGE_KEY`, newest first, at most 25, no duplicates; the product page adds,
 * a history-mode card removes, the slider shows the cards.
 * @module
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ProductCardData } from '../domain/entities.ts';
import { parseRecentlyViewed, removeRecentlyViewed, RECENTLY_VIEWED_STORAGE_KEY } from '../domain/recently-viewed.ts';
import { loadRecentlyViewedCards, recordRecentlyViewed, subscribeRecentlyViewed, writeRecentlyViewed } from './recently-viewed-store.ts';
import { useSkimmer } from './context.ts';

/** Options of {@link useRecentlyViewed}. */
export interface RecentlyViewedOptions {
  /**
   * Load the cards of the listed ids (the slider); the product page only adds, so it skips the call.
   * @default false
   */
  loadProducts?: boolean;
  /** Leave this product out of `products` (the product page's own slider). */
  excludeId?: number;
}

/** What {@link useRecentlyViewed} returns. */
export interface RecentlyViewedApi {
  /** The stored ids, newest first. */
  ids: readonly number[];
  /** The cards of `ids` in the same order, when `loadProducts` is set. */
  products: readonly ProductCardData[];
  /** True while the cards load. */
  loading: boolean;
  /** Records a view: the id moves to the front. */
  add(id: number): void;
  /** Removes a product (the history-mode card's remove button). */
  remove(id: number): void;
}

/**
 * The recently viewed list, shared by every component over the same storage.
 *
 * @example
 * const { add } = useRecentlyViewed();
 * useEffect(() => { if (product) add(product.id); }, [product?.id]);
 * const { products, remove } = useRecentlyViewed({ loadProducts: true, excludeId: product?.id });
 */
export function useRecentlyViewed(options: RecentlyViewedOptions = {}): RecentlyViewedApi {
  const { environment, client } = useSkimmer();
  const { storage } = environment;
  const subscribe = useCallback((onChange: () => void) => subscribeRecentlyViewed(storage, onChange), [storage]);
  // the raw string is the snapshot: stable between writes, so no re-render loop
  const stored = useSyncExternalStore(subscribe, () => storage.get(RECENTLY_VIEWED_STORAGE_KEY), () => null);
  const ids = useMemo<readonly number[]>(() => parseRecentlyViewed(stored), [stored]);

  const add = useCallback((id: number) => recordRecentlyViewed(storage, id), [storage]);
  const remove = useCallback((id: number) => writeRecentlyViewed(storage, (list) => removeRecentlyViewed(list, id)), [storage]);

  const [products, setProducts] = useState<readonly ProductCardData[]>([]);
  const [loading, setLoading] = useState(false);
  const wanted = ids.filter((id) => id !== options.excludeId).join(',');
  useEffect(() => {
    if (!options.loadProducts) return;
    const controller = new AbortController();
    setLoading(true);
    void loadRecentlyViewedCards(client, wanted === '' ? [] : wanted.split(',').map(Number), controller.signal).then((cards) => {
      if (controller.signal.aborted) return;
      setProducts(cards);
      setLoading(false);
    });
    return () => controller.abort();
  }, [client, wanted, options.loadProducts]);

  return { ids, products, loading, add, remove };
}
