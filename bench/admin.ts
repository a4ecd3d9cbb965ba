/**
 * `npm run bench:admin`: the back office's orders over 100,000 orders, on SQLite and PostgreSQL.
 *
 * - The order list filtered and paged (GET /api/admin/orders): a mix of the filters an operator
 *   uses (none, fulfilment, payment, status, a month, text: a name, part of an email, a SKU, an
 *   order number, a rare email seen once, combined filters, a page deep in the keyset), each
 *   asked ROUNDS times; p50 and p95 over all of them and per kind. Goal: p95 ≤ 50 ms.
 * - A fulfilment with its mail (POST /api/admin/orders/{id}/fulfilments, every unit of an
 *   unfulfilled order, UPS with tracking): the order's row locked, the lines' counters, the
 *   statuses, the audit entry and the shipped mail in the outbox, one transaction; then the
 *   order's page answered. FULFILMENTS orders, one after the other. Goal: p95 ≤ 30 ms.
 *
 * The store: a seeded catalogue of 200 products and 100,000 orders written straight into the
 * tables (2 to 3 lines each, dates over two years, names, emails, SKUs of the catalogue; about
 * 70 % shipped, 10 % unfulfilled, the rest partly shipped, returned, refunded or cancelled), the
 * database's own triggers writing each order's search text (email, name, SKUs), then ANALYZE (and
 * on PostgreSQL VACUUM, which merges the trigram index's pending entries as autovacuum would). The calls go through the app in
 * process (`app.inject`, ADMIN_TOKEN as the credential): the route, the schema's validation and
 * serialisation, the service and the database, without a socket. The seeded orders have no
 * payment records, so a fulfilment captures nothing (a store capturing at checkout).
 *
 * Run: npm run bench:admin [-- --db sqlite|postgres|both --orders 100000 --rounds 30 --fulfilments 300]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test), in a schema of its own dropped at the end
 * (BENCH_KEEP=1 keeps it, to read query plans over the same data).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openSqlite, type Db } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPostgres } from '../src/server/db/postgres.ts';
import { readRateLimitConfig } from '../src/server/security/limits.ts';
import { seedStore } from '../src/server/seed/store.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, orders: { type: 'string' }, rounds: { type: 'string' }, fulfilments: { type: 'string' } } });
const DBS = values.db === 'sqlite' ? ['sqlite'] : values.db === 'postgres' ? ['postgres'] : ['sqlite', 'postgres'];
const ORDERS = Math.max(1000, Number(values.orders ?? 100_000));
const ROUNDS = Math.max(3, Number(values.rounds ?? 30));
const FULFILMENTS = Math.max(10, Number(values.fulfilments ?? 300));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const TOKEN = 'bench-admin-token';
const LIST_GOAL_MS = 50;
const FULFIL_GOAL_MS = 30;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** A deterministic random stream (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivy', 'Jon', 'Kai', 'Lena', 'Max', 'Nora', 'Otto', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tess'];
const LAST = ['Rivers', 'Lake', 'Brook', 'Shore', 'Marsh', 'Pond', 'Bay', 'Cove', 'Harbor', 'Springs', 'Wells', 'Fountain', 'Creek', 'Delta', 'Ford', 'Reed', 'Sands', 'Tide', 'Waters', 'Dale'];
/** Status mixes: [state, payment, fulfilment, weight]. */
const MIXES: [string, string, string, number][] = [
  ['open', 'paid', 'fulfilled', 68],
  ['open', 'paid', 'unfulfilled', 10],
  ['open', 'paid', 'partially_fulfilled', 6],
  ['open', 'partially_refunded', 'partially_returned', 4],
  ['open', 'refunded', 'returned', 3],
  ['open', 'partially_refunded', 'fulfilled', 4],
  ['open', 'authorised', 'unfulfilled', 2],
  ['cancelled', 'refunded', 'unfulfilled', 3],
];
const TOTAL_WEIGHT = MIXES.reduce((n, m) => n + m[3], 0);

