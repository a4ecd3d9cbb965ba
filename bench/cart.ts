/**
 * `npm run bench:cart`: the cart under load (issue 4, "Figures it must reach").
 *
 * Starts the reference server in a child process on 127.0.0.1 over a freshly seeded temporary
 * database (so the load generator does not share the server's event loop), then runs 100
 * simulated shoppers, each with its own session cookie, adding (with an Idempotency-Key),
 * updating and removing lines concurrently for 30 s over HTTP with keep-alive. Prints throughput,
 * p50/p95/p99/max latency per call and in all, and the error count. Goal: p95 <= 20 ms on SQLite
 * (issue 4), <= 30 ms on PostgreSQL (issue 14), zero errors. Loopback only.
 *
 * Shoppers pause between calls like people do (BENCH_THINK_MS, mean 100 ms): a closed loop with
 * no pause measures only queueing (100 requests always waiting on one event loop), so it is
 * offered as a stress mode (BENCH_THINK_MS=0), not as the figure of the goal.
 *
 * Besides the latencies seen by the shoppers, the child server reports what a shared machine does
 * not blur: the statements each call sends to the database (round trips on PostgreSQL: each
 * statement, BEGIN and COMMIT), counted over a probe of sequential calls before the load, and the
 * time the server spends per call (request received to answer sent, in the child) under load.
 *
 * Environment: BENCH_SECONDS (default 30), BENCH_SHOPPERS (default 100), BENCH_PRODUCTS (default
 * 500), BENCH_THINK_MS (default 100), BENCH_DATABASE_URL (PostgreSQL instead of SQLite),
 * BENCH_CPU_PROF (a directory: the server writes a V8 CPU profile there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.ts';
import { openSqlite } from '../src/server/platform/db/database.ts';
import { openPostgres } from '../src/server/platform/db/postgres.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { runShopper, type CartCallKind } from './cart-shopper.ts';
import { seedStore } from '../src/server/seed/store.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 100);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
/** Mean pause of a shopper between two calls, in ms (uniform in 0.5x..1.5x); 0 hammers the server. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
/** A PostgreSQL URL to run the store on instead of a SQLite file (e.g. postgres://root@127.0.0.1:5432/test). */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';

/** What the child server reports over IPC: statements sent to the database and server time per call. */
interface ServerStats {
  statements: number;
  calls: number;
  serverMs: number[];
  /** CPU time of the server process (user + system), in ms, since the last reset. */
  cpuMs: number;
}

