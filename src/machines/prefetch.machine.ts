/**
 * Prefetch with retries: a failed call is tried again up to
 * 3 times, then 'Failed to prefetch data after multiple retries.' shows.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { failureMessage } from '../domain/session.ts';
import { LOADING_MESSAGES, PREFETCH_MAX_RETRIES, PREFETCH_RETRY_DELAY_MS, mayRetry } from '../domain/loading.ts';
import { missingActor, notify } from './account.helpers.ts';
import type { PrefetchContext, PrefetchInput, PrefetchEvent, PrefetchEmitted } from './prefetch.types.ts';

export type { PrefetchContext, PrefetchInput, PrefetchEvent, PrefetchEmitted } from './prefetch.types.ts';

/**
 * The prefetch machine. Provide `prefetch` (input `{ params }`; resolves the
 * data). Waits 'prefetch.retry' (1000 ms, our choice: the spec gives no
 * delay) between attempts. The final message is emitted with tone 'error',
 * the style of the other load failures (our choice; the spec names none).
 *
 * @example
 * const actor = createActor(prefetchMachine.provide({ actors: { prefetch: fromPromise(() => client.config()) } }), { input: {} }).start();
 */
export const prefetchMachine = setup({
  types: {
    context: {} as PrefetchContext,
    events: {} as PrefetchEvent,
    input: {} as PrefetchInput,
    emitted: {} as PrefetchEmitted,
  },
  actors: {
    prefetch: fromPromise<unknown, { params: unknown }>(async () => {
      throw missingActor('prefetch');
    }),
  },
  delays: {
    'prefetch.retry': PREFETCH_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'prefetch',
  context: ({ input }) => ({
    params: input.params ?? null,
    data: input.data ?? null,
    failures: 0,
    maxRetries: input.maxRetries ?? PREFETCH_MAX_RETRIES,
    error: null,
    message: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: ({ context }) => context.data !== null, target: 'done' }, { target: 'fetching' }],
    },
    fetching: {
      invoke: {
        src: 'prefetch',
        input: ({ context }) => ({ params: context.params }),
        onDone: { target: 'done', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: ({ context }) => mayRetry(context.failures + 1, context.maxRetries),
            target: 'waiting',
            actions: assign({ failures: ({ context }) => context.failures + 1, error: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'failed',
            actions: [
              assign({
                failures: ({ context }) => context.failures + 1,
                error: ({ event }) => failureMessage(event.error),
                message: LOADING_MESSAGES.prefetchFailed,
              }),
              emit(notify('error', LOADING_MESSAGES.prefetchFailed)),
            ],
          },
        ],
      },
    },
    waiting: {
      after: { 'prefetch.retry': 'fetching' },
    },
    done: {},
    failed: {},
  },
  on: {
    'prefetch.restart': {
      target: '.fetching',
      actions: assign({
        failures: 0,
        error: null,
        message: null,
        params: ({ context, event }) => (event.params === undefined ? context.params : event.params),
      }),
    },
  },
});
