/**
 * The recently viewed list in the environment's storage, with the listeners every
 * `useRecentlyViewed` over that storage registers: a write anywhere is heard everywhere. The
 * product page only records views, so it uses {@link recordRecentlyViewed} without the list hook.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import type { ProductCardData } from '../domain/entities.ts';
import { cardsInListOrder, parseRecentlyViewed, pushRecentlyViewed, RECENTLY_VIEWED_STORAGE_KEY, serializeRecentlyViewed } from '../domain/recently-viewed.ts';
import type { StorageLike } from './environment.ts';

/** Every hook over one storage hears every write to the list, whichever component made it. */
const listeners = new WeakMap<StorageLike, Set<() => void>>();

/** The listeners of one storage (the list hooks over it). */
export function listenersOf(storage: StorageLike): Set<() => void> {
  let set = listeners.get(storage);
  if (!set) listeners.set(storage, (set = new Set()));
  return set;
}

/**
 * Rewrites the stored list and tells every listener of that storage.
 * @example writeRecentlyViewed(storage, (list) => list.slice(1));
 */
export function writeRecentlyViewed(storage: StorageLike, update: (list: readonly number[]) => number[]): void {
  const next = update(parseRecentlyViewed(storage.get(RECENTLY_VIEWED_STORAGE_KEY)));
  storage.set(RECENTLY_VIEWED_STORAGE_KEY, serializeRecentlyViewed(next));
  for (const listener of [...listenersOf(storage)]) listener();
}

/**
 * Records a view: the product moves to the front of the list (at most 25, no duplicates).
 * @example recordRecentlyViewed(environment.storage, 42);
 */
export function recordRecentlyViewed(storage: StorageLike, id: number): void {
  writeRecentlyViewed(storage, (list) => pushRecentlyViewed(list, id));
}

/**
 * Listens to every write of the list in this storage; returns the unsubscribe
 * (`useSyncExternalStore`'s shape).
 */
export function subscribeRecentlyViewed(storage: StorageLike, onChange: () => void): () => void {
  const set = listenersOf(storage);
  set.add(onChange);
  return () => void set.delete(onChange);
}

/**
 * The cards of the listed ids in list order. The list is a convenience: a failed load gives no
 * cards rather than an error.
 */
export async function loadRecentlyViewedCards(client: Pick<ApiClient, 'productsByIds'>, ids: readonly number[], signal: AbortSignal): Promise<ProductCardData[]> {
  try {
    const { products } = await client.productsByIds(ids, { signal });
    return cardsInListOrder(ids, products);
  } catch {
    return [];
  }
}
