/**
 * The server render's cache: a real QueryClient per request (src/app/entry-server.tsx), and
 * `dehydrate` to write it into the page. Kept apart from hooks/query/index.ts so the browser's
 * first load does not carry the QueryClient (it loads when first needed, see createReadCache).
 * @module
 */
import { dehydrate, hashKey, QueryClient, type DehydratedState, type QueryKey, type QueryState } from '@tanstack/query-core';
import { QUERY_DEFAULTS } from './index.ts';

/**
 * The server render's QueryClient: a key is looked up by its hash in the cache directly. A page's
 * components read the cache some twenty times (the navigation alone five), and each lookup of the
 * plain client first built the query's whole default options (`defaultQueryOptions`), a tenth of
 * the query library's share of a render. The hash is the client's own (`hashKey`: this client has
 * no `queryKeyHashFn`), so the answers are the same.
 */
class ServerQueryClient extends QueryClient {
  override getQueryState<TData = unknown, TError = Error>(queryKey: QueryKey): QueryState<TData, TError> | undefined {
    return this.getQueryCache().get<unknown, TError, TData>(hashKey(queryKey))?.state;
  }

  override getQueryData<TData = unknown>(queryKey: QueryKey): TData | undefined {
    return this.getQueryCache().get<TData>(hashKey(queryKey))?.state.data;
  }
}

/**
 * A new cache for one server request (never shared between two requests).
 * @example const queryClient = createQueryClient();
 */
export function createQueryClient(): QueryClient {
  return new ServerQueryClient({ defaultOptions: QUERY_DEFAULTS });
}

/**
 * The cache as JSON-safe data for the page's data block.
 * @example const state = dehydrateCache(queryClient);
 */
export function dehydrateCache(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient);
}
