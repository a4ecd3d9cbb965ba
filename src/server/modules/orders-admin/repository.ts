/**
 * All SQL of the back office's orders (migration 027 and the orders of 004): the order row locked
 * for an operation, its lines with their counters and return facts, fulfilments, refunds,
 * returns and notes, the list with its filters and keyset paging, and stock put back. The same
 * statements on SQLite and PostgreSQL. Each counter change is conditional on its bound (a shipped
 * count never above the ordered one ...) and answers whether it applied: with the order's row
 * locked first, two operators' operations on one order run one after the other, and a counter
 * that would pass its bound is refused by the statement itself.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { storeTurn } from '../admin/index.ts';

/** An order row as the back office reads it. */
export interface OrderRow {
  id: number;
  checkout_id: string;
  customer_id: number | null;
  email: string;
  status: string;
  state: string;
  payment_status: string;
  fulfilment_status: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  currency_code: string;
  discount_codes: string;
  shipping_address_json: string;
  payment_brand: string;
  payment_last4: string;
  payment_token: string;
  payment_provider: string;
  created_at: string;
}

const ORDER_COLUMNS = `id, checkout_id, customer_id, email, status, state, payment_status, fulfilment_status, cancelled_at, cancel_reason,
  subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, currency_code, discount_codes, shipping_address_json,
  payment_brand, payment_last4, payment_token, payment_provider, created_at`;

/** An order by id. */
export async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return await db.get<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`, [id]);
}

/**
 * An order by id, its row locked until the transaction ends (PostgreSQL; SQLite's write
 * transactions are serial): every operation on one order starts here, so two run one after the other.
 */
export async function lockOrder(tx: Db, id: number): Promise<OrderRow | undefined> {
  return await tx.get<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?${tx.dialect.forUpdate}`, [id]);
}

/** An order line with its counters, its variant's ship facts and its level's place in the warehouse. */
export interface LineRow {
  id: number;
  product_id: number;
  inventory_level_id: number | null;
  title: string;
  sku: string | null;
  product_handle: string;
  image_url: string | null;
  quantity: number;
  unit_price_cents: number;
  fulfilled_quantity: number;
  returning_quantity: number;
  returned_quantity: number;
  refunded_quantity: number;
  restocked_quantity: number;
  variant_title: string | null;
  ship_class: string | null;
  notices_json: string | null;
  location: string | null;
  bin_location: string | null;
}

/** An order's lines, by id. */
export async function linesOf(db: Db, orderId: number): Promise<LineRow[]> {
  return await db.all<LineRow>(
    `SELECT ol.id, ol.product_id, ol.inventory_level_id, ol.title, ol.sku, ol.product_handle, ol.image_url, ol.quantity, ol.unit_price_cents,
       ol.fulfilled_quantity, ol.returning_quantity, ol.returned_quantity, ol.refunded_quantity, ol.restocked_quantity,
       v.title AS variant_title, v.ship_class, p.notices_json, l.location, l.bin_location
     FROM order_lines ol
     LEFT JOIN inventory_levels l ON l.id = ol.inventory_level_id
     LEFT JOIN variants v ON v.id = l.variant_id
     LEFT JOIN products p ON p.id = ol.product_id
     WHERE ol.order_id = ? ORDER BY ol.id`,
    [orderId],
  );
}

/** Writes an order's statuses (and the word the shopper's page shows). */
export async function setOrderStatuses(tx: Db, id: number, s: { state: string; payment: string; fulfilment: string; word: string }): Promise<void> {
  await tx.run('UPDATE orders SET state = ?, payment_status = ?, fulfilment_status = ?, status = ? WHERE id = ?', [s.state, s.payment, s.fulfilment, s.word, id]);
}

/** Marks an order cancelled, once: answers whether this call did. */
export async function markCancelled(tx: Db, id: number, at: string, reason: string): Promise<boolean> {
  return (await tx.run("UPDATE orders SET state = 'cancelled', cancelled_at = ?, cancel_reason = ? WHERE id = ? AND state = 'open'", [at, reason, id])).changes === 1;
}

