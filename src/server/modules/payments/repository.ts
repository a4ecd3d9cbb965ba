/**
 * All of the payments module's SQL: payment attempts, their capture and refunds, the webhook
 * events applied, and the reads of reconciliation. The same statements on SQLite and PostgreSQL.
 * Functions that must see or lock rows inside a transaction take the transaction's handle.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { CaptureMethod, ProviderName, ProviderPaymentStatus } from './provider.ts';

/** A payments row. */
export interface PaymentRow {
  id: number;
  checkoutId: string;
  attempt: number;
  orderId: number | null;
  provider: ProviderName;
  providerPaymentId: string | null;
  status: ProviderPaymentStatus;
  captureMethod: CaptureMethod;
  amountCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
  confirmTries: number;
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A payment_refunds row. */
export interface RefundRow {
  id: number;
  paymentId: number;
  requestKey: string | null;
  providerRefundId: string | null;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A payment_captures row. */
export interface CaptureRow {
  id: number;
  paymentId: number;
  providerCaptureId: string | null;
  amountCents: number;
  createdAt: string;
}

const PAYMENT_COLUMNS = `id, checkout_id AS checkoutId, attempt, order_id AS orderId, provider, provider_payment_id AS providerPaymentId, status,
  capture_method AS captureMethod, amount_cents AS amountCents, currency, card_brand AS cardBrand, card_last4 AS cardLast4,
  confirm_tries AS confirmTries, failure_message AS failureMessage, created_at AS createdAt, updated_at AS updatedAt`;
const REFUND_COLUMNS = `id, payment_id AS paymentId, request_key AS requestKey, provider_refund_id AS providerRefundId, amount_cents AS amountCents,
  status, reason, created_at AS createdAt, updated_at AS updatedAt`;

/**
 * Writes the next attempt of a checkout (attempt = the last one + 1) and answers it. Two writers
 * at once: the unique (checkout_id, attempt) lets one win; the other's transaction fails.
 */
export async function insertAttempt(
  db: Db,
  input: { checkoutId: string; provider: ProviderName; captureMethod: CaptureMethod; amountCents: number; currency: string; at: string },
): Promise<PaymentRow> {
  return await db.transaction(async (tx) => {
    const last = await tx.get<{ n: number | null }>('SELECT MAX(attempt) AS n FROM payments WHERE checkout_id = ?', [input.checkoutId]);
    const row = await tx.get<PaymentRow>(
      `INSERT INTO payments (checkout_id, attempt, provider, status, capture_method, amount_cents, currency, created_at, updated_at)
       VALUES (?, ?, ?, 'created', ?, ?, ?, ?, ?) RETURNING ${PAYMENT_COLUMNS}`,
      [input.checkoutId, (last?.n ?? 0) + 1, input.provider, input.captureMethod, input.amountCents, input.currency, input.at, input.at],
    );
    if (!row) throw new Error('payment insert returned no row');
    return row;
  });
}

/** The checkout's latest attempt, or undefined. */
export async function latestAttempt(db: Db, checkoutId: string): Promise<PaymentRow | undefined> {
  return await db.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE checkout_id = ? ORDER BY attempt DESC LIMIT 1`, [checkoutId]);
}

/** The checkout's attempt that an order recorded, or undefined. */
export async function paidAttempt(db: Db, checkoutId: string): Promise<PaymentRow | undefined> {
  return await db.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE checkout_id = ? AND order_id IS NOT NULL LIMIT 1`, [checkoutId]);
}

/** A payment by our id. */
export async function paymentById(db: Db, id: number): Promise<PaymentRow | undefined> {
  return await db.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?`, [id]);
}

/** A payment by our id, its row locked until the transaction ends (PostgreSQL; SQLite's write transactions are serial). */
export async function lockPayment(tx: Db, id: number): Promise<PaymentRow | undefined> {
  return await tx.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?${tx.dialect.forUpdate}`, [id]);
}

/** A payment by the provider's id. */
export async function paymentByProviderId(db: Db, provider: ProviderName, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return await db.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = ? AND provider_payment_id = ?`, [provider, providerPaymentId]);
}

/** The payment an order recorded, or undefined. */
export async function paymentOfOrder(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  return await db.get<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ? ORDER BY id LIMIT 1`, [orderId]);
}

/** Records the provider's id of an attempt (once: a later call with another id changes nothing). */
export async function setProviderPaymentId(db: Db, id: number, providerPaymentId: string, at: string): Promise<void> {
  await db.run('UPDATE payments SET provider_payment_id = ?, updated_at = ? WHERE id = ? AND provider_payment_id IS NULL', [providerPaymentId, at, id]);
}

