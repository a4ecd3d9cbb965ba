/**
 * `npm run bench:security [-- --mode http|cpu ...]`: what the security headers and the rate
 * limits cost (issue 16: "the cost of the headers and limits on the search benchmark's HTTP
 * figures, goal: p99 within 5 %").
 *
 * `--mode http` (the default; `--products N --rounds R --duration SEC --connections C --cache on|off`):
 * the search benchmark's HTTP load (bench:search's part (c): its seeded catalogue, its query mix,
 * autocannon, 50 connections, `GET /api/products/filter`) against two servers built by `buildApp`
 * on the same catalogue, each in a child process of its own: OFF, built with the benchmark-only
 * option `benchmarkBaselineWithoutSecurity` (no security headers, no public route limits), and
 * ON, built as a store builds it (the headers, the search limit counting every request but set
 * out of the load generator's reach, as bench:search sets it). After a warm-up of each, the two
 * are loaded in turn, never together, for R rounds; the order alternates (OFF ON, ON OFF, ...)
 * so neither side always follows the other; `--fresh` starts a new pair of server processes every
 * round (a process keeps its memory layout and JIT choices for its life, so one unlucky process
 * would bias every round it serves). The machine has 2 cores shared with other work, so
 * one run says little: the figures are the medians over the rounds of each side's throughput,
 * p50, p95 and p99, the ratio of the two p99 medians, the median of the rounds' paired p99
 * ratios, and each server's CPU time per answer (its own process: steadier than wall-clock
 * latency on a loaded machine). The load average is printed before and after.
 *
 * `--mode cpu` (`--requests N --rounds R --search-us US`): the microbenchmark: two bare Fastify
 * apps answering an 8 KB JSON from memory, one with `securityHeaders` and `rateLimits` registered
 * as `app.ts` registers them; the process's CPU time per answer over loopback HTTP.
 *
 * BENCH_CPU_PROF=<dir> (http mode): each server process writes its V8 CPU profile into a
 * directory there named by its side (`on-<ms>`, `off-<ms>`), to see where an answer's time goes.
 *
 * Figures, never assertions.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openSqlite } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { loadSearchDocuments } from '../src/server/modules/catalogue/repository.ts';
import { readSecurityHeadersConfig, securityHeaders } from '../src/server/platform/http/headers.ts';
import { rateLimits, readRateLimitConfig } from '../src/server/platform/http/limits.ts';
import { seedDatabase } from '../src/server/seed/seed-database.ts';
import { buildQueryMix, toFilterUrl } from './search-queries.ts';
import { percentiles, type Percentiles } from './search-stats.ts';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'http' },
    // http mode
    products: { type: 'string', default: '30000' },
    seed: { type: 'string', default: '1' },
    queries: { type: 'string', default: '1200' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    cache: { type: 'string', default: 'on' },
    // a new pair of server processes every round (each process keeps its own memory layout and
    // JIT choices for its life: one unlucky process biases every round it serves)
    fresh: { type: 'boolean', default: false },
    // both
    rounds: { type: 'string' },
    // cpu mode
    requests: { type: 'string', default: '20000' },
    'search-us': { type: 'string', default: '120' },
    // the child process of http mode
    serve: { type: 'string' },
    db: { type: 'string' },
    data: { type: 'string' },
  },
});

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

if (args.serve !== undefined) await serve();
else if (args.mode === 'cpu') await cpuMode();
else if (args.mode === 'http') await httpMode();
else throw new Error('--mode must be http or cpu');

// ---------------------------------------------------------------------------------------------
// http mode: the child (one server) and the parent (seeding, load, figures)

/** A server child: the store's app on the catalogue, security ON or OFF; reports its port and CPU time over IPC. */
async function serve(): Promise<void> {
  if (!args.db || !args.data || !process.send) throw new Error('usage: fork security-cost.ts --serve on|off --db FILE --data DIR (with IPC)');
  const db = openSqlite(args.db);
  const off = args.serve === 'off';
  const app = await buildApp({
    db,
    dataDir: args.data,
    logger: false,
    catalogueCache: args.cache === 'off' ? { cards: false, responseBytes: 0 } : {},
    // the defaults of a store without CSP_* variables, whatever this shell's environment says
    securityHeaders: readSecurityHeadersConfig({}),
    // the search limit counts every request (its cost is measured) but is out of the load generator's reach
    rateLimits: { ...readRateLimitConfig({}), search: 1_000_000_000 },
    benchmarkBaselineWithoutSecurity: off,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send({ type: 'ready', port: typeof address === 'object' && address !== null ? address.port : 0 });
  process.on('message', (m: unknown) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ type: 'cpu', us: u.user + u.system });
    }
    if (m === 'stop') void app.close().then(async () => { await db.close(); process.exit(0); });
  });
}

