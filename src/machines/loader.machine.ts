/**
 * A load-once section: the home product grids (FEATURED, MOST POPULAR, NEW),
 * the OUR BLOG carousel, the navigation and the footer lists. One call, then
 * loaded, empty or failed, each kind with its own failure and empty messages
 * (`LOADER_MESSAGES`).
 *
 * Server rendering passes the data in the input and the machine starts
 * settled without calling.
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { failureMessage } from '../domain/session.ts';
import { isEmptyResult } from '../domain/loading.ts';
import { logged, missingActor, notify } from './account.helpers.ts';
import { LOADER_MESSAGES } from './loader.connect.ts';
import type { LoaderContext, LoaderInput, LoaderEvent, LoaderEmitted, LoaderKind } from './loader.types.ts';

export { LOADER_MESSAGES } from './loader.connect.ts';

export type { LoaderKind, LoaderMessages, LoaderContext, LoaderInput, LoaderEvent, LoaderEmitted } from './loader.types.ts';

/**
 * The load-once machine. Provide `load` (input `{ kind, params }`, resolves
 * the section's data: a product list, articles, nav links ...).
 *
 * @example
 * createActor(loaderMachine.provide({ actors: { load: fromPromise(({ input }) => fetchGrid(input.params)) } }),
 *   { input: { kind: 'products', params: { isFeatured: true, sortBy: 'best_selling' } } }).start();
 */
export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
    input: {} as LoaderInput,
    emitted: {} as LoaderEmitted,
  },
  actors: {
    load: fromPromise<unknown, { kind: LoaderKind; params: unknown }>(async () => {
      throw missingActor('load');
    }),
  },
  guards: {
    hasData: ({ context }) => context.data !== undefined,
    isEmpty: ({ context }) => isEmptyResult(context.data),
  },
}).createMachine({
  id: 'loader',
  context: ({ input }) => ({ kind: input.kind, params: input.params ?? null, data: input.data, error: null, message: null }) as LoaderContext,
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasData', target: 'settle' }, { target: 'loading' }],
    },
    loading: {
      entry: assign({ error: null, message: null }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ kind: context.kind, params: context.params }),
        onDone: { target: 'settle', actions: assign({ data: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const rule = LOADER_MESSAGES[context.kind];
            const error = failureMessage(event.error);
            enqueue.assign({ error, message: rule.failureText });
            if (rule.failureTone) enqueue(emit(notify(rule.failureTone, error)));
            else enqueue(emit(logged('load', event.error)));
          }),
        },
      },
    },
    settle: {
      always: [
        { guard: 'isEmpty', target: 'empty', actions: assign({ message: ({ context }) => LOADER_MESSAGES[context.kind].emptyText }) },
        { target: 'loaded' },
      ],
    },
    loaded: {},
    empty: {},
    failed: {},
  },
  on: {
    'loader.reload': {
      target: '.loading',
      actions: assign({ params: ({ context, event }) => (event.params === undefined ? context.params : event.params) }),
    },
  },
});
