/**
 * One order's page (/account/orders/:id) over `orderMachine`: the login gate, the order with its
 * lines, totals and shipping address, and its related products with the 'Add to Order' button
 * (label and disabled state from the domain's `addButtonState` in order mode) and the spec's
 * add-to-order messages.
 * @module
 */
import type { Order } from '../api/types.ts';
import { parseOrderId } from '../domain/orders.ts';
import { connectOrder, type OrderView } from '../machines/order.connect.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useSignedInMachineView } from './useSignedInMachineView.ts';
import { orderValues, providedOrderMachine } from './actors/orders.ts';

export type { OrderLineView, RelatedOffer } from '../machines/order.connect.ts';

/** What {@link useOrder} returns. */
export interface OrderApi extends OrderView {
  addToOrder(productId: number): void;
  dismissNotice(): void;
}

/**
 * The order of a route parameter. `input.returnPath` is the page a signed-out visitor comes back
 * to after signing in (the redirect's `returnTo`).
 * @example
 * const page = useOrder(params.id);
 * page.related.map((r) => <button disabled={r.button.disabled} onClick={() => page.addToOrder(r.card.id)}>{r.button.label}</button>);
 */
export function useOrder(idParam: string | undefined, input: { order?: Order; returnPath?: string | null } = {}): OrderApi {
  const { client, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  const { view, actor } = useSignedInMachineView(providedOrderMachine, connectOrder, { input: { ...input, orderId: parseOrderId(idParam) }, values: [orderValues, values] });
  return {
    ...view,
    addToOrder: (productId) => actor.send({ type: 'order.add', productId }),
    dismissNotice: () => actor.send({ type: 'notice.dismiss' }),
  };
}
