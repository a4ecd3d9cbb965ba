/**
 * Prefetch with retries (spec section 8) over `prefetchMachine`: a failed call is tried again up
 * to 3 times, then 'Failed to prefetch data after multiple retries.' shows (as a toast and inline).
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import { prefetchMachine } from '../machines/prefetch.machine.ts';
import { useClient } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** What {@link usePrefetch} returns. */
export interface PrefetchApi<T> {
  status: 'fetching' | 'waiting' | 'done' | 'failed';
  data: T | null;
  /** Failed attempts of the current run. */
  failures: number;
  /** 'Failed to prefetch data after multiple retries.' once retries are spent, else null. */
  message: string | null;
  /** Starts a new run (with new parameters when given). */
  restart(params?: unknown): void;
}

const prefetchValues = actorValues<{ client: ApiClient; fetch: (client: ApiClient, signal: AbortSignal) => Promise<unknown> }>('usePrefetch');
/** The machine with its call, over the latest client and fetch of the hook that runs it. */
const providedPrefetchMachine = prefetchMachine.provide({
  actors: {
    prefetch: fromPromise(({ signal, system }) => {
      const { fetch, client } = prefetchValues.of(system);
      return fetch(client, signal);
    }),
  },
});

/**
 * Fetches data ahead of need, retrying a failure up to 3 times (1000 ms apart).
 *
 * @example
 * const config = usePrefetch((api, signal) => api.config({ signal }));
 */
export function usePrefetch<T>(fetch: (client: ApiClient, signal: AbortSignal) => Promise<T>, options: { initialData?: T; maxRetries?: number } = {}): PrefetchApi<T> {
  const client = useClient();
  const deps = useLatest({ client, fetch });
  const actor = prefetchValues.bind(useActorRef(providedPrefetchMachine, { input: { data: options.initialData, maxRetries: options.maxRetries } }), deps);
  useMachineNotices(actor);
  const status = useSelector(actor, (s) => s.value as PrefetchApi<T>['status'] | 'start');
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const failures = useSelector(actor, (s) => s.context.failures);
  const message = useSelector(actor, (s) => s.context.message);
  return {
    status: status === 'start' ? 'fetching' : status,
    data,
    failures,
    message,
    restart: (params) => actor.send(params === undefined ? { type: 'prefetch.restart' } : { type: 'prefetch.restart', params }),
  };
}
