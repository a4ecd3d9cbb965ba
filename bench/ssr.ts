/**
 * `npm run bench:ssr`: the server render of the storefront under load (issue 13, "Figures it
 * must reach": product and collection pages on the default store at 20 concurrent connections,
 * p95 <= 30 ms with a warm page cache and <= 80 ms cold, throughput printed; bytes of HTML and
 * of serialised data per page type).
 *
 * 1. Builds the storefront and its server entry when dist/server/entry-server.js is missing
 *    (BENCH_BUILD=1 rebuilds anyway).
 * 2. Seeds the default store (3000 products, seed 1, what a first `npm start` seeds) into a
 *    temporary SQLite file, once.
 * 3. For each page type (product, collection) and each mode, starts the real server in a child
 *    process on a loopback port and drives it with autocannon (20 connections, keep-alive,
 *    BENCH_SECONDS each) over a list of that type's pages (200 products, every collection),
 *    each connection walking the list:
 *    - cold: the in-process page cache off (`pageCache.maxBytes: 0`): every answer is rendered;
 *    - warm: the page cache on and filled by one pass over the list before the run.
 *    Both answer as to an anonymous shopper (no cookie), as a CDN or a crawler would ask.
 *    Before each measured run the same load runs for BENCH_WARMUP_SECONDS (default 3), not
 *    counted (its p95 is printed beside the run): the figures are the server's steady state. A
 *    fresh process answers its first seconds under load a third slower or more (V8 optimising
 *    the code the load makes hot, growing its young generation as the allocation rate rises),
 *    which without a warm-up was most of the slowest twentieth of a 10 s run.
 * 4. Repeats 3 BENCH_RUNS times (default 3) and prints the median of each figure beside its goal.
 *
 * Each run also prints the server's CPU time per answer (its process, every thread: steadier than
 * latency on a machine whose speed moves, and what the cold latency follows: Little's law).
 *
 * Latencies leave out the requests sent before the first answer arrived (autocannon builds its
 * clients in one synchronous loop: those wait for the load generator; see bench/search.ts); their
 * count is printed. The machine is shared by other work: the figures move from run to run.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 3), BENCH_RUNS (default 3), BENCH_PRODUCTS (default 3000),
 * BENCH_MODES (cold,warm), BENCH_TYPES (product,collection), BENCH_RENDER_THREADS (default: the store's), BENCH_BUILD=1, BENCH_CPU_PROF (a directory: each server writes a V8 CPU profile there, its main thread and each render thread apart).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WEB_DIR = join(ROOT, 'dist', 'web');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 3000);
const CONNECTIONS = 20;
const GOAL_WARM_P95_MS = 30;
const GOAL_COLD_P95_MS = 80;
// BENCH_MODES=cold / BENCH_TYPES=product: run only some of the load runs (profiling one of them)
const MODES = (process.env.BENCH_MODES ?? 'cold,warm').split(',').filter((m): m is Mode => m === 'cold' || m === 'warm');
const TYPES = (process.env.BENCH_TYPES ?? 'product,collection').split(',').filter((t): t is PageType => t === 'product' || t === 'collection');

type PageType = 'product' | 'collection';
type Mode = 'cold' | 'warm';

/** Child mode: open (seed once) the store, serve it on a loopback port, print the port and the pages. */
async function serve(dbPath: string, dataDir: string, mode: Mode): Promise<void> {
  const { buildApp } = await import('../src/server/app.ts');
  const { openSqlite } = await import('../src/server/platform/db/database.ts');
  const { migrate } = await import('../src/server/platform/db/migrate.ts');
  const { isSeeded, seedStore } = await import('../src/server/seed/store.ts');
  const { readRateLimitConfig } = await import('../src/server/platform/http/limits.ts');
  const db = openSqlite(dbPath);
  await migrate(db);
  if (!(await isSeeded(db))) await seedStore(db, { products: PRODUCTS, seed: 1 });
  const products = await db.all<{ handle: string }>('SELECT handle FROM products WHERE is_indexed = 1 ORDER BY id LIMIT 200');
  const collections = await db.all<{ handle: string }>("SELECT handle FROM collections WHERE is_indexed = 1 AND handle <> 'vendors' ORDER BY id");
  const app = await buildApp({
    db,
    dataDir,
    webDir: WEB_DIR,
    pageCache: mode === 'cold' ? { maxBytes: 0 } : {},
    // the default store's render threads unless BENCH_RENDER_THREADS sets them (0: the main thread)
    ...(process.env.BENCH_RENDER_THREADS ? { renderThreads: Number(process.env.BENCH_RENDER_THREADS) } : {}),
    // BENCH_CPU_PROF: the render threads write their profiles there too (one file per thread)
    ...(process.env.BENCH_CPU_PROF ? { renderThreadProfileDir: process.env.BENCH_CPU_PROF } : {}),
    // the load generator is one address: the public limits (0 turns a group off) would answer it 429
    rateLimits: { ...readRateLimitConfig(process.env), search: 0, pages: 0, media: 0 },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const pages = { product: products.map((p) => `/products/${p.handle}`), collection: collections.map((c) => `/collections/${c.handle}`) };
  process.stderr.write(`  (server: ${app.renderPool ? `${app.renderPool.load.length} render threads` : 'renders on the main thread'})\n`);
  process.stdout.write(`LISTENING ${address} ${JSON.stringify(pages)}\n`);
  // SIGUSR2: the process's CPU time so far (every thread: the render threads' too), in µs
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage();
    process.stdout.write(`CPU ${used.user + used.system}\n`);
  });
  process.on('SIGTERM', () => {
    void app.close().then(async () => {
      await db.close();
      process.exit(0);
    });
  });
}

