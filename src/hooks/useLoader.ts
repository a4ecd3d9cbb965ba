/**
 * Load-once sections (the home product grids, the OUR BLOG carousel, the navigation and the footer
 * lists) as reads of the cache (`useRead`): one call, then loaded, empty or failed, each kind with
 * its messages (`connectLoader`). `useHomeGrid` and `useBlogCarousel` bind it to their calls.
 * @module
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '../api/client.ts';
import { connectLoader, loaderFailureNotice, type LoaderView } from '../machines/loader.connect.ts';
import type { LoaderKind } from '../machines/loader.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { fetchRead, keyText, type QueryKey, type Read } from './query/index.ts';
import { useRead } from './query/useRead.ts';
import { tellMachineEffect } from './useMachineNotices.ts';

export type { LoaderStatus } from '../machines/loader.connect.ts';

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
   * The read's key in the provider's cache, from the parameters: a server render waits for it and
   * the browser hydrates it. Without a key the section's read is its own, asked in the browser only.
   */
  key?: (params: P) => QueryKey;
}

/** What {@link useLoader} returns: the section's view and its reload. */
export interface LoaderApi<T, P = unknown> extends LoaderView<T> {
  /** Loads again, with new parameters when given. */
  reload(params?: P): void;
}

/**
 * One load-once section.
 * @example
 * const nav = useLoader({ kind: 'nav', params: { collectionUrlPrefix: '/collections' }, load: (api, q, signal) => api.nav(q, { signal }) });
 */
export function useLoader<T, P = undefined>(options: LoaderOptions<T, P>): LoaderApi<T, P> {
  const { client, queryClient, toasts, environment } = useSkimmer();
  const own = useId();
  const latest = useLatest({ client, options });
  const keyOf = (o: LoaderOptions<T, P>, p: P): QueryKey => (o.key ? o.key(p) : ['section', o.kind, own, p as unknown]);
  const readOf = (o: LoaderOptions<T, P>, p: P): Read<T> => ({ key: keyOf(o, p), fetch: (signal) => o.load(latest.current.client, p, signal) });
  // the parameters asked for, and whether server-rendered data shows (until a reload asks again)
  const [state, setState] = useState(() => ({ params: options.params as P, named: keyText(keyOf(options, options.params as P)), seeded: options.initialData !== undefined }));
  // a key that now names another read for the same parameters (a content page's next page) is a
  // new read: it follows the caller's parameters
  if (keyText(keyOf(options, state.params)) !== state.named) setState({ params: options.params as P, named: keyText(keyOf(options, options.params as P)), seeded: false });
  const { params, seeded } = state;
  const [reloading, setReloading] = useState(false);
  const read = readOf(options, params);
  const entry = useRead(read, { enabled: !seeded, waitOnServer: options.key !== undefined });
  const view = connectLoader(seeded ? { status: 'success', data: options.initialData, error: null } : entry, options.kind, reloading);
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (entry.status !== 'error' || seeded || told.current === entry.error) return;
    told.current = entry.error;
    tellMachineEffect(loaderFailureNotice(options.kind, entry.error), toasts, environment);
  }, [entry.status, entry.error, seeded, options.kind, toasts, environment]);
  const reload = (next?: P) => {
    const p = next === undefined ? params : next;
    setState({ params: p, named: keyText(keyOf(latest.current.options, p)), seeded: false });
    setReloading(true);
    void fetchRead(queryClient, readOf(latest.current.options, p)).catch(() => undefined).finally(() => setReloading(false));
  };
  return { ...view, reload };
}