/** Adds shipped units to a line, never above what was ordered: answers whether it applied. */
export async function addFulfilled(tx: Db, orderId: number, lineId: number, quantity: number): Promise<boolean> {
  return (await tx.run(
    'UPDATE order_lines SET fulfilled_quantity = fulfilled_quantity + ? WHERE id = ? AND order_id = ? AND fulfilled_quantity + ? <= quantity',
    [quantity, lineId, orderId, quantity],
  )).changes === 1;
}

/** Adds refunded units to a line (negative: a failed refund gives them back), within 0..ordered: answers whether it applied. */
export async function addRefundedUnits(tx: Db, orderId: number, lineId: number, quantity: number): Promise<boolean> {
  return (await tx.run(
    'UPDATE order_lines SET refunded_quantity = refunded_quantity + ? WHERE id = ? AND order_id = ? AND refunded_quantity + ? <= quantity AND refunded_quantity + ? >= 0',
    [quantity, lineId, orderId, quantity, quantity],
  )).changes === 1;
}

/** Puts units under return, never more than shipped and not back or under return: answers whether it applied. */
export async function addReturning(tx: Db, orderId: number, lineId: number, quantity: number): Promise<boolean> {
  return (await tx.run(
    `UPDATE order_lines SET returning_quantity = returning_quantity + ?
     WHERE id = ? AND order_id = ? AND returned_quantity + returning_quantity + ? <= fulfilled_quantity`,
    [quantity, lineId, orderId, quantity],
  )).changes === 1;
}

/** Moves units under return to back (and to restocked when `restocked` > 0): answers whether it applied. */
export async function markReturned(tx: Db, orderId: number, lineId: number, quantity: number, restocked: number): Promise<boolean> {
  return (await tx.run(
    `UPDATE order_lines SET returning_quantity = returning_quantity - ?, returned_quantity = returned_quantity + ?, restocked_quantity = restocked_quantity + ?
     WHERE id = ? AND order_id = ? AND returning_quantity >= ? AND restocked_quantity + ? <= quantity`,
    [quantity, quantity, restocked, lineId, orderId, quantity, restocked],
  )).changes === 1;
}

/** Counts units of a line put back in stock, never more than ordered: answers whether it applied. */
export async function addRestocked(tx: Db, orderId: number, lineId: number, quantity: number): Promise<boolean> {
  return (await tx.run(
    'UPDATE order_lines SET restocked_quantity = restocked_quantity + ? WHERE id = ? AND order_id = ? AND restocked_quantity + ? <= quantity',
    [quantity, lineId, orderId, quantity],
  )).changes === 1;
}

/** Puts units back into a stock level; answers the level's product (null when the level is gone). */
export async function restockLevel(tx: Db, levelId: number, quantity: number): Promise<number | null> {
  await tx.run('UPDATE inventory_levels SET quantity = quantity + ? WHERE id = ?', [quantity, levelId]);
  const row = await tx.get<{ product_id: number }>('SELECT v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?', [levelId]);
  return row?.product_id ?? null;
}

/** Who did something, as the rows record it. */
export interface ActorColumns {
  kind: string;
  id: number | null;
}

/** A fulfilment row. */
export interface FulfilmentRow {
  id: number;
  order_id: number;
  carrier: string;
  carrier_name: string;
  tracking_number: string;
  tracking_url: string | null;
  shipped_at: string;
  actor_kind: string;
  actor_id: number | null;
  idempotency_key: string;
  created_at: string;
}

const FULFILMENT_COLUMNS = 'id, order_id, carrier, carrier_name, tracking_number, tracking_url, shipped_at, actor_kind, actor_id, idempotency_key, created_at';

/** Writes a fulfilment; answers its id. */
export async function insertFulfilment(
  tx: Db,
  f: { orderId: number; carrier: string; carrierName: string; trackingNumber: string; trackingUrl: string | null; shippedAt: string; actor: ActorColumns; key: string; at: string },
): Promise<number> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO order_fulfilments (order_id, carrier, carrier_name, tracking_number, tracking_url, shipped_at, actor_kind, actor_id, idempotency_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [f.orderId, f.carrier, f.carrierName, f.trackingNumber, f.trackingUrl, f.shippedAt, f.actor.kind, f.actor.id, f.key, f.at],
  );
  if (!row) throw new Error('fulfilment insert returned no id');
  return row.id;
}

