/**
 * `npm run bench:import [-- --rows 100000] [--pg] [--skip-store] [--only import|export|store] [--keep] [--search-rate 200] [--closed-loop] [--store sqlite|postgres]`: generates a Shopify product CSV
 * of about 100,000 rows (about 30,000 products, most with variants, each with a picture), imports
 * it into an empty SQLite store (and PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL with
 * --pg), then exports the catalogue back in Shopify's format. Prints the import time, the
 * process's peak RSS, and the export time. Goals: SQLite import <= 60 s and <= 500 MB RSS,
 * PostgreSQL <= 120 s, export <= 20 s.
 *
 * The pictures are served by this process on the loopback interface (IMPORT_IMAGE_FETCH=loopback:
 * nothing beyond this machine is contacted), 60 distinct pictures (one per brand and part type),
 * so the figures include fetching and storing each once and the look-ups of the rest.
 *
 * Then, unless --skip-store, the running store: one store process (a child, on an SQLite file,
 * and on PostgreSQL with --pg) answers searches sent at a steady rate (`--search-rate`, 200 a
 * second, latency counted from when each was due: see searchLoad; `--closed-loop` for four
 * clients in a closed loop); their p99 is measured idle, then while the same file is imported
 * through the operators' API (POST /api/admin/imports), and both are printed (goal: during within
 * 2x of idle).
 *
 * The searches are sent from a worker thread (see SEARCH_LOAD). BENCH_IMPORT_TRACE=file appends
 * the searches slower than 10 ms and the moments the import was posted and done, by epoch
 * milliseconds, for lining them up with a trace of the store's own.
 *
 * Parts: `--only export` times the export alone, of a catalogue imported once and kept (an SQLite
 * file and a PostgreSQL schema named after the row count, made by the first such run or by a run
 * with `--keep`); `--only import` imports and exports without the store part; `--only store` is
 * the store part alone. Without `--only` every part runs, on a fresh database.
 */
import { appendFileSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { openSqlite, type Db } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { exportCatalogue } from '../src/server/modules/imports/export.ts';
import { importCatalogue } from '../src/server/modules/imports/service.ts';
import { SHOPIFY_COLUMNS } from '../src/server/modules/imports/shopify.ts';
import { mulberry32 } from '../src/server/platform/random/prng.ts';
import { ADMIN_TOKEN, startMultiStore, type StoreDatabase } from '../test/server/platform/scale/multiprocess.helpers.ts';
import { percentiles } from './search-stats.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    pg: { type: 'boolean', default: false },
    'skip-store': { type: 'boolean', default: false },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'search-rate': { type: 'string', default: '200' },
    'closed-loop': { type: 'boolean', default: false },
    store: { type: 'string' },
  },
});
const targetRows = Number(values.rows);
const only = values.only;
if (only !== undefined && !['import', 'export', 'store'].includes(only)) throw new Error(`--only import, export or store, not '${only}'`);
const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-import-'));
/** Where a kept catalogue lives (`--keep`, `--only export`): the SQLite file's folder and the PostgreSQL schema. */
const keptDir = join(tmpdir(), `skimmer-bench-import-kept-${targetRows}`);
const keptSchema = `bench_import_kept_${targetRows}`;
const file = join(dir, 'products.csv');

const NOUNS = ['Pump', 'Cartridge', 'O-Ring', 'Impeller', 'Skimmer Basket', 'Valve', 'Heater', 'Test Kit', 'Salt Cell', 'Cleaner Hose'];
const BRANDS = ['Tidewell', 'Cobalt Cove', 'Brightwater Supply', 'Palmetto Pool Works', 'Marlin Aquatics', 'Kelpford'];
const SIZES = ['Small', 'Medium', 'Large', 'X-Large'];