interface AutocannonResult { errors: number; non2xx: number; requests: { average: number; total: number } }
interface AutocannonInstance { on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void }
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: AutocannonResult) => void) => AutocannonInstance;

type Side = 'off' | 'on';
interface Server { side: Side; port: number; ask<T>(msg: string, type: string): Promise<T>; stop(): Promise<void> }
interface Run { side: Side; round: number; rps: number; lat: Percentiles; cpuUsPerAnswer: number; clientCpuUsPerAnswer: number; errors: number; non2xx: number }

async function startServer(side: Side, dbPath: string, dataDir: string): Promise<Server> {
  const child = fork(new URL(import.meta.url).pathname, ['--serve', side, '--db', dbPath, '--data', dataDir, '--cache', String(args.cache)], {
    // BENCH_CPU_PROF=<dir>: each server writes its V8 CPU profiles in a directory there named by its side
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, `${side}-${Date.now()}`)}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: { type?: string }): void => {
        if (m.type === type) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as T);
        }
      };
      const onExit = (code: number | null): void => reject(new Error(`the ${side} server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<{ port: number }>('ready');
  return {
    side,
    port: ready.port,
    ask: <T>(msg: string, type: string) => {
      const p = next<T>(type);
      child.send(msg);
      return p;
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await exited;
    },
  };
}

async function httpMode(): Promise<void> {
  const products = Number(args.products);
  const rounds = Number(args.rounds ?? 6);
  const seconds = Number(args.duration);
  const connections = Number(args.connections);
  if (![products, rounds, seconds, connections].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--products, --rounds, --duration and --connections must be positive integers');
  const log = (...m: unknown[]): void => console.log(...m);
  const tmp = mkdtempSync(join(tmpdir(), 'skimmer-bench-security-'));
  const dbPath = join(tmp, 'catalogue.db');
  const servers: Server[] = [];
  try {
    log(`Security cost on the search benchmark's HTTP figures: ${products} products (seed ${args.seed}), ${args.queries} queries, ${connections} connections, `
      + `${rounds} rounds of ${seconds} s per side, answer cache ${args.cache}, node ${process.version}`);
    const seeding = performance.now();
    const db = openSqlite(dbPath);
    await migrate(db);
    await seedDatabase(db, { products, seed: Number(args.seed) });
    const mix = buildQueryMix(await loadSearchDocuments(db), Number(args.queries), 42);
    await db.close();
    log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const requests = mix.map((m) => ({ method: 'GET', path: toFilterUrl(m.query) }));

    // both servers up (each idle while the other is loaded); with --fresh a new pair every round
    const startPair = async (): Promise<[Server, Server]> => {
      for (const s of servers.splice(0)) await s.stop();
      for (const side of ['off', 'on'] as const) servers.push(await startServer(side, dbPath, join(tmp, `data-${side}`)));
      // the two really differ: ON answers with the policy, OFF without
      for (const s of servers) {
        const res = await fetch(`http://127.0.0.1:${s.port}${requests[0]?.path ?? '/api/products/filter'}`);
        await res.arrayBuffer();
        const has = res.headers.has('content-security-policy');
        if (has !== (s.side === 'on')) throw new Error(`the ${s.side} server answers ${has ? 'with' : 'without'} the security headers`);
      }
      return servers as [Server, Server];
    };
    let [off, on] = await startPair();

    const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
    const load = async (s: Server, duration: number, round: number): Promise<Run> => {
      const samples: number[] = [];
      let firstAnswer = Infinity;
      const cpuBefore = await s.ask<{ us: number }>('cpu', 'cpu');
      const clientBefore = process.cpuUsage();
      const result = await new Promise<AutocannonResult>((resolve, reject) => {
        const instance = autocannon({ url: `http://127.0.0.1:${s.port}`, connections, duration, requests }, (err, r) => (err ? reject(err) : resolve(r)));
        instance.on('response', (_c, _s, _b, took) => {
          const now = performance.now();
          firstAnswer = Math.min(firstAnswer, now);
          // as bench:search: requests sent while autocannon was still building its clients are left out
          if (now - took >= firstAnswer) samples.push(took);
        });
      });
      const client = process.cpuUsage(clientBefore);
      const cpuAfter = await s.ask<{ us: number }>('cpu', 'cpu');
      const answers = Math.max(1, result.requests.total);
      return {
        side: s.side, round, rps: result.requests.average, lat: percentiles(samples),
        cpuUsPerAnswer: (cpuAfter.us - cpuBefore.us) / answers, clientCpuUsPerAnswer: (client.user + client.system) / answers, errors: result.errors, non2xx: result.non2xx,
      };
    };

    const loadBefore = loadavg();
    log(`  load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')} (2 cores, shared with other work)`);
    // warm-up: JIT, the card store and the answer cache of each, then discarded
    const warm = async (): Promise<void> => {
      for (const s of servers) {
        for (const r of requests.slice(0, 200)) await fetch(`http://127.0.0.1:${s.port}${r.path}`).then((x) => x.arrayBuffer());
        await load(s, Math.min(5, seconds), 0);
      }
    };
    await warm();
    const runs: Run[] = [];
    log('');
    log(`  round  side  requests/s   p50 ms   p95 ms   p99 ms   server CPU/answer   client CPU/answer  errors  non-2xx${args.fresh ? '   (new server processes every round)' : ''}`);
    for (let round = 1; round <= rounds; round++) {
      if (args.fresh && round > 1) {
        [off, on] = await startPair();
        await warm();
      }
      const order = round % 2 === 1 ? [off, on] : [on, off];
      for (const s of order) {
        const r = await load(s, seconds, round);
        runs.push(r);
        log(`  ${String(round).padStart(5)}  ${s.side.padEnd(4)}  ${r.rps.toFixed(0).padStart(10)}  ${r.lat.p50.toFixed(2).padStart(7)}  ${r.lat.p95.toFixed(2).padStart(7)}  ${r.lat.p99.toFixed(2).padStart(7)}`
          + `   ${r.cpuUsPerAnswer.toFixed(1).padStart(14)} µs   ${r.clientCpuUsPerAnswer.toFixed(1).padStart(14)} µs  ${String(r.errors).padStart(6)}  ${String(r.non2xx).padStart(7)}`);
      }
    }
    const loadAfter = loadavg();

    const of = (side: Side) => runs.filter((r) => r.side === side);
    const med = (side: Side, f: (r: Run) => number) => median(of(side).map(f));
    const figures: [string, (r: Run) => number, (x: number) => string][] = [
      ['throughput (requests/s)', (r) => r.rps, (x) => x.toFixed(0)],
      ['p50 (ms)', (r) => r.lat.p50, (x) => x.toFixed(2)],
      ['p95 (ms)', (r) => r.lat.p95, (x) => x.toFixed(2)],
      ['p99 (ms)', (r) => r.lat.p99, (x) => x.toFixed(2)],
      ['server CPU per answer (µs)', (r) => r.cpuUsPerAnswer, (x) => x.toFixed(1)],
      ['load generator CPU per answer (µs)', (r) => r.clientCpuUsPerAnswer, (x) => x.toFixed(1)],
    ];
    log('');
    log(`  medians of ${rounds} interleaved rounds   headers+limits OFF   headers+limits ON   ON/OFF`);
    for (const [label, f, fmt] of figures) {
      const a = med('off', f);
      const b = med('on', f);
      log(`  ${label.padEnd(36)} ${fmt(a).padStart(18)}  ${fmt(b).padStart(18)}  ${(b / a).toFixed(3).padStart(7)}`);
    }
    const pairedP99 = median(Array.from({ length: rounds }, (_, i) => {
      const a = runs.find((r) => r.side === 'off' && r.round === i + 1);
      const b = runs.find((r) => r.side === 'on' && r.round === i + 1);
      return a && b ? b.lat.p99 / a.lat.p99 : Number.NaN;
    }).filter((x) => !Number.isNaN(x)));
    const ratio = med('on', (r) => r.lat.p99) / med('off', (r) => r.lat.p99);
    log('');
    log(`  p99 ratio ON/OFF: ${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)} %; median of the rounds' paired ratios ${pairedP99.toFixed(3)}); goal: within 5 % (<= 1.050)`);
    log(`  load average after: ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
    log('  Fairness: the machine has 2 cores shared with other jobs whose load comes and goes, so the two sides are run in turn');
    log('  (OFF ON, ON OFF, ...), never together, on the same catalogue, queries and client, and each figure is the median of its');
    log('  side\'s rounds; a round-to-round spread larger than the difference means the difference is below what this machine can resolve.');
    const failures = runs.filter((r) => r.errors > 0 || r.non2xx > 0);
    if (failures.length > 0) log(`  WARNING: ${failures.length} runs had errors or non-2xx answers`);
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// cpu mode: the microbenchmark

async function cpuMode(): Promise<void> {
  const requests = Number(args.requests);
  const rounds = Number(args.rounds ?? 6);
  const body = JSON.stringify({ products: Array.from({ length: 24 }, (_, i) => ({ id: i, title: `Pool pump part ${i}`, handle: `part-${i}`, price: 19.99, imageUrl: `/media/images/${i}-400.png`, description: 'x'.repeat(240) })) });
  type Variant = 'bare' | 'headers' | 'limits' | 'both';
  const app = async (variant: Variant): Promise<FastifyInstance> => {
    const a = Fastify({ logger: false });
    if (variant === 'headers' || variant === 'both') {
      await securityHeaders(a, { config: readSecurityHeadersConfig({}), storefrontScriptHashes: () => "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='" });
    }
    if (variant === 'limits' || variant === 'both') {
      // the search limit on, out of reach of the benchmark (as bench:search runs it)
      await rateLimits(a, { ...readRateLimitConfig({}), search: 1_000_000_000 });
    }
    a.get('/api/products/filter', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    await a.listen({ host: '127.0.0.1', port: 0 });
    return a;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const CONCURRENCY = 10;
  const get = (port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/api/products/filter?q=pump', agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`answer ${res.statusCode}`));
        res.resume();
        res.on('end', () => resolve());
      }).on('error', reject);
    });
  const cpuPerAnswer = async (a: FastifyInstance): Promise<number> => {
    const port = (a.server.address() as { port: number }).port;
    const start = process.cpuUsage();
    for (let i = 0; i < requests; i += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, () => get(port)));
    const used = process.cpuUsage(start);
    return (used.user + used.system) / requests;
  };
  const variants: Variant[] = ['bare', 'headers', 'limits', 'both'];
  const apps = new Map<Variant, FastifyInstance>();
  for (const v of variants) apps.set(v, await app(v));
  // warm every app (JIT, caches), then alternate
  for (const v of variants) await cpuPerAnswer(apps.get(v)!);
  const samples = new Map<Variant, number[]>(variants.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++) for (const v of variants) samples.get(v)!.push(await cpuPerAnswer(apps.get(v)!));
  const searchUs = Number(args['search-us']);
  const bare = median(samples.get('bare')!);
  console.log(`Security cost: ${rounds} alternating rounds of ${requests} answers per variant over loopback HTTP (CPU time of this process, server and client, per answer; median of rounds)`);
  for (const v of variants) {
    const m = median(samples.get(v)!);
    const added = m - bare;
    const label = { bare: 'bare app', headers: '+ security headers', limits: '+ rate limits', both: '+ headers and rate limits' }[v];
    console.log(`  ${label.padEnd(27)} ${m.toFixed(2).padStart(7)} µs  added ${added.toFixed(2).padStart(6)} µs`
      + `${v === 'bare' ? '' : ` (+${((added / searchUs) * 100).toFixed(1)} % of a ${searchUs} µs cached search answer)`}   rounds: ${samples.get(v)!.map((x) => x.toFixed(1)).join(' ')}`);
  }
  for (const a of apps.values()) await a.close();
  agent.destroy();
}
