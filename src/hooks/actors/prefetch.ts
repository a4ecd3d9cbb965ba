/**
 * The prefetch machine with its call, over the latest client and fetch of the `usePrefetch` that
 * runs it.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { prefetchMachine } from '../../machines/prefetch.machine.ts';
import { actorValues } from '../actor-values.ts';

/** The values of each `usePrefetch`'s actor tree. */
export const prefetchValues = actorValues<{ client: ApiClient; fetch: (client: ApiClient, signal: AbortSignal) => Promise<unknown> }>('usePrefetch');

/** The machine with its call, over the latest client and fetch of the hook that runs it. */
export const providedPrefetchMachine = prefetchMachine.provide({
  actors: {
    prefetch: fromPromise(({ signal, system }) => {
      const { fetch, client } = prefetchValues.of(system);
      return fetch(client, signal);
    }),
  },
});
