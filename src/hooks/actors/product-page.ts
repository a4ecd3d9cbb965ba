/**
 * The product page machine with its calls, over the latest client and read cache of the
 * `useProductPage` that runs it: the product through the cache, the breadcrumbs' hierarchy from
 * the cache when the server render read it, and an add to an order invalidates that order's reads
 * and the order list.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { productPageMachine } from '../../machines/product-page.machine.ts';
import { actorValues } from '../actor-values.ts';
import { fetchRead, type ReadCache } from '../query/index.ts';
import { productRead, upperHierarchyRead } from '../query/reads.ts';
import { ACCOUNT_KEYS } from '../query/account-reads.ts';
import { invalidateReads } from '../query/watch.ts';

/** The values of each `useProductPage`'s actor tree. */
export const productPageValues = actorValues<{ client: ApiClient; queryClient: ReadCache }>('useProductPage');

/** The machine with its calls, over the latest client and read cache of the hook that runs it. */
export const providedProductPageMachine = productPageMachine.provide({
  actors: {
    fetchProduct: fromPromise(async ({ input, system }) => {
      const { client, queryClient } = productPageValues.of(system);
      return { product: await fetchRead(queryClient, productRead(client, input.handle)) };
    }),
    addToOrder: fromPromise(({ input, signal, system }) => {
      const { client, queryClient } = productPageValues.of(system);
      return client.addRelatedProductToOrder(input.orderId, input.productId, { signal }).finally(() => {
        invalidateReads(queryClient, ACCOUNT_KEYS.order(input.orderId));
        invalidateReads(queryClient, ACCOUNT_KEYS.orders);
      });
    }),
    fetchHierarchy: fromPromise(async ({ input, signal, system }) => {
      const { client, queryClient } = productPageValues.of(system);
      // the server render read it into the page's cache (the breadcrumbs of the first HTML): no second request
      const read = upperHierarchyRead(client, input.collectionId);
      return queryClient.getQueryData<Awaited<ReturnType<typeof read.fetch>>>(read.key) ?? client.upperHierarchy(input.collectionId, { signal });
    }),
  },
});
