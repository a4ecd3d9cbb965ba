/**
 * `npm run bench:scale -- [--products N] [--seed S] [--db path] [--workers W] [--starts K]`
 * (issue 30 part 3, "a million products on one machine"): the whole store as `npm start` runs
 * it, on a catalogue of N generated products (default 100,000, seed 7).
 *
 * 1. The seed: `src/server/seed/cli.ts --products N --seed S --db path` (what `npm run seed`
 *    runs) in a child process: its wall time and peak resident memory. With `--db path` and a
 *    file already there the seed is skipped (`--reseed` makes it again).
 * 2. The store: `npm start` (prestart's build check, then `tsx src/server/main.ts`, render
 *    threads included) on that database, in a fresh DATA_DIR, K times in a row (default 2: the
 *    issue's start goal is for a start after the first, which may build a snapshot). Each start:
 *    the time from spawn until /readyz answers 200 (and, with W workers, until W processes have
 *    logged 'database ready'), and the memory of the process tree read from /proc: the store's
 *    processes (the node processes running main.ts: with W workers the primary and every worker)
 *    and the whole tree (npm, its shell and tsx's launcher too). Peak is each process's own
 *    high-water mark (VmHWM), summed; the tree's sampled peak is the highest sum seen at one time.
 *    PSS (/proc/PID/smaps_rollup) counts a page shared by several processes (the search
 *    snapshot's file, mapped by every worker) once in all: with W workers, the machine's memory.
 *    A start that wrote no card file (search/card-file.ts) yet writes it in the background once
 *    ready: the bench waits for it before stopping that start (the last start uses it).
 * 3. On the last start, right after it is ready: 400 distinct shopper queries from the judged
 *    sets (bench/search-families.json, search-judged.json, search-natural.json; a fixed shuffle),
 *    one at a time over HTTP (a fresh connection each, as shoppers arrive: with W workers the
 *    cluster hands them round), GET /api/products/filter?q=...&limit=24: the first 100 (the index
 *    and the caches warming under the first shoppers), then the next 300 (after 100 others).
 *    Then the memory again after 3 s idle ("steady").
 *
 * The machine's load (/proc/loadavg) is printed with every phase: the latencies are the
 * machine's, and other processes share its cores. RATE_LIMIT_SEARCH is raised for the store
 * (one client sending 400 searches in a row is not a shopper); WORKERS above 1 needs Redis
 * (REDIS_URL, default redis://127.0.0.1:6379, with a prefix of its own) and the shared secrets,
 * which the bench sets. `--server-node-options '...'` passes NODE_OPTIONS to the store (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`); `--keep` keeps the temporary folder.
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../src/server/platform/random/prng.ts';
import { percentiles, type Percentiles } from './search-stats.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '7' },
    db: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    starts: { type: 'string', default: '2' },
    first: { type: 'string', default: '100' },
    after: { type: 'string', default: '300' },
    'start-timeout': { type: 'string', default: '1200' },
    'server-node-options': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});
const whole = (name: string, raw: string | undefined, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}, got '${raw}'`);
  return n;
};
const products = whole('products', args.products, 1);
const seed = whole('seed', args.seed, 0);
const workers = whole('workers', args.workers, 1);
const starts = whole('starts', args.starts, 1);
const firstCount = whole('first', args.first, 1);
const afterCount = whole('after', args.after, 0);
const startTimeoutMs = whole('start-timeout', args['start-timeout'], 1) * 1000;

// ---- the machine -------------------------------------------------------------------------

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const mb = (kb: number): number => Math.round(kb / 1024);
const secs = (msValue: number): string => `${(msValue / 1000).toFixed(1)} s`;

/** One process of the tree as /proc shows it (kB). */
interface Proc { pid: number; ppid: number; rssKb: number; hwmKb: number; cmd: string }

function readProc(pid: number): Proc | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, ppid: field('PPid'), rssKb: field('VmRSS'), hwmKb: field('VmHWM'), cmd };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** The process and its descendants now. */
function processTree(rootPid: number): Proc[] {
  const all: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = readProc(Number(name));
    if (p) all.push(p);
  }
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Proc[] = [];
  const top = all.find((p) => p.pid === rootPid);
  const stack = top ? [top] : [];
  while (stack.length > 0) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

/** A node process running the store's entry (not tsx's launcher, which only relays signals). */
const isStore = (p: Proc): boolean => p.cmd.includes('src/server/main.ts') && p.cmd.includes('loader');