/** Writes ORDERS orders in batches (multi-row inserts, a transaction a batch). */
async function seedOrders(db: Db): Promise<void> {
  const levels = await db.all<{ id: number; product_id: number; title: string; sku: string | null; handle: string; price_cents: number }>(
    `SELECT l.id, v.product_id, p.title, COALESCE(v.sku, p.sku) AS sku, p.handle, l.price_cents
     FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
     WHERE l.available_for_sale = 1 AND l.price_cents > 0 ORDER BY l.id`,
  );
  const random = rng(34);
  const start = Date.UTC(2024, 10, 1);
  const span = 2 * 365 * 86_400_000;
  const BATCH = 500;
  for (let from = 0; from < ORDERS; from += BATCH) {
    const n = Math.min(BATCH, ORDERS - from);
    await db.transaction(async (tx) => {
      const checkouts: unknown[] = [];
      const orders: unknown[] = [];
      const lineSets: { levels: typeof levels; qty: number[] }[] = [];
      for (let k = 0; k < n; k++) {
        const i = from + k;
        const at = new Date(start + Math.floor((i / ORDERS) * span) + Math.floor(random() * 60_000)).toISOString();
        const first = FIRST[Math.floor(random() * FIRST.length)]!;
        const last = LAST[Math.floor(random() * LAST.length)]!;
        let pick = random() * TOTAL_WEIGHT;
        const mix = MIXES.find((m) => (pick -= m[3]) < 0) ?? MIXES[0]!;
        const count = 2 + Math.floor(random() * 2);
        const ls = Array.from({ length: count }, () => levels[Math.floor(random() * levels.length)]!);
        const qty = ls.map(() => 1 + Math.floor(random() * 3));
        const total = ls.reduce((s, l, j) => s + l.price_cents * qty[j]!, 0);
        const checkout = `bench-${i}`;
        checkouts.push(checkout, at, at);
        const address = JSON.stringify({ firstName: first, lastName: last, company: null, address1: `${i} Pool Lane`, address2: null, city: 'Austin', zip: '73301', phone: null, countryCode: 'US', stateCode: 'TX' });
        const word = mix[0] === 'cancelled' ? 'CANCELLED' : mix[1] === 'refunded' ? 'REFUNDED' : mix[2] === 'fulfilled' ? 'SHIPPED' : mix[2] === 'unfulfilled' ? 'PAID' : 'PARTIALLY SHIPPED';
        orders.push(checkout, `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`, word, total, total, address, at, mix[0], mix[1], mix[2]);
        lineSets.push({ levels: ls, qty });
      }
      await tx.run(`INSERT INTO checkouts (id, status, created_at, updated_at) VALUES ${Array(n).fill("(?, 'completed', ?, ?)").join(', ')}`, checkouts);
      const ids = await tx.all<{ id: number }>(
        `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes,
           shipping_address_json, payment_brand, payment_last4, payment_token, created_at, state, payment_status, fulfilment_status)
         VALUES ${Array(n).fill("(?, ?, ?, ?, 0, 0, ?, 'USD', '', ?, 'Visa', '4242', 'tp_bench', ?, ?, ?, ?)").join(', ')} RETURNING id`,
        orders,
      );
      const lines: unknown[] = [];
      let rows = 0;
      ids.forEach((o, k) => {
        const set = lineSets[k]!;
        set.levels.forEach((l, j) => {
          const fulfilled = orders[k * 10 + 9] === 'fulfilled' || orders[k * 10 + 9] === 'returned' || orders[k * 10 + 9] === 'partially_returned' ? set.qty[j]! : 0;
          lines.push(o.id, l.id, l.product_id, l.title, l.sku, l.handle, set.qty[j], l.price_cents, fulfilled, orders[k * 10 + 6]);
          rows++;
        });
      });
      await tx.run(
        `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, fulfilled_quantity, created_at)
         VALUES ${Array(rows).fill('(?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)').join(', ')}`,
        lines,
      );
    });
  }
}

interface Probe {
  kind: string;
  query: () => string;
}

