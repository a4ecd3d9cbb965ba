/**
 * Fixtures of the cart, checkout, order and reliability tests: an app over a small seeded
 * catalogue, sessions made directly in the database (anonymous or signed in), stocked inventory
 * levels, and JSON calls that carry the session cookie and the headers the storefront sends.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app.ts';
import { hashToken, newToken, SESSION_COOKIE } from '../../../../src/server/modules/accounts/session.ts';
import type { CommerceOptions } from '../../../../src/server/modules/checkout/routes.ts';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { openSeededTestDb } from '../../db.helpers.ts';
import { seedStore } from '../../../../src/server/seed/store.ts';

/** A migrated in-memory (or file) database with a small generated catalogue. */
export async function commerceDb(products = 60, seed = 7, path = ':memory:'): Promise<Db> {
  // in memory (or PostgreSQL): a copy of a template seeded once (db.helpers.ts)
  if (path === ':memory:') return await openSeededTestDb(products, seed);
  const db = openSqlite(path);
  await migrate(db);
  await seedStore(db, { products, seed });
  return db;
}

/** An app over a seeded database. */
export async function commerceApp(given?: Db): Promise<{ app: FastifyInstance; db: Db }> {
  const db = given ?? (await commerceDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-cart-'));
  const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web') });
  return { app, db };
}

/** Options a test may pass to a commerce plugin it registers itself. */
export type TestCommerceOptions = Omit<CommerceOptions, 'db'>;

let customerSeq = 0;

/** A customer row; answers its id. */
export async function createCustomer(db: Db, email = `shopper${++customerSeq}-${Date.now()}@example.com`): Promise<number> {
  const at = new Date().toISOString();
  const row = await db.get<{ id: number }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at)
     VALUES (?, 'x', 'Pat', 'Pool', ?, ?) RETURNING id`,
    [email, at, at],
  );
  if (!row) throw new Error('no customer');
  return row.id;
}

/** A session row (signed in when customerId is given); answers its id and Cookie header. */
export async function createSession(db: Db, customerId: number | null = null): Promise<{ sessionId: number; cookie: string }> {
  const token = newToken();
  const at = new Date().toISOString();
  const row = await db.get<{ id: number }>(
    'INSERT INTO sessions (token_hash, customer_id, created_at, last_seen_at) VALUES (?, ?, ?, ?) RETURNING id',
    [hashToken(token), customerId, at, at],
  );
  if (!row) throw new Error('no session');
  return { sessionId: row.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A signed-in shopper: customer id, session id and cookie. */
export async function signedInShopper(db: Db): Promise<{ customerId: number; sessionId: number; cookie: string }> {
  const customerId = await createCustomer(db);
  return { customerId, ...await createSession(db, customerId) };
}

/** An inventory level for sale, without bypass, holding at least `min` units (sets its stock to `stock` when given). */
export async function stockedLevel(db: Db, min = 1, skip = 0, stock?: number): Promise<{ id: number; quantity: number; priceCents: number }> {
  const row = await db.get<{ id: number; quantity: number; price_cents: number }>(
    `SELECT id, quantity, price_cents FROM inventory_levels
     WHERE available_for_sale = 1 AND bypass_negative_quantity = 0 AND quantity >= ? AND price_cents > 0
     ORDER BY id LIMIT 1 OFFSET ?`,
    [min, skip],
  );
  if (!row) throw new Error(`no level with ${min} units`);
  if (stock !== undefined) {
    await db.run('UPDATE inventory_levels SET quantity = ? WHERE id = ?', [stock, row.id]);
    return { id: row.id, quantity: stock, priceCents: row.price_cents };
  }
  return { id: row.id, quantity: row.quantity, priceCents: row.price_cents };
}

/** Sets a level's price, stock and flags for a test. */
export async function setLevel(db: Db, id: number, fields: { priceCents?: number; quantity?: number; bypass?: boolean; forSale?: boolean }): Promise<void> {
  if (fields.priceCents !== undefined) await db.run('UPDATE inventory_levels SET price_cents = ? WHERE id = ?', [fields.priceCents, id]);
  if (fields.quantity !== undefined) await db.run('UPDATE inventory_levels SET quantity = ? WHERE id = ?', [fields.quantity, id]);
  if (fields.bypass !== undefined) await db.run('UPDATE inventory_levels SET bypass_negative_quantity = ? WHERE id = ?', [fields.bypass ? 1 : 0, id]);
  if (fields.forSale !== undefined) await db.run('UPDATE inventory_levels SET available_for_sale = ? WHERE id = ?', [fields.forSale ? 1 : 0, id]);
}

/** The answer of a call: status, parsed JSON (or null), headers. */
export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers loosely
  body: any;
  headers: Record<string, unknown>;
}

/**
 * A JSON call as the storefront makes it: Content-Type application/json (even without a body),
 * the session cookie, and any extra headers.
 */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
  if (method !== 'GET' && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const inject: InjectOptions = { method, url, headers };
  if (options.body !== undefined) inject.payload = JSON.stringify(options.body);
  const res = await app.inject(inject);
  let body: unknown = null;
  try {
    body = res.body === '' ? null : JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
}

/** The checkout id of a checkout answer (the last path segment of webUrl). */
export function checkoutIdOf(checkout: { webUrl: string }): string {
  return checkout.webUrl.split('/').pop() ?? '';
}

/** Row counts of the commerce tables, to prove a refused call wrote nothing. */
export async function commerceCounts(db: Db): Promise<Record<string, number>> {
  const tables = ['checkouts', 'checkout_line_items', 'checkout_discount_codes', 'idempotency_keys', 'orders', 'order_lines', 'transactions'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))?.n ?? 0;
  out.quantitySum = (await db.get<{ n: number }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM checkout_line_items'))?.n ?? 0;
  out.stockSum = (await db.get<{ n: number }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM inventory_levels'))?.n ?? 0;
  return out;
}