/** Memory of the tree at one moment, in MB. */
interface TreeMemory { storeRss: number; storePss: number; storeHwm: number; treeRss: number; storeProcesses: number; perProcess: string }

/**
 * A process's proportional set size (kB): its resident pages, each page it shares with other
 * processes counted as its share (a page of the search snapshot mapped by two workers: half in
 * each). Summed over the store's processes, the machine's memory the store holds; RSS summed
 * counts a shared page once per process.
 */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function treeMemory(rootPid: number): TreeMemory {
  const tree = processTree(rootPid);
  const store = tree.filter(isStore);
  const sum = (ps: Proc[], f: (p: Proc) => number): number => mb(ps.reduce((s, p) => s + f(p), 0));
  return {
    storeRss: sum(store, (p) => p.rssKb),
    storePss: sum(store, (p) => pssKb(p.pid)),
    storeHwm: sum(store, (p) => p.hwmKb),
    treeRss: sum(tree, (p) => p.rssKb),
    storeProcesses: store.length,
    perProcess: tree.map((p) => `${p.pid} ${mb(p.rssKb)}/${mb(p.hwmKb)} MB${isStore(p) ? ` (PSS ${mb(pssKb(p.pid))} MB)` : ""} ${p.cmd.replace(root + '/', '').slice(0, 70)}`).join('\n    '),
  };
}

/** Samples a process tree every `everyMs` until stopped: the highest summed RSS seen. */
function sampler(rootPid: number, everyMs = 250): { stop: () => void; peakTreeRss: () => number; peakStoreRss: () => number; lastHwm: () => number } {
  let peakTree = 0;
  let peakStore = 0;
  let hwm = 0;
  const tick = (): void => {
    const m = treeMemory(rootPid);
    peakTree = Math.max(peakTree, m.treeRss);
    peakStore = Math.max(peakStore, m.storeRss);
    if (m.storeHwm > 0) hwm = m.storeHwm;
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return { stop: () => clearInterval(timer), peakTreeRss: () => peakTree, peakStoreRss: () => peakStore, lastHwm: () => hwm };
}

/** The store running now: stopped with the bench when the bench is interrupted (`timeout`, Ctrl-C). */
let running: ChildProcess | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`bench:scale: ${signal} at ${new Date().toISOString()}; stopping the store (load ${load()})`);
    if (running?.pid !== undefined) {
      try { process.kill(-running.pid, 'SIGKILL'); } catch { /* gone */ }
    }
    process.exit(130);
  });
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', (code) => r(code)));

// ---- 1. the seed ---------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'skimmer-scale-'));
const dbPath = args.db !== undefined ? resolve(args.db) : join(dir, 'store.db');

interface SeedFigures { ms: number; peakMb: number; load: string; skipped: boolean }

async function runSeed(): Promise<SeedFigures> {
  if (existsSync(dbPath) && !args.reseed) {
    console.log(`seed: ${dbPath} exists (${Math.round(statSync(dbPath).size / 2 ** 20)} MB), not seeded again (--reseed to make it)`);
    return { ms: Number.NaN, peakMb: Number.NaN, load: load(), skipped: true };
  }
  console.log(`seed: ${products.toLocaleString('en-US')} products, seed ${seed} -> ${dbPath} (load ${load()})`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', '--products', String(products), '--seed', String(seed), '--db', dbPath], {
    cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true,
  });
  running = child;
  // one process: its high-water mark is its peak, read until it exits
  let peakKb = 0;
  const timer = setInterval(() => {
    const p = child.pid !== undefined ? readProc(child.pid) : null;
    if (p) peakKb = Math.max(peakKb, p.hwmKb);
  }, 100);
  const code = await exited(child);
  clearInterval(timer);
  if (code !== 0) throw new Error(`the seed exited with ${code}`);
  return { ms: performance.now() - started, peakMb: mb(peakKb), load: load(), skipped: false };
}

// ---- 2. the store --------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return await new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

