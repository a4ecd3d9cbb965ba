/**
 * The back office's order operations over the database: each one locks the order's row, reads its
 * state, asks the domain (src/domain/order-operations) whether the operation may happen, writes
 * what it does (with conditional counter updates as a second guard), the order's statuses, the
 * audit entry (before and after) and the shopper's mail, all in one transaction; then it moves
 * the money through the payments module (capture, void, refund: each call keyed by our own ids)
 * and announces stock put back through the catalogue change feed.
 *
 * Money, whatever fails:
 * - A refund is written pending, with the operator's Idempotency-Key, in the transaction that
 *   checks it fits within what was captured less what was refunded or is being refunded; only then
 *   is the provider asked (payments' `refund` with the request key `order-refund:{id}`, whose own
 *   provider key derives from its row). Two operators refunding at once: the second transaction
 *   waits for the first's lock and then sees its pending refund.
 * - A provider that refuses marks the refund failed (its units may be refunded again); one that
 *   does not answer leaves it pending, counted as refunded, until the same request (same key)
 *   is sent again: 503 says so.
 * - A payment only authorised is captured when goods first ship; a cancelled order's payment is
 *   voided (authorised) or refunded (captured). What goes wrong after the order itself changed is
 *   answered as a warning beside the order, and the order shows the payment as it stands.
 * @module
 */
import { randomUUID } from 'node:crypto';
import {
  authoriseReturn, cancel, carrierName, fulfil, normalTrackingNumber, orderStatuses, packingSlip, receiveReturn, refund, refundableCents,
  shopperStatusWord, soldByVolume, trackingLink, trackingNumberProblem, trackingUrlProblem,
  type Carrier, type LineQuantity, type OrderLineState, type OrderState, type PackingSlip, type ReturnLineRequest,
} from '../../../domain/order-operations/index.ts';
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { orderDateText, type OrderAddressLike } from '../../../domain/orders.ts';
import type { ShipClass } from '../../../domain/shipping/ship-class.ts';
import { storeNameOf } from '../content/service.ts';
import { releaseDiscounts } from '../checkout/discounts.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { recordCatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import { audit } from '../admin/index.ts';
import type { AuditWho } from '../admin/service.ts';
import { orderPaymentRecords, type OrderPaymentRecord } from '../payments/index.ts';
import type { PaymentsService } from '../payments/service.ts';
import { ORDER_MAIL_KINDS, refundedMail, returnAuthorisedMail, shippedMail, type MailContext, type MailItem } from './mail.ts';
import * as repo from './repository.ts';
import { storeTurn } from '../admin/index.ts';

/** The refusals the service answers itself. */
export const ORDER_ADMIN_ERRORS = {
  notFound: 'Order not found.',
  returnNotFound: 'Return not found.',
  changed: 'The order changed while this was being done: reload it and try again.',
  carrierName: 'Name the carrier (carrierName) when it is another carrier.',
  trackingUrlOnlyOther: 'A tracking link is given for another carrier only: the known carriers\' links are made from the number.',
  refundPending: 'The payment provider did not answer: the refund is recorded as pending. Send the same request again (the same Idempotency-Key) to finish it.',
  refundRefused: (why: string) => `The payment provider refused the refund: ${why}`,
  noteEmpty: 'A note needs some text.',
} as const;

/** How long the store's name is kept for the mails. @default 10 s */
export const STORE_NAME_TTL_MS = 10_000;

/** Thrown when the provider's answer to a refund is unknown: the route answers 503. */
export class RefundPendingError extends Error {
  constructor() {
    super(ORDER_ADMIN_ERRORS.refundPending);
    this.name = 'RefundPendingError';
  }
}

/** What the service is built from. */
export interface OrdersAdminDeps {
  db: Db;
  /** The payments module's service (the order's provider); null: no payment moves (a bare test app). */
  payments: () => PaymentsService | null;
  /** The outbox the shopper's mails are written to; null without the accounts plugin. */
  outbox: () => Outbox | null;
  /** After a commit that put stock back: the products re-read into the search index and announced. */
  reindex: (ids: readonly number[], version?: number) => Promise<void>;
  /** The store's public origin (the order page's link in mails). */
  publicUrl: () => string;
  /** @default Date.now */
  now?: () => number;
}

/** Who did something, as answered. */
export interface ActorView {
  kind: string;
  id: number | null;
  name: string | null;
}

/** One event of an order's timeline. */
export interface TimelineEntry {
  at: string;
  kind: 'placed' | 'authorised' | 'paid' | 'fulfilled' | 'refunded' | 'refund-pending' | 'refund-failed' | 'return-authorised' | 'return-received' | 'cancelled' | 'note';
  text: string;
  by: ActorView | null;
}

/**
 * Events of one moment in the order they happened: what causes another comes before it. A capture
 * at fulfilment is written in the same millisecond as its shipment (often), so a shipment comes
 * before a payment of the same time; a payment taken at placing is timed at the order's creation.
 */
const TIMELINE_RANK: Record<TimelineEntry['kind'], number> = {
  placed: 0, authorised: 1, fulfilled: 2, paid: 3, 'return-authorised': 4, 'return-received': 5, cancelled: 6, 'refund-pending': 7, refunded: 7, 'refund-failed': 7, note: 8,
};

/** The timeline's order: placing first (the payment is taken a moment before the order's row is written), then time, then cause before effect. */
export function timelineOrder(a: TimelineEntry, b: TimelineEntry): number {
  if (a.kind === 'placed' || b.kind === 'placed') return a.kind === b.kind ? 0 : a.kind === 'placed' ? -1 : 1;
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return TIMELINE_RANK[a.kind] - TIMELINE_RANK[b.kind];
}

/** A line as the back office shows it. */
export interface LineView {
  id: number;
  productId: number;
  inventoryLevelId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  productHandle: string;
  imageUrl: string | null;
  quantity: number;
  unitCents: number;
  fulfilled: number;
  returning: number;
  returned: number;
  refunded: number;
  restocked: number;
  shipClass: ShipClass;
  notReturnableOnceOpened: boolean;
  location: string | null;
  bin: string | null;
}