/** Counts one more confirmation of an attempt (committed before it is sent) and answers the new count. */
export async function nextConfirmTry(db: Db, id: number, at: string): Promise<number> {
  const row = await db.get<{ n: number }>('UPDATE payments SET confirm_tries = confirm_tries + 1, updated_at = ? WHERE id = ? RETURNING confirm_tries AS n', [at, id]);
  if (!row) throw new Error(`payment ${id} vanished`);
  return row.n;
}

/**
 * Writes the state the provider reported; the card stays once known. A captured or voided payment
 * keeps its state: a copy read before the capture (a webhook that retrieved the payment just
 * before the operator captured it) cannot take it back to "authorised".
 */
export async function updatePaymentState(
  db: Db,
  id: number,
  state: { status: ProviderPaymentStatus; cardBrand: string | null; cardLast4: string | null; failureMessage: string | null; at: string },
): Promise<void> {
  await db.run(
    `UPDATE payments SET status = ?, card_brand = COALESCE(?, card_brand), card_last4 = COALESCE(?, card_last4), failure_message = ?, updated_at = ?
     WHERE id = ? AND (status NOT IN ('captured', 'canceled') OR status = ?)`,
    [state.status, state.cardBrand, state.cardLast4, state.failureMessage, state.at, id, state.status],
  );
}

/**
 * Closes an attempt whose payment the provider no longer has (the test provider's ledger after a
 * restart), whatever its state: the payment it describes does not exist. An attempt with an order
 * keeps its state.
 */
export async function closeVanishedAttempt(db: Db, id: number, message: string, at: string): Promise<void> {
  await db.run("UPDATE payments SET status = 'canceled', failure_message = ?, updated_at = ? WHERE id = ? AND order_id IS NULL", [message, at, id]);
}

/** Records the order that an attempt paid for; answers false when the attempt had one already. */
export async function attachOrder(db: Db, id: number, orderId: number, at: string): Promise<boolean> {
  return (await db.run('UPDATE payments SET order_id = ?, updated_at = ? WHERE id = ? AND order_id IS NULL', [orderId, at, id])).changes === 1;
}

/** Records a payment's capture, once (a second record of it changes nothing). */
export async function recordCapture(db: Db, paymentId: number, providerCaptureId: string | null, amountCents: number, at: string): Promise<void> {
  await db.run(
    `INSERT INTO payment_captures (payment_id, provider_capture_id, amount_cents, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (payment_id) DO NOTHING`,
    [paymentId, providerCaptureId, amountCents, at],
  );
}

/** A payment's capture, or undefined. */
export async function captureOf(db: Db, paymentId: number): Promise<CaptureRow | undefined> {
  return await db.get<CaptureRow>(
    'SELECT id, payment_id AS paymentId, provider_capture_id AS providerCaptureId, amount_cents AS amountCents, created_at AS createdAt FROM payment_captures WHERE payment_id = ?',
    [paymentId],
  );
}

/** A payment's refunds, oldest first. */
export async function refundsOf(db: Db, paymentId: number): Promise<RefundRow[]> {
  return await db.all<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_refunds WHERE payment_id = ? ORDER BY id`, [paymentId]);
}

/** A refund by our id. */
export async function refundById(db: Db, id: number): Promise<RefundRow | undefined> {
  return await db.get<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_refunds WHERE id = ?`, [id]);
}

/** The refund a caller's request key made, or undefined. */
export async function refundByRequest(db: Db, paymentId: number, requestKey: string): Promise<RefundRow | undefined> {
  return await db.get<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_refunds WHERE payment_id = ? AND request_key = ?`, [paymentId, requestKey]);
}

/** A refund by the provider's id, or undefined. */
export async function refundByProviderId(db: Db, providerRefundId: string): Promise<RefundRow | undefined> {
  return await db.get<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_refunds WHERE provider_refund_id = ?`, [providerRefundId]);
}

/** Cents refunded or being refunded (every refund but the failed ones). */
export async function refundedOrPendingCents(db: Db, paymentId: number): Promise<number> {
  const row = await db.get<{ n: number | null }>("SELECT SUM(amount_cents) AS n FROM payment_refunds WHERE payment_id = ? AND status <> 'failed'", [paymentId]);
  return Number(row?.n ?? 0);
}