/** Writes a fulfilment's line. */
export async function insertFulfilmentLine(tx: Db, fulfilmentId: number, lineId: number, quantity: number): Promise<void> {
  await tx.run('INSERT INTO order_fulfilment_lines (fulfilment_id, order_line_id, quantity) VALUES (?, ?, ?)', [fulfilmentId, lineId, quantity]);
}

/** The fulfilment a request key made, or undefined. */
export async function fulfilmentByKey(db: Db, orderId: number, key: string): Promise<FulfilmentRow | undefined> {
  return await db.get<FulfilmentRow>(`SELECT ${FULFILMENT_COLUMNS} FROM order_fulfilments WHERE order_id = ? AND idempotency_key = ?`, [orderId, key]);
}

/** An order's fulfilments, oldest first. */
export async function fulfilmentsOf(db: Db, orderId: number): Promise<FulfilmentRow[]> {
  return await db.all<FulfilmentRow>(`SELECT ${FULFILMENT_COLUMNS} FROM order_fulfilments WHERE order_id = ? ORDER BY id`, [orderId]);
}

/** The lines of an order's fulfilments. */
export async function fulfilmentLinesOf(db: Db, orderId: number): Promise<{ fulfilment_id: number; order_line_id: number; quantity: number }[]> {
  return await db.all(
    `SELECT fl.fulfilment_id, fl.order_line_id, fl.quantity FROM order_fulfilment_lines fl
     JOIN order_fulfilments f ON f.id = fl.fulfilment_id WHERE f.order_id = ? ORDER BY fl.fulfilment_id, fl.order_line_id`,
    [orderId],
  );
}

