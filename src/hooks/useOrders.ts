/**
 * The order list page (/orders.asp) over `ordersMachine`: the login gate (redirect to /login.asp
 * when signed out), then the customer's orders with loading, empty and failure states, each with
 * the texts and links a view shows.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { Order } from '../api/types.ts';
import { connectOrders, type OrdersView } from '../machines/orders.connect.ts';
import { ordersMachine } from '../machines/orders.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useSignedInMachineView } from './useSignedInMachineView.ts';
import { actorValues } from './actor-values.ts';

export type { OrderSummary } from '../machines/orders.connect.ts';

/** What {@link useOrders} returns. */
export interface OrdersApi extends OrdersView {
  reload(): void;
}

const ordersValues = actorValues<ApiClient>('useOrders');
/** The machine with its call, over the latest client of the hook that runs it. */
const providedOrdersMachine = ordersMachine.provide({ actors: { fetchOrders: fromPromise(({ signal, system }) => ordersValues.of(system).orders({ signal })) } });

/**
 * The signed-in customer's orders, newest first. `returnPath` is the page a signed-out visitor
 * comes back to after signing in (the redirect's `returnTo`).
 * @example
 * const list = useOrders({ returnPath: '/orders.asp' });
 * if (list.gate === 'checking') return <p>{list.checkingText}</p>;
 */
export function useOrders(input: { orders?: Order[]; returnPath?: string | null } = {}): OrdersApi {
  const { client } = useSkimmer();
  const api = useLatest(client);
  const { view, actor } = useSignedInMachineView(providedOrdersMachine, connectOrders, { input, values: [ordersValues, api] });
  return { ...view, reload: () => actor.send({ type: 'orders.reload' }) };
}