async function run(kind: 'sqlite' | 'postgres'): Promise<{ list: number[]; byKind: Map<string, number[]>; fulfil: number[]; seedS: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-admin-'));
  const schema = `bench_admin_${process.pid}`;
  const db = kind === 'postgres' ? await openPostgres(PG_URL, { schema }) : openSqlite(join(dir, 'bench.sqlite'));
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    await seedStore(db, { products: 200, seed: 34 });
    const t0 = performance.now();
    await seedOrders(db);
    // the state autovacuum keeps a store in: statistics, and the trigram index's pending entries merged
    await db.exec(kind === 'postgres' ? 'VACUUM ANALYZE orders, order_lines, order_fulfilments, audit_log, email_outbox' : 'ANALYZE');
    const seedS = (performance.now() - t0) / 1000;
    app = await buildApp({
      db, dataDir: join(dir, 'data'), webDir: join(dir, 'no-web'), renderThreads: 0,
      operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] }, rateLimits: { ...readRateLimitConfig({}), pages: 0 },
    });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const maxId = (await db.get<{ n: number }>('SELECT MAX(id) AS n FROM orders'))!.n;
    const someSku = (await db.get<{ sku: string }>('SELECT sku FROM order_lines WHERE sku IS NOT NULL ORDER BY id LIMIT 1 OFFSET 777'))!.sku;
    const cursors = (await db.all<{ created_at: string; id: number }>('SELECT created_at, id FROM orders WHERE id % 97 = 0 ORDER BY id')).map((r) => `${r.created_at}_${r.id}`);
    const random = rng(7);
    const pickId = () => 1 + Math.floor(random() * maxId);
    const month = () => {
      const d = new Date(Date.UTC(2024, 10 + Math.floor(random() * 23), 1));
      const e = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
      return `from=${d.toISOString().slice(0, 10)}&to=${e.toISOString().slice(0, 10)}`;
    };
    const probes: Probe[] = [
      { kind: 'no filter', query: () => 'limit=50' },
      { kind: 'fulfilment=unfulfilled', query: () => 'fulfilment=unfulfilled&limit=50' },
      { kind: 'payment=refunded', query: () => 'payment=refunded&limit=50' },
      { kind: 'status=cancelled', query: () => 'status=cancelled&limit=50' },
      { kind: 'a month', query: () => `${month()}&limit=50` },
      { kind: 'text: a last name', query: () => `q=${LAST[Math.floor(random() * LAST.length)]!.toLowerCase()}&limit=50` },
      { kind: 'text: part of an email', query: () => `q=${FIRST[Math.floor(random() * FIRST.length)]!.toLowerCase()}.&limit=50` },
      { kind: 'text: a SKU', query: () => `q=${encodeURIComponent(someSku)}&limit=50` },
      { kind: 'text: an order number', query: () => `q=${pickId()}&limit=50` },
      { kind: 'text: one customer\'s email', query: () => `q=${encodeURIComponent(`${pickId()}@example.com`)}&limit=50` },
      { kind: 'unfulfilled + a month + a name', query: () => `fulfilment=unfulfilled&${month()}&q=${LAST[Math.floor(random() * LAST.length)]!.toLowerCase()}&limit=50` },
      { kind: 'a page deep in the keyset', query: () => `fulfilment=fulfilled&before=${encodeURIComponent(cursors[Math.floor(random() * cursors.length)]!)}&limit=50` },
      { kind: 'text: a common word', query: () => 'q=example&limit=50' },
    ];
    const list: number[] = [];
    const byKind = new Map<string, number[]>();
    // warm-up: each probe twice, untimed
    for (const p of probes) for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: `/api/admin/orders?${p.query()}`, headers });
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of probes) {
        const url = `/api/admin/orders?${p.query()}`;
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const took = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        list.push(took);
        byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), took]);
      }
    }
    // fulfilments with mail: every unit of unfulfilled open orders, one after the other
    const targets = await db.all<{ id: number }>("SELECT id FROM orders WHERE state = 'open' AND fulfilment_status = 'unfulfilled' AND payment_status = 'paid' ORDER BY id DESC LIMIT ?", [FULFILMENTS + 5]);
    const fulfil: number[] = [];
    for (const [i, t] of targets.entries()) {
      const s = performance.now();
      const res = await app.inject({
        method: 'POST', url: `/api/admin/orders/${t.id}/fulfilments`, headers: { ...headers, 'content-type': 'application/json' },
        payload: { carrier: 'ups', trackingNumber: `1Z999AA1${String(t.id).padStart(10, '0')}` },
      });
      const took = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`fulfil ${t.id}: ${res.statusCode} ${res.body}`);
      if (i >= 5) fulfil.push(took);
    }
    const mails = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'order-shipped'"))!.n;
    if (mails !== targets.length) throw new Error(`expected ${targets.length} shipped mails, found ${mails}`);
    return { list, byKind, fulfil, seedS };
  } finally {
    await app?.close();
    // BENCH_KEEP=1 keeps the PostgreSQL schema (to read query plans over the same data)
    if (kind === 'postgres' && process.env.BENCH_KEEP !== '1') await db.exec(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    else if (kind === 'postgres') console.log(`kept schema ${schema}`);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`bench:admin: ${ORDERS.toLocaleString('en')} orders, ${ROUNDS} rounds of each list query, ${FULFILMENTS} fulfilments; in process (app.inject), ADMIN_TOKEN`);
for (const kind of DBS as ('sqlite' | 'postgres')[]) {
  const r = await run(kind);
  const label = kind === 'sqlite' ? 'SQLite (WAL file)' : 'PostgreSQL';
  console.log(`\n${label}: ${ORDERS.toLocaleString('en')} orders seeded in ${r.seedS.toFixed(1)} s`);
  const p95 = pct(r.list, 95);
  console.log(`  order list, filtered and paged (${r.list.length} calls): p50 ${ms(pct(r.list, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...r.list))}  goal p95 <= ${LIST_GOAL_MS} ms: ${p95 <= LIST_GOAL_MS ? 'met' : 'NOT MET'}`);
  for (const [k, xs] of r.byKind) console.log(`    ${k.padEnd(32)} p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(pct(xs, 95)).padStart(9)}`);
  const f95 = pct(r.fulfil, 95);
  console.log(`  fulfilment with mail (${r.fulfil.length} calls): p50 ${ms(pct(r.fulfil, 50))}, p95 ${ms(f95)}, max ${ms(Math.max(...r.fulfil))}  goal p95 <= ${FULFIL_GOAL_MS} ms: ${f95 <= FULFIL_GOAL_MS ? 'met' : 'NOT MET'}`);
}
