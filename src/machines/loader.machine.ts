/**
 * A load-once section: the home product grids (FEATURED, MOST POPULAR, NEW),
 * the OUR BLOG carousel, the navigation and the footer lists (spec sections 2,
 * 7 and 8). One call, then loaded, empty or failed, each kind with the
 * messages of spec section 8.
 *
 * Server rendering passes the data in the input and the machine starts
 * settled without calling.
 * @module
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { failureMessage } from '../domain/session.ts';
import { LOADING_MESSAGES, isEmptyResult } from '../domain/loading.ts';
import { logged, missingActor, notify, type LogEmitted, type NotifyEmitted, type NotifyTone } from './account.helpers.ts';

/**
 * What is loaded: 'products' (a home grid), 'articles' (the blog carousel),
 * 'nav' (the header navigation), 'reviews' (the seller reviews), 'vendors'
 * (the footer's popular brands).
 */
export type LoaderKind = 'products' | 'articles' | 'nav' | 'reviews' | 'vendors';

/** How a kind reports a failure and an empty answer. */
export interface LoaderMessages {
  /**
   * A toast of that tone with the error's own message, or null for none.
   * Home grids: 'error' (spec: 'A toast with the error message in the error
   * style'); nav: 'danger' ('Danger notification with the exception message').
   */
  failureTone: NotifyTone | null;
  /** Text shown inline in place of the section when the call fails, or null. */
  failureText: string | null;
  /** Text shown inline when the answer is empty, or null to show nothing. */
  emptyText: string | null;
}

/**
 * The messages of each kind. The spec gives none for the seller reviews and
 * the footer brands; their failures are logged only (the footer simply shows
 * no reviews or brands), our choice. The blog failure is inline only (the
 * carousel shows the text in its place), not a toast.
 */
export const LOADER_MESSAGES: Readonly<Record<LoaderKind, LoaderMessages>> = {
  products: { failureTone: 'error', failureText: null, emptyText: null },
  articles: { failureTone: null, failureText: LOADING_MESSAGES.articlesFailed, emptyText: LOADING_MESSAGES.noArticles },
  nav: { failureTone: 'danger', failureText: null, emptyText: null },
  reviews: { failureTone: null, failureText: null, emptyText: null },
  vendors: { failureTone: null, failureText: null, emptyText: null },
};

/** The section's state. */
export interface LoaderContext {
  kind: LoaderKind;
  /** Parameters handed to the `load` actor (query of a grid, page of the blog). */
  params: unknown;
  /** The last answer (the hook knows its shape per kind), or null. */
  data: unknown;
  /** The failure's message, or null. */
  error: string | null;
  /** The text shown inline (failed or empty), or null. */
  message: string | null;
}

/**
 * Kind and parameters; `data` (anything but undefined) starts the section
 * loaded from server-rendered data, without a call.
 */
export interface LoaderInput {
  kind: LoaderKind;
  params?: unknown;
  data?: unknown;
}

/** Load again, optionally with new parameters. */
export type LoaderEvent = { type: 'loader.reload'; params?: unknown };

/** Toasts of failed grids and nav, logs of the rest. */
export type LoaderEmitted = NotifyEmitted | LogEmitted;

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
