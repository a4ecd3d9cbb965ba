/**
 * Load-once sections over `loaderMachine` (spec sections 2, 7 and 8): the home product grids, the
 * OUR BLOG carousel, the navigation and the footer lists. `useLoader` is the general hook;
 * `useHomeGrid` and `useBlogCarousel` bind it to their calls.
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import { loaderMachine, type LoaderKind } from '../machines/loader.machine.ts';
import { useClient, useSkimmer } from './context.ts';
import { fetchRead, useCachedRead, type QueryKey, type Read, type ReadCache } from './query/index.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** The section's state name. */
export type LoaderStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** Options of {@link useLoader}. */
export interface LoaderOptions<T, P> {
  /** Which section: decides the failure and empty messages (see `LOADER_MESSAGES`). */
  kind: LoaderKind;
  /** Parameters handed to `load`; a new value does not reload by itself, call `reload(params)`. */
  params?: P;
  /** The call, given the client, the parameters and an abort signal. */
  load(client: ApiClient, params: P, signal: AbortSignal): Promise<T>;
  /** Server-rendered data: the section starts settled, without a call. */
  initialData?: T;
  /**
   * The read's key in the provider's cache (hooks/query), from the parameters: the section starts
   * from the cached answer (a server render waits for it, the browser hydrates it) and its loads
   * go through the cache. Without a key the section loads on its own, in the browser only.
   */
  key?: (params: P) => QueryKey;
}

/** What {@link useLoader} returns. */
export interface LoaderApi<T, P = unknown> {
  status: LoaderStatus;
  /** The last answer, or null before one. */
  data: T | null;
  loading: boolean;
  /** The failure's message, or null. */
  error: string | null;
  /** The inline text ('Failed to load articles. Please try again later.', 'No articles found'), or null. */
  message: string | null;
  /** Loads again, with new parameters when given. */
  reload(params?: P): void;
}

/** What a section's load reads: the latest client, call, cache key and read cache of its hook. */
interface LoaderValues {
  client: ApiClient;
  load(client: ApiClient, params: unknown, signal: AbortSignal): Promise<unknown>;
  key?: (params: unknown) => QueryKey;
  queryClient: ReadCache;
}
/** The section's read in the cache for these parameters, or null when it has no key. */
function sectionRead({ client, load, key }: LoaderValues, params: unknown): Read<unknown> | null {
  return key ? { key: key(params), fetch: (signal) => load(client, params, signal) } : null;
}
const loaderValues = actorValues<LoaderValues>('useLoader');
/** The loader machine with its call: through the read cache when the section has a key. */
const providedLoaderMachine = loaderMachine.provide({
  actors: {
    load: fromPromise(async ({ input, signal, system }) => {
      const values = loaderValues.of(system);
      const read = sectionRead(values, input.params);
      return read ? fetchRead(values.queryClient, read) : values.load(values.client, input.params, signal);
    }),
  },
});

/**
 * One load-once section.
 *
 * @example
 * const nav = useLoader({ kind: 'nav', params: { collectionUrlPrefix: '/collections' }, load: (api, q, signal) => api.nav(q, { signal }) });
 */
export function useLoader<T, P = undefined>(options: LoaderOptions<T, P>): LoaderApi<T, P> {
  const client = useClient();
  const { queryClient } = useSkimmer();
  const values: LoaderValues = { client, load: options.load as LoaderValues['load'], key: options.key as LoaderValues['key'], queryClient };
  const deps = useLatest(values);
  const cached = useCachedRead(options.initialData === undefined ? (sectionRead(values, options.params) as Read<T> | null) : null);
  const actor = loaderValues.bind(useActorRef(providedLoaderMachine, { input: { kind: options.kind, params: options.params, data: options.initialData ?? cached } }), deps);
  useMachineNotices(actor);
  const status = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : 'loading'));
  const data = useSelector(actor, (s) => (s.context.data ?? null) as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  return {
    status,
    data,
    loading: status === 'loading',
    error,
    message,
    reload: (params) => actor.send(params === undefined ? { type: 'loader.reload' } : { type: 'loader.reload', params }),
  };
}
