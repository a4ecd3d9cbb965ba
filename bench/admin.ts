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
 * - The storefront while operators work: a shopper's cart-add (POST /api/checkouts/lineItems) and
 *   search (GET /api/products/filter, a mix of words and a part number), an add and a search
 *   SHOPPER_RATE times a second, with the back office idle and while OPERATORS simulated operators
 *   (the same process, the same database) work through a round: list and filter orders, open an
 *   order, fulfil one (its mail), list products with low stock or a word, open a product, edit its
 *   price (PATCH /api/admin/products/{id}: audited, announced through the catalogue change feed,
 *   which clears the search answers and page caches). Two paces, each measured apart:
 *   - human (the goal's): each operator starts an action every 1 to 2 s (a busy person reading a
 *     page, typing a tracking number), so 5 operators make about 3.3 actions a second;
 *   - stress: each pauses THINK ms (100 by default) between actions, about 40 actions a second
 *     from 5 operators, far more than 5 people make; printed to show where the limit is.
 *   A pace is STORE_ROUNDS rounds of an idle block then a busy one (a shared machine's changing
 *   load falls on both alike), STORE_CALLS / STORE_ROUNDS calls of each kind a block; printed: p50,
 *   p95, p99 idle and busy over all rounds with their ratio, each round's p95 and p99 ratio (the
 *   spread shows the noise), and the operators' actions per second.
 *   Goal: the storefront's figures unchanged at the human pace (ratio within about 1.1 to 1.2).
 *
 * Run: npm run bench:admin [-- --db sqlite|postgres|both --orders 100000 --rounds 30 --fulfilments 300
 *   --phases list,fulfil,storefront,products --store-calls 1200 --store-rounds 3 --pace human,stress
 *   --shopper-rate 40 --operators 5 --think 100 --products 200]
 * The products phase (GET /api/admin/products: no filter, title words, a SKU, low stock, not
 * indexed, no picture, deep pages) is meant for a large catalogue: --products 100000 --phases products.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test), in a schema of its own dropped at the end
 * (BENCH_KEEP=1 keeps it, to read query plans over the same data).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openSqlite, type Db } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { openPostgres } from '../src/server/platform/db/postgres.ts';
import { readRateLimitConfig } from '../src/server/platform/http/limits.ts';
import { seedStore } from '../src/server/seed/store.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' }, orders: { type: 'string' }, rounds: { type: 'string' }, fulfilments: { type: 'string' },
    phases: { type: 'string' }, 'store-calls': { type: 'string' }, operators: { type: 'string' }, think: { type: 'string' }, products: { type: 'string' }, 'shopper-rate': { type: 'string' },
    pace: { type: 'string' }, 'store-rounds': { type: 'string' },
  },
});
const PHASES = new Set((values.phases ?? 'list,fulfil,storefront,products').split(',').map((p) => p.trim()));
const STORE_CALLS = Math.max(50, Number(values['store-calls'] ?? 1200));
const OPERATORS = Math.max(1, Number(values.operators ?? 5));
const THINK_MS = Math.max(0, Number(values.think ?? 100));
/** A human operator starts an action every HUMAN_MIN_MS to HUMAN_MAX_MS (a busy one: reading a page, typing a tracking number). */
const HUMAN_MIN_MS = 1000;
const HUMAN_MAX_MS = 2000;
/** The operators' paces measured: a busy human's, and the stress line (THINK_MS between actions). */
interface Pace {
  name: 'human' | 'stress';
}
const PACES: Pace[] = (values.pace ?? 'human,stress').split(',').map((p) => p.trim()).filter((p): p is Pace['name'] => p === 'human' || p === 'stress').map((name) => ({ name }));
/** Alternating idle and busy rounds of each pace. @default 3 */
const STORE_ROUNDS = Math.max(1, Number(values['store-rounds'] ?? 3));
const PRODUCTS = Math.max(200, Number(values.products ?? 200));
const SHOPPER_RATE = Math.max(1, Number(values['shopper-rate'] ?? 40));
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

