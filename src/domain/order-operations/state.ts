/**
 * An order's state after placing, as the back office acts on it: per line what was ordered,
 * shipped, sent back and refunded; the payment's authorised, captured and refunded amounts; the
 * returns. The statuses an operator filters by (the order's, its payment's, its fulfilment's and
 * each return's) are derived from these counts, never stored apart from them, and each may be
 * reached only from the statuses declared as its predecessors (Vendure's declared order process).
 * @module
 */
import type { Cents } from '../money.ts';
import type { ShipClass } from '../shipping/ship-class.ts';

/** What the store's return rules need of a line (from the variant's ship class and the product's notices). */
export interface ReturnRuleFacts {
  shipClass: ShipClass;
  /** The product carries the "not returnable once opened" notice (pool chemicals). */
  notReturnableOnceOpened: boolean;
  /** The variant is sold by volume (gallons, quarts, litres): with a hazmat ship class, a hazardous liquid. */
  liquid: boolean;
}

/** One line of an order and what has happened to its units. */
export interface OrderLineState {
  id: number;
  title: string;
  sku: string | null;
  /** Units ordered. */
  ordered: number;
  unitCents: Cents;
  /** Units shipped (each fulfilment adds). */
  fulfilled: number;
  /** Units under an authorised return not yet received. */
  returning: number;
  /** Units received back. */
  returned: number;
  /** Units refunded (a line refund, or a return's refund). */
  refundedUnits: number;
  /** Units put back in stock (a cancel, a received return with restock). */
  restocked: number;
  /** The stock level the units came from; null: nothing to restock (a line without a level). */
  levelId: number | null;
  rules: ReturnRuleFacts;
}

/** The order's payment as our records hold it. */
export interface PaymentState {
  authorisedCents: Cents;
  /** Taken so far (0 while only authorised). */
  capturedCents: Cents;
  /** Refunded or being refunded (every refund but the failed ones). */
  refundedCents: Cents;
  /** Voided before any capture. */
  voided: boolean;
}

/** A return of some shipped units. */
export interface ReturnState {
  id: number;
  status: ReturnStatus;
  lines: readonly { lineId: number; quantity: number }[];
  /** Restocking fee, percent of the returned units' value (0–100), set by the operator. */
  feePercent: number;
  /** A freight item comes back: the buyer arranges and pays the return freight. */
  buyerPaysFreight: boolean;
}

/** Everything the order operations read and answer. */
export interface OrderState {
  cancelled: boolean;
  lines: readonly OrderLineState[];
  /** Null for an order without a payment on record (placed before payments went through a provider). */
  payment: PaymentState | null;
  returns: readonly ReturnState[];
}

/** The order's own status: open, or cancelled (only while nothing had shipped). */
export type OrderStatus = 'open' | 'cancelled';
/** The payment's status. */
export type PaymentStatus = 'authorised' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';
/** The fulfilment's status: units shipped, and units received back. */
export type FulfilmentStatus = 'unfulfilled' | 'partially_fulfilled' | 'fulfilled' | 'partially_returned' | 'returned';
/** A return's status. */
export type ReturnStatus = 'authorised' | 'received';

/** Every order status, payment status, fulfilment status (the list's filters). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['open', 'cancelled'];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['authorised', 'paid', 'partially_refunded', 'refunded', 'voided'];
export const FULFILMENT_STATUSES: readonly FulfilmentStatus[] = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'partially_returned', 'returned'];
export const RETURN_STATUSES: readonly ReturnStatus[] = ['authorised', 'received'];

/**
 * The declared transitions: each status lists the statuses it may be reached from (an empty
 * list: a starting status only). A status staying the same is always allowed.
 */
export const ORDER_STATUS_PREDECESSORS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  open: [],
  cancelled: ['open'],
};
export const PAYMENT_STATUS_PREDECESSORS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  authorised: [],
  paid: ['authorised'],
  partially_refunded: ['paid'],
  refunded: ['paid', 'partially_refunded'],
  voided: ['authorised'],
};
export const FULFILMENT_STATUS_PREDECESSORS: Readonly<Record<FulfilmentStatus, readonly FulfilmentStatus[]>> = {
  unfulfilled: [],
  partially_fulfilled: ['unfulfilled'],
  fulfilled: ['unfulfilled', 'partially_fulfilled'],
  // shipping the rest after a partial return keeps it partially returned
  partially_returned: ['partially_fulfilled', 'fulfilled', 'returned'],
  returned: ['partially_fulfilled', 'fulfilled', 'partially_returned'],
};
export const RETURN_STATUS_PREDECESSORS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  authorised: [],
  received: ['authorised'],
};