// the pictures: one small JPEG per brand and part type, served on the loopback interface
process.env.IMPORT_IMAGE_FETCH = 'loopback';
const sharp = (await import('sharp')).default;
const pictures = new Map<string, Buffer>();
for (const b of BRANDS.keys()) {
  for (const n of NOUNS.keys()) {
    const colour = { r: (b * 40) % 256, g: (n * 25) % 256, b: 180 };
    pictures.set(`/p/${b}-${n}.jpg`, await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer());
  }
}
const pictureServer = createServer((req, res) => {
  const bytes = pictures.get(req.url ?? '');
  if (bytes) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes);
  else res.writeHead(404).end();
});
await new Promise<void>((resolve) => pictureServer.listen(0, '127.0.0.1', resolve));
const pictureOrigin = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}`;

/** Writes the CSV: quoting by hand is fine here (the generator's own cells hold no quotes or commas but the body, quoted). */
async function generate(): Promise<{ rows: number; products: number }> {
  const rng = mulberry32(33);
  const out = createWriteStream(file);
  const put = async (cells: Record<string, string>): Promise<void> => {
    const line = SHOPIFY_COLUMNS.map((c) => {
      const v = cells[c] ?? '';
      return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    }).join(',');
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  out.write(SHOPIFY_COLUMNS.join(',') + '\n');
  let rows = 0;
  let products = 0;
  while (rows < targetRows) {
    const id = ++products;
    const nounAt = Math.floor(rng.next() * NOUNS.length);
    const brandAt = Math.floor(rng.next() * BRANDS.length);
    const noun = NOUNS[nounAt]!;
    const brand = BRANDS[brandAt]!;
    const handle = `${brand}-${noun}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const price = 500 + Math.floor(rng.next() * 200_000);
    const variants = rng.next() < 0.7 ? 3 + Math.floor(rng.next() * 2) : 1;
    for (let v = 0; v < variants; v++) {
      const first = v === 0;
      await put({
        Handle: handle,
        ...(first
          ? {
              Title: `${brand} ${noun} ${id}`,
              'Body (HTML)': `<p>The ${brand} ${noun}, model ${id}, for residential pools and spas.</p><ul><li>Genuine part</li><li>One-year warranty</li></ul>`,
              Vendor: brand,
              Type: noun,
              Tags: `Brand: ${brand}, Part Type: ${noun}`,
              Published: 'TRUE',
              'Option1 Name': variants > 1 ? 'Size' : 'Title',
              'Image Src': `${pictureOrigin}/p/${brandAt}-${nounAt}.jpg`,
              'Image Position': '1',
              'SEO Title': `${brand} ${noun} ${id}`,
            }
          : {}),
        'Option1 Value': variants > 1 ? SIZES[v]! : 'Default Title',
        'Variant SKU': `SKU-${id}-${v}`,
        'Variant Grams': String(100 + Math.floor(rng.next() * 20_000)),
        'Variant Inventory Qty': String(Math.floor(rng.next() * 200)),
        'Variant Inventory Policy': 'deny',
        'Variant Price': ((price + v * 500) / 100).toFixed(2),
        'Variant Compare At Price': rng.next() < 0.2 ? ((price + v * 500 + 1000) / 100).toFixed(2) : '',
        'Variant Weight Unit': 'lb',
      });
      rows++;
    }
  }
  out.end();
  await once(out, 'finish');
  return { rows, products };
}

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Imports the file into `db` (unless `exportOnly` and it holds the catalogue already), then times the export. */
async function run(label: string, db: Db, exportOnly: boolean): Promise<void> {
  await migrate(db);
  const held = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0);
  let imported = '';
  if (!exportOnly || held === 0) {
    global.gc?.();
    peak = process.memoryUsage().rss;
    const started = performance.now();
    const report = await importCatalogue(db, createReadStream(file, { highWaterMark: 256 * 1024 }), { format: 'shopify', images: { fetch: 'loopback' } });
    const importMs = performance.now() - started;
    imported =
      `import ${(importMs / 1000).toFixed(1)} s (${report.totals.created.toLocaleString('en-US')} products, ${report.totals.rows.toLocaleString('en-US')} rows, ${Math.round(report.totals.rows / (importMs / 1000)).toLocaleString('en-US')} rows/s, ${report.totals.rejected} rejected), ` +
      `peak RSS ${mb(peak)}; ${report.problems.length} warnings; `;
  } else {
    imported = `kept catalogue of ${held.toLocaleString('en-US')} products; `;
  }
  global.gc?.();
  peak = process.memoryUsage().rss;
  const exportFile = join(dir, `export-${label}.csv`);
  const out = createWriteStream(exportFile);
  const exportStarted = performance.now();
  for await (const chunk of exportCatalogue(db, 'shopify')) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const exportMs = performance.now() - exportStarted;
  console.log(`${label}: ${imported}export ${(exportMs / 1000).toFixed(1)} s (${mb(statSync(exportFile).size)}, peak RSS ${mb(peak)})`);
  await db.close();
}