/** Child mode: seed, serve on an ephemeral loopback port, print the port. */
async function serve(dir: string): Promise<void> {
  // BENCH_DATABASE_URL: the same run on PostgreSQL, in a schema of its own dropped at the end
  const schema = `bench_cart_${process.pid}`;
  const stats: ServerStats = { statements: 0, calls: 0, serverMs: [], cpuMs: 0 };
  let cpuFrom = process.cpuUsage();
  const onQuery = () => {
    stats.statements++;
  };
  const db = BENCH_DATABASE_URL ? await openPostgres(BENCH_DATABASE_URL, { schema, onQuery }) : openSqlite(join(dir, 'bench.sqlite'), { onQuery });
  await migrate(db);
  await seedStore(db, { products: PRODUCTS, seed: 4 });
  // plenty of stock, so a stock refusal never counts as an error of the server
  await db.run('UPDATE inventory_levels SET quantity = 1000000, available_for_sale = 1');
  const app = await buildApp({ db, dataDir: join(dir, 'data'), webDir: join(dir, 'no-web') });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // server time per call: the request's arrival to the end of its answer, in this process
  app.server.prependListener('request', (_req, res) => {
    const t0 = performance.now();
    res.once('finish', () => {
      stats.calls++;
      stats.serverMs.push(performance.now() - t0);
    });
  });
  process.on('message', (message) => {
    if (message === 'reset') {
      stats.statements = 0;
      stats.calls = 0;
      stats.serverMs = [];
      cpuFrom = process.cpuUsage();
    }
    const cpu = process.cpuUsage(cpuFrom);
    process.send?.({ ...stats, cpuMs: (cpu.user + cpu.system) / 1000 });
  });
  process.stdout.write(`LISTENING ${address}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(async () => {
      if (BENCH_DATABASE_URL) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
      process.exit(0);
    });
  });
}

interface Sample {
  kind: CartCallKind;
  ms: number;
  status: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Asks the child for its counters ('reset' zeroes them after answering the zeroed state). */
function childStats(child: ChildProcess, message: 'stats' | 'reset'): Promise<ServerStats> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as ServerStats));
    child.send(message);
  });
}

async function drive(base: string, child: ChildProcess): Promise<void> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: SHOPPERS });
  const send = (method: string, path: string, cookie: string, body?: unknown, key?: string) =>
    new Promise<{ status: number; text: string; setCookie: string | undefined }>((resolve, reject) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const headers: Record<string, string | number> = { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(payload) };
      if (cookie) headers.cookie = cookie;
      if (key) headers['idempotency-key'] = key;
      const req = request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.headers['set-cookie'];
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookie: raw?.[0] });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });

  // the inventory levels the shoppers pick from, through the public API
  const listing = JSON.parse((await send('GET', '/api/products/filter?limit=100&page=0', '')).text) as { products: { inventoryLevelId: number | null }[] };
  const levels = listing.products.map((p) => p.inventoryLevelId).filter((id): id is number => typeof id === 'number');
  if (levels.length === 0) throw new Error('no inventory levels to add');

  // probe: one shopper's sequential calls, counting the statements each kind sends to the database
  const perCall: Record<string, number> = {};
  const probeMs: Record<string, number> = {};
  {
    const first = await send('GET', '/api/checkouts', '');
    const cookie = (first.setCookie ?? '').split(';')[0] ?? '';
    const measure = async (kind: string, n: number, call: (i: number) => Promise<{ status: number; text: string }>) => {
      await childStats(child, 'reset');
      let last = '';
      for (let i = 0; i < n; i++) {
        const res = await call(i);
        if (res.status !== 200) throw new Error(`probe ${kind}: ${res.status} ${res.text}`);
        last = res.text;
      }
      const probe = await childStats(child, 'stats');
      perCall[kind] = probe.statements / n;
      probeMs[kind] = [...probe.serverMs].sort((a, b) => a - b)[Math.floor(n / 2)] ?? 0;
      return (JSON.parse(last) as { checkout: { LineItems: { id: number; inventoryLevelId: number }[] } }).checkout.LineItems;
    };
    await measure('get', 7, () => send('GET', '/api/checkouts', cookie));
    await measure('add (new line)', 7, (i) => send('POST', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[i % levels.length], quantity: 1 }, randomUUID()));
    await measure('add (same line)', 7, (i) => send('POST', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[i % 6], quantity: 1 }, randomUUID()));
    const lines = await measure('update', 7, (i) => send('PUT', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[i % 6], quantity: 2 + i }));
    await measure('remove', 6, (i) => send('DELETE', `/api/checkouts/lineItems/${lines[i]?.id ?? 0}`, cookie));
    // a large cart (a pool build-out: 60 lines): what each call's cost grows with
    const big = Math.min(60, levels.length);
    for (let i = 0; i < big; i++) await send('POST', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[i], quantity: 1 }, randomUUID());
    await measure(`get (${big} lines)`, 7, () => send('GET', '/api/checkouts', cookie));
    await measure(`add (${big} lines)`, 7, (i) => send('POST', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[i % 6], quantity: 1 }, randomUUID()));
  }

  const samples: Sample[] = [];
  const failures = new Map<string, number>();
  await childStats(child, 'reset');
  const deadline = performance.now() + SECONDS * 1000;

  async function shopper(n: number): Promise<void> {
    const first = await send('GET', '/api/checkouts', '');
    const cookie = (first.setCookie ?? '').split(';')[0] ?? '';
    await runShopper({
      send, cookie, levels, deadline, thinkMs: THINK_MS, seed: n,
      onCall(kind, ms, status, text) {
        samples.push({ kind, ms, status });
        if (status !== 200) {
          const label = `${kind} ${status} ${text.slice(0, 80)}`;
          failures.set(label, (failures.get(label) ?? 0) + 1);
        }
      },
      onNetworkError(err) {
        failures.set(`network ${err.message}`, (failures.get(`network ${err.message}`) ?? 0) + 1);
      },
    });
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i + 1)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const server = await childStats(child, 'stats');

  const report = (label: string, list: readonly Sample[]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `${label.padEnd(8)} ${String(list.length).padStart(8)} calls  p50 ${percentile(ms, 50).toFixed(2)} ms  p95 ${percentile(ms, 95).toFixed(2)} ms  p99 ${percentile(ms, 99).toFixed(2)} ms  max ${(ms.at(-1) ?? 0).toFixed(2)} ms`,
    );
    return percentile(ms, 95);
  };
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  console.log(`cart benchmark on ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${SHOPPERS} shoppers, ${elapsed.toFixed(1)} s, ${PRODUCTS} products, think ${THINK_MS} ms, loopback HTTP keep-alive`);
  console.log(`throughput ${(samples.length / elapsed).toFixed(0)} calls/s`);
  const p95 = report('all', samples);
  for (const kind of ['add', 'update', 'remove'] as const) report(kind, samples.filter((s) => s.kind === kind));
  console.log(`errors ${errors}`);
  for (const [label, count] of failures) console.log(`  ${count} x ${label}`);
  const serverMs = [...server.serverMs].sort((a, b) => a - b);
  const mean = serverMs.reduce((a, b) => a + b, 0) / Math.max(1, serverMs.length);
  console.log(
    `server time per call (in the child, under load): mean ${mean.toFixed(2)} ms  p50 ${percentile(serverMs, 50).toFixed(2)} ms  p95 ${percentile(serverMs, 95).toFixed(2)} ms  p99 ${percentile(serverMs, 99).toFixed(2)} ms`,
  );
  console.log(`${BENCH_DATABASE_URL ? 'round trips' : 'statements'} per call under load: ${(server.statements / Math.max(1, server.calls)).toFixed(1)}`);
  console.log(`server CPU per call (user + system of the server process, under load): ${(server.cpuMs / Math.max(1, server.calls)).toFixed(2)} ms`);
  console.log(`${BENCH_DATABASE_URL ? 'round trips' : 'statements'} per call, sequential probe: ${Object.entries(perCall).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
  console.log(`server time per call, sequential probe (median): ${Object.entries(probeMs).map(([k, v]) => `${k} ${v.toFixed(2)} ms`).join(', ')}`);
  // the issue's goals: p95 <= 20 ms on the embedded SQLite file (issue 4), <= 30 ms on PostgreSQL (issue 14)
  const goal = BENCH_DATABASE_URL ? 30 : 20;
  console.log(`goal p95 <= ${goal} ms: ${p95 <= goal ? 'met' : 'NOT met'}; zero errors: ${errors === 0 ? 'met' : 'NOT met'}`);
}

async function main(): Promise<void> {
  if (process.argv[2] === '--serve') {
    await serve(process.argv[3] ?? '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-bench-cart-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dir], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /LISTENING (\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    });
    await drive(base, child);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
