/**
 * What the order list page shows, from a snapshot of its machine: a pure function, tested without
 * React; `useOrders` returns it with the reload event.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { Order } from '../api/types.ts';
import { formatPrice } from '../domain/money.ts';
import { ORDER_TEXT, orderDateText, orderItemCount, orderPath, orderStatusBadge } from '../domain/orders.ts';
import type { ordersMachine } from './orders.machine.ts';
import type { SignedInGateView } from './signed-in-gate.types.ts';

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

/** What the order list shows: the gate's view, then the list's. */
export interface OrdersView extends SignedInGateView {
  status: 'loading' | 'listed' | 'empty' | 'failed';
  orders: OrderSummary[];
  /** 'You have no orders yet.' when the list is empty. */
  emptyText: string | null;
  /** The failure text when the list could not load. */
  errorText: string | null;
}

/** A row of the list. */
export function orderSummary(order: Order): OrderSummary {
  return {
    orderId: order.orderId,
    href: orderPath(order.orderId),
    title: ORDER_TEXT.detailTitle(order.orderId),
    dateText: orderDateText(order.createdAt),
    status: order.status,
    badge: orderStatusBadge(order.status),
    itemCount: orderItemCount(order),
    totalText: formatPrice(order.totalPrice),
    order,
  };
}

/**
 * The view of the gate and of the list's snapshot (none before the list runs: loading).
 * @example connectOrders({ gate: 'ready', checkingText: null }, actor.getSnapshot()).status; // 'listed'
 */
export function connectOrders(gate: SignedInGateView, snapshot: SnapshotFrom<typeof ordersMachine> | undefined): OrdersView {
  const region = snapshot?.value;
  const status = region === 'listed' || region === 'empty' || region === 'failed' ? region : 'loading';
  return {
    ...gate,
    status,
    orders: snapshot?.context.orders.map(orderSummary) ?? [],
    emptyText: status === 'empty' ? ORDER_TEXT.noOrders : null,
    errorText: status === 'failed' ? (snapshot?.context.error ?? null) : null,
  };
}
