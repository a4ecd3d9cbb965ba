/**
 * `npm run bench:checkout-page`: the hosted checkout page (`GET /checkout/{id}`), in process,
 * over seeded SQLite stores, with a 6-line cart of the first sellable variants. Three pages are
 * rendered in turn (round after round, so load on the machine hits them alike) and printed side
 * by side:
 *
 * - `quoted`: a signed-in shopper with a saved California address: the page quotes shipping
 *   (shipments, options, dates, sales tax row, Prop 65 warning when the cart has one).
 * - `no address`: a signed-in shopper with no saved address, the same cart: the same code's page
 *   without the shipping quote (the page as it was before the shipping step, bar one sentence).
 * - `before` (only with BENCH_BEFORE_DIR): the page of an older commit's tree, in this same
 *   process, for the shopper with the saved address: the page before shipping existed. Make the
 *   tree with `git archive e28b0e3 | tar -x -C /tmp/ck-before` (e28b0e3: the commit before the
 *   quote) and give it a node_modules (a symlink to this one, plus the dependencies it still
 *   used: `npm install --no-save @fastify/rate-limit@10` in it).
 *
 * Prints p50 to p99 of each page, in wall time and in the process's CPU time during the render
 * (every thread, the garbage collector's included; the time spent waiting for a core while other
 * processes load the machine left out), and the quoted page's p95 against the baseline's
 * (`before` when given, else `no address`). Goal (issue 28): p95 within 10 % of the page before
 * the quote.
 *
 * Environment: BENCH_RENDERS (renders of each page, default 1500), BENCH_PRODUCTS (default 500),
 * BENCH_BEFORE_DIR (optional, above).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 1500);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR?.trim() || null;

interface Page {
  name: string;
  render: () => Promise<string>;
  close: () => Promise<void>;
  /** Wall time of each render, ms. */
  ms: number[];
  /** CPU time of the process during each render (every thread: GC included, waiting for a core not), ms. */
  cpu: number[];
}

