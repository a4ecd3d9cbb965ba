/**
 * `npm run bench:multi`: the store on one process against two processes (issue 14, Figures).
 *
 * For each setup, real servers (`src/server/main.ts`) on a fresh database and a Redis prefix of
 * their own (test/server/platform/scale/multiprocess.helpers.ts), loaded over HTTP with keep-alive from this
 * process, requests spread round-robin over the processes:
 * - cart: bench:cart's workload (cart-shopper.ts): BENCH_SHOPPERS shoppers (default 100), each
 *   with its own session, adding lines (with an Idempotency-Key each), updating and removing them,
 *   carts of at most 8 lines, pausing BENCH_THINK_MS between calls (mean 100 ms);
 * - search: BENCH_SEARCHERS clients (default 16) in a closed loop over a mix of product searches
 *   (the HTTP part of bench:search: words, part numbers, vendors, prices, pages);
 * then, on the two-process setups, the catalogue change seen by the other process: a sale made on
 * process A (`POST /api/admin/products/{id}/price`), and the time until process B's search answer
 * shows the new price, over BENCH_CHANGES changes (default 60). Goal: p99 <= 500 ms.
 *
 * Setups: SQLite with one process; then the multi-process database (PostgreSQL at
 * TEST_DATABASE_URL when it answers, else one SQLite file in WAL mode shared by the processes)
 * with one and with two processes, all with REDIS_URL. Prints throughput, p50/p95/p99 and errors
 * side by side. Environment: BENCH_SECONDS (default 15 per load), BENCH_PRODUCTS (default 500),
 * BENCH_DATABASE (postgres | sqlite, to force the multi-process database), BENCH_SETUPS (a subset of
 * sqlite1, pg1, pg2, sqlite2).
 */
import { Agent, request } from 'node:http';
import { runShopper, type CartSend } from './cart-shopper.ts';
import { percentiles, type Percentiles } from './search-stats.ts';
import {
  ADMIN_TOKEN, newShopper, startMultiStore, TEST_PG_URL, type MultiStore, type StoreDatabase,
} from '../test/server/platform/scale/multiprocess.helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 100);
const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 16);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 60);

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

interface Answer { status: number; body: string; ms: number }

function call(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

interface LoadFigures { calls: number; rps: number; latency: Percentiles; errors: number; byStatus?: Record<string, number> }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cartLoad(store: MultiStore): Promise<LoadFigures> {
  const bases = store.servers.map((s) => s.base);
  const levels = (await store.sql<{ id: number }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND price_cents > 0 ORDER BY id LIMIT 200')).map((r) => Number(r.id));
  await store.sql('UPDATE inventory_levels SET quantity = 1000000');
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => newShopper(bases[i % bases.length] ?? '')));
  const samples: number[] = [];
  let errors = 0;
  const byStatus: Record<string, number> = {};
  let turn = 0;
  // bench:cart's shopper (cart-shopper.ts), its calls spread round-robin over the processes
  const send: CartSend = async (method, path, cookie, body, key) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
    if (key) headers['idempotency-key'] = key;
    const a = await call(bases[turn++ % bases.length] ?? '', path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: a.status, text: a.body };
  };
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(shoppers.map((s, i) => runShopper({
    send, cookie: s.cookie, levels, deadline, thinkMs: THINK_MS, seed: i + 1,
    onCall(_kind, ms, status) {
      samples.push(ms);
      if (status !== 200) {
        errors++;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      }
    },
    onNetworkError(err) {
      errors++;
      byStatus[err.message] = (byStatus[err.message] ?? 0) + 1;
    },
  })));
  return { calls: samples.length, rps: samples.length / SECONDS, latency: percentiles(samples), errors, byStatus };
}

const SEARCHES = [
  'q=pump', 'q=filter+cartridge', 'q=heater', 'q=chlorine+tabs', 'q=o-ring', 'q=skimmer+basket', 'q=spx1600',
  'q=pump&page=2', 'q=light&sortBy=price_asc', 'q=valve&minPrice=10&maxPrice=200', 'q=hayward', 'q=pentair+filter',
  'q=robot', 'q=salt+cell', 'q=gasket&limit=48', 'q=ladder',
];

async function searchLoad(store: MultiStore): Promise<LoadFigures> {
  const bases = store.servers.map((s) => s.base);
  const samples: number[] = [];
  let errors = 0;
  let turn = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: SEARCHERS }, async (_, i) => {
    let n = i;
    while (Date.now() < end) {
      const base = bases[turn++ % bases.length] ?? '';
      try {
        const a = await call(base, `/api/products/filter?${SEARCHES[n++ % SEARCHES.length]}`);
        samples.push(a.ms);
        if (a.status !== 200) errors++;
      } catch {
        errors++;
      }
    }
  }));
  return { calls: samples.length, rps: samples.length / SECONDS, latency: percentiles(samples), errors };
}