/** The storefront's latencies of one run (ms), by call. */
interface StoreFigures {
  cartAdd: number[];
  search: number[];
}

/** What the operators did during the loaded run. */
interface OperatorWork {
  actions: number;
  byAction: Map<string, number[]>;
  seconds: number;
  errors: string[];
}

/** The storefront's figures of one pace: idle and busy pooled, each round's, and what the operators did. */
interface PaceFigures {
  pace: Pace;
  idle: StoreFigures;
  busy: StoreFigures;
  rounds: { idle: StoreFigures; busy: StoreFigures }[];
  work: OperatorWork;
  /** The process's CPU time a wall second, and the event loop's delays (ms), idle and busy. */
  thread: { missIdle: number; missBusy: number; idleCpuShare: number; busyCpuShare: number; loopIdle: { p50: number; p99: number }; loopBusy: { p50: number; p99: number } };
}

/** The words a shopper searches (and one part number, filled in at run time). */
const SEARCH_WORDS = ['pump', 'filter cartridge', 'chlorine', 'heater', 'valve', 'skimmer basket', 'gasket', 'salt cell', 'ladder', 'pool cleaner'];

async function run(kind: 'sqlite' | 'postgres'): Promise<{ list: number[]; byKind: Map<string, number[]>; fulfil: number[]; seedS: number; paces: PaceFigures[]; productList: number[]; productKinds: Map<string, number[]> }> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-admin-'));
  const schema = `bench_admin_${process.pid}`;
  const db = kind === 'postgres' ? await openPostgres(PG_URL, { schema }) : openSqlite(join(dir, 'bench.sqlite'));
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    await seedStore(db, { products: PRODUCTS, seed: 34 });
    const t0 = performance.now();
    await seedOrders(db);
    // the state autovacuum keeps a store in: statistics, and the trigram index's pending entries merged
    await db.exec(kind === 'postgres' ? 'VACUUM ANALYZE orders, order_lines, order_fulfilments, audit_log, email_outbox, products, variants, inventory_levels, product_images' : 'ANALYZE');
    const seedS = (performance.now() - t0) / 1000;
    app = await buildApp({
      db, dataDir: join(dir, 'data'), webDir: join(dir, 'no-web'), renderThreads: 0,
      operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] }, rateLimits: { ...readRateLimitConfig({}), pages: 0, search: 0, allowList: ['127.0.0.1'] },
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
    if (PHASES.has('list')) for (const p of probes) for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: `/api/admin/orders?${p.query()}`, headers });
    for (let round = 0; PHASES.has('list') && round < ROUNDS; round++) {
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
    const targets = !PHASES.has('fulfil') ? [] : await db.all<{ id: number }>("SELECT id FROM orders WHERE state = 'open' AND fulfilment_status = 'unfulfilled' AND payment_status = 'paid' ORDER BY id DESC LIMIT ?", [FULFILMENTS + 5]);
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
    // the products list over the seeded catalogue (--products 100000 for a store of that size)
    const productList: number[] = [];
    const productKinds = new Map<string, number[]>();
    if (PHASES.has('products')) {
      const titleWord = () => SEARCH_WORDS[Math.floor(random() * SEARCH_WORDS.length)]!.split(' ')[0]!;
      const sku = (await db.get<{ sku: string }>('SELECT sku FROM products WHERE sku IS NOT NULL ORDER BY id LIMIT 1 OFFSET 1234'))?.sku ?? 'x';
      const maxProduct = (await db.get<{ n: number }>('SELECT MAX(id) AS n FROM products'))!.n;
      const productProbes: Probe[] = [
        { kind: 'no filter', query: () => 'limit=50' },
        { kind: 'text: a title word', query: () => `q=${titleWord()}&limit=50` },
        { kind: 'text: a SKU', query: () => `q=${encodeURIComponent(sku)}&limit=50` },
        { kind: 'text: no match', query: () => 'q=zzyzx&limit=50' },
        { kind: 'low stock (5)', query: () => 'lowStock=5&limit=50' },
        { kind: 'not indexed', query: () => 'indexed=false&limit=50' },
        { kind: 'no picture', query: () => 'noImage=true&limit=50' },
        { kind: 'a page deep in the keyset', query: () => `before=${1 + Math.floor(random() * maxProduct)}&limit=50` },
        { kind: 'title word + low stock', query: () => `q=${titleWord()}&lowStock=5&limit=50` },
      ];
      for (const p of productProbes) for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: `/api/admin/products?${p.query()}`, headers });
      for (let round = 0; round < ROUNDS; round++) {
        for (const p of productProbes) {
          const url = `/api/admin/products?${p.query()}`;
          const t = performance.now();
          const res = await app.inject({ method: 'GET', url, headers });
          const took = performance.now() - t;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          productList.push(took);
          productKinds.set(p.kind, [...(productKinds.get(p.kind) ?? []), took]);
        }
      }
    }
    if (!PHASES.has('storefront')) return { list, byKind, fulfil, seedS, paces: [], productList, productKinds };

    // the storefront while operators work: the shopper's levels always in stock and priced
    const shopperLevels = (await db.all<{ id: number }>(
      `SELECT l.id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
       WHERE l.available_for_sale = 1 AND l.price_cents > 0 AND p.call_for_price = 0 ORDER BY l.id LIMIT 60`,
    )).map((r) => Number(r.id));
    for (const id of shopperLevels) await db.run('UPDATE inventory_levels SET quantity = 1000000 WHERE id = ?', [id]);
    const partNumber = (await db.get<{ sku: string }>('SELECT sku FROM products WHERE sku IS NOT NULL ORDER BY id LIMIT 1 OFFSET 17'))!.sku;
    const searches = [...SEARCH_WORDS, partNumber];
    // the products the operators edit: not the shopper's (a price edit never blocks a cart-add's level)
    const editable = (await db.all<{ id: number; price_cents: number }>(
      `SELECT p.id, p.price_cents FROM products p WHERE p.call_for_price = 0 AND p.price_cents > 0 AND NOT EXISTS (
         SELECT 1 FROM variants v JOIN inventory_levels l ON l.variant_id = v.id WHERE v.product_id = p.id AND l.id IN (${shopperLevels.join(', ')})) ORDER BY p.id`,
    )).map((r) => ({ id: Number(r.id), priceCents: Number(r.price_cents) }));
    const toFulfil = (await db.all<{ id: number }>("SELECT id FROM orders WHERE state = 'open' AND fulfilment_status = 'unfulfilled' AND payment_status = 'paid' ORDER BY id")).map((r) => Number(r.id));
    const shopperRandom = rng(11);
    const shopper = async (calls: number): Promise<StoreFigures> => {
      const out: StoreFigures = { cartAdd: [], search: [] };
      let cookie = '';
      const begun = performance.now();
      for (let i = 0; i < calls; i++) {
        // paced: a shopper's add and search SHOPPER_RATE times a second (never faster; a late one goes at once)
        const due = begun + (i * 1000) / SHOPPER_RATE;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        // a new cart every 10 lines, as shoppers come and go
        if (i % 10 === 0) cookie = '';
        const level = shopperLevels[Math.floor(shopperRandom() * shopperLevels.length)]!;
        let t = performance.now();
        const added = await app!.inject({
          method: 'POST', url: '/api/checkouts/lineItems',
          headers: { 'content-type': 'application/json', 'idempotency-key': `bench-add-${kind}-${i}-${Math.floor(shopperRandom() * 1e9)}`, ...(cookie ? { cookie } : {}) },
          payload: { inventoryLevelId: level, quantity: 1 },
        });
        out.cartAdd.push(performance.now() - t);
        if (added.statusCode !== 200) throw new Error(`cart add: ${added.statusCode} ${added.body}`);
        const set = added.headers['set-cookie'];
        const first = Array.isArray(set) ? set[0] : set;
        if (first) cookie = first.split(';')[0]!;
        const q = searches[Math.floor(shopperRandom() * searches.length)]!;
        t = performance.now();
        const found = await app!.inject({ url: `/api/products/filter?q=${encodeURIComponent(q)}&limit=24` });
        out.search.push(performance.now() - t);
        if (found.statusCode !== 200) throw new Error(`search ${q}: ${found.statusCode} ${found.body}`);
      }
      return out;
    };
    // warm-up, untimed
    await shopper(20);

    const json = { ...headers, 'content-type': 'application/json' };
    const merge = (into: StoreFigures, from: StoreFigures) => {
      into.cartAdd.push(...from.cartAdd);
      into.search.push(...from.search);
    };
    /**
     * One pace: STORE_ROUNDS rounds, each an idle block then a busy one (alternating, so a shared
     * machine's changing load falls on both alike), STORE_CALLS / STORE_ROUNDS shopper calls a block.
     */
    const measure = async (pace: Pace): Promise<PaceFigures> => {
      const work: OperatorWork = { actions: 0, byAction: new Map(), seconds: 0, errors: [] };
      let stop = false;
      const act = async (name: string, mine: () => number, call: () => Promise<{ statusCode: number; body: string }>) => {
        const t = performance.now();
        const res = await call();
        work.byAction.set(name, [...(work.byAction.get(name) ?? []), performance.now() - t]);
        work.actions++;
        if (res.statusCode !== 200 && work.errors.length < 5) work.errors.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        // a human: the next action 1 to 2 s after this one began; the stress line: a short pause
        const wait = pace.name === 'human' ? HUMAN_MIN_MS + mine() * (HUMAN_MAX_MS - HUMAN_MIN_MS) - (performance.now() - t) : THINK_MS * (0.5 + mine());
        // in slices, so a stopped block ends at once
        const until = performance.now() + Math.max(0, wait);
        while (!stop && performance.now() < until) await new Promise((r) => setTimeout(r, Math.min(100, until - performance.now())));
      };
      /** An operator's round of work: list and open orders, fulfil one, list low stock or a word, open a product, edit its price. */
      const operator = async (n: number) => {
        const mine = rng(100 + n);
        const steps: (() => Promise<void>)[] = [
          () => act('list orders', mine, () => { const p = probes[Math.floor(mine() * probes.length)]!; return app!.inject({ method: 'GET', url: `/api/admin/orders?${p.query()}`, headers }); }),
          () => act('open an order', mine, () => app!.inject({ method: 'GET', url: `/api/admin/orders/${pickId()}`, headers })),
          async () => {
            const orderId = toFulfil.pop();
            if (orderId !== undefined) await act('fulfil an order', mine, () => app!.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/fulfilments`, headers: json, payload: { carrier: 'ups', trackingNumber: `1Z999AA1${String(orderId).padStart(10, '0')}` } }));
          },
          () => act('list products', mine, () => app!.inject({ method: 'GET', url: `/api/admin/products?${mine() < 0.5 ? 'lowStock=5' : `q=${encodeURIComponent(SEARCH_WORDS[Math.floor(mine() * SEARCH_WORDS.length)]!.split(' ')[0]!)}`}&limit=50`, headers })),
          () => act('open a product', mine, () => app!.inject({ method: 'GET', url: `/api/admin/products/${editable[Math.floor(mine() * editable.length)]!.id}`, headers })),
          () => {
            const product = editable[Math.floor(mine() * editable.length)]!;
            // a price a cent either side of the product's own, so prices stay put over the run
            const priceCents = product.priceCents + (mine() < 0.5 ? 1 : -1) * (product.priceCents > 1 ? 1 : -1);
            return act('edit a product', mine, () => app!.inject({ method: 'PATCH', url: `/api/admin/products/${product.id}`, headers: json, payload: { priceCents, compareAtPriceCents: null } }));
          },
        ];
        // operators start at different points of the round and at different moments
        let step = Math.floor(mine() * steps.length);
        if (pace.name === 'human') await new Promise((r) => setTimeout(r, mine() * HUMAN_MAX_MS));
        while (!stop) await steps[step++ % steps.length]!();
      };
      const idle: StoreFigures = { cartAdd: [], search: [] };
      const busy: StoreFigures = { cartAdd: [], search: [] };
      const rounds: { idle: StoreFigures; busy: StoreFigures }[] = [];
      const calls = Math.ceil(STORE_CALLS / STORE_ROUNDS);
      // the process's own CPU time and the event loop's delays, idle and busy: what the operators
      // cost the store's thread, less swayed by the machine's other load than latencies are
      const loopIdle = monitorEventLoopDelay({ resolution: 1 });
      const loopBusy = monitorEventLoopDelay({ resolution: 1 });
      let cpuIdle = 0;
      let cpuBusy = 0;
      let busySeconds = 0;
      let idleSeconds = 0;
      const cpuMs = () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      };
      // search answers computed (not found in the answer cache, which every catalogue change clears)
      const stats = app!.catalogue.cache.stats;
      let missIdle = 0;
      let missBusy = 0;
      for (let round = 0; round < STORE_ROUNDS; round++) {
        let misses = stats.responseMisses;
        let c = cpuMs();
        let t = performance.now();
        loopIdle.enable();
        const quiet = await shopper(calls);
        loopIdle.disable();
        cpuIdle += cpuMs() - c;
        missIdle += stats.responseMisses - misses;
        idleSeconds += (performance.now() - t) / 1000;
        stop = false;
        const started = performance.now();
        const operators = Array.from({ length: OPERATORS }, (_, n) => operator(n + round * OPERATORS + (pace.name === 'human' ? 1000 : 0)));
        // the operators at work before the shopper's first timed call
        await new Promise((r) => setTimeout(r, pace.name === 'human' ? HUMAN_MAX_MS : 500));
        c = cpuMs();
        t = performance.now();
        misses = stats.responseMisses;
        loopBusy.enable();
        const loaded = await shopper(calls);
        loopBusy.disable();
        cpuBusy += cpuMs() - c;
        missBusy += stats.responseMisses - misses;
        busySeconds += (performance.now() - t) / 1000;
        stop = true;
        await Promise.all(operators);
        work.seconds += (performance.now() - started) / 1000;
        merge(idle, quiet);
        merge(busy, loaded);
        rounds.push({ idle: quiet, busy: loaded });
      }
      const loop = (h: ReturnType<typeof monitorEventLoopDelay>) => ({ p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6 });
      const thread = { missIdle, missBusy, idleCpuShare: cpuIdle / 1000 / idleSeconds, busyCpuShare: cpuBusy / 1000 / busySeconds, loopIdle: loop(loopIdle), loopBusy: loop(loopBusy) };
      return { pace, idle, busy, rounds, work, thread };
    };
    const paces: PaceFigures[] = [];
    for (const pace of PACES) paces.push(await measure(pace));
    return { list, byKind, fulfil, seedS, paces, productList, productKinds };
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
  console.log(`\n${label}: ${PRODUCTS.toLocaleString('en')} products; ${ORDERS.toLocaleString('en')} orders seeded in ${r.seedS.toFixed(1)} s`);
  const p95 = r.list.length > 0 ? pct(r.list, 95) : 0;
  if (r.list.length > 0) console.log(`  order list, filtered and paged (${r.list.length} calls): p50 ${ms(pct(r.list, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...r.list))}  goal p95 <= ${LIST_GOAL_MS} ms: ${p95 <= LIST_GOAL_MS ? 'met' : 'NOT MET'}`);
  if (r.list.length > 0) for (const [k, xs] of r.byKind) console.log(`    ${k.padEnd(32)} p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(pct(xs, 95)).padStart(9)}`);
  if (r.fulfil.length > 0) {
    const f95 = pct(r.fulfil, 95);
    console.log(`  fulfilment with mail (${r.fulfil.length} calls): p50 ${ms(pct(r.fulfil, 50))}, p95 ${ms(f95)}, max ${ms(Math.max(...r.fulfil))}  goal p95 <= ${FULFIL_GOAL_MS} ms: ${f95 <= FULFIL_GOAL_MS ? 'met' : 'NOT MET'}`);
  }
  if (r.productList.length > 0) {
    console.log(`  products list, filtered and paged over ${PRODUCTS.toLocaleString('en')} products (${r.productList.length} calls): p50 ${ms(pct(r.productList, 50))}, p95 ${ms(pct(r.productList, 95))}, max ${ms(Math.max(...r.productList))}`);
    for (const [k, xs] of r.productKinds) console.log(`    ${k.padEnd(32)} p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(pct(xs, 95)).padStart(9)}`);
  }
  for (const f of r.paces) {
    const paceText = f.pace.name === 'human'
      ? `at a human pace: each starts an action every ${HUMAN_MIN_MS / 1000} to ${HUMAN_MAX_MS / 1000} s`
      : `stress: each pauses ${THINK_MS} ms on average between actions`;
    console.log(`  storefront while ${OPERATORS} operators work, ${paceText} (one shopper paced at ${SHOPPER_RATE} cart-adds and searches a second, ${STORE_CALLS} of each idle and ${STORE_CALLS} busy, in ${STORE_ROUNDS} alternating rounds; ms):`);
    console.log(`    ${'call'.padEnd(10)} ${'idle p50'.padStart(9)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}   ${'busy p50'.padStart(9)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}   ratio p50   p95   p99   p95 by round      p99 by round`);
    for (const name of ['cartAdd', 'search'] as const) {
      const idle = f.idle[name];
      const busy = f.busy[name];
      const row = (xs: number[]) => `${pct(xs, 50).toFixed(2).padStart(9)} ${pct(xs, 95).toFixed(2).padStart(7)} ${pct(xs, 99).toFixed(2).padStart(7)}`;
      const ratio = (p: number, i: number[], b: number[]) => pct(b, p) / pct(i, p);
      const byRound = (p: number) => f.rounds.map((x) => ratio(p, x.idle[name], x.busy[name]).toFixed(2)).join(' ');
      console.log(`    ${(name === 'cartAdd' ? 'cart-add' : 'search').padEnd(10)} ${row(idle)}   ${row(busy)}   ${[50, 95, 99].map((p) => `${ratio(p, idle, busy).toFixed(2)}x`.padStart(p === 50 ? 9 : 6)).join('')}   ${byRound(95).padEnd(16)}  ${byRound(99)}`);
    }
    console.log(`    operators: ${f.work.actions} actions in ${f.work.seconds.toFixed(1)} s (${(f.work.actions / f.work.seconds).toFixed(1)}/s)${f.work.errors.length > 0 ? `; refused: ${f.work.errors.join(' | ')}` : ''}`);
    const th = f.thread;
    const loopText = (l: { p50: number; p99: number }) => `p50 ${l.p50.toFixed(1)}, p99 ${l.p99.toFixed(1)} ms`;
    console.log(`    the store's thread: CPU ${(th.idleCpuShare * 100).toFixed(1)} % of the time idle, ${(th.busyCpuShare * 100).toFixed(1)} % busy (the operators' share ${((th.busyCpuShare - th.idleCpuShare) * 100).toFixed(1)} %); event-loop delay idle ${loopText(th.loopIdle)}; busy ${loopText(th.loopBusy)}; searches answered from scratch (the answer cache cleared by the price edits) ${th.missIdle} of ${f.idle.search.length} idle, ${th.missBusy} of ${f.busy.search.length} busy`);
    for (const [name, xs] of f.work.byAction) console.log(`      ${name.padEnd(18)} ${String(xs.length).padStart(5)} calls  p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(pct(xs, 95)).padStart(9)}`);
  }
}
