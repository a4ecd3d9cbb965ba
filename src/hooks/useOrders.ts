/**
 * The order list page (/orders.asp) over `ordersMachine`: the login gate (redirect to /login.asp
 * when signed out), then the customer's orders with loading, empty and failure states, each with
 * the texts and links a view shows.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Order } from '../api/types.ts';
import { MESSAGES } from '../domain/account.ts';
import { formatPrice } from '../domain/money.ts';
import { ORDER_TEXT, orderDateText, orderItemCount, orderPath, orderStatusBadge } from '../domain/orders.ts';
import { ordersMachine } from '../machines/orders.machine.ts';
import { useSkimmer } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** One row of the order list, ready to show. */
export interface OrderSummary {
  orderId: number;
  href: string;
  title: string;
  dateText: string;
  status: string;
  badge: ReturnType<typeof orderStatusBadge>;
  itemCount: number;
  totalText: string;
  order: Order;
}

/** What {@link useOrders} returns. */
export interface OrdersApi {
  /** 'checking' until the user call answers, 'redirect' (to /login.asp) when signed out. */
  gate: 'checking' | 'redirect' | 'ready';
  /** 'Checking login status...' while checking, else null. */
  checkingText: string | null;
  status: 'loading' | 'listed' | 'empty' | 'failed';
  orders: OrderSummary[];
  /** 'You have no orders yet.' when the list is empty. */
  emptyText: string | null;
  /** The failure text when the list could not load. */
  errorText: string | null;
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
  const auth = useAuth();
  const api = useLatest(client);
  const actor = ordersValues.bind(useActorRef(providedOrdersMachine, { input: { ...input, fetched: auth.fetched, user: auth.user } }), api);
  useMachineNotices(actor);
  const login = useRef({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    actor.send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);

  const snapshot = useSelector(actor, (s) => s);
  const gate = snapshot.matches('redirect') ? 'redirect' : snapshot.matches('ready') ? 'ready' : 'checking';
  const region = (snapshot.matches('ready') ? (snapshot.value as { ready: string }).ready : 'loading') as string;
  const status = region === 'listed' || region === 'empty' || region === 'failed' ? region : 'loading';
  const list = snapshot.context.orders;
  const orders = useMemo(
    () =>
      list.map((order) => ({
        orderId: order.orderId,
        href: orderPath(order.orderId),
        title: ORDER_TEXT.detailTitle(order.orderId),
        dateText: orderDateText(order.createdAt),
        status: order.status,
        badge: orderStatusBadge(order.status),
        itemCount: orderItemCount(order),
        totalText: formatPrice(order.totalPrice),
        order,
      })),
    [list],
  );
  return {
    gate,
    checkingText: gate === 'checking' ? MESSAGES.checkingLogin : null,
    status,
    orders,
    emptyText: status === 'empty' ? ORDER_TEXT.noOrders : null,
    errorText: status === 'failed' ? snapshot.context.error : null,
    reload: () => actor.send({ type: 'orders.reload' }),
  };
}