/** Sale on A, then B's search answer polled every 2 ms until it shows the new price. */
async function changeSeen(store: MultiStore): Promise<{ latency: Percentiles; missed: number }> {
  const [a, b] = store.servers;
  if (!a || !b) throw new Error('two processes needed');
  const products = await store.sql<{ id: number; sku: string; price_cents: number }>('SELECT id, sku, price_cents FROM products ORDER BY id LIMIT ?', [CHANGES]);
  const samples: number[] = [];
  let missed = 0;
  for (const [i, p] of products.entries()) {
    const price = Number(p.price_cents) + 100 + i;
    const searchPath = `/api/products/filter?q=${encodeURIComponent(p.sku)}`;
    await call(b.base, searchPath); // B holds the answer in its cache
    const started = performance.now();
    const sale = await call(a.base, `/api/admin/products/${p.id}/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ priceCents: price, compareAtPriceCents: null }),
    });
    if (sale.status !== 200) throw new Error(`sale refused: ${sale.status} ${sale.body}`);
    // prices are JSON numbers in dollars (19.9, 20): matched as a whole value
    const shows = new RegExp(`"price":${JSON.stringify(price / 100).replace('.', '\\.')}[,}]`);
    let seen = false;
    while (performance.now() - started < 5000) {
      const answer = await call(b.base, searchPath);
      if (shows.test(answer.body)) {
        seen = true;
        break;
      }
      await sleep(2);
    }
    if (seen) samples.push(performance.now() - started);
    else missed++;
  }
  return { latency: percentiles(samples), missed };
}

async function pgAvailable(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

interface Row { setup: string; cart: LoadFigures; search: LoadFigures; change?: { latency: Percentiles; missed: number } }

async function measure(setup: string, database: StoreDatabase, processes: number): Promise<Row> {
  process.stdout.write(`${setup}: starting ${processes} process(es) on ${database} ...\n`);
  const store = await startMultiStore({ database, processes, products: PRODUCTS });
  try {
    const search = await searchLoad(store);
    const cart = await cartLoad(store);
    const change = processes > 1 ? await changeSeen(store) : undefined;
    return { setup, cart, search, ...(change ? { change } : {}) };
  } finally {
    await store.close();
  }
}

const f = (x: number) => x.toFixed(1).padStart(7);
function line(label: string, l: LoadFigures): string {
  return `  ${label.padEnd(7)} ${f(l.rps)} req/s  p50 ${f(l.latency.p50)} ms  p95 ${f(l.latency.p95)} ms  p99 ${f(l.latency.p99)} ms  errors ${l.errors}${l.errors > 0 && l.byStatus ? ` ${JSON.stringify(l.byStatus)}` : ''}  (${l.calls} calls)`;
}

async function main(): Promise<void> {
  const forced = process.env.BENCH_DATABASE as StoreDatabase | undefined;
  const multiDb: StoreDatabase = forced ?? ((await pgAvailable()) ? 'postgres' : 'sqlite');
  const rows: Row[] = [];
  // BENCH_SETUPS: a comma-separated subset of sqlite1, pg1, pg2, sqlite2 (default: all that apply)
  const only = process.env.BENCH_SETUPS?.split(',').map((s) => s.trim()).filter(Boolean);
  const wanted = (key: string): boolean => only === undefined || only.length === 0 || only.includes(key);
  if (wanted('sqlite1')) rows.push(await measure('sqlite, 1 process', 'sqlite', 1));
  if (multiDb === 'postgres' && wanted('pg1')) rows.push(await measure('postgres, 1 process', 'postgres', 1));
  if (wanted(multiDb === 'postgres' ? 'pg2' : 'sqlite2')) rows.push(await measure(`${multiDb}, 2 processes`, multiDb, 2));
  if (multiDb === 'postgres' && wanted('sqlite2')) rows.push(await measure('sqlite (WAL file), 2 processes', 'sqlite', 2));
  console.log(`\nbench:multi — ${SECONDS} s per load, ${SHOPPERS} shoppers (think ${THINK_MS} ms), ${SEARCHERS} searchers, ${PRODUCTS} products, Redis on; machine: ${(await import('node:os')).cpus().length} cores`);
  for (const r of rows) {
    console.log(`\n${r.setup}`);
    console.log(line('cart', r.cart));
    console.log(line('search', r.search));
    if (r.change) {
      console.log(`  change seen by the other process: p50 ${f(r.change.latency.p50)} ms  p99 ${f(r.change.latency.p99)} ms  max ${f(r.change.latency.max)} ms  (${r.change.latency.n} changes, ${r.change.missed} not seen within 5 s; goal p99 <= 500 ms)`);
    }
  }
  agent.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
