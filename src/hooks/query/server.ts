/**
 * The server render's cache: a real QueryClient per request (src/app/entry-server.tsx), and
 * `dehydrate` to write it into the page. Kept apart from hooks/query/index.ts so the browser's
 * first load does not carry the QueryClient (it loads when first needed, see createReadCache).
 * @module
 */
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/query-core';
import { QUERY_DEFAULTS } from './index.ts';

/**
 * A new cache for one server request (never shared between two requests).
 * @example const queryClient = createQueryClient();
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

/**
 * The cache as JSON-safe data for the page's data block.
 * @example const state = dehydrateCache(queryClient);
 */
export function dehydrateCache(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient);
}
