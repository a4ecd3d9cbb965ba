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
import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/query-core';

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

/** What a reader sees of a key: the same object until the entry changes (a `useSyncExternalStore` snapshot). */
export interface ReadEntry<T = unknown> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** A write changed what this read answers: its readers ask again. */
  isInvalidated: boolean;
}

/** A cache its readers can watch: the browser's (see {@link createReadCache}); a QueryClient is watched through its query cache. */
export interface WatchedReadCache extends ReadCache {
  /** The key's entry, the same object until it changes. */
  entry<T>(key: QueryKey): ReadEntry<T> | undefined;
  /** Calls `listener` when the key's entry changes; returns the unsubscribe. */
  subscribe(key: QueryKey, listener: () => void): () => void;
  /** Marks every key that starts with `prefix` invalidated (its readers ask again). */
  invalidate(prefix: QueryKey): void;
}

/** A stable text of a key (object members sorted), to look seeded data up. */
export function keyText(key: QueryKey): string {
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
class LazyReadCache implements WatchedReadCache {
  private readonly seed = new Map<string, { key: QueryKey; data: unknown }>();
  /** What each key's readers see: replaced (never changed in place) when the key changes. */
  private readonly entries = new Map<string, ReadEntry>();
  private readonly listeners = new Map<string, Set<() => void>>();
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
    const text = keyText(key);
    if (this.client) this.client.setQueryData(key, data);
    else this.seed.set(text, { key, data });
    this.changed(text, { status: 'success', data, error: null, isInvalidated: false });
    return data;
  }

  entry<T>(key: QueryKey): ReadEntry<T> | undefined {
    const text = keyText(key);
    const known = this.entries.get(text);
    if (known) return known as ReadEntry<T>;
    const state = this.getQueryState<T>(key);
    if (!state || state.data === undefined) return undefined;
    const entry: ReadEntry<T> = { status: 'success', data: state.data, error: null, isInvalidated: false };
    this.entries.set(text, entry);
    return entry;
  }

  subscribe(key: QueryKey, listener: () => void): () => void {
    const text = keyText(key);
    let set = this.listeners.get(text);
    if (!set) this.listeners.set(text, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  invalidate(prefix: QueryKey): void {
    const head = keyText(prefix).slice(0, -1);
    for (const text of new Set([...this.entries.keys(), ...this.seed.keys()])) {
      if (text !== head + ']' && !text.startsWith(head + ',')) continue;
      const entry = this.entries.get(text) ?? this.entry(this.seed.get(text)?.key ?? []);
      if (entry && !entry.isInvalidated) this.changed(text, { ...entry, isInvalidated: true });
    }
  }

  /** Stores the key's new entry and tells its readers. */
  private changed(text: string, entry: ReadEntry): void {
    this.entries.set(text, entry);
    for (const listener of [...(this.listeners.get(text) ?? [])]) listener();
  }

  fetchQuery<T>(options: { queryKey: QueryKey; queryFn: (context: { signal: AbortSignal }) => Promise<T>; staleTime?: number }): Promise<T> {
    const text = keyText(options.queryKey);
    // a retry after a failure shows as pending again (the data kept, if any)
    const before = this.entries.get(text);
    if (before?.status === 'error') this.changed(text, { ...before, status: before.data === undefined ? 'pending' : 'success', error: null });
    // readers see the answer, or the failure (with the data they had)
    return this.fetchThrough(options).then(
      (data) => {
        this.changed(text, { status: 'success', data, error: null, isInvalidated: false });
        return data;
      },
      (error: unknown) => {
        const before = this.entries.get(text);
        this.changed(text, { status: 'error', data: before?.data, error, isInvalidated: false });
        throw error;
      },
    );
  }

  private fetchThrough<T>(options: { queryKey: QueryKey; queryFn: (context: { signal: AbortSignal }) => Promise<T>; staleTime?: number }): Promise<T> {
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

export { useCachedRead } from './useCachedRead.ts';
export { usePrefetchReads } from './usePrefetchReads.ts';
export { useRead, type ReadOptions, type ReadResult } from './useRead.ts';
export { useQueryRead, type QueryRead } from './useQueryRead.ts';
export { invalidateReads, readEntry, watchRead } from './watch.ts';