/** One GET on a fresh connection: status and the time until the whole body has arrived. */
function get(port: number, path: string): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { accept: 'application/json' } }, (resp) => {
      const chunks: Buffer[] = [];
      resp.on('data', (c: Buffer) => chunks.push(c));
      resp.on('end', () => res({ status: resp.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
      resp.on('error', rej);
    });
    req.on('error', rej);
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer in 60 s: ${path}`)));
    req.end();
  });
}

const sleep = (msValue: number): Promise<void> => new Promise((r) => setTimeout(r, msValue));

interface Store { child: ChildProcess; port: number; logPath: string; dataDir: string }

/** The environment, log file and data folder of the n-th start. */
function prepareStart(n: number, port: number): { env: NodeJS.ProcessEnv; log: number; logPath: string; dataDir: string } {
  const dataDir = join(dir, `data-${n}`);
  mkdirSync(dataDir, { recursive: true });
  const logPath = join(dir, `store-${n}.log`);
  const log = openSync(logPath, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_PATH: dbPath,
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_SEARCH: '1000000000',
    SHUTDOWN_DRAIN_MS: '0',
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  if (args['server-node-options']) env.NODE_OPTIONS = args['server-node-options'];
  if (workers > 1) {
    env.WORKERS = String(workers);
    env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    env.REDIS_PREFIX = `skimmer-scale-${process.pid}-${n}:`;
    env.SESSION_SECRET = 'bench-scale-session-secret-bench-scale';
    env.CAPTCHA_DEV_SECRET = 'bench-scale-captcha-secret-bench-scale';
  } else {
    delete env.WORKERS;
    delete env.REDIS_URL;
  }
  return { env, log, logPath, dataDir };
}

interface StartFigures { readyMs: number; atReady: TreeMemory; peakStoreHwm: number; peakTreeSampled: number; load: string; logReadyMs: number[] }

/**
 * Waits (up to 15 minutes) until a start that found no current card file has written one
 * ('card file written' after 'card file not used' in its log), so the next start has it: a
 * store writes its card file in the background after it is ready, and stopping it drops the file.
 */
async function cardFileWritten(logPath: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const text = readFileSync(logPath, 'utf8');
    if (!text.includes('"card file not used"') || text.includes('"card file written"') || text.includes('"the card file could not be written"')) break;
    if (Date.now() - started > 15 * 60_000) throw new Error(`no card file written within 15 minutes (log ${logPath})`);
    await sleep(1000);
  }
  const line = readFileSync(logPath, 'utf8').split('\n').find((l) => l.includes('"card file written"'));
  if (line) console.log(`card file written after the start was ready: ${/"seconds":([\d.]+)/.exec(line)?.[1] ?? '?'} s`);
}

/** Lines of the store's log whose msg is 'database ready', with their time. */
function readyLines(logPath: string): { time: number; indexed: number }[] {
  const out: { time: number; indexed: number }[] = [];
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('"database ready"')) continue;
    try {
      const o = JSON.parse(line) as { time: number; indexed: number };
      out.push({ time: o.time, indexed: o.indexed });
    } catch { /* a line cut while being written */ }
  }
  return out;
}

async function startStore(n: number): Promise<{ store: Store; figures: StartFigures; sample: ReturnType<typeof sampler> }> {
  const port = await freePort();
  const prepared = prepareStart(n, port);
  const loadBefore = load();
  const spawnedWall = Date.now();
  const started = performance.now();
  // detached: its own process group, so the whole tree is stopped together
  const child = spawn('npm', ['start'], { cwd: root, env: prepared.env, stdio: ['ignore', prepared.log, prepared.log], detached: true });
  running = child;
  closeSync(prepared.log);
  const sample = sampler(child.pid!);
  const deadline = started + startTimeoutMs;
  let ready = false;
  let lastNote = started;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the store exited (${child.exitCode ?? child.signalCode}) before it was ready; its log: ${prepared.logPath}\n${readFileSync(prepared.logPath, 'utf8').slice(-3000)}`);
    }
    if (performance.now() > deadline) {
      const m = treeMemory(child.pid!);
      throw Object.assign(new Error(`the store was not ready within ${startTimeoutMs / 1000} s (store RSS ${m.storeRss} MB, peak ${m.storeHwm} MB; log ${prepared.logPath})`), { child });
    }
    try {
      const r = await get(port, '/readyz');
      ready = r.status === 200 && readyLines(prepared.logPath).length >= workers;
    } catch { /* not listening yet */ }
    if (!ready) await sleep(100);
    // a long start says how far it got (a run stopped by `timeout` still reports its memory)
    if (!ready && performance.now() - lastNote > 60_000) {
      lastNote = performance.now();
      const m = treeMemory(child.pid!);
      console.log(`start ${n}: not ready after ${secs(lastNote - started)}; store RSS ${m.storeRss} MB (peak ${m.storeHwm} MB), load ${load()}`);
    }
  }
  const readyMs = performance.now() - started;
  const atReady = treeMemory(child.pid!);
  const logReadyMs = readyLines(prepared.logPath).map((l) => l.time - spawnedWall);
  return {
    store: { child, port, logPath: prepared.logPath, dataDir: prepared.dataDir },
    figures: { readyMs, atReady, peakStoreHwm: atReady.storeHwm, peakTreeSampled: sample.peakTreeRss(), load: `${loadBefore} -> ${load()}`, logReadyMs },
    sample,
  };
}

