/**
 * The order list (/orders.asp) of a signed-in customer (the sign-in gate, `signed-in-gate.ts`,
 * runs it with the user as input): the customer's orders with a loading state, an empty state and
 * a failure state. Server rendering may pass the orders in the input: the list then starts settled.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { OrdersResponse } from '../api/types.ts';

import { missingActor, notify, type NotifyEmitted } from './account.helpers.ts';
import { orderLoadErrorText } from './orders.helpers.ts';
import type { OrdersContext, OrdersInput, OrdersEvent } from './orders.types.ts';

export type { OrdersContext, OrdersInput, OrdersEvent } from './orders.types.ts';

/**
 * The order list machine. Actor to provide: `fetchOrders` (GET /api/orders).
 * @example
 * const list = createActor(ordersMachine.provide({ actors: { fetchOrders: fromPromise(() => client.orders()) } }), { input: { user } }).start();
 */
export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    input: {} as OrdersInput,
    emitted: {} as NotifyEmitted,
  },
  actors: {
    fetchOrders: fromPromise<OrdersResponse, void>(async () => {
      throw missingActor('fetchOrders');
    }),
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({
    user: input.user,
    orders: input.orders ?? [],
    error: null,
    preloaded: input.orders !== undefined,
  }),
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
});
