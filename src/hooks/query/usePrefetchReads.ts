/**
 * The server render's head start on the reads a component waits on in turn.
 * @module
 */
import { useSkimmer } from '../context.ts';
import { fetchRead, type Read } from './index.ts';

/**
 * Starts, during a server render, the reads a component will wait on next, all at once: the
 * component waits on each read in turn (`useCachedRead`), so without this the second read's call
 * began only once the first had answered and the component had rendered again. A read already in
 * the cache, failed or under way is left alone (the cache shares a call under way). In the
 * browser it does nothing (the reads there come from the server's data).
 *
 * @example usePrefetchReads([hierarchyRead(client, id), listingRead(client, call)]);
 */
export function usePrefetchReads(reads: readonly (Read<unknown> | null)[]): void {
  const { serverRender, queryClient } = useSkimmer();
  if (!serverRender) return;
  for (const read of reads) {
    if (!read) continue;
    const state = queryClient.getQueryState(read.key);
    if (state?.data !== undefined || state?.status === 'error') continue;
    fetchRead(queryClient, read).catch(() => undefined);
  }
}