/** A fulfilment as answered. */
export interface FulfilmentView {
  id: number;
  carrier: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
  by: ActorView;
  lines: { lineId: number; quantity: number }[];
}

/** A refund as answered. */
export interface RefundView {
  id: number;
  kind: string;
  returnId: number | null;
  amountCents: number;
  reason: string | null;
  status: string;
  providerRefundId: string | null;
  failure: string | null;
  createdAt: string;
  by: ActorView;
  lines: { lineId: number; quantity: number; amountCents: number }[];
}

/** A return as answered. */
export interface ReturnView {
  id: number;
  status: string;
  reason: string;
  feePercent: number;
  buyerPaysFreight: boolean;
  restocked: boolean | null;
  feeCents: number | null;
  refundCents: number | null;
  authorisedAt: string;
  receivedAt: string | null;
  by: ActorView;
  lines: { lineId: number; quantity: number; opened: boolean }[];
}

/** One order with everything the back office shows of it. */
export interface OrderDetail {
  id: number;
  createdAt: string;
  email: string;
  customerId: number | null;
  status: string;
  state: string;
  paymentStatus: string;
  fulfilmentStatus: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  discountCodes: string[];
  shippingAddress: OrderAddressLike | null;
  capturedCents: number;
  refundedCents: number;
  refundableCents: number;
  lines: LineView[];
  payments: OrderPaymentRecord[];
  fulfilments: FulfilmentView[];
  refunds: RefundView[];
  returns: ReturnView[];
  notes: { id: number; body: string; createdAt: string; by: ActorView }[];
  timeline: TimelineEntry[];
}

/** One order of the list. */
export interface OrderListItem {
  id: number;
  createdAt: string;
  email: string;
  name: string;
  units: number;
  totalCents: number;
  currency: string;
  status: string;
  state: string;
  paymentStatus: string;
  fulfilmentStatus: string;
}

/** The list's filters as the route passes them. */
export interface OrderListQuery {
  status?: string;
  payment?: string;
  fulfilment?: string;
  from?: string;
  to?: string;
  q?: string;
  /** The `nextBefore` of the previous page. */
  before?: string;
  limit: number;
}

/**
 * The list's keyset cursor: the last order's time of placing and id ('2026-03-04T10:00:00.000Z_812').
 * @example
 * listCursor('2026-03-04T10:00:00.000Z', 812); // '2026-03-04T10:00:00.000Z_812'
 */
export function listCursor(createdAt: string, id: number): string {
  return `${createdAt}_${id}`;
}

/** A cursor read back (the schema checked its shape). */
function parseCursor(cursor: string): { createdAt: string; id: number } {
  const cut = cursor.lastIndexOf('_');
  const id = Number(cursor.slice(cut + 1));
  if (cut < 1 || !Number.isSafeInteger(id)) throw new HttpError(400, 'Not a page of this list: send the nextBefore of the previous page.');
  return { createdAt: cursor.slice(0, cut), id };
}

/** What a fulfilment needs. */
export interface FulfilInput {
  carrier: Carrier;
  carrierName?: string;
  trackingNumber: string;
  trackingUrl?: string;
  lines?: LineQuantity[];
  notify?: boolean;
}

/** What a refund needs. */
export interface RefundInput {
  lines?: LineQuantity[];
  amountCents?: number;
  reason?: string;
}

/** What a return needs. */
export interface ReturnInput {
  lines: ReturnLineRequest[];
  reason: string;
  restockingFeePercent?: number;
  notify?: boolean;
}

/** Everything read of an order for an operation or a view. */
interface Loaded {
  order: repo.OrderRow;
  lines: repo.LineRow[];
  payment: OrderPaymentRecord | undefined;
  payments: OrderPaymentRecord[];
  refunds: repo.RefundRow[];
  returns: repo.ReturnRow[];
  returnLines: { return_id: number; order_line_id: number; quantity: number; opened: number }[];
  state: OrderState;
}

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

const isShipClass = (v: string | null): v is ShipClass => v === 'parcel' || v === 'oversize' || v === 'freight' || v === 'hazmat-ground';

function notReturnableOnceOpened(row: repo.LineRow): boolean {
  const notices = parseJson<{ kind?: unknown }[]>(row.notices_json);
  return Array.isArray(notices) && notices.some((n) => n?.kind === 'not-returnable-once-opened');
}

function lineState(row: repo.LineRow): OrderLineState {
  return {
    id: row.id, title: row.title, sku: row.sku, ordered: row.quantity, unitCents: row.unit_price_cents,
    fulfilled: row.fulfilled_quantity, returning: row.returning_quantity, returned: row.returned_quantity,
    refundedUnits: row.refunded_quantity, restocked: row.restocked_quantity, levelId: row.inventory_level_id,
    rules: { shipClass: isShipClass(row.ship_class) ? row.ship_class : 'parcel', notReturnableOnceOpened: notReturnableOnceOpened(row), liquid: soldByVolume(row.variant_title) },
  };
}

/**
 * The payment's state: authorised, captured and voided from the payment's records; refunded is
 * every refund there but the failed ones, plus our own pending refunds the payments module has
 * not recorded yet (counted twice, for a moment, rather than not at all).
 */
function paymentState(record: OrderPaymentRecord | undefined, refunds: readonly repo.RefundRow[]): OrderState['payment'] {
  if (!record) return null;
  const theirs = record.refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amountCents, 0);
  const ours = refunds.filter((r) => r.status === 'pending' && r.payment_refund_id === null).reduce((n, r) => n + r.amount_cents, 0);
  return { authorisedCents: record.amountCents, capturedCents: record.capturedCents, refundedCents: theirs + ours, voided: record.status === 'canceled' };
}