/** Writes a refund row (pending, or as the provider reported one made elsewhere). */
export async function insertRefund(
  db: Db,
  input: { paymentId: number; requestKey: string | null; providerRefundId: string | null; amountCents: number; status: RefundRow['status']; reason: string | null; at: string },
): Promise<RefundRow> {
  const row = await db.get<RefundRow>(
    `INSERT INTO payment_refunds (payment_id, request_key, provider_refund_id, amount_cents, status, reason, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${REFUND_COLUMNS}`,
    [input.paymentId, input.requestKey, input.providerRefundId, input.amountCents, input.status, input.reason, input.at, input.at],
  );
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** Writes what the provider said of a refund. */
export async function updateRefund(db: Db, id: number, state: { status: RefundRow['status']; providerRefundId: string | null; at: string }): Promise<void> {
  await db.run(
    'UPDATE payment_refunds SET status = ?, provider_refund_id = COALESCE(provider_refund_id, ?), updated_at = ? WHERE id = ?',
    [state.status, state.providerRefundId, state.at, id],
  );
}

/** Whether a webhook event was applied already. */
export async function eventApplied(db: Db, provider: ProviderName, eventId: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM payment_events WHERE provider = ? AND event_id = ?', [provider, eventId])) !== undefined;
}

/** Records a webhook event as applied; answers false when it was recorded already. */
export async function recordEvent(db: Db, provider: ProviderName, eventId: string, type: string, at: string): Promise<boolean> {
  return (await db.run(
    'INSERT INTO payment_events (provider, event_id, type, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (provider, event_id) DO NOTHING',
    [provider, eventId, type, at],
  )).changes === 1;
}

/** Attempts of a provider created in [from, to) (ISO-8601 bounds). */
export async function paymentsCreatedBetween(db: Db, provider: ProviderName, from: string, to: string): Promise<PaymentRow[]> {
  return await db.all<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = ? AND created_at >= ? AND created_at < ? ORDER BY id`, [provider, from, to]);
}

/** Every attempt that an order recorded, by the order ids asked for. */
export async function paymentsOfOrders(db: Db, orderIds: readonly number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return await db.all<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id IN (${orderIds.map(() => '?').join(', ')})`, orderIds);
}

/** An order as reconciliation sees it. */
export interface OrderTotalRow {
  id: number;
  checkoutId: string;
  totalCents: number;
  currency: string;
  createdAt: string;
}

/** Orders placed in [from, to) (ISO-8601 bounds): what each should have been paid. */
export async function ordersCreatedBetween(db: Db, from: string, to: string): Promise<OrderTotalRow[]> {
  return await db.all<OrderTotalRow>(
    `SELECT id, checkout_id AS checkoutId, total_cents AS totalCents, currency_code AS currency, created_at AS createdAt
     FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY id`,
    [from, to],
  );
}

/** Refunded cents per payment (succeeded refunds), for the payments asked for. */
export async function refundedCentsOf(db: Db, paymentIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (paymentIds.length === 0) return out;
  const rows = await db.all<{ paymentId: number; n: number }>(
    `SELECT payment_id AS paymentId, SUM(amount_cents) AS n FROM payment_refunds WHERE status = 'succeeded' AND payment_id IN (${paymentIds.map(() => '?').join(', ')}) GROUP BY payment_id`,
    paymentIds,
  );
  for (const r of rows) out.set(r.paymentId, Number(r.n));
  return out;
}

/** Captured cents per payment, for the payments asked for. */
export async function capturedCentsOf(db: Db, paymentIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (paymentIds.length === 0) return out;
  const rows = await db.all<{ paymentId: number; n: number }>(
    `SELECT payment_id AS paymentId, amount_cents AS n FROM payment_captures WHERE payment_id IN (${paymentIds.map(() => '?').join(', ')})`,
    paymentIds,
  );
  for (const r of rows) out.set(r.paymentId, Number(r.n));
  return out;
}

/** One payment of an order, with its capture and refunds, as the order page and the back office show them. */
export interface OrderPaymentRecord {
  /** Our payment row's id. */
  id: number;
  /** test | stripe */
  provider: ProviderName;
  /** The provider's payment id (Stripe: pi_...; test: tp_...). */
  providerPaymentId: string | null;
  status: ProviderPaymentStatus;
  captureMethod: CaptureMethod;
  /** The amount asked for (authorised), in cents. */
  amountCents: number;
  /** Lower case, as the provider writes it (usd). */
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: string;
  /** Captured so far (sum of `captures`). */
  capturedCents: number;
  /** Refunded so far (succeeded refunds only). */
  refundedCents: number;
  captures: { id: number; providerCaptureId: string | null; amountCents: number; createdAt: string }[];
  refunds: { id: number; providerRefundId: string | null; amountCents: number; status: RefundRow['status']; reason: string | null; createdAt: string; updatedAt: string }[];
}

