/**
 * The order list (/orders.asp): the login gate of the account pages (a
 * signed-out visitor goes to /login.asp), then the customer's orders with a loading state, an
 * empty state and a failure state.
 *
 * Login state comes from the auth machine (input, then 'login.changed'). Server rendering may
 * pass the orders in the input: the list then starts settled.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { OrdersResponse } from '../api/types.ts';

import { isUserLoggedIn } from '../domain/session.ts';
import { loginRedirect, missingActor, notify, type NavigateEmitted, type NotifyEmitted } from './account.helpers.ts';
import { orderLoadErrorText } from './orders.helpers.ts';
import type { OrdersContext, OrdersInput, OrdersEvent } from './orders.types.ts';

export type { OrdersContext, OrdersInput, OrdersEvent } from './orders.types.ts';

/**
 * The order list machine. Actor to provide: `fetchOrders` (GET /api/orders).
 * @example
 * const list = createActor(ordersMachine.provide({ actors: { fetchOrders: fromPromise(() => client.orders()) } }), { input: { fetched: true, user } }).start();
 */
export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    input: {} as OrdersInput,
    emitted: {} as NotifyEmitted | NavigateEmitted,
  },
  actors: {
    fetchOrders: fromPromise<OrdersResponse, void>(async () => {
      throw missingActor('fetchOrders');
    }),
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({
    fetched: input.fetched === true,
    user: isUserLoggedIn(input.user) ? input.user : null,
    orders: input.orders ?? [],
    error: null,
    preloaded: input.orders !== undefined,
    returnPath: input.returnPath ?? null,
  }),
  initial: 'checking',
  on: {
    'login.changed': {
      target: '.checking',
      actions: assign(({ event }) => ({ fetched: event.fetched, user: isUserLoggedIn(event.user) ? event.user : null })),
    },
  },
  states: {
    checking: {
      always: [
        { guard: ({ context }) => context.fetched && context.user === null, target: 'redirect' },
        { guard: ({ context }) => context.fetched, target: 'ready' },
      ],
    },
    redirect: { entry: emit(({ context }) => loginRedirect(context.returnPath)) },
    ready: {
      initial: 'start',
      on: { 'orders.reload': '.loading' },
      states: {
        start: { always: [{ guard: ({ context }) => context.preloaded, target: 'settle' }, { target: 'loading' }] },
        settle: { always: [{ guard: ({ context }) => context.orders.length === 0, target: 'empty' }, { target: 'listed' }] },
        loading: {
          entry: assign({ error: null }),
          invoke: {
            src: 'fetchOrders',
            onDone: { target: 'settle', actions: assign({ orders: ({ event }) => event.output?.orders ?? [] }) },
            onError: {
              target: 'failed',
              actions: [
                assign({ error: ({ event }) => orderLoadErrorText(event.error) }),
                emit(({ event }) => notify('danger', orderLoadErrorText(event.error))),
              ],
            },
          },
        },
        listed: {},
        empty: {},
        failed: {},
      },
    },
  },
});