/** Units named by line, as a mail lists them. */
function mailItems(lines: readonly repo.LineRow[], units: readonly { lineId: number; quantity: number }[]): MailItem[] {
  return units.map((u) => ({ title: lines.find((l) => l.id === u.lineId)?.title ?? `Line ${u.lineId}`, quantity: u.quantity }));
}

const money = (cents: number): string => formatPrice(fromCents(cents));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The service.
 * @example
 * const orders = new OrdersAdminService({ db, payments: () => app.payments, outbox: () => app.accounts.outbox, reindex, publicUrl: () => app.accounts.publicUrl });
 * await orders.fulfil(who, 12, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' }, 'click-1');
 */
export class OrdersAdminService {
  private storeNameCache: { name: string; at: number } | null = null;

  constructor(readonly deps: OrdersAdminDeps) {}

  private iso(): string {
    return new Date((this.deps.now ?? Date.now)()).toISOString();
  }

  /** An order's rows and its domain state; `withReturns` false skips the returns (an operation that does not read them: a fulfilment). */
  private async load(db: Db, orderId: number, lock: boolean, withReturns = true): Promise<Loaded> {
    const order = lock ? await repo.lockOrder(db, orderId) : await repo.orderById(db, orderId);
    if (!order) throw new HttpError(404, ORDER_ADMIN_ERRORS.notFound);
    const lines = await repo.linesOf(db, orderId);
    const payments = await orderPaymentRecords(db, orderId);
    const payment = payments[0];
    const refunds = await repo.refundsOf(db, orderId);
    const returns = withReturns ? await repo.returnsOf(db, orderId) : [];
    const returnLines = returns.length > 0 ? await repo.returnLinesOf(db, orderId) : [];
    const state: OrderState = {
      cancelled: order.state === 'cancelled',
      lines: lines.map(lineState),
      payment: paymentState(payment, refunds),
      returns: returns.map((r) => ({
        id: r.id, status: r.status, feePercent: r.restocking_fee_percent, buyerPaysFreight: r.buyer_pays_freight === 1,
        lines: returnLines.filter((l) => l.return_id === r.id).map((l) => ({ lineId: l.order_line_id, quantity: l.quantity })),
      })),
    };
    return { order, lines, payment, payments, refunds, returns, returnLines, state };
  }

  /**
   * Writes an order's statuses (inside `tx`) from `state`, the state the operation's writes left
   * (the domain's answer), or re-read when not given (after a payment call); answers the state.
   */
  private async syncStatuses(tx: Db, orderId: number, state?: OrderState): Promise<OrderState> {
    const now = state ?? (await this.load(tx, orderId, false)).state;
    const s = orderStatuses(now);
    await repo.setOrderStatuses(tx, orderId, { state: s.status, payment: s.payment, fulfilment: s.fulfilment, word: shopperStatusWord(s) });
    return now;
  }

  /** After a payment call (capture, void): the order's statuses re-read from the payment's records and written, audited. */
  private async paymentSynced(who: AuditWho, orderId: number, action: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const { order, state } = await this.load(tx, orderId, true, false);
      const before = { status: order.state, payment: order.payment_status, fulfilment: order.fulfilment_status };
      await this.syncStatuses(tx, orderId, state);
      await audit(tx, who, action, { type: 'order', id: orderId }, before, this.summary(state));
    });
  }

  /** The audit's picture of an order: statuses, money and each line's counters. */
  private summary(state: OrderState): unknown {
    const s = orderStatuses(state);
    return {
      ...s,
      capturedCents: state.payment?.capturedCents ?? 0,
      refundedCents: state.payment?.refundedCents ?? 0,
      lines: state.lines.map((l) => ({ id: l.id, fulfilled: l.fulfilled, returning: l.returning, returned: l.returned, refunded: l.refundedUnits, restocked: l.restocked })),
      returns: state.returns.map((r) => ({ id: r.id, status: r.status })),
    };
  }

  private async mailContext(order: repo.OrderRow, storeName: string): Promise<MailContext> {
    return { orderId: order.id, email: order.email, storeName, orderUrl: `${this.deps.publicUrl()}/account/orders/${order.id}` };
  }

  /** The store's name for the mails, read at most every {@link STORE_NAME_TTL_MS} (a setting that rarely changes). */
  private async storeName(): Promise<string> {
    const now = (this.deps.now ?? Date.now)();
    if (this.storeNameCache && now - this.storeNameCache.at < STORE_NAME_TTL_MS) return this.storeNameCache.name;
    const name = await storeNameOf(this.deps.db);
    this.storeNameCache = { name, at: now };
    return name;
  }

  private kick(): void {
    void this.deps.outbox()?.flush().catch(() => undefined);
  }

  private payments(): PaymentsService | null {
    return this.deps.payments();
  }

  /** One order with its lines, payments, fulfilments, refunds, returns, notes and timeline, or 404. */
  async detail(orderId: number, db: Db = this.deps.db): Promise<OrderDetail> {
    // outside a transaction, a shopper's request waiting meanwhile goes first between the reads (admin/turn.ts)
    const turn = async () => {
      if (db === this.deps.db) await storeTurn(db);
    };
    await turn();
    const loaded = await this.load(db, orderId, false);
    await turn();
    const { order, lines, payments, refunds, returns, returnLines, state } = loaded;
    const fulfilments = await repo.fulfilmentsOf(db, orderId);
    const fulfilmentLines = await repo.fulfilmentLinesOf(db, orderId);
    const refundLines = await repo.refundLinesOf(db, orderId);
    const notes = await repo.notesOf(db, orderId);
    const operatorIds = [...fulfilments, ...refunds, ...returns, ...notes].filter((r) => r.actor_kind === 'operator' && r.actor_id !== null).map((r) => r.actor_id!);
    const names = await repo.operatorNames(db, [...new Set(operatorIds)]);
    const by = (r: { actor_kind: string; actor_id: number | null }): ActorView => ({
      kind: r.actor_kind, id: r.actor_id, name: r.actor_kind === 'operator' && r.actor_id !== null ? (names.get(r.actor_id) ?? null) : null,
    });
    const theirRefunds = new Map(payments.flatMap((p) => p.refunds).map((r) => [r.id, r]));
    const statuses = orderStatuses(state);
    const titleOf = (lineId: number) => lines.find((l) => l.id === lineId)?.title ?? `line ${lineId}`;
    const fulfilmentViews: FulfilmentView[] = fulfilments.map((f) => ({
      id: f.id, carrier: f.carrier, carrierName: f.carrier_name, trackingNumber: f.tracking_number, trackingUrl: f.tracking_url, shippedAt: f.shipped_at, by: by(f),
      lines: fulfilmentLines.filter((l) => l.fulfilment_id === f.id).map((l) => ({ lineId: l.order_line_id, quantity: l.quantity })),
    }));
    const refundViews: RefundView[] = refunds.map((r) => ({
      id: r.id, kind: r.kind, returnId: r.return_id, amountCents: r.amount_cents, reason: r.reason,
      // once the payments module recorded it, its status is the provider's (a webhook may settle it later)
      status: (r.payment_refund_id !== null ? theirRefunds.get(r.payment_refund_id)?.status : undefined) ?? r.status,
      providerRefundId: r.provider_refund_id, failure: r.failure, createdAt: r.created_at, by: by(r),
      lines: refundLines.filter((l) => l.refund_id === r.id).map((l) => ({ lineId: l.order_line_id, quantity: l.quantity, amountCents: l.amount_cents })),
    }));
    const returnViews: ReturnView[] = returns.map((r) => ({
      id: r.id, status: r.status, reason: r.reason, feePercent: r.restocking_fee_percent, buyerPaysFreight: r.buyer_pays_freight === 1,
      restocked: r.restocked === null ? null : r.restocked === 1, feeCents: r.fee_cents, refundCents: r.refund_cents,
      authorisedAt: r.authorised_at, receivedAt: r.received_at, by: by(r),
      lines: returnLines.filter((l) => l.return_id === r.id).map((l) => ({ lineId: l.order_line_id, quantity: l.quantity, opened: l.opened === 1 })),
    }));
    const timeline: TimelineEntry[] = [{ at: order.created_at, kind: 'placed', text: `Order placed: ${plural(lines.reduce((n, l) => n + l.quantity, 0), 'item')}, ${money(order.total_cents)}`, by: null }];
    const payment = payments[0];
    if (!payment) {
      timeline.push({ at: order.created_at, kind: 'paid', text: `Paid ${money(order.total_cents)} (${order.payment_brand} ${order.payment_last4})`.trim(), by: null });
    } else {
      const card = payment.cardBrand ? ` (${payment.cardBrand}${payment.cardLast4 ? ` ending in ${payment.cardLast4}` : ''})` : '';
      if (payment.captureMethod === 'manual') timeline.push({ at: payment.createdAt, kind: 'authorised', text: `Payment of ${money(payment.amountCents)} authorised${card}`, by: null });
      for (const c of payment.captures) timeline.push({ at: c.createdAt, kind: 'paid', text: `Paid ${money(c.amountCents)}${card} through ${payment.provider}`, by: null });
      if (payment.status === 'canceled') timeline.push({ at: order.cancelled_at ?? order.created_at, kind: 'cancelled', text: 'Payment voided: nothing was taken', by: null });
      const ours = new Set(refunds.map((r) => r.payment_refund_id).filter((id) => id !== null));
      // refunds made elsewhere (the provider's dashboard, a payment given back at checkout)
      for (const r of payment.refunds.filter((x) => !ours.has(x.id))) {
        timeline.push({ at: r.createdAt, kind: r.status === 'failed' ? 'refund-failed' : 'refunded', text: `Refunded ${money(r.amountCents)} at the provider${r.reason ? `: ${r.reason}` : ''}`, by: null });
      }
    }
    for (const f of fulfilmentViews) {
      const items = f.lines.map((l) => `${titleOf(l.lineId)} × ${l.quantity}`).join(', ');
      timeline.push({ at: f.shippedAt, kind: 'fulfilled', text: `Shipped by ${f.carrierName}, tracking ${f.trackingNumber}: ${items}`, by: f.by });
    }
    for (const r of refundViews) {
      const kind = r.status === 'failed' ? 'refund-failed' : r.status === 'pending' ? 'refund-pending' : 'refunded';
      const what = r.kind === 'cancel' ? ' (order cancelled)' : r.kind === 'return' ? ` (return #${r.returnId})` : '';
      const state = r.status === 'failed' ? `Refund of ${money(r.amountCents)} failed${r.failure ? `: ${r.failure}` : ''}` : r.status === 'pending' ? `Refund of ${money(r.amountCents)} pending` : `Refunded ${money(r.amountCents)}`;
      timeline.push({ at: r.createdAt, kind, text: `${state}${what}${r.reason ? ` · ${r.reason}` : ''}`, by: r.by });
    }
    for (const r of returnViews) {
      const items = r.lines.map((l) => `${titleOf(l.lineId)} × ${l.quantity}`).join(', ');
      timeline.push({ at: r.authorisedAt, kind: 'return-authorised', text: `Return #${r.id} authorised: ${items} · ${r.reason}${r.feePercent > 0 ? ` · ${r.feePercent}% restocking fee` : ''}${r.buyerPaysFreight ? ' · freight back at the buyer\'s cost' : ''}`, by: r.by });
      if (r.receivedAt !== null) {
        timeline.push({
          at: r.receivedAt, kind: 'return-received',
          text: `Return #${r.id} received, ${r.restocked ? 'back in stock' : 'not restocked'}${r.refundCents ? ` · ${money(r.refundCents)} to refund` : ''}${r.feeCents ? ` · fee ${money(r.feeCents)}` : ''}`,
          by: r.by,
        });
      }
    }
    if (order.cancelled_at !== null) timeline.push({ at: order.cancelled_at, kind: 'cancelled', text: `Cancelled: ${order.cancel_reason ?? ''}`.trim(), by: null });
    for (const n of notes) timeline.push({ at: n.created_at, kind: 'note', text: n.body, by: by(n) });
    timeline.sort(timelineOrder);
    return {
      id: order.id, createdAt: order.created_at, email: order.email, customerId: order.customer_id,
      status: shopperStatusWord(statuses), state: statuses.status, paymentStatus: statuses.payment, fulfilmentStatus: statuses.fulfilment,
      cancelledAt: order.cancelled_at, cancelReason: order.cancel_reason, currency: order.currency_code,
      subtotalCents: order.subtotal_cents, discountCents: order.discount_cents, shippingCents: order.shipping_cents, taxCents: order.tax_cents ?? 0, totalCents: order.total_cents,
      discountCodes: order.discount_codes === '' ? [] : order.discount_codes.split(','),
      shippingAddress: parseJson<OrderAddressLike>(order.shipping_address_json),
      capturedCents: state.payment?.capturedCents ?? 0, refundedCents: state.payment?.refundedCents ?? 0, refundableCents: refundableCents(state),
      lines: lines.map((l): LineView => {
        const s = lineState(l);
        return {
          id: l.id, productId: l.product_id, inventoryLevelId: l.inventory_level_id, title: l.title, variantTitle: l.variant_title, sku: l.sku,
          productHandle: l.product_handle, imageUrl: l.image_url, quantity: l.quantity, unitCents: l.unit_price_cents, fulfilled: s.fulfilled, returning: s.returning,
          returned: s.returned, refunded: s.refundedUnits, restocked: s.restocked, shipClass: s.rules.shipClass, notReturnableOnceOpened: s.rules.notReturnableOnceOpened,
          location: l.location, bin: l.bin_location,
        };
      }),
      payments,
      fulfilments: fulfilmentViews,
      refunds: refundViews,
      returns: returnViews,
      notes: notes.map((n) => ({ id: n.id, body: n.body, createdAt: n.created_at, by: by(n) })),
      timeline,
    };
  }

  /** A page of the list, newest first; `nextBefore` continues it. */
  async list(q: OrderListQuery): Promise<{ orders: OrderListItem[]; nextBefore: string | null }> {
    const day = (v: string | undefined, end: boolean): string | undefined => {
      if (v === undefined) return undefined;
      const date = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00.000Z`) : new Date(v);
      if (Number.isNaN(date.getTime())) throw new HttpError(400, `Not a date: ${v}`);
      // 'to' as a date means before the end of that day
      if (end && /^\d{4}-\d{2}-\d{2}$/.test(v)) date.setUTCDate(date.getUTCDate() + 1);
      return date.toISOString();
    };
    const filter: repo.OrderListFilter = { limit: q.limit + 1 };
    if (q.status !== undefined) filter.state = q.status;
    if (q.payment !== undefined) filter.payment = q.payment;
    if (q.fulfilment !== undefined) filter.fulfilment = q.fulfilment;
    const from = day(q.from, false);
    const to = day(q.to, true);
    if (from !== undefined) filter.from = from;
    if (to !== undefined) filter.to = to;
    if (q.q !== undefined && q.q.trim() !== '') filter.text = q.q.trim().toLowerCase();
    if (q.before !== undefined) filter.before = parseCursor(q.before);
    await storeTurn(this.deps.db);
    const rows = await repo.listOrders(this.deps.db, filter);
    await storeTurn(this.deps.db);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      orders: page.map((r) => {
        const a = parseJson<Partial<OrderAddressLike>>(r.shipping_address_json);
        return {
          id: r.id, createdAt: r.created_at, email: r.email, name: [a?.firstName, a?.lastName].filter((x) => typeof x === 'string' && x !== '').join(' '),
          units: Number(r.units ?? 0), totalCents: r.total_cents, currency: r.currency_code, status: r.status, state: r.state,
          paymentStatus: r.payment_status, fulfilmentStatus: r.fulfilment_status,
        };
      }),
      nextBefore: rows.length > q.limit && last ? listCursor(last.created_at, last.id) : null,
    };
  }

  /**
   * Ships some or all lines with a carrier and tracking number; the shopper gets the shipped mail
   * (unless `notify` is false). The same request key answers the fulfilment it made. A payment
   * only authorised is captured afterwards.
   */
  async fulfil(who: AuditWho, orderId: number, input: FulfilInput, key: string): Promise<{ fulfilmentId: number; replayed: boolean; warnings: string[] }> {
    const trackingNumber = normalTrackingNumber(input.trackingNumber);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);
    if (input.carrier === 'other' && !input.carrierName?.trim()) throw new HttpError(400, ORDER_ADMIN_ERRORS.carrierName);
    if (input.trackingUrl !== undefined) {
      if (input.carrier !== 'other') throw new HttpError(400, ORDER_ADMIN_ERRORS.trackingUrlOnlyOther);
      const urlProblem = trackingUrlProblem(input.trackingUrl);
      if (urlProblem) throw new HttpError(400, urlProblem);
    }
    const storeName = await this.storeName();
    const outbox = this.deps.outbox();
    await storeTurn(this.deps.db);
    const done = await this.deps.db.transaction(async (tx) => {
      const earlier = await repo.fulfilmentByKey(tx, orderId, key);
      if (earlier) return { fulfilmentId: earlier.id, replayed: true, capture: false };
      const { order, lines, state } = await this.load(tx, orderId, true, false);
      const outcome = fulfil(state, input.lines);
      if (!outcome.ok) throw new HttpError(409, outcome.refusal.message);
      const at = this.iso();
      const name = carrierName(input.carrier, input.carrierName);
      const url = trackingLink(input.carrier, trackingNumber, input.trackingUrl);
      const id = await repo.insertFulfilment(tx, {
        orderId, carrier: input.carrier, carrierName: name, trackingNumber, trackingUrl: url, shippedAt: at, actor: { kind: who.actor.kind, id: who.actor.id }, key, at,
      });
      for (const s of outcome.value.shipped) {
        await repo.insertFulfilmentLine(tx, id, s.lineId, s.quantity);
        if (!(await repo.addFulfilled(tx, orderId, s.lineId, s.quantity))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      }
      const after = await this.syncStatuses(tx, orderId, outcome.value.state);
      await audit(tx, who, 'order.fulfil', { type: 'order', id: orderId }, this.summary(state), {
        ...(this.summary(after) as object), shipment: { id, carrier: input.carrier, carrierName: name, trackingNumber, trackingUrl: url, lines: outcome.value.shipped },
      });
      if (outbox && input.notify !== false) {
        const rest = after.lines.reduce((n, l) => n + l.ordered - l.fulfilled, 0);
        await outbox.in(tx).enqueue(ORDER_MAIL_KINDS.shipped, shippedMail(await this.mailContext(order, storeName), { carrierName: name, trackingNumber, trackingUrl: url }, mailItems(lines, outcome.value.shipped), rest));
      }
      return { fulfilmentId: id, replayed: false, capture: outcome.value.capture };
    });
    const warnings: string[] = [];
    if (done.capture) {
      const payments = this.payments();
      try {
        await payments?.capture(orderId);
      } catch (err) {
        warnings.push(`The payment could not be captured: ${(err as Error).message}`);
      }
      await this.paymentSynced(who, orderId, 'order.capture');
    }
    if (!done.replayed) this.kick();
    return { fulfilmentId: done.fulfilmentId, replayed: done.replayed, warnings };
  }

  /**
   * Cancels an order with nothing shipped: every unit back to stock (announced to the storefront),
   * the payment voided or refunded. A cancelled order whose void did not go through is voided again.
   */
  async cancel(who: AuditWho, orderId: number, reason: string): Promise<{ warnings: string[] }> {
    const why = reason.trim();
    if (why === '') throw new HttpError(400, 'Say why the order is cancelled.');
    const done = await this.deps.db.transaction(async (tx) => {
      const { state, payment } = await this.load(tx, orderId, true);
      if (state.cancelled && payment?.status === 'authorised') return { retryVoid: true, refund: null, change: null };
      const outcome = cancel(state);
      if (!outcome.ok) throw new HttpError(409, outcome.refusal.message);
      const at = this.iso();
      if (!(await repo.markCancelled(tx, orderId, at, why))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      const products: number[] = [];
      for (const r of outcome.value.restock) {
        if (!(await repo.addRestocked(tx, orderId, r.lineId, r.quantity))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
        const product = await repo.restockLevel(tx, r.levelId, r.quantity);
        if (product !== null) products.push(product);
      }
      // the order never happened: its codes' uses (and once per customer or IP) are free again
      const discounts = await releaseDiscounts(tx, orderId);
      const pay = outcome.value.payment;
      const refundRow = pay.kind === 'refund'
        ? await repo.insertRefund(tx, { orderId, kind: 'cancel', returnId: null, amountCents: pay.amountCents, reason: why, actor: { kind: who.actor.kind, id: who.actor.id }, key: `cancel:${orderId}`, at })
        : null;
      const after = await this.syncStatuses(tx, orderId);
      await audit(tx, who, 'order.cancel', { type: 'order', id: orderId }, this.summary(state), { ...(this.summary(after) as object), reason: why, restock: outcome.value.restock, payment: pay, discountsReleased: discounts });
      const change = products.length > 0 ? await recordCatalogueChange(tx, products) : null;
      return { retryVoid: pay.kind === 'void', refund: refundRow, change };
    });
    if (done.change) await this.deps.reindex(done.change.ids, done.change.version);
    const warnings: string[] = [];
    if (done.retryVoid) {
      try {
        await this.payments()?.void(orderId);
      } catch (err) {
        warnings.push(`The payment could not be voided: ${(err as Error).message}`);
      }
      await this.paymentSynced(who, orderId, 'order.void');
    }
    if (done.refund) warnings.push(...(await this.sendRefundQuietly(who, done.refund)));
    return { warnings };
  }

  /**
   * Refunds lines or an amount through the order's payment provider, never more than was captured
   * less what was refunded (409 with the figures). The same request key answers its refund (and
   * finishes one whose provider call did not answer).
   */
  async refund(who: AuditWho, orderId: number, input: RefundInput, key: string): Promise<{ refundId: number; replayed: boolean }> {
    const reason = input.reason?.trim() || null;
    const made = await this.deps.db.transaction(async (tx) => {
      const earlier = await repo.refundByKey(tx, orderId, key);
      if (earlier) return { row: earlier, replayed: true };
      const { state } = await this.load(tx, orderId, true);
      const request: { lines?: LineQuantity[]; amountCents?: number } = {};
      if (input.lines !== undefined) request.lines = input.lines;
      if (input.amountCents !== undefined) request.amountCents = input.amountCents;
      const outcome = refund(state, request);
      if (!outcome.ok) throw new HttpError(409, outcome.refusal.message);
      const row = await repo.insertRefund(tx, {
        orderId, kind: 'manual', returnId: null, amountCents: outcome.value.amountCents, reason, actor: { kind: who.actor.kind, id: who.actor.id }, key, at: this.iso(),
      });
      for (const l of outcome.value.lines) {
        await repo.insertRefundLine(tx, row.id, l.lineId, l.quantity, l.amountCents);
        if (!(await repo.addRefundedUnits(tx, orderId, l.lineId, l.quantity))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      }
      const after = await this.syncStatuses(tx, orderId, outcome.value.state);
      await audit(tx, who, 'order.refund', { type: 'order', id: orderId }, this.summary(state), {
        ...(this.summary(after) as object), refund: { id: row.id, amountCents: row.amount_cents, lines: outcome.value.lines, reason, status: 'pending' },
      });
      return { row, replayed: false };
    });
    if (made.row.status === 'pending') await this.sendRefund(who, made.row);
    else if (made.row.status === 'failed') throw new HttpError(409, ORDER_ADMIN_ERRORS.refundRefused(made.row.failure ?? 'refused'));
    return { refundId: made.row.id, replayed: made.replayed };
  }

  /**
   * Sends a pending refund through the payments module and writes what came of it: succeeded
   * (the shopper's mail), refused (failed, its units free again: 409), or no answer (pending: 503).
   */
  private async sendRefund(who: AuditWho, row: repo.RefundRow): Promise<void> {
    const payments = this.payments();
    let status: 'pending' | 'succeeded' | 'failed';
    let providerRefundId: string | null = null;
    let paymentRefundId: number | null = null;
    let failure: string | null = null;
    try {
      if (!payments) throw new HttpError(409, 'This store takes no payments through a provider.');
      const r = await payments.refund({ orderId: row.order_id, amountCents: row.amount_cents, requestKey: `order-refund:${row.id}`, ...(row.reason ? { reason: row.reason } : {}) });
      status = r.status;
      providerRefundId = r.providerRefundId;
      paymentRefundId = r.id;
      if (r.status === 'failed') failure = 'refused by the provider';
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw new RefundPendingError();
      status = 'failed';
      failure = err.message;
    }
    const storeName = await this.storeName();
    const outbox = this.deps.outbox();
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.settleRefund(tx, row.id, { status, providerRefundId, paymentRefundId, failure, at: this.iso() }))) return;
      await audit(tx, who, 'order.refund-settle', { type: 'order', id: row.order_id }, { refund: { id: row.id, status: 'pending' } }, { refund: { id: row.id, status, providerRefundId, failure } });
      const lines = await repo.refundLinesOf(tx, row.order_id);
      const own = lines.filter((l) => l.refund_id === row.id);
      if (status === 'failed') {
        // a refund that did not happen frees its units to be refunded again
        for (const l of own) await repo.addRefundedUnits(tx, row.order_id, l.order_line_id, -l.quantity);
      } else if (outbox) {
        const order = await repo.orderById(tx, row.order_id);
        const orderLines = await repo.linesOf(tx, row.order_id);
        if (order) {
          const kind = row.kind === 'cancel' || row.kind === 'return' ? row.kind : 'manual';
          await outbox.in(tx).enqueue(ORDER_MAIL_KINDS.refunded, refundedMail(await this.mailContext(order, storeName), { amountCents: row.amount_cents, reason: row.reason, kind }, mailItems(orderLines, own.map((l) => ({ lineId: l.order_line_id, quantity: l.quantity })))));
        }
      }
      await this.syncStatuses(tx, row.order_id);
    });
    this.kick();
    if (status === 'failed') throw new HttpError(409, ORDER_ADMIN_ERRORS.refundRefused(failure ?? 'refused'));
  }

  /** {@link sendRefund} after an operation that stands whatever the refund does: its failure is a warning. */
  private async sendRefundQuietly(who: AuditWho, row: repo.RefundRow): Promise<string[]> {
    try {
      await this.sendRefund(who, row);
      return [];
    } catch (err) {
      return [err instanceof RefundPendingError || err instanceof HttpError ? err.message : 'The refund could not be sent.'];
    }
  }

  /**
   * Authorises the return of shipped units with a reason, within the store's return rules; the
   * shopper gets the return's mail with its instructions. The same request key answers its return.
   */
  async authoriseReturn(who: AuditWho, orderId: number, input: ReturnInput, key: string): Promise<{ returnId: number; replayed: boolean }> {
    const reason = input.reason.trim();
    if (reason === '') throw new HttpError(400, 'Give the return a reason.');
    const storeName = await this.storeName();
    const outbox = this.deps.outbox();
    const done = await this.deps.db.transaction(async (tx) => {
      const earlier = await repo.returnByKey(tx, orderId, key);
      if (earlier) return { returnId: earlier.id, replayed: true };
      const { order, lines, state } = await this.load(tx, orderId, true);
      const outcome = authoriseReturn(state, { returnId: 0, lines: input.lines, feePercent: input.restockingFeePercent ?? 0 });
      if (!outcome.ok) throw new HttpError(409, outcome.refusal.message);
      const ret = outcome.value.return;
      const id = await repo.insertReturn(tx, {
        orderId, reason, feePercent: ret.feePercent, buyerPaysFreight: ret.buyerPaysFreight, actor: { kind: who.actor.kind, id: who.actor.id }, key, at: this.iso(),
      });
      for (const l of ret.lines) {
        const opened = input.lines.some((x) => x.lineId === l.lineId && x.opened === true);
        await repo.insertReturnLine(tx, id, l.lineId, l.quantity, opened);
        if (!(await repo.addReturning(tx, orderId, l.lineId, l.quantity))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      }
      const after = await this.syncStatuses(tx, orderId, outcome.value.state);
      await audit(tx, who, 'order.return', { type: 'order', id: orderId }, this.summary(state), {
        ...(this.summary(after) as object), return: { id, reason, feePercent: ret.feePercent, buyerPaysFreight: ret.buyerPaysFreight, lines: ret.lines },
      });
      if (outbox && input.notify !== false) {
        await outbox.in(tx).enqueue(ORDER_MAIL_KINDS.returnAuthorised, returnAuthorisedMail(await this.mailContext(order, storeName), { id, reason, feePercent: ret.feePercent, buyerPaysFreight: ret.buyerPaysFreight }, mailItems(lines, ret.lines)));
      }
      return { returnId: id, replayed: false };
    });
    if (!done.replayed) this.kick();
    return done;
  }

  /**
   * Receives an authorised return: its units are back, restocked or not, and refunded at their
   * price less the return's restocking fee (unless `refund` is false).
   */
  async receiveReturn(who: AuditWho, orderId: number, returnId: number, input: { restock: boolean; refund?: boolean }): Promise<{ warnings: string[] }> {
    const done = await this.deps.db.transaction(async (tx) => {
      const { state, returns } = await this.load(tx, orderId, true);
      if (!returns.some((r) => r.id === returnId)) throw new HttpError(404, ORDER_ADMIN_ERRORS.returnNotFound);
      const outcome = receiveReturn(state, { returnId, restock: input.restock });
      if (!outcome.ok) throw new HttpError(409, outcome.refusal.message);
      const v = outcome.value;
      const refunding = input.refund !== false && v.refundCents > 0;
      const at = this.iso();
      if (!(await repo.markReceived(tx, returnId, { restocked: input.restock, feeCents: refunding ? v.feeCents : 0, refundCents: refunding ? v.refundCents : 0, at }))) {
        throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      }
      const ret = state.returns.find((r) => r.id === returnId)!;
      const products: number[] = [];
      for (const l of ret.lines) {
        const put = v.restock.find((r) => r.lineId === l.lineId)?.quantity ?? 0;
        if (!(await repo.markReturned(tx, orderId, l.lineId, l.quantity, put))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
      }
      for (const r of v.restock) {
        const product = await repo.restockLevel(tx, r.levelId, r.quantity);
        if (product !== null) products.push(product);
      }
      let refundRow: repo.RefundRow | null = null;
      if (refunding) {
        refundRow = await repo.insertRefund(tx, {
          orderId, kind: 'return', returnId, amountCents: v.refundCents, reason: `Return #${returnId}${v.feeCents > 0 ? `, less a ${money(v.feeCents)} restocking fee` : ''}`,
          actor: { kind: who.actor.kind, id: who.actor.id }, key: `return:${returnId}`, at,
        });
        for (const l of v.refundLines) {
          await repo.insertRefundLine(tx, refundRow.id, l.lineId, l.quantity, l.amountCents);
          if (!(await repo.addRefundedUnits(tx, orderId, l.lineId, l.quantity))) throw new HttpError(409, ORDER_ADMIN_ERRORS.changed);
        }
      }
      const after = await this.syncStatuses(tx, orderId);
      await audit(tx, who, 'order.return-receive', { type: 'order', id: orderId }, this.summary(state), {
        ...(this.summary(after) as object), return: { id: returnId, restock: v.restock, feeCents: refunding ? v.feeCents : 0, refundCents: refunding ? v.refundCents : 0 },
      });
      const change = products.length > 0 ? await recordCatalogueChange(tx, products) : null;
      return { refundRow, change };
    });
    if (done.change) await this.deps.reindex(done.change.ids, done.change.version);
    return { warnings: done.refundRow ? await this.sendRefundQuietly(who, done.refundRow) : [] };
  }

  /** Adds an operator's note to the order's timeline. */
  async addNote(who: AuditWho, orderId: number, body: string): Promise<number> {
    const text = body.trim();
    if (text === '') throw new HttpError(400, ORDER_ADMIN_ERRORS.noteEmpty);
    return await this.deps.db.transaction(async (tx) => {
      if (!(await repo.lockOrder(tx, orderId))) throw new HttpError(404, ORDER_ADMIN_ERRORS.notFound);
      const id = await repo.insertNote(tx, { orderId, body: text, actor: { kind: who.actor.kind, id: who.actor.id }, at: this.iso() });
      await audit(tx, who, 'order.note', { type: 'order', id: orderId }, null, { note: { id, body: text } });
      return id;
    });
  }

  /** What the packing slip shows of an order. */
  async packingSlip(orderId: number): Promise<{ order: repo.OrderRow; slip: PackingSlip; storeName: string; placedText: string; shipTo: OrderAddressLike | null }> {
    const order = await repo.orderById(this.deps.db, orderId);
    if (!order) throw new HttpError(404, ORDER_ADMIN_ERRORS.notFound);
    const lines = await repo.linesOf(this.deps.db, orderId);
    const slip = packingSlip(lines.map((l) => {
      const s = lineState(l);
      return {
        id: l.id, title: l.title, sku: l.sku, variantTitle: l.variant_title, ordered: l.quantity, fulfilled: l.fulfilled_quantity, location: l.location, bin: l.bin_location,
        shipClass: s.rules.shipClass, notReturnableOnceOpened: s.rules.notReturnableOnceOpened,
      };
    }));
    return { order, slip, storeName: await this.storeName(), placedText: orderDateText(order.created_at), shipTo: parseJson<OrderAddressLike>(order.shipping_address_json) };
  }
}