const SEARCHES = ['q=pump', 'q=filter+cartridge', 'q=heater', 'q=o-ring', 'q=skimmer+basket', 'q=valve&minPrice=10&maxPrice=200', 'q=salt+cell', 'q=pump&page=2'];
const SEARCHERS = 4;
const searchRate = Number(values['search-rate']);
const TRACE = process.env.BENCH_IMPORT_TRACE;
/** BENCH_IMPORT_TRACE: a moment of the run, by the clock the store's own traces use. */
const mark = (what: string): void => { if (TRACE) appendFileSync(TRACE, `${(performance.timeOrigin + performance.now()).toFixed(1)} bench ${what}\n`); };

/**
 * The search load, run on a thread of its own so that what this process does meanwhile (the
 * import's upload, serving its pictures, polling the job, collecting garbage after generating the
 * file) does not hold up the sending and count as the store's time. Open loop (the default): a
 * search is sent every 1/rate s whatever the answers do, and its latency counts from when it was
 * due, so a stall of the store counts once for every search it holds up (a closed loop of a few
 * clients records a 10 s stall as a handful of slow samples: coordinated omission). Closed loop:
 * `searchers` clients each sending its next search when the last is answered (the figures before
 * 2026-11-27). Answers [when due (epoch ms), latency (ms)] of every search answered 200, once
 * told 'stop'.
 */
