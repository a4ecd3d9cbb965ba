/**
 * Fixtures of the back office's order tests: an app over a small seeded store (the test payment
 * provider, capturing at checkout or at fulfilment), orders placed by a signed-in shopper through
 * the hosted checkout (so they carry real payment records), operators of each role, and JSON
 * calls with an operator's session.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { PaymentFaults } from '../../../../src/server/modules/payments/service.ts';
import { TEST_SCRYPT } from '../accounts/account.helpers.ts';
import { call, checkoutIdOf, commerceDb, signedInShopper } from '../checkout/cart.helpers.ts';
import { BOOT, sessionHeaders, type SignedInOperator } from '../admin/admin.helpers.ts';

export { signedInOperator, sessionHeaders, type SignedInOperator } from '../admin/admin.helpers.ts';

/** An app over a seeded store with ADMIN_TOKEN (to make operators) and the test payment provider. */
export async function ordersApp(options: { capture?: 'automatic' | 'manual'; faults?: PaymentFaults } = {}): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await commerceDb(60);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-orders-admin-'));
  const app = await buildApp({
    db, dataDir, webDir: join(dataDir, 'no-web'),
    operators: { token: BOOT, allowedHosts: [], allowedOrigins: [] },
    paymentConfig: { provider: 'test', captureMethod: options.capture ?? 'automatic', stripe: null },
    ...(options.faults ? { paymentFaults: options.faults } : {}),
  });
  app.accounts.scrypt = TEST_SCRYPT;
  app.accounts.sleep = async () => undefined;
  return { app, db };
}

/** The hosted checkout's form: a Washington street address, ground, the test card. */
export const CHECKOUT_FORM: Readonly<Record<string, string>> = {
  addressId: 'new', firstName: 'Pat', lastName: 'Poolside', company: 'Lagoon Supply', address1: '1 Lagoon Way', city: 'Tacoma', stateCode: 'WA', zip: '98402',
  countryCode: 'US', phone: '3605550100', paymentMethodId: 'new', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123',
};

/** Each database's next unused level (by database: the test files of a worker share this module). */
const levelCursors = new WeakMap<Db, number>();

/**
 * Parcel levels with stock, each of its own product with a price (not priced on request), not used by
 * an earlier call on this database (so each order's lines are its own): answers their ids.
 */
export async function freshLevels(db: Db, count: number): Promise<number[]> {
  const cursor = levelCursors.get(db) ?? 0;
  const rows = await db.all<{ id: number }>(
    `SELECT MIN(l.id) AS id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
     WHERE l.available_for_sale = 1 AND p.call_for_price = 0 GROUP BY v.product_id ORDER BY v.product_id LIMIT ? OFFSET ?`,
    [count, cursor],
  );
  levelCursors.set(db, cursor + count);
  if (rows.length < count) throw new Error('no fresh level left');
  for (const r of rows) {
    await db.run('UPDATE inventory_levels SET quantity = 500, bypass_negative_quantity = 0, price_cents = 2500 + id WHERE id = ?', [r.id]);
    await db.run(
      "UPDATE variants SET ship_class = 'parcel', weight_lb = 2, length_in = NULL, width_in = NULL, height_in = NULL, freight_class = NULL, hazard_group = NULL, handling_days = 0 WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)",
      [r.id],
    );
    await db.run('UPDATE products SET notices_json = NULL WHERE id = (SELECT v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?)', [r.id]);
  }
  return rows.map((r) => r.id);
}

/** A placed order: its id, the shopper's cookie and email, and its lines' ids in the order given. */
export interface PlacedOrder {
  orderId: number;
  cookie: string;
  email: string;
  lineIds: number[];
  levelIds: number[];
}

/** A signed-in shopper buys these levels (quantity each) through the hosted checkout. */
export async function placeOrder(app: FastifyInstance, db: Db, items: { levelId: number; quantity: number }[]): Promise<PlacedOrder> {
  const shopper = await signedInShopper(db);
  let checkoutId = '';
  for (const item of items) {
    const added = await call(app, 'POST', '/api/checkouts/lineItems', {
      cookie: shopper.cookie, body: { inventoryLevelId: item.levelId, quantity: item.quantity }, headers: { 'idempotency-key': `add-${Math.random()}` },
    });
    if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
    checkoutId = checkoutIdOf(added.body.checkout);
  }
  const placed = await app.inject({
    method: 'POST', url: `/checkout/${checkoutId}`,
    headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(CHECKOUT_FORM).toString(),
  });
  if (placed.statusCode !== 303) throw new Error(`checkout: ${placed.statusCode} ${/id="form-error">([^<]*)/.exec(placed.body)?.[1] ?? placed.body.slice(0, 300)}`);
  const order = await db.get<{ id: number; email: string }>('SELECT id, email FROM orders WHERE checkout_id = ?', [checkoutId]);
  if (!order) throw new Error('no order placed');
  const lines = await db.all<{ id: number; inventory_level_id: number }>('SELECT id, inventory_level_id FROM order_lines WHERE order_id = ? ORDER BY id', [order.id]);
  const lineIds = items.map((i) => lines.find((l) => l.inventory_level_id === i.levelId)!.id);
  return { orderId: order.id, cookie: shopper.cookie, email: order.email, lineIds, levelIds: items.map((i) => i.levelId) };
}

/** An operator's JSON call (GET without a body). */
export async function opCall(app: FastifyInstance, op: SignedInOperator, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method, url,
    headers: method === 'GET' ? { cookie: op.cookie, ...headers } : { ...sessionHeaders(op), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    // an HTML answer (the packing slip)
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers loosely
  return { status: res.statusCode, body: json as Record<string, any>, text: res.body, headers: res.headers };
}

/** Stock of a level. */
export async function stockOf(db: Db, levelId: number): Promise<number> {
  return (await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))!.quantity;
}

/** The outbox's messages to an address, of a kind. */
export async function mailsTo(db: Db, to: string, kind: string): Promise<{ subject: string; text_body: string; html_body: string | null }[]> {
  return await db.all('SELECT subject, text_body, html_body FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY id', [to, kind]);
}

/** Row counts of the tables an operation writes (a refused call must change none of them). */
export async function writeFingerprint(db: Db): Promise<string> {
  const tables = ['order_fulfilments', 'order_fulfilment_lines', 'order_refunds', 'order_refund_lines', 'order_returns', 'order_return_lines', 'order_notes', 'audit_log', 'email_outbox', 'payment_refunds'];
  const parts: unknown[] = [];
  for (const t of tables) parts.push(t, (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))!.n);
  parts.push(await db.all('SELECT id, state, payment_status, fulfilment_status, status FROM orders ORDER BY id'));
  parts.push(await db.all('SELECT id, fulfilled_quantity, returning_quantity, returned_quantity, refunded_quantity, restocked_quantity FROM order_lines ORDER BY id'));
  parts.push(await db.all('SELECT id, quantity FROM inventory_levels ORDER BY id'));
  return JSON.stringify(parts);
}
