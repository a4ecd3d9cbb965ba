/**
 * Prefetch with retries over `prefetchMachine`: a failed call is tried again up to 3 times, then
 * 'Failed to prefetch data after multiple retries.' shows (as a toast and inline).
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { connectPrefetch, type PrefetchView } from '../machines/prefetch.connect.ts';
import { useClient } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { useMachineNotices } from './useToasts.ts';
import { prefetchValues, providedPrefetchMachine } from './actors/prefetch.ts';

/** What {@link usePrefetch} returns. */
export interface PrefetchApi<T> extends PrefetchView<T> {
  /** Starts a new run (with new parameters when given). */
  restart(params?: unknown): void;
}

/**
 * Fetches data ahead of need, retrying a failure up to 3 times (1000 ms apart).
 * @example
 * const config = usePrefetch((api, signal) => api.config({ signal }));
 */
export function usePrefetch<T>(fetch: (client: ApiClient, signal: AbortSignal) => Promise<T>, options: { initialData?: T; maxRetries?: number } = {}): PrefetchApi<T> {
  const client = useClient();
  const values = useLatest({ client, fetch });
  const input = { data: options.initialData, maxRetries: options.maxRetries };
  const { view, actor } = useMachineView(providedPrefetchMachine, connectPrefetch, { input, values: [prefetchValues, values] });
  useMachineNotices(actor);
  return {
    ...(view as PrefetchView<T>),
    restart: (params) => actor.send(params === undefined ? { type: 'prefetch.restart' } : { type: 'prefetch.restart', params }),
  };
}
