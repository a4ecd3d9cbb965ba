/**
 * One order (/account/orders/:id) of a signed-in customer (the sign-in gate, `signed-in-gate.ts`,
 * runs it with the user as input): the order, its related products, and adding one of them to the placed order ('Add to Order' mode): one add at a time,
 * the add-to-order success and failure messages, then the order reloads so
 * the new line and totals show.
 *
 * Choices where the spec is silent: related products come from the order's first products'
 * related lists (domain `relatedSourceIds`, `relatedForOrder`), without the products already in
 * the order; a related-list failure is logged only and the section reads its empty text; the
 * order reload after an add is silent (the page keeps showing the order meanwhile).
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';

import { isApiError } from '../api/errors.ts';
import { ADD_TO_ORDER_MESSAGES } from '../domain/cart-calls.ts';

import { relatedForOrder, relatedSourceIds } from '../domain/orders.ts';
import { checkAddToOrder } from '../domain/quantity.ts';
import { logged, missingActor, type LogEmitted, type NotifyEmitted } from './account.helpers.ts';
import { addToOrderErrorText, orderLoadErrorText } from './orders.helpers.ts';
import type { OrderNotice, OrderContext, OrderInput, OrderEvent, OrderActors } from './order.types.ts';

export type { OrderNotice, OrderContext, OrderInput, OrderEvent, OrderActors } from './order.types.ts';

const notFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The order page machine. Actors to provide: `fetchOrder`, `fetchRelated`, `addToOrder` (see
 * {@link OrderActors}).
 * @example
 * const page = createActor(orderMachine.provide({ actors }), { input: { user, orderId: 1024 } }).start();
 * page.send({ type: 'order.add', productId: 77 });
 */
export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
    emitted: {} as NotifyEmitted | LogEmitted,
  },
  actors: {
    fetchOrder: fromPromise<OrderActors['fetchOrder']['output'], OrderActors['fetchOrder']['input']>(async () => {
      throw missingActor('fetchOrder');
    }),
    fetchRelated: fromPromise<OrderActors['fetchRelated']['output'], OrderActors['fetchRelated']['input']>(async () => {
      throw missingActor('fetchRelated');
    }),
    addToOrder: fromPromise<OrderActors['addToOrder']['output'], OrderActors['addToOrder']['input']>(async () => {
      throw missingActor('addToOrder');
    }),
  },
  actions: {
    // the add-to-order outcome shows once, as the notice beside the related products (it was
    // also a toast: the same message twice on screen)
    tell: assign((_, params: OrderNotice) => ({ notice: params })),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({
    user: input.user,
    orderId: input.orderId,
    order: input.order ?? null,
    related: [],
    addingProductId: null,
    notice: null,
    error: null,
    preloaded: input.order !== undefined,
  }),
  initial: 'start',
  on: {
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.orderId === null, target: 'notFound' },
        { guard: ({ context }) => context.preloaded, target: 'loaded' },
        { target: 'loading' },
      ],
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: [
          { guard: ({ event }) => Boolean(event.output?.order), target: 'loaded', actions: assign({ order: ({ event }) => event.output.order }) },
          { target: 'notFound' },
        ],
        onError: [
          { guard: ({ event }) => notFound(event.error), target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => orderLoadErrorText(event.error) }) },
        ],
      },
    },
    notFound: {},
    failed: {},
    loaded: {
      type: 'parallel',
      states: {
        related: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'fetchRelated',
                input: ({ context }) => ({ productIds: context.order ? relatedSourceIds(context.order) : [] }),
                onDone: {
                  target: 'ready',
                  actions: assign({
                    related: ({ context, event }) => relatedForOrder(event.output ?? [], context.order?.lines.map((l) => l.productId) ?? []),
                  }),
                },
                onError: { target: 'ready', actions: emit(({ event }) => logged('fetchRelated', event.error)) },
              },
            },
            ready: {},
          },
        },
        adding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.add': [
                  {
                    guard: ({ context, event }) => checkAddToOrder({ orderMode: true, orderId: context.orderId }).ok && context.related.some((p) => p.id === event.productId),
                    target: 'adding',
                    actions: assign({ addingProductId: ({ event }) => event.productId, notice: null }),
                  },
                ],
              },
            },
            adding: {
              invoke: {
                src: 'addToOrder',
                input: ({ context }) => ({ orderId: context.orderId ?? 0, productId: context.addingProductId ?? 0 }),
                onDone: [
                  {
                    guard: ({ event }) => event.output?.success === false,
                    target: 'idle',
                    actions: [assign({ addingProductId: null }), { type: 'tell', params: { tone: 'error', message: ADD_TO_ORDER_MESSAGES.failed } }],
                  },
                  { target: 'refreshing', actions: { type: 'tell', params: { tone: 'success', message: ADD_TO_ORDER_MESSAGES.success } } },
                ],
                onError: {
                  target: 'idle',
                  actions: [assign({ addingProductId: null }), { type: 'tell', params: ({ event }) => ({ tone: 'error', message: addToOrderErrorText(event.error) }) }],
                },
              },
            },
            refreshing: {
              invoke: {
                src: 'fetchOrder',
                input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
                onDone: { target: 'idle', actions: assign({ addingProductId: null, order: ({ context, event }) => event.output?.order ?? context.order }) },
                onError: { target: 'idle', actions: [assign({ addingProductId: null }), emit(({ event }) => logged('fetchOrder', event.error))] },
              },
            },
          },
        },
      },
    },
  },
});
