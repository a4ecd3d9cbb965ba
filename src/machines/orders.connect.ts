/**
 * What the order list page shows, from a snapshot of its machine: a pure function, tested without
 * React; `useOrders` returns it with the reload event.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { Order } from '../api/types.ts';
import { MESSAGES } from '../domain/account.ts';
import { formatPrice } from '../domain/money.ts';
import { ORDER_TEXT, orderDateText, orderItemCount, orderPath, orderStatusBadge } from '../domain/orders.ts';
import type { ordersMachine } from './orders.machine.ts';

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

/** What the order list shows. */
export interface OrdersView {
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
 * The view of a snapshot.
 * @example connectOrders(actor.getSnapshot()).status; // 'listed'
 */
export function connectOrders(snapshot: SnapshotFrom<typeof ordersMachine>): OrdersView {
  const ready = snapshot.matches('ready');
  const gate = snapshot.matches('redirect') ? 'redirect' : ready ? 'ready' : 'checking';
  const region = ready ? (snapshot.value as { ready: string }).ready : 'loading';
  const status = region === 'listed' || region === 'empty' || region === 'failed' ? region : 'loading';
  return {
    gate,
    checkingText: gate === 'checking' ? MESSAGES.checkingLogin : null,
    status,
    orders: snapshot.context.orders.map(orderSummary),
    emptyText: status === 'empty' ? ORDER_TEXT.noOrders : null,
    errorText: status === 'failed' ? snapshot.context.error : null,
  };
}