/** A refund row. */
export interface RefundRow {
  id: number;
  order_id: number;
  kind: string;
  return_id: number | null;
  amount_cents: number;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  payment_refund_id: number | null;
  failure: string | null;
  actor_kind: string;
  actor_id: number | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

const REFUND_COLUMNS = 'id, order_id, kind, return_id, amount_cents, reason, status, provider_refund_id, payment_refund_id, failure, actor_kind, actor_id, idempotency_key, created_at, updated_at';

/** Writes a pending refund; answers it. */
export async function insertRefund(
  tx: Db,
  r: { orderId: number; kind: string; returnId: number | null; amountCents: number; reason: string | null; actor: ActorColumns; key: string; at: string },
): Promise<RefundRow> {
  const row = await tx.get<RefundRow>(
    `INSERT INTO order_refunds (order_id, kind, return_id, amount_cents, reason, status, actor_kind, actor_id, idempotency_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?) RETURNING ${REFUND_COLUMNS}`,
    [r.orderId, r.kind, r.returnId, r.amountCents, r.reason, r.actor.kind, r.actor.id, r.key, r.at, r.at],
  );
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** Writes a refund's line. */
export async function insertRefundLine(tx: Db, refundId: number, lineId: number, quantity: number, amountCents: number): Promise<void> {
  await tx.run('INSERT INTO order_refund_lines (refund_id, order_line_id, quantity, amount_cents) VALUES (?, ?, ?, ?)', [refundId, lineId, quantity, amountCents]);
}

/** A refund by id. */
export async function refundById(db: Db, id: number): Promise<RefundRow | undefined> {
  return await db.get<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM order_refunds WHERE id = ?`, [id]);
}

/** The refund a request key made, or undefined. */
export async function refundByKey(db: Db, orderId: number, key: string): Promise<RefundRow | undefined> {
  return await db.get<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM order_refunds WHERE order_id = ? AND idempotency_key = ?`, [orderId, key]);
}

/** An order's refunds, oldest first. */
export async function refundsOf(db: Db, orderId: number): Promise<RefundRow[]> {
  return await db.all<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM order_refunds WHERE order_id = ? ORDER BY id`, [orderId]);
}

/** The lines of an order's refunds. */
export async function refundLinesOf(db: Db, orderId: number): Promise<{ refund_id: number; order_line_id: number; quantity: number; amount_cents: number }[]> {
  return await db.all(
    `SELECT rl.refund_id, rl.order_line_id, rl.quantity, rl.amount_cents FROM order_refund_lines rl
     JOIN order_refunds r ON r.id = rl.refund_id WHERE r.order_id = ? ORDER BY rl.refund_id, rl.order_line_id`,
    [orderId],
  );
}

/** Writes what came of a pending refund, once: answers whether this call did. */
export async function settleRefund(
  tx: Db,
  id: number,
  outcome: { status: 'succeeded' | 'failed' | 'pending'; providerRefundId: string | null; paymentRefundId: number | null; failure: string | null; at: string },
): Promise<boolean> {
  return (await tx.run(
    `UPDATE order_refunds SET status = ?, provider_refund_id = COALESCE(?, provider_refund_id), payment_refund_id = COALESCE(?, payment_refund_id), failure = ?, updated_at = ?
     WHERE id = ? AND status = 'pending'`,
    [outcome.status, outcome.providerRefundId, outcome.paymentRefundId, outcome.failure, outcome.at, id],
  )).changes === 1;
}

/** A return row. */
export interface ReturnRow {
  id: number;
  order_id: number;
  status: 'authorised' | 'received';
  reason: string;
  restocking_fee_percent: number;
  buyer_pays_freight: number;
  restocked: number | null;
  fee_cents: number | null;
  refund_cents: number | null;
  authorised_at: string;
  received_at: string | null;
  actor_kind: string;
  actor_id: number | null;
  idempotency_key: string;
}

const RETURN_COLUMNS = `id, order_id, status, reason, restocking_fee_percent, buyer_pays_freight, restocked, fee_cents, refund_cents, authorised_at, received_at,
  actor_kind, actor_id, idempotency_key`;

/** Writes an authorised return; answers its id. */
export async function insertReturn(
  tx: Db,
  r: { orderId: number; reason: string; feePercent: number; buyerPaysFreight: boolean; actor: ActorColumns; key: string; at: string },
): Promise<number> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO order_returns (order_id, status, reason, restocking_fee_percent, buyer_pays_freight, authorised_at, actor_kind, actor_id, idempotency_key)
     VALUES (?, 'authorised', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [r.orderId, r.reason, r.feePercent, r.buyerPaysFreight ? 1 : 0, r.at, r.actor.kind, r.actor.id, r.key],
  );
  if (!row) throw new Error('return insert returned no id');
  return row.id;
}

/** Writes a return's line. */
export async function insertReturnLine(tx: Db, returnId: number, lineId: number, quantity: number, opened: boolean): Promise<void> {
  await tx.run('INSERT INTO order_return_lines (return_id, order_line_id, quantity, opened) VALUES (?, ?, ?, ?)', [returnId, lineId, quantity, opened ? 1 : 0]);
}

/** The return a request key made, or undefined. */
export async function returnByKey(db: Db, orderId: number, key: string): Promise<ReturnRow | undefined> {
  return await db.get<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM order_returns WHERE order_id = ? AND idempotency_key = ?`, [orderId, key]);
}