async function stopStore(store: Store): Promise<void> {
  const pid = store.child.pid!;
  try { process.kill(-pid, 'SIGTERM'); } catch { /* already gone */ }
  const timer = setTimeout(() => { try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ } }, 20_000);
  await exited(store.child);
  // npm may exit before its children: wait for the group to be empty
  for (let i = 0; i < 200 && processTree(pid).length + groupMembers(pid) > 0; i++) await sleep(100);
  clearTimeout(timer);
}

/** Processes still in the process group (npm's children outlive it for a moment). */
function groupMembers(pgid: number): number {
  let n = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) n++;
    } catch { /* gone */ }
  }
  return n;
}

// ---- 3. the queries ------------------------------------------------------------------------

/** Distinct shopper queries of the judged sets, in a fixed shuffled order. */
function shopperQueries(): string[] {
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(root, 'bench', file), 'utf8')) as T;
  const families = read<{ families: Record<string, { q: string }[]> }>('search-families.json').families;
  const judged = read<{ queries: { q: string }[] }>('search-judged.json').queries;
  const natural = read<{ queries: (string | { q: string })[] }>('search-natural.json').queries;
  const all = [...Object.values(families).flat().map((x) => x.q), ...judged.map((x) => x.q), ...natural.map((x) => (typeof x === 'string' ? x : x.q))];
  const seen = new Set<string>();
  const distinct = all.filter((q) => {
    const key = q.toLowerCase().trim().replace(/\s+/g, ' ');
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rnd = mulberry32(42).next;
  for (let i = distinct.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [distinct[i], distinct[j]] = [distinct[j]!, distinct[i]!];
  }
  return distinct;
}

interface QueryFigures { first: Percentiles; after: Percentiles; non200: number; slowest: string[]; load: string }

async function runQueries(port: number, queries: readonly string[]): Promise<QueryFigures> {
  const loadBefore = load();
  const times: { q: string; ms: number }[] = [];
  let non200 = 0;
  for (const q of queries) {
    const r = await get(port, `/api/products/filter?q=${encodeURIComponent(q)}&limit=24&page=0`);
    if (r.status !== 200) non200++;
    times.push({ q, ms: r.ms });
  }
  const first = times.slice(0, firstCount);
  const after = times.slice(firstCount);
  const slowest = [...times].map((t, i) => ({ ...t, i })).sort((a, b) => b.ms - a.ms).slice(0, 5).map((t) => `#${t.i + 1} ${t.ms.toFixed(0)} ms "${t.q}"`);
  return { first: percentiles(first.map((t) => t.ms)), after: percentiles(after.map((t) => t.ms)), non200, slowest, load: `${loadBefore} -> ${load()}` };
}

// ---- the run -------------------------------------------------------------------------------

const pad = (s: string, n: number): string => s.padEnd(n);
const row = (what: string, value: string, goal: string): string => `${pad(what, 60)}${pad(value, 26)}${goal}`;
const f0 = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '-');

