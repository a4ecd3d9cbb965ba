/**
 * A read as a value, for sections with no workflow of their own: {@link useRead} under its first
 * name (kept for the hooks and integrators that call it).
 * @module
 */
import type { Read } from './index.ts';
import { useRead, type ReadResult } from './useRead.ts';

/** What {@link useQueryRead} returns (the same as {@link useRead}). */
export type QueryRead<T> = ReadResult<T>;

/**
 * A read as a value: the cached data at once (the server render waits for it), else one fetch
 * through the cache when mounted or when the key changes; `refetch` asks again; a write to the
 * key's cache entry re-renders it.
 * @example
 * const equipment = useQueryRead(equipmentRead(client, handle));
 */
export function useQueryRead<T>(read: Read<T>): QueryRead<T> {
  return useRead(read);
}