/** An order's returns, oldest first. */
export async function returnsOf(db: Db, orderId: number): Promise<ReturnRow[]> {
  return await db.all<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM order_returns WHERE order_id = ? ORDER BY id`, [orderId]);
}

/** The lines of an order's returns. */
export async function returnLinesOf(db: Db, orderId: number): Promise<{ return_id: number; order_line_id: number; quantity: number; opened: number }[]> {
  return await db.all(
    `SELECT rl.return_id, rl.order_line_id, rl.quantity, rl.opened FROM order_return_lines rl
     JOIN order_returns r ON r.id = rl.return_id WHERE r.order_id = ? ORDER BY rl.return_id, rl.order_line_id`,
    [orderId],
  );
}

/** Marks an authorised return received, once: answers whether this call did. */
export async function markReceived(tx: Db, id: number, r: { restocked: boolean; feeCents: number; refundCents: number; at: string }): Promise<boolean> {
  return (await tx.run(
    "UPDATE order_returns SET status = 'received', restocked = ?, fee_cents = ?, refund_cents = ?, received_at = ? WHERE id = ? AND status = 'authorised'",
    [r.restocked ? 1 : 0, r.feeCents, r.refundCents, r.at, id],
  )).changes === 1;
}

/** A note row. */
export interface NoteRow {
  id: number;
  body: string;
  actor_kind: string;
  actor_id: number | null;
  created_at: string;
}

/** Writes a note; answers its id. */
export async function insertNote(tx: Db, n: { orderId: number; body: string; actor: ActorColumns; at: string }): Promise<number> {
  const row = await tx.get<{ id: number }>(
    'INSERT INTO order_notes (order_id, body, actor_kind, actor_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [n.orderId, n.body, n.actor.kind, n.actor.id, n.at],
  );
  if (!row) throw new Error('note insert returned no id');
  return row.id;
}

/** An order's notes, oldest first. */
export async function notesOf(db: Db, orderId: number): Promise<NoteRow[]> {
  return await db.all<NoteRow>('SELECT id, body, actor_kind, actor_id, created_at FROM order_notes WHERE order_id = ? ORDER BY id', [orderId]);
}

/** The operators' names by id (the timeline names who did what). */
export async function operatorNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const rows = await db.all<{ id: number; name: string }>(`SELECT id, name FROM operators WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  for (const r of rows) out.set(r.id, r.name);
  return out;
}

/** The list's filters (each optional). */
export interface OrderListFilter {
  state?: string;
  payment?: string;
  fulfilment?: string;
  /** ISO-8601 bounds of created_at: [from, to). */
  from?: string;
  to?: string;
  /** Lower-cased text: an order number ('123', '#123'), or part of an email, a name, a company or a SKU. */
  text?: string;
  /** Keyset paging: orders placed before this one (its created_at and id). */
  before?: { createdAt: string; id: number };
  limit: number;
  /** Trigram matches from which a text counts as dense (tests lower it). @default DENSE_TEXT_MATCHES */
  denseMatches?: number;
}

/** A row of the list. */
export interface OrderListRow {
  id: number;
  created_at: string;
  email: string;
  shipping_address_json: string;
  status: string;
  state: string;
  payment_status: string;
  fulfilment_status: string;
  total_cents: number;
  currency_code: string;
  units: number | null;
}

/** `%`, `_` and the escape character itself escaped for a LIKE with ESCAPE '!'. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/**
 * Matches of a text (SQLite's trigram index) or lines of a SKU read up to this: below it, the list
 * reads the matching orders by id and sorts them; at it, they are so many that reading the orders
 * newest first until a page is full is quicker (at 500 of 100,000 orders, a page of 50 is found
 * within about 10,000). @default 500
 */
export const DENSE_TEXT_MATCHES = 500;

/** The orders with a line of this whole SKU (any case). */
const SKU_ORDERS = 'o.id IN (SELECT ol.order_id FROM order_lines ol WHERE lower(ol.sku) = ?)';

/**
 * The conditions a text filter is any one of (each read as its own query, the pages merged):
 * - digits ('123', '#123'): that order number, or a whole numeric SKU;
 * - a whole SKU of some order (any case): that SKU's orders;
 * - other text: part of the search text (email, name, company, SKUs). On SQLite a text of three
 *   characters or more without LIKE's own characters is looked up in the trigram index
 *   (order_search), unless it matches so many orders that reading them newest first until a page
 *   is full is quicker; on PostgreSQL the planner uses the trigram index (pg_trgm) or reads in
 *   order, as the text's selectivity says.
 */
