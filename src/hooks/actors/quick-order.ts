/**
 * The quick-order machine with its calls (part numbers looked up a few at a time, rows added to
 * the shared cart one after the other), over the latest client and cart of the `useQuickOrder`
 * that runs it.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { QuickOrderProduct } from '../../domain/quick-order.ts';
import { quickOrderMachine, type AddLinesOutput, type LookUpPartsOutput } from '../../machines/quick-order.machine.ts';
import type { CartRequests } from './cart.ts';
import { actorValues } from '../actor-values.ts';

/** Products read per part number: exact part-number hits rank first, so a few are enough. */
export const QUICK_ORDER_CANDIDATES = 3;

/** Part numbers searched at once: a pasted list of ten must not open thirty requests together. */
export const QUICK_ORDER_CONCURRENCY = 4;

async function lookUp(client: ApiClient, partNumber: string, signal: AbortSignal): Promise<QuickOrderProduct[]> {
  const { products } = await client.filterProducts({ q: partNumber, limit: QUICK_ORDER_CANDIDATES, fields: ['handle'] }, { signal });
  const found = await Promise.all(products.map((p) => client.productByHandle(p.handle, { signal })));
  return found.map((r) => r.product);
}

/** Runs `task` over `items` with at most `limit` at a time, answers in order; a failure is kept as its Error. */
async function eachLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<(R | Error)[]> {
  const out: (R | Error)[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = await task(items[i] as T);
      } catch (error) {
        out[i] = error instanceof Error ? error : new Error(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The values of each `useQuickOrder`'s actor tree. */
export const quickOrderValues = actorValues<{ client: ApiClient; add: CartRequests['add'] }>('useQuickOrder');
/** The machine with its calls, over the latest values of the hook that runs it. */
export const providedQuickOrderMachine = quickOrderMachine.provide({
  actors: {
    lookUpParts: fromPromise<LookUpPartsOutput, { partNumbers: string[] }>(async ({ system, input: { partNumbers }, signal }) =>
      eachLimited(partNumbers, QUICK_ORDER_CONCURRENCY, (p) => lookUp(quickOrderValues.of(system).client, p, signal)),
    ),
    addLines: fromPromise<AddLinesOutput, { lines: { rowId: number; inventoryLevelId: number; quantity: number }[] }>(async ({ system, input: { lines } }) => {
      // one after the other: the cart machine queues them anyway, and each answer is the row's own
      const out: AddLinesOutput = [];
      for (const line of lines) {
        const result = await quickOrderValues.of(system).add(line.inventoryLevelId, line.quantity);
        out.push(result.success ? { rowId: line.rowId, success: true } : { rowId: line.rowId, success: false, error: result.error });
      }
      return out;
    }),
  },
});

