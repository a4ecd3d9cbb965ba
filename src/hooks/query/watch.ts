/**
 * Watching a key of any read cache: the browser's cache is watched directly; a plain QueryClient
 * (the server render's, a test's) through its query cache's events; a cache that can be neither
 * is read as it is. Kept apart from the hooks so that every reader and every write that
 * invalidates share one definition.
 * @module
 */
import type { QueryKey } from '@tanstack/query-core';
import { keyText, type ReadCache, type ReadEntry, type WatchedReadCache } from './index.ts';

/** The parts of a QueryClient watched when the cache is one. */
interface QueryCacheLike {
  getQueryCache(): { subscribe(listener: (event: { query: { queryKey: QueryKey } }) => void): () => void };
  invalidateQueries(filters: { queryKey: QueryKey }): Promise<void>;
}

const isWatched = (cache: ReadCache): cache is WatchedReadCache => typeof (cache as Partial<WatchedReadCache>).entry === 'function';
const isQueryClient = (cache: ReadCache): cache is ReadCache & QueryCacheLike => typeof (cache as Partial<QueryCacheLike>).getQueryCache === 'function';

/** The last entry given per cache and key, so an unchanged key gives the same object. */
const lastEntries = new WeakMap<ReadCache, Map<string, ReadEntry>>();

/**
 * The key's entry in `cache`: the same object until the key changes.
 * @example readEntry(queryClient, ['product', 'pump'])?.data;
 */
export function readEntry<T>(cache: ReadCache, key: QueryKey): ReadEntry<T> | undefined {
  if (isWatched(cache)) return cache.entry<T>(key);
  const state = cache.getQueryState<T>(key) as (ReturnType<ReadCache['getQueryState']> & { error?: unknown; isInvalidated?: boolean }) | undefined;
  if (!state) return undefined;
  let byKey = lastEntries.get(cache);
  if (!byKey) lastEntries.set(cache, (byKey = new Map()));
  const text = keyText(key);
  const last = byKey.get(text);
  const error = state.error ?? null;
  const isInvalidated = state.isInvalidated === true;
  if (last && last.data === state.data && last.status === state.status && last.error === error && last.isInvalidated === isInvalidated) return last as ReadEntry<T>;
  const entry: ReadEntry<T> = { status: state.status, data: state.data as T | undefined, error, isInvalidated };
  byKey.set(text, entry);
  return entry;
}

/**
 * Calls `listener` when the key changes in `cache`; returns the unsubscribe.
 * @example const stop = watchRead(queryClient, ['product', 'pump'], render);
 */
export function watchRead(cache: ReadCache, key: QueryKey, listener: () => void): () => void {
  if (isWatched(cache)) return cache.subscribe(key, listener);
  if (!isQueryClient(cache)) return () => undefined;
  const text = keyText(key);
  return cache.getQueryCache().subscribe((event) => {
    if (keyText(event.query.queryKey) === text) listener();
  });
}

/**
 * After a write: every read whose key starts with `prefix` is asked again by its readers (the
 * next mount asks too).
 * @example invalidateReads(queryClient, ['account']); // after saving an address
 */
export function invalidateReads(cache: ReadCache, prefix: QueryKey): void {
  if (isWatched(cache)) cache.invalidate(prefix);
  else if (isQueryClient(cache)) void cache.invalidateQueries({ queryKey: prefix });
}
