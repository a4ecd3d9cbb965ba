/**
 * The quick-order pad over `quickOrderMachine`: part numbers are searched with the provider's
 * client (`GET /api/products/filter?q=`, which matches part numbers whatever their case, hyphens
 * or spaces) and the products found are read by handle for their SKUs and inventory levels; the
 * rows go into the shared cart through `useCart`, so every cart view follows.
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { QuickOrderProduct } from '../domain/quick-order.ts';
import { connectQuickOrder, type QuickOrderView } from '../machines/quick-order.connect.ts';
import { quickOrderMachine, type AddLinesOutput, type LookUpPartsOutput, type QuickOrderInput } from '../machines/quick-order.machine.ts';
import { useClient } from './context.ts';
import { useCart, type CartApi } from './useCart.ts';
import { useLatest } from './useLatest.ts';
import { actorValues } from './actor-values.ts';

/** Products read per part number: exact part-number hits rank first, so a few are enough. */
export const QUICK_ORDER_CANDIDATES = 3;

/** Part numbers searched at once: a pasted list of ten must not open thirty requests together. */
export const QUICK_ORDER_CONCURRENCY = 4;

/** What {@link useQuickOrder} returns: the view of the pad and its actions. */
export interface QuickOrderApi extends QuickOrderView {
  /** The paste box's text changed. */
  setText(text: string): void;
  /** Reads the paste box into rows and looks them up. */
  read(): void;
  /** A row's text is being fixed. */
  editRow(id: number, text: string): void;
  /** Looks a row up again with its text (Enter, the Check button). */
  checkRow(id: number): void;
  /** Uses a suggested part number for a row, keeping its quantity. */
  applySuggestion(id: number, partNumber: string): void;
  removeRow(id: number): void;
  clear(): void;
  /** Adds every ready row to the cart. */
  addAll(): void;
}

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

const quickOrderValues = actorValues<{ client: ApiClient; add: CartApi['add'] }>('useQuickOrder');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedQuickOrderMachine = quickOrderMachine.provide({
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

/**
 * A quick-order pad: paste lines of part numbers and quantities, see each resolved to a product
 * with its price and stock, fix the rows that did not resolve, add all to the cart. Mount it
 * under `SkimmerProvider`.
 *
 * @example
 * const pad = useQuickOrder();
 * <textarea value={pad.text} onChange={(e) => pad.setText(e.target.value)} />
 * <button disabled={!pad.canRead} onClick={pad.read}>Read lines</button>
 * {pad.rows.map((row) => <li key={row.id}>{row.text}: {row.product?.title ?? row.error}</li>)}
 * <button disabled={!pad.canAddAll} onClick={pad.addAll}>Add all to cart</button>
 */
export function useQuickOrder(input?: QuickOrderInput): QuickOrderApi {
  const client = useClient();
  const cart = useCart();
  const deps = useLatest({ client, add: cart.add });
  const actor = quickOrderValues.bind(useActorRef(providedQuickOrderMachine, { input }), deps);
  const view = useSelector(actor, connectQuickOrder, sameView);
  return {
    ...view,
    setText: (text) => actor.send({ type: 'pad.changed', text }),
    read: () => actor.send({ type: 'pad.read' }),
    editRow: (id, text) => actor.send({ type: 'row.changed', id, text }),
    checkRow: (id) => actor.send({ type: 'row.check', id }),
    applySuggestion: (id, partNumber) => actor.send({ type: 'row.use', id, partNumber }),
    removeRow: (id) => actor.send({ type: 'row.remove', id }),
    clear: () => actor.send({ type: 'rows.clear' }),
    addAll: () => actor.send({ type: 'rows.addAll' }),
  };
}

/** The view is rebuilt per snapshot; re-render only when what it shows changed. */
function sameView(a: QuickOrderView, b: QuickOrderView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
