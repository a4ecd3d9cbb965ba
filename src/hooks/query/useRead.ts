/**
 * The one read primitive (TanStack Query's shape): a component subscribes to its key in the read
 * cache with `useSyncExternalStore`, so a write to the cache (an answer, `setQueryData`, an
 * invalidation after a write) re-renders every reader of the key, and nothing else.
 * @module
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useSkimmer } from '../context.ts';
import { fetchRead, keyText, type Read, type ReadEntry } from './index.ts';
import { useCachedRead } from './useCachedRead.ts';
import { readEntry, watchRead } from './watch.ts';

/** What {@link useRead} returns. */
export interface ReadResult<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** Asks again (the answer replaces the data when it arrives). */
  refetch(): void;
}

/** Options of {@link useRead}. */
export interface ReadOptions {
  /** Whether the read asks at all (false: only what the cache holds, no fetch, no server wait). @default true */
  enabled?: boolean;
  /** Whether a server render waits for the data (false: the browser asks after hydrating). @default true */
  waitOnServer?: boolean;
}

/**
 * A read as a value: the cached data at once (a server render waits for it), one fetch through
 * the cache when the key has no data yet or a write invalidated it, and a re-render whenever the
 * key's entry changes in the cache.
 * @example
 * const equipment = useRead(equipmentRead(client, handle));
 * if (equipment.status === 'success') return <h1>{equipment.data.model}</h1>;
 */
export function useRead<T>(read: Read<T>, options: ReadOptions = {}): ReadResult<T> {
  const { queryClient } = useSkimmer();
  const enabled = options.enabled !== false;
  const cached = useCachedRead(enabled && options.waitOnServer !== false ? read : null);
  const text = keyText(read.key);
  const latest = useRef(read);
  latest.current = read;
  // the key's text, not the read object (a new one per render), decides what is watched
  const subscribe = useCallback((onChange: () => void) => watchRead(queryClient, latest.current.key, onChange), [queryClient, text]);
  const entry = useSyncExternalStore(
    subscribe,
    () => readEntry<T>(queryClient, latest.current.key),
    () => (cached === undefined ? undefined : ({ status: 'success', data: cached, error: null, isInvalidated: false }) satisfies ReadEntry<T>),
  );
  const refetch = useCallback(() => void fetchRead(queryClient, latest.current).catch(() => undefined), [queryClient]);
  const wanted = enabled && (entry === undefined || entry.isInvalidated);
  useEffect(() => {
    if (wanted) refetch();
  }, [wanted, text, refetch]);
  return {
    status: entry?.status ?? 'pending',
    data: entry?.data,
    error: entry?.status === 'error' ? entry.error : null,
    refetch,
  };
}
