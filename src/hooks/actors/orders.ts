/**
 * The order list's and the order page's machines with their calls, over the latest client and
 * read cache of the hook that runs each: the orders are read through the cache under the
 * account's keys, and an add to an order invalidates that order's reads and the list's.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { orderMachine } from '../../machines/order.machine.ts';
import { ordersMachine } from '../../machines/orders.machine.ts';
import { actorValues } from '../actor-values.ts';
import { fetchRead, type ReadCache } from '../query/index.ts';
import { ACCOUNT_KEYS, orderRead, ordersRead } from '../query/account-reads.ts';
import { invalidateReads } from '../query/watch.ts';

/** The values of an order hook's actor tree. */
export interface OrderValues {
  client: ApiClient;
  queryClient: ReadCache;
}

/** The values of each `useOrders`'s actor tree. */
export const ordersValues = actorValues<OrderValues>('useOrders');

/** The order list's machine with its call. */
export const providedOrdersMachine = ordersMachine.provide({
  actors: {
    fetchOrders: fromPromise(({ system }) => {
      const { client, queryClient } = ordersValues.of(system);
      return fetchRead(queryClient, ordersRead(client));
    }),
  },
});

/** The values of each `useOrder`'s actor tree. */
export const orderValues = actorValues<OrderValues>('useOrder');

/** The order page's machine with its calls. */
export const providedOrderMachine = orderMachine.provide({
  actors: {
    fetchOrder: fromPromise(({ system, input: { orderId } }) => {
      const { client, queryClient } = orderValues.of(system);
      return fetchRead(queryClient, orderRead(client, orderId));
    }),
    fetchRelated: fromPromise(({ system, input: { productIds }, signal }) => {
      const { client } = orderValues.of(system);
      return Promise.all(productIds.map((id) => client.relatedProducts(id, { signal }).then((r) => r?.products ?? [])));
    }),
    addToOrder: fromPromise(({ system, input: { orderId, productId }, signal }) => {
      const { client, queryClient } = orderValues.of(system);
      return client.addRelatedProductToOrder(orderId, productId, { signal }).finally(() => {
        invalidateReads(queryClient, ACCOUNT_KEYS.order(orderId));
        invalidateReads(queryClient, ACCOUNT_KEYS.orders);
      });
    }),
  },
});