async function main(): Promise<void> {
  const queries = shopperQueries();
  if (queries.length < firstCount + afterCount) throw new Error(`only ${queries.length} distinct judged queries; --first + --after is ${firstCount + afterCount}`);
  console.log(`bench:scale: ${products.toLocaleString('en-US')} products (seed ${seed}), ${workers} worker(s), ${starts} start(s); folder ${dir}; load ${load()}`);
  const seedFigures = await runSeed();
  if (!seedFigures.skipped) console.log(`seed: ${secs(seedFigures.ms)}, peak RSS ${seedFigures.peakMb} MB (load ${seedFigures.load})`);

  // the storefront's build is prestart's job; done here first so no start below times a build
  const build = spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (build.status !== 0) throw new Error('the storefront build (prestart) failed');

  const startFigures: StartFigures[] = [];
  let queryFigures: QueryFigures | null = null;
  let steady: TreeMemory | null = null;
  let peakAfterQueries = { hwm: 0, tree: 0 };
  for (let n = 1; n <= starts; n++) {
    const { store, figures, sample } = await startStore(n);
    startFigures.push(figures);
    console.log(`start ${n}: ready in ${secs(figures.readyMs)} ('database ready' logged at ${figures.logReadyMs.map((x) => secs(x)).join(', ')}); store RSS ${figures.atReady.storeRss} MB (peak ${figures.atReady.storeHwm} MB) in ${figures.atReady.storeProcesses} process(es), tree ${figures.atReady.treeRss} MB (load ${figures.load})`);
    try {
      if (n < starts) await cardFileWritten(store.logPath);
      if (n === starts) {
        // sampling reads /proc in this thread: stopped while the queries are timed (peaks are in VmHWM)
        sample.stop();
        queryFigures = await runQueries(store.port, queries.slice(0, firstCount + afterCount));
        await sleep(3000);
        steady = treeMemory(store.child.pid!);
        peakAfterQueries = { hwm: steady.storeHwm, tree: Math.max(sample.peakTreeRss(), steady.treeRss) };
        console.log(`memory 3 s after the queries:\n    ${steady.perProcess}`);
      }
    } finally {
      sample.stop();
      await stopStore(store);
    }
  }

  const last = startFigures[startFigures.length - 1]!;
  const big = products >= 1_000_000;
  console.log('');
  console.log(`bench:scale  ${products.toLocaleString('en-US')} products, seed ${seed}, ${workers} worker(s)  (load now ${load()}; the goals are issue 30's${big ? ' at 1,000,000' : ' at 100,000'})`);
  console.log(row('figure', 'measured', 'goal'));
  if (!seedFigures.skipped) {
    console.log(row('seed: wall time', secs(seedFigures.ms), big ? '<= 180 s (1M)' : '(1M: <= 180 s)'));
    console.log(row('seed: peak RSS', `${seedFigures.peakMb} MB`, big ? '<= 600 MB (1M)' : '(1M: <= 600 MB)'));
  }
  startFigures.forEach((s, i) => {
    const goal = big ? (i > 0 ? '<= 20 s (1M; today over 4 min)' : '(first start may build a snapshot)') : '(1M: <= 20 s after the first start)';
    console.log(row(`start ${i + 1}: spawn -> ready (/readyz 200)`, secs(s.readyMs), goal));
  });
  const memGoal = workers > 1 ? (big ? '<= 2 GB with 2 workers (1M)' : '(1M: <= 2 GB with 2 workers)') : big ? '<= 1.5 GB (1M; today 3.9 GB)' : '<= 600 MB (100k; about 950 MB today)';
  console.log(row(`store RSS at ready (${last.atReady.storeProcesses} process(es))`, `${last.atReady.storeRss} MB`, memGoal));
  console.log(row('store PSS at ready (shared pages split between processes)', `${last.atReady.storePss} MB`, memGoal));
  console.log(row('store peak RSS (sum of VmHWM)', `${peakAfterQueries.hwm || last.peakStoreHwm} MB`, memGoal));
  if (steady) console.log(row('store RSS steady (3 s after the queries)', `${steady.storeRss} MB`, memGoal));
  if (steady) console.log(row('store PSS steady (3 s after the queries)', `${steady.storePss} MB`, memGoal));
  console.log(row('whole tree RSS: sampled peak / steady (npm, sh, tsx too)', `${peakAfterQueries.tree || last.peakTreeSampled} / ${steady?.treeRss ?? '-'} MB`, ''));
  if (queryFigures) {
    const q = queryFigures;
    const p = (x: Percentiles): string => `${f0(x.p50)}/${f0(x.p95)}/${f0(x.p99)}/${f0(x.max)} ms`;
    console.log(row(`first ${q.first.n} distinct queries: p50/p95/p99/max`, p(q.first), big ? '' : 'p99 <= 50 ms (100k; about 110 ms today)'));
    if (q.after.n > 0) console.log(row(`next ${q.after.n} distinct: p50/p95/p99/max`, p(q.after), big ? 'p99 <= 25 ms, max <= 100 ms (1M; today 89 ms, 2.3 s)' : '(1M: p99 <= 25 ms, max <= 100 ms)'));
    console.log(row('answers other than 200', String(q.non200), '0'));
    console.log(`slowest: ${q.slowest.join('; ')}`);
    console.log(`load during the queries: ${q.load}`);
  }
  startFigures.forEach((s, i) => console.log(`load during start ${i + 1}: ${s.load}`));
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  const child = (err as { child?: ChildProcess }).child;
  console.error(err instanceof Error ? err.message : err);
  if (child?.pid !== undefined) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
  }
} finally {
  if (args.keep || failed) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
