/**
 * The order list page (/orders.asp) over `ordersMachine`: the login gate (redirect to /login.asp
 * when signed out), then the customer's orders with loading, empty and failure states, each with
 * the texts and links a view shows.
 * @module
 */
import type { Order } from '../api/types.ts';
import { connectOrders, type OrdersView } from '../machines/orders.connect.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useSignedInMachineView } from './useSignedInMachineView.ts';
import { ordersValues, providedOrdersMachine } from './actors/orders.ts';

export type { OrderSummary } from '../machines/orders.connect.ts';

/** What {@link useOrders} returns. */
export interface OrdersApi extends OrdersView {
  reload(): void;
}

/**
 * The signed-in customer's orders, newest first. `returnPath` is the page a signed-out visitor
 * comes back to after signing in (the redirect's `returnTo`).
 * @example
 * const list = useOrders({ returnPath: '/orders.asp' });
 * if (list.gate === 'checking') return <p>{list.checkingText}</p>;
 */
export function useOrders(input: { orders?: Order[]; returnPath?: string | null } = {}): OrdersApi {
  const { client, queryClient } = useSkimmer();
  const values = useLatest({ client, queryClient });
  const { view, actor } = useSignedInMachineView(providedOrdersMachine, connectOrders, { input, values: [ordersValues, values] });
  return { ...view, reload: () => actor.send({ type: 'orders.reload' }) };
}
