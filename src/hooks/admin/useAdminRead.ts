/**
 * The back office's read hook: `useRead`'s shape (TanStack Query's) over the admin context's
 * cache (on the server, the request's cache the server entry filled before rendering). A component subscribes to its key with `useSyncExternalStore`, asks once when the key
 * has no data or a write invalidated it, and re-renders when the key's entry changes.
 * @module
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { fetchRead, keyText, type Read } from '../query/index.ts';
import { readEntry, watchRead } from '../query/watch.ts';
import type { ReadResult } from '../query/useRead.ts';
import { useAdmin } from './AdminProvider.tsx';

export type { ReadResult } from '../query/useRead.ts';

/**
 * A read as a value.
 * @example
 * const order = useAdminRead(orderRead(client, id));
 * if (order.status === 'success') return <h1>Order {order.data.id}</h1>;
 */
export function useAdminRead<T>(read: Read<T>): ReadResult<T> {
  const { queryClient } = useAdmin();
  const text = keyText(read.key);
  const latest = useRef(read);
  latest.current = read;
  const subscribe = useCallback((onChange: () => void) => watchRead(queryClient, latest.current.key, onChange), [queryClient, text]);
  // the server's render and the browser's hydration read the same cache (filled by the server's
  // reads, dehydrated into the page), so both render the same
  const snapshot = () => readEntry<T>(queryClient, latest.current.key);
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  const refetch = useCallback(() => void fetchRead(queryClient, latest.current).catch(() => undefined), [queryClient]);
  const wanted = entry === undefined || entry.isInvalidated;
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