interface BenchServer {
  base: string;
  pages: Record<PageType, string[]>;
  /** The server process's CPU time so far, µs (all its threads). */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

async function startServer(dbPath: string, dataDir: string, mode: Mode): Promise<BenchServer> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dbPath, dataDir, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const cpuWaiters: ((us: number) => void)[] = [];
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let listening = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let line: RegExpExecArray | null;
      while ((line = /CPU (\d+)\n/.exec(out)) !== null) {
        out = out.slice(0, line.index) + out.slice(line.index + line[0].length);
        cpuWaiters.shift()?.(Number(line[1]));
      }
      const match = listening ? null : /LISTENING (\S+) (\{.*\})\n/.exec(out);
      if (match?.[1] && match[2]) {
        listening = true;
        resolvePromise({
          base: match[1],
          pages: JSON.parse(match[2]) as Record<PageType, string[]>,
          cpu: () =>
            new Promise<number>((resolveCpu) => {
              cpuWaiters.push(resolveCpu);
              child.kill('SIGUSR2');
            }),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

interface AutocannonResult {
  errors: number;
  non2xx: number;
  requests: { average: number; total: number };
}
interface AutocannonInstance {
  on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: AutocannonResult) => void) => AutocannonInstance;

interface LoadFigures {
  /** The server's CPU time per answer, ms (all its threads). */
  cpuPerPage: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  early: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

async function load(base: string, paths: string[], seconds = SECONDS): Promise<LoadFigures & { total: number }> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const samples: number[] = [];
  let early = 0;
  let firstAnswer = Infinity;
  const result = await new Promise<AutocannonResult>((resolvePromise, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: seconds, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-ssr' }, requests: paths.map((path) => ({ method: 'GET', path })) },
      (err, r) => (err ? reject(err) : resolvePromise(r)),
    );
    instance.on('response', (_client, _status, _bytes, took) => {
      const now = performance.now();
      firstAnswer = Math.min(firstAnswer, now);
      if (now - took < firstAnswer) early++;
      else samples.push(took);
    });
  });
  samples.sort((a, b) => a - b);
  return { cpuPerPage: Number.NaN, total: result.requests.total, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), rps: result.requests.average, errors: result.errors + result.non2xx, early };
}

/** One request at a time (no queueing): the median time of one render, the page cache off. */
async function single(base: string, paths: string[]): Promise<number> {
  const times: number[] = [];
  for (const path of paths.slice(0, 40)) {
    const started = performance.now();
    await (await fetch(base + path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Bytes of the HTML and of the data block (`<script type="application/json" id="skimmer-data">`) of some pages, averaged. */
async function sizes(base: string, paths: string[]): Promise<{ html: number; htmlGz: number; data: number; dataGz: number }> {
  const sample = paths.slice(0, 20);
  let html = 0;
  let htmlGz = 0;
  let data = 0;
  let dataGz = 0;
  for (const path of sample) {
    const body = await (await fetch(base + path)).text();
    const block = /<script type="application\/json" id="skimmer-data">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
    html += Buffer.byteLength(body);
    htmlGz += gzipSync(body).length;
    data += Buffer.byteLength(block);
    dataGz += gzipSync(block).length;
  }
  const n = Math.max(1, sample.length);
  return { html: html / n, htmlGz: htmlGz / n, data: data / n, dataGz: dataGz / n };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (text: string, width: number) => (text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length));

async function main(): Promise<void> {
  if (process.argv[2] === '--serve') {
    await serve(process.argv[3] ?? '', process.argv[4] ?? '', (process.argv[5] as Mode) ?? 'warm');
    return;
  }
  if (process.env.BENCH_BUILD === '1' || !existsSync(join(ROOT, 'dist', 'server', 'entry-server.js')) || !existsSync(join(WEB_DIR, 'index.html'))) {
    console.log('Building the storefront and its server entry (npm run build:web) ...');
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    for (const args of [['build', '--logLevel', 'warn'], ['build', '--ssr', 'src/app/entry-server.tsx', '--logLevel', 'warn']]) {
      const build = spawnSync(process.execPath, [vite, ...args], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-ssr-'));
  const dbPath = join(dir, 'store.sqlite');
  const dataDir = join(dir, 'data');
  try {
    console.log(`Seeding the default store (${PRODUCTS} products, seed 1) ...`);
    const first = await startServer(dbPath, dataDir, 'cold');
    const pageSizes: Record<PageType, Awaited<ReturnType<typeof sizes>>> = {
      product: await sizes(first.base, first.pages.product),
      collection: await sizes(first.base, first.pages.collection),
    };
    // the cost of one render without queueing (the first pass above warmed the process)
    const alone: Record<PageType, number> = { product: await single(first.base, first.pages.product), collection: await single(first.base, first.pages.collection) };
    await first.stop();

    const figures: Record<`${PageType} ${Mode}`, LoadFigures[]> = { 'product cold': [], 'product warm': [], 'collection cold': [], 'collection warm': [] };
    for (let run = 1; run <= RUNS; run++) {
      for (const mode of MODES) {
        const server = await startServer(dbPath, dataDir, mode);
        try {
          for (const type of TYPES) {
            const paths = server.pages[type];
            // warm: one pass fills the page cache; cold: the same pass warms only the process
            // (JIT, the API's own caches), as a server that has run a while
            for (const path of paths) await (await fetch(server.base + path)).arrayBuffer();
            // then the same load for WARMUP_SECONDS, not counted: a fresh process answers its first
            // seconds under load slower (V8 optimising the hot code, growing its young generation)
            const warm = WARMUP_SECONDS > 0 ? await load(server.base, paths, WARMUP_SECONDS) : null;
            const before = await server.cpu();
            const f = await load(server.base, paths);
            f.cpuPerPage = (await server.cpu() - before) / 1000 / Math.max(1, f.total);
            figures[`${type} ${mode}`].push(f);
            console.log(`  run ${run}: ${type} ${mode}: p95 ${ms(f.p95)}, ${f.rps.toFixed(0)} pages/s, server CPU ${f.cpuPerPage.toFixed(2)} ms a page, ${f.errors} errors${warm ? ` (warm-up ${WARMUP_SECONDS} s before it, not counted: p95 ${ms(warm.p95)}, ${warm.rps.toFixed(0)} pages/s)` : ''}`);
          }
        } finally {
          await server.stop();
        }
      }
    }

    console.log(`\nServer render at ${CONNECTIONS} connections, ${SECONDS} s a run, medians of ${RUNS} runs (a shared 2-core machine: other work runs beside it)`);
    console.log(['page', 'cache', 'p50', 'p95', 'goal', '', 'p99', 'pages/s', 'CPU/page', 'errors', 'early'].map((h, i) => pad(h, [12, 7, 10, 10, 10, 6, 10, 9, 10, 8, 6][i] ?? 8)).join(''));
    for (const type of TYPES) {
      for (const mode of (['warm', 'cold'] as const).filter((m) => MODES.includes(m))) {
        const list = figures[`${type} ${mode}`];
        const goal = mode === 'warm' ? GOAL_WARM_P95_MS : GOAL_COLD_P95_MS;
        const p95 = median(list.map((f) => f.p95));
        const cells = [
          type,
          mode,
          ms(median(list.map((f) => f.p50))),
          ms(p95),
          `<= ${goal} ms`,
          p95 <= goal ? 'ok' : 'MISS',
          ms(median(list.map((f) => f.p99))),
          median(list.map((f) => f.rps)).toFixed(0),
          `${median(list.map((f) => f.cpuPerPage)).toFixed(2)} ms`,
          String(median(list.map((f) => f.errors))),
          String(median(list.map((f) => f.early))),
        ];
        console.log(cells.map((c, i) => pad(c, [12, 7, 10, 10, 10, 6, 10, 9, 10, 8, 6][i] ?? 8)).join(''));
      }
    }
    console.log(`\nOne render at a time, page cache off (median of 40): product ${ms(alone.product)}, collection ${ms(alone.collection)}`);
    console.log('\nBytes per page (average of up to 20 pages of each type; gzip level 6 beside)');
    for (const type of ['product', 'collection'] as const) {
      const s = pageSizes[type];
      console.log(`  ${pad(type, 11)} HTML ${kb(s.html)} (${kb(s.htmlGz)} gz), of which serialised data ${kb(s.data)} (${kb(s.dataGz)} gz)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