const SEARCH_LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, searches, rate, closedLoop, searchers } = workerData;
let stop = true;
let samples = [];
const one = async (n, from) => {
  const res = await fetch(base + '/api/products/filter?' + searches[n % searches.length]);
  await res.arrayBuffer();
  if (res.status === 200) samples.push([performance.timeOrigin + from, performance.now() - from]);
};
async function run() {
  if (closedLoop) {
    await Promise.all(Array.from({ length: searchers }, async (_, i) => {
      for (let n = i; !stop; n++) await one(n, performance.now());
    }));
  } else {
    const started = performance.now();
    const inFlight = new Set();
    for (let n = 0; !stop; await new Promise((r) => setTimeout(r, 1))) {
      for (let due = started + (n * 1000) / rate; due <= performance.now(); due = started + (n * 1000) / rate) {
        const sent = one(n++, due).finally(() => inFlight.delete(sent));
        inFlight.add(sent);
      }
    }
    await Promise.all(inFlight);
  }
  parentPort.postMessage(samples);
}
parentPort.on('message', (m) => {
  if (m === 'start') {
    stop = false;
    samples = [];
    void run();
  } else if (m === 'stop') stop = true;
});
`;

/**
 * Search latencies until `until` says stop, from the store's search load (SEARCH_LOAD: one worker
 * for the whole run, so its connections and fetch are warm for every part).
 */
async function searchLoad(load: Worker, until: () => boolean): Promise<number[]> {
  const answered = once(load, 'message') as Promise<[[number, number][]]>;
  load.postMessage('start');
  while (!until()) await new Promise((r) => setTimeout(r, 20));
  load.postMessage('stop');
  const [samples] = await answered;
  // BENCH_IMPORT_TRACE=file: the searches slower than 10 ms, by when they were due (for finding where the time went)
  if (TRACE) appendFileSync(TRACE, samples.filter(([, ms]) => ms > 10).map(([due, ms]) => `${due.toFixed(1)} bench slow ${ms.toFixed(1)}\n`).join(''));
  return samples.map(([, ms]) => ms);
}

/** The running store's search p99, idle and during an import of the file through the operators' API. */
async function storeRun(database: StoreDatabase): Promise<void> {
  const store = await startMultiStore({ database, processes: 1, products: 2000, env: { IMPORT_IMAGE_FETCH: 'loopback' } });
  const base = store.servers[0]!.base;
  const searcher = new Worker(SEARCH_LOAD, {
    eval: true,
    workerData: { base, searches: SEARCHES, rate: searchRate, closedLoop: values['closed-loop'], searchers: SEARCHERS },
  });
  try {
    await searchLoad(searcher, (() => { const end = Date.now() + 3000; return () => Date.now() > end; })()); // warm
    const loadBefore = loadavg()[0]!;
    const idleEnd = Date.now() + 15_000;
    const idle = percentiles(await searchLoad(searcher, () => Date.now() > idleEnd));
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    mark('post');
    const started = performance.now();
    const posted = await fetch(`${base}/api/admin/imports?format=shopify`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: readFileSync(file) });
    if (posted.status !== 202) throw new Error(`import not taken: ${posted.status} ${await posted.text()}`);
    const { id } = (await posted.json()) as { id: string };
    let done = false;
    let job: { status: string; report?: { totals: { created: number } } } = { status: 'queued' };
    const poll = (async () => {
      while (!done) {
        await new Promise((r) => setTimeout(r, 500));
        job = (await (await fetch(`${base}/api/admin/imports/${id}`, { headers: auth })).json()) as typeof job;
        if (job.status === 'done' || job.status === 'failed') done = true;
      }
    })();
    const during = percentiles(await searchLoad(searcher, () => done));
    await poll;
    mark('done');
    const seconds = (performance.now() - started) / 1000;
    const fmt = (p: { p50: number; p99: number; max: number; n: number }): string => `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(0)} ms (${p.n} searches)`;
    const load = values['closed-loop'] ? `${SEARCHERS} searchers in a closed loop` : `open loop, ${searchRate} searches/s`;
    // the machine's load average over the last minute, before the idle part and after the import: the
    // figures of a machine busy with other work say little of the store's own (2 cores)
    console.log(
      `${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} store, ${load}: idle ${fmt(idle)}; during the API import (${job.status}, ${job.report?.totals.created ?? 0} products, ${seconds.toFixed(1)} s) ${fmt(during)}; p99 ${(during.p99 / idle.p99).toFixed(2)}x idle (goal <= 2x); load ${loadBefore.toFixed(1)} then ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await searcher.terminate();
    await store.close();
  }
}

try {
  const made = await generate();
  console.log(`generated ${made.rows.toLocaleString('en-US')} rows, ${made.products.toLocaleString('en-US')} products (${mb(statSync(file).size)})`);
  const exportOnly = only === 'export';
  const kept = values.keep || exportOnly;
  if (only !== 'store') {
    if (kept) mkdirSync(keptDir, { recursive: true });
    await run('SQLite', openSqlite(join(kept ? keptDir : dir, 'bench.db')), exportOnly);
    if (values.pg) {
      const { openPostgres } = await import('../src/server/platform/db/postgres.ts');
      const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
      const schema = kept ? keptSchema : `bench_import_${process.pid}`;
      const db = await openPostgres(url, { schema });
      try {
        await run('PostgreSQL', db, exportOnly);
      } finally {
        if (!kept) {
          const { default: pg } = await import('pg');
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        }
      }
    }
    if (kept) console.log(`kept: ${join(keptDir, 'bench.db')}${values.pg ? ` and schema ${keptSchema}` : ''} (remove them by hand)`);
  }
  if (!values['skip-store'] && (only === undefined || only === 'store')) {
    // --store sqlite|postgres: the store part on that database alone (repeated runs of one)
    if (values.store !== undefined && !['sqlite', 'postgres'].includes(values.store)) throw new Error(`--store sqlite or postgres, not '${values.store}'`);
    if (values.store !== 'postgres') await storeRun('sqlite');
    if (values.store === 'postgres' || (values.pg && values.store === undefined)) await storeRun('postgres');
  }
} finally {
  pictureServer.close();
  clearInterval(sampler);
  rmSync(dir, { recursive: true, force: true });
}
