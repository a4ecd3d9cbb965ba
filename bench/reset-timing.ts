/**
 * `npm run bench:reset-timing`: does a password-reset request tell, by its time, whether the
 * address has an account? Prints the median and p95 time of `POST /api/auth/reset-password/request`
 * for addresses with an account and for unknown ones, side by side, and the rows each kind of
 * request wrote.
 *
 * The store's accounts plugin runs in a child process (so the work it does after an answer never
 * shares an event loop with the client timing it) and is called over HTTP on loopback
 * (keep-alive, one request at a time), on a SQLite file (or PostgreSQL with BENCH_DATABASE_URL),
 * with a limiter that lets everything through (the per-address limits would refuse a benchmark
 * long before it ends). Requests alternate known, unknown, unknown, known ... so drift on a shared
 * machine hits both sides alike. The mail job a request queues is composed after its answer, as
 * in the store; the benchmark waits for it between requests (untimed, over IPC), so each figure is
 * one request's own time.
 *
 * Environment: BENCH_REQUESTS (per side, default 400), BENCH_ACCOUNTS (default 50),
 * BENCH_DATABASE_URL (PostgreSQL instead of SQLite).
 *
 * Figures, never assertions.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { accountsPlugin } from '../src/server/modules/accounts/plugin.ts';
import type { Limiter } from '../src/server/modules/accounts/rate-limit.ts';
import { sessionPlugin } from '../src/server/modules/accounts/session.ts';
import { openSqlite, type Db } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { installErrorHandler } from '../src/server/platform/http/errors.ts';
import { sharedSchemas } from '../src/server/modules/catalogue/schemas.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const PASSWORD = 'bench password 2030';

/** Lets every request through: the benchmark measures the request, not the limits. */
const unlimited: Limiter = {
  check: async () => true,
  hit: async () => true,
  increment: async () => 1,
  allow: async () => true,
  reset: async () => undefined,
  forgive: async () => undefined,
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function openDb(dir: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!BENCH_DATABASE_URL) return { db: openSqlite(join(dir, 'bench.sqlite')), drop: async () => undefined };
  const { openPostgres } = await import('../src/server/platform/db/postgres.ts');
  const schema = `bench_reset_${process.pid}`;
  const db = await openPostgres(BENCH_DATABASE_URL, { schema, max: 4 });
  return {
    db,
    drop: async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function rowCounts(db: Db): Promise<Map<string, number>> {
  const tables = db.dialect.name === 'postgres'
    ? await db.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
    : await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const counts = new Map<string, number>();
  for (const { name } of tables) counts.set(name, Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name}`))?.n ?? 0));
  return counts;
}

function diff(before: Map<string, number>, after: Map<string, number>): string {
  const changed = [...after].filter(([k, n]) => n !== before.get(k)).map(([k, n]) => `${k} +${n - (before.get(k) ?? 0)}`);
  return changed.length > 0 ? changed.join(', ') : 'nothing';
}

/** What the parent asks the child server over IPC. */
type Ask = 'settle' | 'rows' | 'hold' | 'release' | 'stop';

/** Child mode: the accounts plugin on an ephemeral loopback port, driven over IPC. */
async function serve(dir: string): Promise<void> {
  const { db, drop } = await openDb(dir);
  const app = Fastify();
  await migrate(db);
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  await app.register(sessionPlugin, { db });
  await app.register(accountsPlugin, { db, limiter: unlimited, emailTransport: null, publicUrl: 'http://shop.test', scrypt: { N: 2 ** 10, r: 8, p: 1 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const outbox = app.accounts.outbox;
  process.on('message', (ask: Ask) => {
    void (async () => {
      if (ask === 'settle') await outbox.flush();
      // the request's own write is measured with the worker held back
      if (ask === 'hold') outbox.flush = async () => 0;
      if (ask === 'release') delete (outbox as { flush?: unknown }).flush;
      if (ask === 'stop') {
        await app.close();
        await db.close();
        await drop();
        process.send?.({ ask, done: true }, () => process.exit(0));
        return;
      }
      process.send?.({ ask, done: true, ...(ask === 'rows' ? { rows: [...await rowCounts(db)] } : {}) });
    })();
  });
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0, database: db.dialect.name });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-reset-timing-'));
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--serve', dir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Record<string, unknown>));
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const ask = async (what: Ask): Promise<Record<string, unknown>> => {
    const answer = next();
    child.send(what);
    return await answer;
  };
  try {
    const { port, database } = await next() as { port: number; database: string };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (path: string, body: unknown): Promise<{ status: number; ms: number }> => new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const start = process.hrtime.bigint();
      const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      });
      req.on('error', reject);
      req.end(payload);
    });
    const settle = () => ask('settle');
    const rows = async () => new Map((await ask('rows')).rows as [string, number][]);

    const known = Array.from({ length: ACCOUNTS }, (_, i) => `known-${i}@example.com`);
    for (const email of known) await post('/api/auth/register', { email, password: PASSWORD, firstName: 'Bench', lastName: 'Mark' });
    await settle();

    // the rows one request of each kind writes (before its job is composed: the request's own)
    await ask('hold');
    const c0 = await rows();
    await post('/api/auth/reset-password/request', { email: known[0] });
    const c1 = await rows();
    await post('/api/auth/reset-password/request', { email: 'nobody-rows@example.com' });
    const c2 = await rows();
    await ask('release');
    await settle();

    // warm-up, then the measured rounds, alternating
    for (let i = 0; i < 50; i++) {
      await post('/api/auth/reset-password/request', { email: known[i % ACCOUNTS] });
      await post('/api/auth/reset-password/request', { email: `warm-${i}@example.com` });
      await settle();
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    let failures = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const side of order) {
        const email = side === 'known' ? known[i % ACCOUNTS] : `nobody-${i}@example.com`;
        const r = await post('/api/auth/reset-password/request', { email });
        if (r.status !== 200) failures++;
        times[side].push(r.ms);
        await settle();
      }
    }
    agent.destroy();

    const row = (name: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const mean = s.reduce((a, b) => a + b, 0) / s.length;
      return `${name.padEnd(22)} ${String(s.length).padStart(6)} ${percentile(s, 50).toFixed(3).padStart(9)} ${percentile(s, 95).toFixed(3).padStart(9)} ${mean.toFixed(3).padStart(9)}`;
    };
    const k50 = percentile([...times.known].sort((a, b) => a - b), 50);
    const u50 = percentile([...times.unknown].sort((a, b) => a - b), 50);
    console.log(`reset-request timing on ${database}, ${REQUESTS} requests a side over loopback HTTP (ms)`);
    console.log(`${'address'.padEnd(22)} ${'n'.padStart(6)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'mean'.padStart(9)}`);
    console.log(row('with an account', times.known));
    console.log(row('unknown', times.unknown));
    console.log(`median ratio (account / unknown): ${(k50 / u50).toFixed(3)}; failed requests: ${failures}`);
    console.log(`rows one request wrote: with an account: ${diff(c0, c1)}; unknown: ${diff(c1, c2)}`);
  } finally {
    await ask('stop').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