/**
 * Whether a status may follow another by the declared transitions (the same status always may).
 * @example
 * mayFollow(PAYMENT_STATUS_PREDECESSORS, 'paid', 'refunded'); // true
 * mayFollow(PAYMENT_STATUS_PREDECESSORS, 'refunded', 'paid'); // false
 */
export function mayFollow<S extends string>(graph: Readonly<Record<S, readonly S[]>>, from: S, to: S): boolean {
  return from === to || graph[to].includes(from);
}

const sum = (values: readonly number[]): number => values.reduce((n, v) => n + v, 0);

/** The order's status. */
export function orderStatus(state: OrderState): OrderStatus {
  return state.cancelled ? 'cancelled' : 'open';
}

/**
 * The payment's status: voided; authorised while nothing is captured; then paid, partially
 * refunded or refunded. An order without a payment on record reads as paid.
 * @example
 * paymentStatus({ ...state, payment: { authorisedCents: 5000, capturedCents: 5000, refundedCents: 1000, voided: false } }); // 'partially_refunded'
 */
export function paymentStatus(state: OrderState): PaymentStatus {
  const p = state.payment;
  if (!p) return 'paid';
  if (p.voided) return 'voided';
  if (p.capturedCents === 0) return 'authorised';
  if (p.refundedCents === 0) return 'paid';
  return p.refundedCents >= p.capturedCents ? 'refunded' : 'partially_refunded';
}

/**
 * The fulfilment's status from the units shipped and received back: nothing shipped; some or all
 * shipped; some or all of what shipped came back.
 */
export function fulfilmentStatus(state: OrderState): FulfilmentStatus {
  const shipped = sum(state.lines.map((l) => l.fulfilled));
  const ordered = sum(state.lines.map((l) => l.ordered));
  const back = sum(state.lines.map((l) => l.returned));
  if (shipped === 0) return 'unfulfilled';
  if (back === 0) return shipped < ordered ? 'partially_fulfilled' : 'fulfilled';
  return back < shipped ? 'partially_returned' : 'returned';
}

/** The three statuses of an order at once (what the list filters by). */
export interface OrderStatuses {
  status: OrderStatus;
  payment: PaymentStatus;
  fulfilment: FulfilmentStatus;
}

/** {@link orderStatus}, {@link paymentStatus} and {@link fulfilmentStatus} together. */
export function orderStatuses(state: OrderState): OrderStatuses {
  return { status: orderStatus(state), payment: paymentStatus(state), fulfilment: fulfilmentStatus(state) };
}

/**
 * The one word the shopper's order page shows (the storefront's badge colours it): CANCELLED,
 * REFUNDED, RETURNED, PARTIALLY RETURNED, SHIPPED, PARTIALLY SHIPPED, else PAID.
 * @example
 * shopperStatusWord({ status: 'open', payment: 'paid', fulfilment: 'fulfilled' }); // 'SHIPPED'
 */
export function shopperStatusWord(s: OrderStatuses): string {
  if (s.status === 'cancelled') return 'CANCELLED';
  if (s.payment === 'refunded') return 'REFUNDED';
  switch (s.fulfilment) {
    case 'returned':
      return 'RETURNED';
    case 'partially_returned':
      return 'PARTIALLY RETURNED';
    case 'fulfilled':
      return 'SHIPPED';
    case 'partially_fulfilled':
      return 'PARTIALLY SHIPPED';
    default:
      return 'PAID';
  }
}

/** What may still be refunded: captured less refunded (0 without a payment). */
export function refundableCents(state: OrderState): Cents {
  const p = state.payment;
  return p ? Math.max(0, p.capturedCents - p.refundedCents) : 0;
}

/** Units of a line that may still ship. */
export function unitsToShip(line: OrderLineState): number {
  return line.ordered - line.fulfilled;
}

/** Units of a line that shipped and are neither back nor under an open return. */
export function unitsReturnable(line: OrderLineState): number {
  return line.fulfilled - line.returned - line.returning;
}
