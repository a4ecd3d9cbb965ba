/**
 * What one order's page shows, from a snapshot of its machine: a pure function, tested without
 * React; `useOrder` returns it with the page's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import type { Order } from '../api/types.ts';
import { addButtonState, type AddButtonState } from '../domain/add-button.ts';
import type { ProductCardData } from '../domain/entities.ts';
import { formatPrice } from '../domain/money.ts';
import { addressLines } from '../domain/address-format.ts';
import { orderDateText, orderLineTotal, orderStatusBadge, orderTotalsRows, ORDER_TEXT, type TotalsRow } from '../domain/orders.ts';
import { shipmentViews, type ShipmentView } from '../domain/order-operations/tracking.ts';
import type { orderMachine } from './order.machine.ts';
import type { OrderContext, OrderNotice } from './order.types.ts';
import type { SignedInGateView } from './signed-in-gate.types.ts';

/** A line of the order, ready to show. */
export interface OrderLineView {
  id: number;
  title: string;
  productHandle: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  priceText: string;
  totalText: string;
  addedAfterPlacement: boolean;
}

/** A related product with its 'Add to Order' button. */
export interface RelatedOffer {
  card: ProductCardData;
  button: AddButtonState;
  /** This product's add is in flight. */
  adding: boolean;
}

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', test: 'the test provider' };

/**
 * The lines under an order's card: which provider took the payment under which id, whether the
 * money is still only held (captured when the order ships), and each refund with its state.
 * @example
 * orderPaymentDetails({ brand: 'Visa', last4: '4242', provider: 'stripe', paymentId: 'pi_1', captures: [], refunds: [] });
 * // ['Paid through Stripe · payment pi_1', 'Authorised: charged when your order ships']
 */
export function orderPaymentDetails(payment: Order['payment']): string[] {
  if (!payment.provider || !payment.paymentId) return [];
  const lines = [`Paid through ${PROVIDER_NAMES[payment.provider] ?? payment.provider} · payment ${payment.paymentId}`];
  if (payment.captures !== undefined && payment.captures.length === 0) lines.push('Authorised: charged when your order ships');
  for (const r of payment.refunds ?? []) {
    const state = r.status === 'succeeded' ? '' : r.status === 'failed' ? ' (failed)' : ' (pending)';
    lines.push(`Refunded ${formatPrice(r.amount)}${state}${r.id ? ` · ${r.id}` : ''}`);
  }
  return lines;
}

/** What an order's page shows: the gate's view, then the order's. */
export interface OrderView extends SignedInGateView {
  status: 'loading' | 'loaded' | 'notFound' | 'failed';
  /** The route's order id (null when it is not a number). */
  orderId: number | null;
  title: string;
  order: Order | null;
  dateText: string;
  badge: ReturnType<typeof orderStatusBadge>;
  lines: OrderLineView[];
  totals: TotalsRow[];
  addressLines: string[];
  paymentText: string;
  /**
   * The payment's records below the card: the provider and its payment id, a capture still to
   * come, and each refund (empty for an order from before payments went through a provider).
   */
  paymentDetails: string[];
  /** What has shipped, oldest first, each with its tracking number and link (none before the first ships). */
  shipments: ShipmentView[];
  /** The failure text when the order could not load. */
  errorText: string | null;
  relatedStatus: 'loading' | 'ready';
  related: RelatedOffer[];
  /** The add-to-order outcome ('You've added this product to your order. Expect hearing from us soon.' or the failure). */
  notice: OrderNotice | null;
}

/** The order page before it runs (the gate checking or redirecting): loading, nothing to show. */
const NOT_RUNNING = { orderId: null, order: null, related: [], addingProductId: null, notice: null, error: null } as const;

/**
 * The view of the gate and of the page's snapshot (none before it runs: loading): the 'Add to
 * Order' buttons are the domain's `addButtonState` in order mode, all disabled while one add is
 * in flight.
 * @example connectOrder({ gate: 'ready', checkingText: null }, actor.getSnapshot()).related[0].button.label; // 'Add to Order'
 */
export function connectOrder(gate: SignedInGateView, snapshot: SnapshotFrom<typeof orderMachine> | undefined): OrderView {
  if (!snapshot) return { ...gate, ...orderView('loading', null, NOT_RUNNING) };
  const status = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : 'loading';
  const loaded = snapshot.matches('loaded') ? (snapshot.value as { loaded: { related: string; adding: string } }).loaded : null;
  return { ...gate, ...orderView(status, loaded, snapshot.context) };
}

type OrderParts = Pick<OrderContext, 'orderId' | 'order' | 'addingProductId' | 'notice' | 'error'> & { related: readonly OrderContext['related'][number][] };

function orderView(status: OrderView['status'], loaded: { related: string; adding: string } | null, c: OrderParts): Omit<OrderView, keyof SignedInGateView> {
  const busy = loaded !== null && loaded.adding !== 'idle';
  const { order, orderId } = c;
  return {
    status,
    orderId,
    title: orderId === null ? ORDER_TEXT.notFound : ORDER_TEXT.detailTitle(orderId),
    order,
    dateText: order ? orderDateText(order.createdAt) : '',
    badge: orderStatusBadge(order?.status),
    lines: (order?.lines ?? []).map((l) => ({
      id: l.id,
      title: l.title,
      productHandle: l.productHandle,
      sku: l.sku,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      priceText: formatPrice(l.unitPrice),
      totalText: orderLineTotal(l),
      addedAfterPlacement: l.addedAfterPlacement,
    })),
    totals: order ? orderTotalsRows(order) : [],
    addressLines: order ? addressLines(order.shippingAddress) : [],
    paymentText: order ? (order.payment.last4 ? `${order.payment.brand} ending in ${order.payment.last4}` : order.payment.brand) : '',
    paymentDetails: order ? orderPaymentDetails(order.payment) : [],
    shipments: order ? shipmentViews(order.shipments ?? [], orderDateText) : [],
    errorText: status === 'failed' ? c.error : null,
    relatedStatus: loaded?.related === 'ready' ? 'ready' : 'loading',
    related: c.related.map((card) => ({
      card,
      button: addButtonState({ card, quantityInCart: 0, cartUpdating: false, orderMode: true, orderAddInProgress: busy }),
      adding: busy && c.addingProductId === card.id,
    })),
    notice: c.notice,
  };
}
