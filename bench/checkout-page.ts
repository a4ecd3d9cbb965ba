/**
 * `npm run bench:checkout-page`: the hosted checkout page (`GET /checkout/{id}`), in process,
 * for a signed-in shopper with a saved California address and a 6-line cart of the first
 * sellable variants, over a seeded SQLite store. Prints p50/p95/p99 of the page over
 * BENCH_RENDERS renders (after a warm-up), and whether the page quoted shipping (shipments and a
 * sales tax row). Goal: p95 within 10 % of the page before the shipping quote; measure that
 * page by running this same file in a checkout of the commit before (`git worktree add`).
 *
 * Environment: BENCH_RENDERS (default 1500), BENCH_PRODUCTS (default 500).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { hashToken, newToken, SESSION_COOKIE } from '../src/server/auth/session.ts';
import { openSqlite } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedStore } from '../src/server/seed/store.ts';
import { readRateLimitConfig } from '../src/server/security/limits.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 1500);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);

const db = openSqlite(':memory:');
await migrate(db);
await seedStore(db, { products: PRODUCTS, seed: 1 });
const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-bench-checkout-'));
// one client renders the page thousands of times: the per-client page limit would refuse it
const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), rateLimits: { ...readRateLimitConfig({}), pages: 0 } });

const at = new Date().toISOString();
const customer = await db.get<{ id: number }>(
  "INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at) VALUES ('bench@example.com', 'x', 'Pat', 'Pool', ?, ?) RETURNING id",
  [at, at],
);
await db.run(
  `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, city, zip, phone, country_code, state_code, is_default, created_at)
   VALUES (?, 'Pat', 'Pool', '1200 Harbor Dr', 'San Diego', '92101', '6195550142', 'US', 'CA', 1, ?)`,
  [customer?.id, at],
);
const token = newToken();
await db.run('INSERT INTO sessions (token_hash, customer_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [hashToken(token), customer?.id, at, at]);
const cookie = `${SESSION_COOKIE}=${token}`;
const levels = await db.all<{ id: number }>(
  'SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND quantity >= 5 AND price_cents > 0 ORDER BY id LIMIT 6',
);
const added = await app.inject({
  method: 'POST', url: '/api/checkouts/lineItems',
  headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
  payload: JSON.stringify({ lineItems: levels.map((l) => ({ inventoryLevelId: l.id, quantity: 1 })) }),
});
const checkoutId = (JSON.parse(added.body) as { checkout: { webUrl: string } }).checkout.webUrl.split('/').pop() ?? '';

async function render(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/checkout/${checkoutId}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`checkout page answered ${res.statusCode}`);
  return res.body;
}

const page = await render();
for (let i = 0; i < 200; i++) await render();
const ms: number[] = [];
for (let i = 0; i < RENDERS; i++) {
  const t = performance.now();
  await render();
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2);
console.log(`checkout page: ${levels.length} lines, ${page.length} bytes, quoted shipping: ${page.includes('Shipment 1 of') ? 'yes' : 'no'}, sales tax row: ${page.includes('Sales tax') ? 'yes' : 'no'}`);
console.log(`GET /checkout/{id} over ${RENDERS} renders: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms`);
await app.close();