/** A shipment as the shopper's order page shows it. */
export interface OrderShipment {
  id: number;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
  lines: { lineId: number; title: string; quantity: number }[];
}

/**
 * The shipments of an order as the shopper's order page shows them: the carrier, the tracking
 * number and its link, when it left, and what was in it (an order not shipped yet: none).
 * @example
 * (await orderShipments(db, 42))[0]?.trackingUrl; // 'https://www.ups.com/track?tracknum=1Z...'
 */
export async function orderShipments(db: Db, orderId: number): Promise<OrderShipment[]> {
  const fulfilments = await repo.fulfilmentsOf(db, orderId);
  if (fulfilments.length === 0) return [];
  const lines = await repo.fulfilmentLinesOf(db, orderId);
  const orderLines = await repo.linesOf(db, orderId);
  return fulfilments.map((f) => ({
    id: f.id, carrierName: f.carrier_name, trackingNumber: f.tracking_number, trackingUrl: f.tracking_url, shippedAt: f.shipped_at,
    lines: lines.filter((l) => l.fulfilment_id === f.id).map((l) => ({ lineId: l.order_line_id, title: orderLines.find((o) => o.id === l.order_line_id)?.title ?? '', quantity: l.quantity })),
  }));
}

/** A request's idempotency key, or a new one (an operator's click that sends none acts once). */
export function requestKey(header: unknown): string {
  return typeof header === 'string' && header !== '' ? header : randomUUID();
}
