/**
 * The quick-order pad over `quickOrderMachine`: part numbers are searched with the provider's
 * client (`GET /api/products/filter?q=`, which matches part numbers whatever their case, hyphens
 * or spaces) and the products found are read by handle for their SKUs and inventory levels; the
 * rows go into the shared cart through `useCart`, so every cart view follows.
 * @module
 */
import { connectQuickOrder, type QuickOrderView } from '../machines/quick-order.connect.ts';
import type { QuickOrderInput } from '../machines/quick-order.machine.ts';
import { useClient } from './context.ts';
import { useCart } from './useCart.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';
import { providedQuickOrderMachine, quickOrderValues } from './actors/quick-order.ts';

export { QUICK_ORDER_CANDIDATES, QUICK_ORDER_CONCURRENCY } from './actors/quick-order.ts';

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
  const values = useLatest({ client, add: cart.add });
  const { view, actor } = useMachineView(providedQuickOrderMachine, connectQuickOrder, { input, values: [quickOrderValues, values] });
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

