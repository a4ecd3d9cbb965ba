/**
 * The one cache of server data under the read hooks: a TanStack `QueryClient` (query-core, no
 * React binding) keyed by what was read. The provider holds one per browser session, and the
 * server render makes a new one for every request (nothing is shared between two requests'
 * renders); the server's is dehydrated into the page and hydrated on the client before the first
 * render, so the client's first render reads the same data without asking again.
 *
 * How the hooks use it:
 * - {@link useCachedRead}: the data of a key, for a machine's input (DESIGN rule 11: machines
 *   start from given data). On the server a missing key suspends the render until it is in the
 *   cache (the server waits for every read of the first view); in the browser it never suspends.
 * - {@link useQueryRead}: a read as a value, for sections with no workflow of their own.
 * - {@link fetchRead}: the fetch a machine's actor makes, through the cache: two components
 *   asking for the same key at once make one request, and the answer is kept for the next mount.
 * @module
 */
import { use, useEffect, useRef, useState } from 'react';
import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/query-core';
import { useSkimmer } from '../context.ts';

export type { DehydratedState, QueryKey } from '@tanstack/query-core';

/**
 * How long a read stays in the cache once nothing shows it (5 minutes): a page visited again
 * within that time starts from its cached data (a machine given data does not ask again).
 */
export const READ_CACHE_MS = 5 * 60_000;

/** The QueryClient's defaults: failures are not retried here (the machines and hooks own the spec's error rules). */
export const QUERY_DEFAULTS = {
  queries: { retry: false, gcTime: READ_CACHE_MS, staleTime: 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false },
} as const;

/** The part of a QueryClient the hooks use (a QueryClient is one; so is {@link createReadCache}'s). */
export interface ReadCache {
  getQueryData<T>(key: QueryKey): T | undefined;
  getQueryState<T>(key: QueryKey): { data: T | undefined; status: 'pending' | 'success' | 'error' } | undefined;
  setQueryData<T>(key: QueryKey, data: T): unknown;
  fetchQuery<T>(options: { queryKey: QueryKey; queryFn: (context: { signal: AbortSignal }) => Promise<T>; staleTime?: number }): Promise<T>;
}

/** A stable text of a key (object members sorted), to look seeded data up. */
function keyText(key: QueryKey): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * The browser's cache: the server render's data at once, the QueryClient when first needed. Its
 * code (about 9 KB gzipped) is not part of the page's first load: the first render only reads
 * what the server sent; the first fetch (a navigation, a retry) loads it, hydrated with the same
 * data and with whatever was set meanwhile.
 */
class LazyReadCache implements ReadCache {
  private readonly seed = new Map<string, { key: QueryKey; data: unknown }>();
  /** Calls under way before the client has loaded, by key: one request per key. */
  private readonly inflight = new Map<string, Promise<unknown>>();
  private client: QueryClient | null = null;
  private loading: Promise<QueryClient> | null = null;

  constructor(private readonly dehydrated: DehydratedState | undefined) {
    for (const query of dehydrated?.queries ?? []) {
      if (query.state.status === 'success' && query.state.data !== undefined) this.seed.set(keyText(query.queryKey), { key: query.queryKey, data: query.state.data });
    }
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    if (this.client) return this.client.getQueryData<T>(key);
    return this.seed.get(keyText(key))?.data as T | undefined;
  }

  getQueryState<T>(key: QueryKey): { data: T | undefined; status: 'pending' | 'success' | 'error' } | undefined {
    if (this.client) return this.client.getQueryState<T>(key);
    const hit = this.seed.get(keyText(key));
    return hit ? { data: hit.data as T, status: 'success' } : undefined;
  }

  setQueryData<T>(key: QueryKey, data: T): unknown {
    if (this.client) return this.client.setQueryData(key, data);
    this.seed.set(keyText(key), { key, data });
    return data;
  }

  fetchQuery<T>(options: { queryKey: QueryKey; queryFn: (context: { signal: AbortSignal }) => Promise<T>; staleTime?: number }): Promise<T> {
    if (this.client) return this.client.fetchQuery({ queryKey: options.queryKey, queryFn: ({ signal }) => options.queryFn({ signal }), staleTime: options.staleTime ?? 0 });
    // the call starts now (not after the client's code has arrived); the client loads beside it
    void this.load();
    const text = keyText(options.queryKey);
    const running = this.inflight.get(text);
    if (running) return running as Promise<T>;
    const call = options
      .queryFn({ signal: new AbortController().signal })
      .then((data) => {
        if (this.client) this.client.setQueryData(options.queryKey, data);
        else this.seed.set(text, { key: options.queryKey, data });
        return data;
      })
      .finally(() => this.inflight.delete(text));
    this.inflight.set(text, call);
    return call;
  }