async function textConditions(db: Db, text: string, dense: number): Promise<{ sql: string; params: unknown[] }[]> {
  const number = /^#?(\d{1,15})$/.exec(text)?.[1];
  if (number !== undefined) return [{ sql: 'o.id = ?', params: [Number(number)] }, { sql: SKU_ORDERS, params: [number] }];
  // a whole SKU (what a scanner types) is that SKU's orders, read through its index: a catalogue's
  // SKUs share most of their trigrams, so the trigram index would weigh them all
  const skuLines = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM (SELECT 1 FROM order_lines WHERE lower(sku) = ? LIMIT ?) s', [text, dense]))?.n ?? 0);
  // many orders: `+o.id` keeps SQLite from looking each one up by id and sorting them all (it reads in order instead)
  if (skuLines >= dense && db.dialect.name === 'sqlite') return [{ sql: `+${SKU_ORDERS}`, params: [text] }];
  if (skuLines > 0) return [{ sql: SKU_ORDERS, params: [text] }];
  const plain = !/[%_!]/.test(text);
  if (plain && text.length >= 3 && db.dialect.name === 'sqlite') {
    // the matches read once from the trigram index, then named by id (a JSON list: one statement text whatever their number)
    const ids = await db.all<{ id: number }>('SELECT rowid AS id FROM order_search WHERE search_text LIKE ? LIMIT ?', [`%${text}%`, dense]);
    if (ids.length < dense) return [{ sql: 'o.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(ids.map((r) => r.id))] }];
  }
  // a pattern without ESCAPE where none is needed: PostgreSQL's trigram index reads it as given
  return [plain ? { sql: 'o.search_text LIKE ?', params: [`%${text}%`] } : { sql: "o.search_text LIKE ? ESCAPE '!'", params: [`%${likeEscaped(text)}%`] }];
}

/**
 * A page of the list, newest first (by the time of placing, then id): every status filter has an
 * index in that order and the date range reads the created_at index. A text filter is read as
 * one query per condition it may match ({@link textConditions}), each its own page in the same
 * order, merged: each query keeps the plan its condition wants.
 */
export async function listOrders(db: Db, f: OrderListFilter): Promise<OrderListRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (f.state !== undefined) add('o.state = ?', f.state);
  if (f.payment !== undefined) add('o.payment_status = ?', f.payment);
  if (f.fulfilment !== undefined) add('o.fulfilment_status = ?', f.fulfilment);
  if (f.from !== undefined) add('o.created_at >= ?', f.from);
  if (f.to !== undefined) add('o.created_at < ?', f.to);
  if (f.before !== undefined) add('(o.created_at, o.id) < (?, ?)', f.before.createdAt, f.before.id);
  const page = async (h: Db, extra: { sql: string; params: unknown[] } | null): Promise<OrderListRow[]> => {
    const all = extra ? [...where, extra.sql] : where;
    return await h.all<OrderListRow>(
      `SELECT o.id, o.created_at, o.email, o.shipping_address_json, o.status, o.state, o.payment_status, o.fulfilment_status, o.total_cents, o.currency_code,
         (SELECT SUM(ol2.quantity) FROM order_lines ol2 WHERE ol2.order_id = o.id) AS units
       FROM orders o ${all.length > 0 ? `WHERE ${all.join(' AND ')}` : ''}
       ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
      [...params, ...(extra?.params ?? []), f.limit],
    );
  };
  if (f.text === undefined || f.text === '') return await page(db, null);
  const text = f.text;
  const merged = async (h: Db): Promise<OrderListRow[]> => {
    const seen = new Map<number, OrderListRow>();
    for (const condition of await textConditions(h, text, f.denseMatches ?? DENSE_TEXT_MATCHES)) {
      // SQLite (outside a transaction): a shopper's request waiting meanwhile goes first between the queries
      await storeTurn(h);
      for (const row of await page(h, condition)) seen.set(row.id, row);
    }
    return [...seen.values()]
      .sort((a, b) => (a.created_at > b.created_at ? -1 : a.created_at < b.created_at ? 1 : b.id - a.id))
      .slice(0, f.limit);
  };
  if (db.dialect.name !== 'postgres') return await merged(db);
  // PostgreSQL plans a prepared statement once for any pattern after a few runs, guessing how many
  // orders a LIKE keeps: a rare name then reads every order. Planned for this pattern instead.
  return await db.transaction(async (tx) => {
    await tx.exec('SET LOCAL plan_cache_mode = force_custom_plan');
    return await merged(tx);
  });
}