/**
 * The payment records of an order (the attempt the order recorded; an order placed before
 * payments went through a provider has none): the provider, its payment id, the amounts, each
 * capture and each refund with their ids and dates. Read-only; three statements.
 * @example
 * const [record] = await orderPaymentRecords(db, 42);
 * record?.refunds.map((r) => r.providerRefundId); // ['re_...']
 */
export async function orderPaymentRecords(db: Db, orderId: number): Promise<OrderPaymentRecord[]> {
  const payments = await db.all<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ? ORDER BY id`, [orderId]);
  if (payments.length === 0) return [];
  const ids = payments.map((p) => p.id);
  const marks = ids.map(() => '?').join(', ');
  const captures = await db.all<CaptureRow>(
    `SELECT id, payment_id AS paymentId, provider_capture_id AS providerCaptureId, amount_cents AS amountCents, created_at AS createdAt
     FROM payment_captures WHERE payment_id IN (${marks}) ORDER BY id`,
    ids,
  );
  const refunds = await db.all<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_refunds WHERE payment_id IN (${marks}) ORDER BY id`, ids);
  return payments.map((p) => {
    const own = captures.filter((c) => c.paymentId === p.id).map((c) => ({ id: c.id, providerCaptureId: c.providerCaptureId, amountCents: Number(c.amountCents), createdAt: c.createdAt }));
    const back = refunds.filter((r) => r.paymentId === p.id).map((r) => ({
      id: r.id, providerRefundId: r.providerRefundId, amountCents: Number(r.amountCents), status: r.status, reason: r.reason, createdAt: r.createdAt, updatedAt: r.updatedAt,
    }));
    return {
      id: p.id, provider: p.provider, providerPaymentId: p.providerPaymentId, status: p.status, captureMethod: p.captureMethod,
      amountCents: Number(p.amountCents), currency: p.currency, cardBrand: p.cardBrand, cardLast4: p.cardLast4, createdAt: p.createdAt,
      capturedCents: own.reduce((n, c) => n + c.amountCents, 0),
      refundedCents: back.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amountCents, 0),
      captures: own,
      refunds: back,
    };
  });
}

/** The shopper's customer at a provider (Stripe: cus_...), or undefined before their first saved card there. */
export async function providerCustomerOf(db: Db, customerRef: number, provider: ProviderName): Promise<string | undefined> {
  const row = await db.get<{ id: string | null }>('SELECT provider_customer_id AS id FROM payment_customers WHERE customer_id = ? AND provider = ?', [customerRef, provider]);
  return row?.id ?? undefined;
}

/**
 * Counts one more creation of the shopper's customer at a provider (committed before it is sent:
 * each try has its own idempotency key) and answers the try's number, or the customer when one
 * was recorded meanwhile.
 */
export async function nextCustomerTry(db: Db, customerRef: number, provider: ProviderName, at: string): Promise<{ attempt: number; providerCustomerId: string | null }> {
  await db.run(
    'INSERT INTO payment_customers (customer_id, provider, provider_customer_id, create_tries, created_at) VALUES (?, ?, NULL, 0, ?) ON CONFLICT (customer_id, provider) DO NOTHING',
    [customerRef, provider, at],
  );
  const row = await db.get<{ n: number; id: string | null }>(
    'UPDATE payment_customers SET create_tries = create_tries + 1 WHERE customer_id = ? AND provider = ? RETURNING create_tries AS n, provider_customer_id AS id',
    [customerRef, provider],
  );
  if (!row) throw new Error(`payment customer ${customerRef} vanished`);
  return { attempt: Number(row.n), providerCustomerId: row.id };
}

/**
 * Records the shopper's customer at a provider, once: a second record (two saves at once, each
 * of which created one) changes nothing. Answers the customer recorded.
 */
export async function recordProviderCustomer(db: Db, customerRef: number, provider: ProviderName, providerCustomerId: string): Promise<string> {
  await db.run(
    'UPDATE payment_customers SET provider_customer_id = ? WHERE customer_id = ? AND provider = ? AND provider_customer_id IS NULL',
    [providerCustomerId, customerRef, provider],
  );
  return (await providerCustomerOf(db, customerRef, provider)) ?? providerCustomerId;
}