  private load(): Promise<QueryClient> {
    this.loading ??= import('@tanstack/query-core').then(({ QueryClient, hydrate }) => {
      const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
      if (this.dehydrated) hydrate(client, this.dehydrated);
      // data set before the client existed (hydrated data is already in)
      for (const { key, data } of this.seed.values()) if (client.getQueryData(key) === undefined) client.setQueryData(key, data);
      this.client = client;
      return client;
    });
    return this.loading;
  }
}

/**
 * A cache for the browser: one per page session, started from the server render's dehydrated
 * data when there is one (see {@link LazyReadCache}); `SkimmerProvider` makes one when given none.
 *
 * @example const cache = createReadCache(pageData.queries);
 */
export function createReadCache(dehydrated?: DehydratedState): ReadCache {
  return new LazyReadCache(dehydrated);
}

/** One read: its cache key and the call that answers it. */
export interface Read<T> {
  key: QueryKey;
  fetch(signal: AbortSignal): Promise<T>;
}

/**
 * The read's answer through the cache: a request already under way for the key is shared, a
 * finished one is asked again (a machine's fetch is a load or a retry, so it wants fresh data),
 * and the answer is stored for the next reader.
 *
 * @example
 * fetchProduct: fromPromise(({ input }) => fetchRead(queryClient, productRead(client, input.handle)))
 */
export function fetchRead<T>(queryClient: ReadCache, read: Read<T>): Promise<T> {
  return queryClient.fetchQuery({ queryKey: read.key, queryFn: ({ signal }) => read.fetch(signal), staleTime: 0 });
}

/** A thenable React's `use` reads at once, without suspending. */
const SETTLED = Object.assign(Promise.resolve(undefined), { status: 'fulfilled' as const, value: undefined });

/**
 * The server's read: `use` waits on every render, either for the read's call or for nothing (a
 * settled thenable) once the data is in the cache or the call failed (a failure is not retried:
 * the hook renders as the browser would before its data, and the browser asks again).
 */
function useServerCachedRead<T>(read: Read<T> | null): T | undefined {
  const { queryClient } = useSkimmer();
  const state = read ? queryClient.getQueryState<T>(read.key) : undefined;
  const wait = read !== null && state?.data === undefined && state?.status !== 'error';
  // a new promise always suspends (React has not seen it settle): past this line nothing was
  // awaited, so the state read above is the cache's now (one lookup of the key, not two)
  use(wait ? fetchRead(queryClient, read).then(() => undefined, () => undefined) : SETTLED);
  return state?.data;
}

/** The browser's read: what the cache holds now (hydrated from the server, or kept from before); never waits. */
function useBrowserCachedRead<T>(read: Read<T> | null): T | undefined {
  const { queryClient } = useSkimmer();
  return read ? queryClient.getQueryData<T>(read.key) : undefined;
}

/**
 * The cached data of a read (undefined when there is none). During a server render a read that
 * is not in the cache yet suspends until it is (React's `use`), so the HTML carries the data;
 * in the browser it reads the cache as it is. Which of the two runs is fixed for the provider's
 * whole life (`serverRender`), so the hooks a component calls never change between renders.
 *
 * @example
 * const product = useCachedRead(productRead(client, handle)); // machine input
 */
export function useCachedRead<T>(read: Read<T> | null): T | undefined {
  const { serverRender } = useSkimmer();
  return (serverRender ? useServerCachedRead : useBrowserCachedRead)(read);
}

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

/** What {@link useQueryRead} returns. */
export interface QueryRead<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** Asks again (the answer replaces the data when it arrives). */
  refetch(): void;
}

interface ReadState<T> {
  text: string;
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
}

/**
 * A read as a value, for sections with no workflow of their own: the cached data at once (the
 * server render waits for it like {@link useCachedRead}), else one fetch through the cache when
 * mounted or when the key changes; `refetch` asks again.
 *
 * @example
 * const equipment = useQueryRead(equipmentRead(client, handle));
 */
export function useQueryRead<T>(read: Read<T>): QueryRead<T> {
  const { queryClient } = useSkimmer();
  const cached = useCachedRead(read);
  const text = keyText(read.key);
  const settled = (data: T | undefined): ReadState<T> => ({ text, status: data === undefined ? 'pending' : 'success', data, error: null });
  const [state, setState] = useState<ReadState<T>>(() => settled(cached));
  const latest = useRef(read);
  latest.current = read;
  const [asked, setAsked] = useState(0);
  const current = state.text === text ? state : settled(cached);
  const needsFetch = current.status === 'pending' || asked > 0;
  useEffect(() => {
    if (!needsFetch) return;
    let live = true;
    fetchRead(queryClient, latest.current).then(
      (data) => live && setState({ text, status: 'success', data, error: null }),
      (error: unknown) => live && setState({ text, status: 'error', data: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [queryClient, text, asked, needsFetch]);
  return {
    ...current,
    refetch: () => {
      setState((s) => ({ ...s, status: 'pending' }));
      setAsked((n) => n + 1);
    },
  };
}