interface StoreModules {
  buildApp: (options: Record<string, unknown>) => Promise<{ inject: (req: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>; close: () => Promise<void> }>;
  hashToken: (token: string) => string;
  newToken: () => string;
  SESSION_COOKIE: string;
  openSqlite: (path: string) => Db;
  migrate: (db: Db) => Promise<void>;
  seedStore: (db: Db, options: { products: number; seed: number }) => Promise<unknown>;
  readRateLimitConfig: (env: Record<string, string>) => Record<string, unknown>;
}

interface Db {
  get<T>(sql: string, params?: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The store's modules of a source tree (this one, or an older commit's). */
async function storeModules(root: string): Promise<StoreModules> {
  const load = async (path: string) => await import(pathToFileURL(join(root, path)).href) as Record<string, unknown>;
  const [app, session, database, migrations, seed, limits] = await Promise.all([
    load('src/server/app.ts'), load('src/server/modules/accounts/session.ts'), load('src/server/platform/db/database.ts'),
    load('src/server/platform/db/migrate.ts'), load('src/server/seed/store.ts'), load('src/server/platform/http/limits.ts'),
  ]);
  return { ...app, ...session, ...database, ...migrations, ...seed, ...limits } as unknown as StoreModules;
}

/** A seeded store of a tree and its checkout pages: one shopper per entry of `shoppers` (with or without a saved address). */
async function storePages(root: string, shoppers: { name: string; savedAddress: boolean }[]): Promise<Page[]> {
  const m = await storeModules(root);
  const db = m.openSqlite(':memory:');
  await m.migrate(db);
  await m.seedStore(db, { products: PRODUCTS, seed: 1 });
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-bench-checkout-'));
  // one client renders the page thousands of times: the per-client page limit would refuse it
  const app = await m.buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), rateLimits: { ...m.readRateLimitConfig({}), pages: 0 } });
  const levels = await db.all<{ id: number }>(
    'SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND quantity >= 5 AND price_cents > 0 ORDER BY id LIMIT 6',
  );
  const pages: Page[] = [];
  for (const [i, shopper] of shoppers.entries()) {
    const at = new Date().toISOString();
    const customer = await db.get<{ id: number }>(
      "INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at) VALUES (?, 'x', 'Pat', 'Pool', ?, ?) RETURNING id",
      [`bench${i}@example.com`, at, at],
    );
    if (shopper.savedAddress) {
      await db.run(
        `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, city, zip, phone, country_code, state_code, is_default, created_at)
         VALUES (?, 'Pat', 'Pool', '1200 Harbor Dr', 'San Diego', '92101', '6195550142', 'US', 'CA', 1, ?)`,
        [customer?.id, at],
      );
    }
    const token = m.newToken();
    await db.run('INSERT INTO sessions (token_hash, customer_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [m.hashToken(token), customer?.id, at, at]);
    const cookie = `${m.SESSION_COOKIE}=${token}`;
    const added = await app.inject({
      method: 'POST', url: '/api/checkouts/lineItems',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ lineItems: levels.map((l) => ({ inventoryLevelId: l.id, quantity: 1 })) }),
    });
    const checkoutId = (JSON.parse(added.body) as { checkout: { webUrl: string } }).checkout.webUrl.split('/').pop() ?? '';
    pages.push({
      name: shopper.name,
      ms: [],
      cpu: [],
      render: async () => {
        const res = await app.inject({ method: 'GET', url: `/checkout/${checkoutId}`, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${shopper.name}: the checkout page answered ${res.statusCode}`);
        return res.body;
      },
      close: i === 0 ? () => app.close() : async () => undefined,
    });
  }
  return pages;
}

const pages = await storePages(resolve(import.meta.dirname, '..'), [{ name: 'quoted', savedAddress: true }, { name: 'no address', savedAddress: false }]);
if (BEFORE_DIR) pages.push(...await storePages(resolve(BEFORE_DIR), [{ name: 'before', savedAddress: true }]));

for (const page of pages) {
  const body = await page.render();
  console.log(`${page.name.padEnd(10)}: ${body.length} bytes, quoted shipping: ${body.includes('Shipment 1 of') ? 'yes' : 'no'}, sales tax row: ${body.includes('Sales tax') ? 'yes' : 'no'}`);
}
for (let i = 0; i < 200; i++) for (const page of pages) await page.render();
for (let i = 0; i < RENDERS; i++) {
  // each round in another order, so no page always follows the same one
  for (let k = 0; k < pages.length; k++) {
    const page = pages[(i + k) % pages.length]!;
    const c = process.cpuUsage();
    const t = performance.now();
    await page.render();
    page.ms.push(performance.now() - t);
    const used = process.cpuUsage(c);
    page.cpu.push((used.user + used.system) / 1000);
  }
}
const q = (ms: number[], p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
for (const page of pages) {
  page.ms.sort((a, b) => a - b);
  page.cpu.sort((a, b) => a - b);
}
const line = (xs: number[]) => `p50 ${q(xs, 0.5).toFixed(2)} ms, p75 ${q(xs, 0.75).toFixed(2)} ms, p90 ${q(xs, 0.9).toFixed(2)} ms, p95 ${q(xs, 0.95).toFixed(2)} ms, p99 ${q(xs, 0.99).toFixed(2)} ms`;
const quoted = pages[0]!;
const baseline = pages.find((p) => p.name === 'before') ?? pages[1]!;
for (const [what, of] of [['wall time', (p: Page) => p.ms], ['CPU time (the load of other processes left out)', (p: Page) => p.cpu]] as const) {
  console.log(`GET /checkout/{id}, ${RENDERS} renders of each page, interleaved, ${what}:`);
  for (const page of pages) console.log(`  ${page.name.padEnd(10)} ${line(of(page))}`);
  const ratio = q(of(quoted), 0.95) / q(of(baseline), 0.95);
  console.log(`  quoted p95 / ${baseline.name} p95: ${ratio.toFixed(2)} (p50 ${(q(of(quoted), 0.5) / q(of(baseline), 0.5)).toFixed(2)}); goal <= 1.10: ${ratio <= 1.1 ? 'met' : 'not met'}`);
}
for (const page of pages) await page.close();
