/**
 * The crash drill of issue 16 (item 3), shared by test/server/crash.test.ts (one round) and
 * `npm run bench:crash` (bench/crash.ts, 20 rounds): the real server (`src/server/main.ts`) as a
 * child process on a fresh database (a SQLite file, or a PostgreSQL database of its own made for
 * the round on TEST_DATABASE_URL / DATABASE_URL and dropped after it), a storm of writes from
 * concurrent clients, SIGKILL in the middle of it, a restart on the same database, and an audit.
 *
 * The storm (each client sends one request at a time, so at the kill each has at most one
 * request whose answer never came):
 * - cart clients: anonymous shoppers adding lines (`POST /api/checkouts/lineItems`, a fresh
 *   Idempotency-Key each) and placing the cart every few adds (the hosted checkout form,
 *   `POST /checkout/{id}`, test card);
 * - account clients: registering (`POST /api/auth/register`), signing in and saving addresses
 *   (`POST /api/mailingAddresses`, each with a unique marker in its second line).
 *
 * The audit, after the restart:
 * - lost: a write answered 2xx before the kill and not in the database (an add's key and its
 *   units, an order, an account, an address);
 * - duplicated: a write found more than once (units beyond what was sent, two rows of one address);
 * - half-written: an order without lines or payment transaction, a completed cart without its
 *   order (or an order whose cart is still open), stock decremented without an order line (or
 *   the reverse), an Idempotency-Key left pending, an order whose total is not its lines, an
 *   account without its verification email, a customer with addresses and not one default;
 * - then every request left unanswered by the kill is retried as a client would (same
 *   Idempotency-Key, the same checkout form, the same registration) and every write must be
 *   there exactly once;
 * - consistency, on both databases: no stock below zero where negative stock is not allowed, no
 *   Idempotency-Key, order of a cart or account stored twice;
 * - the database's own checks: on SQLite `PRAGMA integrity_check` and `PRAGMA foreign_key_check`;
 *   on PostgreSQL (which has no whole-database integrity check) amcheck's `bt_index_check` with
 *   `heapallindexed` on every B-tree index of the store (each index agrees with its table, so no
 *   unique constraint can hide a duplicate) and a search for orphan rows behind every foreign key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SESSION_COOKIE } from '../../src/server/modules/accounts/session.ts';
import { mulberry32 } from '../../src/server/platform/random/prng.ts';
import { freePort } from '../support/store-process.ts';

/** A server child process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** What it wrote to stdout and stderr. */
  output: () => string;
}

/** Options of {@link startServer}. */
export interface StartOptions {
  /** DATA_DIR (the database is `{dataDir}/skimmer.db` unless env says otherwise). */
  dataDir: string;
  /** Extra environment. */
  env?: Record<string, string>;
  /** Catalogue size of a first start. @default 120 */
  products?: number;
  /** @default 60000 */
  timeoutMs?: number;
}

/** Starts `src/server/main.ts` and waits until /readyz answers 200. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SEED_PRODUCTS: String(options.products ?? 120),
      SEED: '9',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early: ${out}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, base, output: () => out };
}

/** Sends a signal and waits for the process to exit. */
export function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      resolve(server.child.exitCode);
      return;
    }
    server.child.once('exit', (code) => resolve(code));
    server.child.kill(signal);
  });
}

type Outcome = 'acked' | 'refused' | 'unknown';

interface AddOp {
  kind: 'add';
  worker: number;
  cookie: string;
  key: string;
  level: number;
  quantity: number;
  outcome: Outcome;
  status?: number;
}
interface PlaceOp {
  kind: 'place';
  worker: number;
  cookie: string;
  checkoutId: string;
  form: string;
  outcome: Outcome;
  status?: number;
}
interface RegisterOp {
  kind: 'register';
  worker: number;
  email: string;
  body: string;
  outcome: Outcome;
  status?: number;
}
interface AddressOp {
  kind: 'address';
  worker: number;
  email: string;
  marker: string;
  outcome: Outcome;
  status?: number;
}
type Op = AddOp | PlaceOp | RegisterOp | AddressOp;

/** What names an operation in a report: its key, its checkout, its address's marker or its email. */
const opLabel = (op: Op): string => `${op.kind} ${'key' in op ? op.key : 'checkoutId' in op ? op.checkoutId : 'marker' in op ? op.marker : op.email}`;

/** Counts per kind of write. */
export interface WriteCounts {
  cartAdds: number;
  orders: number;
  accounts: number;
  addresses: number;
  total: number;
}

/** What one crash round found. */
export interface CrashRoundResult {
  /** Writes answered 2xx before the kill. */
  acknowledged: WriteCounts;
  /** Requests in flight at the kill (answer never received). */
  inFlight: number;
  /** Of those, how many the restarted database shows as committed (their answer was lost). */
  inFlightCommitted: number;
  /** Acknowledged writes missing after the restart (goal 0), with what was missing. */
  lost: number;
  lostDetails: string[];
  /** Writes found more than once (goal 0). */
  duplicated: number;
  duplicatedDetails: string[];
  /** Half-written states found (goal none). */
  halfWritten: string[];
  /**
   * After the restart, and after the retries of the unanswered requests: 'ok' or what failed
   * (SQLite: PRAGMA integrity_check; PostgreSQL: amcheck over every B-tree index).
   */
  integrity: { afterRestart: string; afterRetries: string };
  /** Rows behind a foreign key whose parent is missing, after the restart (SQLite: PRAGMA foreign_key_check). */
  foreignKeyViolations: number;
  /** What the database's own checks were (e.g. 'amcheck ... on 52 B-tree indexes, orphan rows behind 31 foreign keys'). */
  integrityChecked: string;
  /** Unanswered requests retried after the restart, and writes not there exactly once after it. */
  retried: number;
  /** Retried requests the restarted server did not answer (within the client's 15 s). */
  unansweredRetries: string[];
  notExactlyOnceAfterRetry: string[];
  /** Writes refused before the kill, by kind and status (`place 409`: out of stock ...). */
  refused: Record<string, number>;
  /** Milliseconds from the first write to the kill. */
  stormMs: number;
}

/** The database a crash round runs on. */
export type CrashDatabase = 'sqlite' | 'postgres';

/** The PostgreSQL server of the drill; each round makes a database of its own there. @default TEST_DATABASE_URL, DATABASE_URL, else postgres://root@127.0.0.1:5432/test */
export const CRASH_PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** Options of {@link crashRound}. */
export interface CrashRoundOptions {
  /** Seed of the round's choices. @default 1 */
  seed?: number;
  /** @default 'sqlite' */
  database?: CrashDatabase;
  /** The PostgreSQL server (a database is made there for the round). @default CRASH_PG_URL */
  pgUrl?: string;
  /** Concurrent cart clients. @default 6 */
  cartClients?: number;
  /** Concurrent account clients. @default 2 */
  accountClients?: number;
  /** Kill once at least this many writes were acknowledged ... @default 60 */
  minAcknowledged?: number;
  /** ... plus a random delay up to this many milliseconds. @default 300 */
  maxExtraDelayMs?: number;
  /** Keep the data folder (for a post-mortem). @default false */
  keep?: boolean;
  /** Progress lines. @default none */
  log?: (line: string) => void;
}

const FORM_FIELDS = {
  firstName: 'Crash', lastName: 'Drill', address1: '1200 Lakeview Ave', city: 'Seattle', stateCode: 'WA', zip: '98101',
  countryCode: 'US', phone: '(206) 555-0123', addressId: 'new', paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242',
  expMonth: '12', expYear: '2040', cvc: '123',
};
const PASSWORD = 'crash-drill-password-42';

function sessionCookie(res: Response): string | null {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return found ? (found.split(';')[0] ?? null) : null;
}

/** The checkout id of a cart answer: the last segment of its webUrl. */
function checkoutIdOf(body: unknown): string {
  const url = (body as { checkout?: { webUrl?: string } }).checkout?.webUrl ?? '';
  const id = url.split('/').pop();
  if (!id) throw new Error(`no checkout webUrl in ${JSON.stringify(body)}`);
  return id;
}

/** One HTTP request; a connection failure (the kill) is `null`. */
async function send(base: string, path: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(`${base}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  } catch {
    return null;
  }
}

const jsonHeaders = (cookie?: string, key?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});

/** Sends a write and records its outcome (2xx acked, another status refused, no answer unknown). */
async function record<T extends Op>(ops: Op[], op: T, res: Promise<Response | null>): Promise<Response | null> {
  op.outcome = 'unknown';
  ops.push(op);
  const r = await res;
  if (r) {
    op.status = r.status;
    op.outcome = r.status >= 200 && r.status < 400 ? 'acked' : 'refused';
    await r.arrayBuffer().catch(() => undefined);
  }
  return r;
}

/** The round's database as the audit sees it. */
interface DrillStore {
  /** Extra environment of the server processes. */
  env: Record<string, string>;
  /** A read, `?` placeholders. Numbers may come back as text (PostgreSQL's BIGINT): read them with Number(). */
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** The database's own checks: 'ok' or what failed, and the rows without their foreign-key parent. */
  integrity(): Promise<{ result: string; foreignKeyViolations: number; checked: string }>;
  /** Lets go of the audit's connection (before the database is checked again from scratch). */
  release(): Promise<void>;
  /** Drops the database. */
  drop(): Promise<void>;
}

function sqliteStore(dataDir: string): DrillStore {
  const path = join(dataDir, 'skimmer.db');
  let conn: BetterSqlite3.Database | null = null;
  const db = () => (conn ??= new BetterSqlite3(path, { readonly: true, fileMustExist: true }));
  return {
    // the file under DATA_DIR, whatever DATABASE_URL this shell has (bench:crash reads it for PostgreSQL)
    env: { DATABASE_URL: '', DATABASE_PATH: path },
    all: async <T>(sql: string, ...params: unknown[]) => db().prepare(sql).all(...params) as T[],
    integrity: async () => ({
      result: (db().prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check).join('; '),
      foreignKeyViolations: db().prepare('PRAGMA foreign_key_check').all().length,
      checked: 'PRAGMA integrity_check, PRAGMA foreign_key_check',
    }),
    release: async () => {
      conn?.close();
      conn = null;
    },
    drop: async () => undefined,
  };
}

async function postgresStore(serverUrl: string): Promise<DrillStore> {
  const { default: pg } = await import('pg');
  const name = `skimmer_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${serverUrl} is unreachable: ${(err as Error).message} (start it, or set TEST_DATABASE_URL)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // a connection closed by the server (the final DROP) must not crash the run
  pool.on('error', () => undefined);
  const all = async <T>(sql: string, ...params: unknown[]): Promise<T[]> => {
    let n = 0;
    return (await pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
  };
  return {
    env: {
      DATABASE_URL: url.toString(),
      // required with DATABASE_URL (several processes could share the database)
      SESSION_SECRET: 'crash-drill-session-secret',
      CAPTCHA_DEV_SECRET: 'crash-drill-captcha-secret',
    },
    all,
    async integrity() {
      const failures: string[] = [];
      // every B-tree index against its table (heapallindexed: each row's entry is there)
      await all('CREATE EXTENSION IF NOT EXISTS amcheck');
      const indexes = await all<{ oid: number; name: string }>(
        `SELECT c.oid, c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
         WHERE am.amname = 'btree' AND c.relnamespace = 'public'::regnamespace AND c.relpersistence = 'p'`,
      );
      for (const index of indexes) {
        try {
          await all('SELECT bt_index_check(?::regclass, true)', index.oid);
        } catch (err) {
          failures.push(`${index.name}: ${(err as Error).message}`);
        }
      }
      if (indexes.length === 0) failures.push('no index found to check');
      // rows behind every foreign key without their parent row
      const keys = await all<{ child: string; parent: string; cols: string[]; pcols: string[] }>(
        `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent,
           ARRAY(SELECT quote_ident(a.attname) FROM unnest(conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
           ARRAY(SELECT quote_ident(a.attname) FROM unnest(confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = confrelid AND a.attnum = k.n ORDER BY k.i) AS pcols
         FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
      );
      let orphans = 0;
      for (const k of keys) {
        const notNull = k.cols.map((c) => `c.${c} IS NOT NULL`).join(' AND ');
        const match = k.cols.map((c, i) => `p.${k.pcols[i] ?? ''} = c.${c}`).join(' AND ');
        const [row] = await all<{ n: string }>(`SELECT COUNT(*) AS n FROM ${k.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${k.parent} p WHERE ${match})`);
        orphans += Number(row?.n ?? 0);
      }
      if (keys.length === 0) failures.push('no foreign key found to check');
      return {
        result: failures.length === 0 ? 'ok' : failures.join('; '),
        foreignKeyViolations: orphans,
        checked: `amcheck bt_index_check(heapallindexed) on ${indexes.length} B-tree indexes, orphan rows behind ${keys.length} foreign keys`,
      };
    },
    release: async () => undefined,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Runs one round: start, storm, SIGKILL, restart, audit, retry, audit; answers the figures. */
export async function crashRound(options: CrashRoundOptions = {}): Promise<CrashRoundResult> {
  const seed = options.seed ?? 1;
  // the server's one seeded generator, so a round's choices replay from its seed
  const rnd = mulberry32(seed).next;
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-crash-'));
  const store = options.database === 'postgres' ? await postgresStore(options.pgUrl ?? CRASH_PG_URL) : sqliteStore(dataDir);
  // a first start on PostgreSQL migrates and seeds over the network: give it longer; one process
  // (no Redis even when this shell has REDIS_URL)
  const start = () => startServer({ dataDir, env: { REDIS_URL: '', ...store.env }, timeoutMs: 120_000 });
  let server: ServerProcess | null = null;
  try {
    server = await start();
    // the stock before the storm, and the levels the shoppers buy (well stocked, for sale)
    const stockBefore = new Map((await store.all<{ id: number | string; quantity: number | string }>('SELECT id, quantity FROM inventory_levels'))
      .map((r) => [Number(r.id), Number(r.quantity)] as const));
    const levels = (await store.all<{ id: number | string }>(
      `SELECT l.id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
       WHERE l.available_for_sale = 1 AND (l.bypass_negative_quantity = 1 OR l.quantity >= 60)
       ORDER BY l.bypass_negative_quantity DESC, l.quantity DESC, l.id LIMIT 12`,
    )).map((r) => Number(r.id));
    await store.release();
    const base = server.base;
    if (levels.length < 4) throw new Error(`too few stocked levels to buy: ${levels.length}`);

    const ops: Op[] = [];
    let killed = false;
    const acked = () => ops.filter((o) => o.outcome === 'acked');
    const cartSessions: { worker: number; cookie: string; firstCheckout: string }[] = [];

    const cartClient = async (worker: number): Promise<void> => {
      const start = await send(base, '/api/checkouts', { method: 'GET' });
      if (!start || !start.ok) return;
      const cookie = sessionCookie(start);
      let checkoutId = checkoutIdOf(await start.json());
      if (!cookie) throw new Error('no session cookie');
      cartSessions.push({ worker, cookie, firstCheckout: checkoutId });
      for (let n = 0; !killed; n++) {
        const linesThisCart = 2 + Math.floor(rnd() * 3);
        for (let i = 0; i < linesThisCart && !killed; i++) {
          const op: AddOp = {
            kind: 'add', worker, cookie, key: `s${seed}-w${worker}-c${n}-a${i}`, level: levels[Math.floor(rnd() * levels.length)] ?? 0,
            quantity: 1 + Math.floor(rnd() * 2), outcome: 'unknown',
          };
          const res = await record(ops, op, send(base, '/api/checkouts/lineItems', {
            method: 'POST', headers: jsonHeaders(cookie, op.key), body: JSON.stringify({ inventoryLevelId: op.level, quantity: op.quantity }),
          }));
          if (!res) return;
        }
        if (killed) return;
        // the cart the adds went to: the session's open cart (read, not written)
        const cart = await send(base, '/api/checkouts', { method: 'GET', headers: { cookie } });
        if (!cart || !cart.ok) return;
        checkoutId = checkoutIdOf(await cart.json());
        const form = new URLSearchParams({ ...FORM_FIELDS, email: `guest-s${seed}-w${worker}-${n}@example.com` }).toString();
        const op: PlaceOp = { kind: 'place', worker, cookie, checkoutId, form, outcome: 'unknown' };
        const res = await record(ops, op, send(base, `/checkout/${checkoutId}`, {
          method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form,
        }));
        if (!res) return;
      }
    };

    const accountClient = async (worker: number): Promise<void> => {
      for (let account = 0; account < 4 && !killed; account++) {
        const email = `account-s${seed}-w${worker}-${account}@example.com`;
        const body = JSON.stringify({ email, password: PASSWORD, firstName: 'Crash', lastName: `Drill${worker}` });
        const reg = await record(ops, { kind: 'register', worker, email, body, outcome: 'unknown' } as RegisterOp, send(base, '/api/auth/register', {
          method: 'POST', headers: jsonHeaders(), body,
        }));
        if (!reg || !reg.ok) return;
        const login = await send(base, '/api/auth/login', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email, password: PASSWORD }) });
        if (!login || !login.ok) return;
        const cookie = sessionCookie(login);
        if (!cookie) throw new Error('no session cookie at sign-in');
        for (let n = 0; n < 40 && !killed; n++) {
          const marker = `m-s${seed}-w${worker}-${account}-${n}`;
          const res = await record(ops, { kind: 'address', worker, email, marker, outcome: 'unknown' } as AddressOp, send(base, '/api/mailingAddresses', {
            method: 'POST', headers: jsonHeaders(cookie),
            body: JSON.stringify({ firstName: 'Crash', lastName: 'Drill', address1: `${n + 1} Lakeview Ave`, address2: marker, city: 'Seattle', zip: '98101', phone: '(206) 555-0123', countryCode: 'US', stateCode: 'WA' }),
          }));
          if (!res) return;
        }
      }
    };

    const stormStart = Date.now();
    const clients = [
      ...Array.from({ length: options.cartClients ?? 6 }, (_, i) => cartClient(i)),
      ...Array.from({ length: options.accountClients ?? 2 }, (_, i) => accountClient(i)),
    ];
    // kill once enough writes of every kind were acknowledged, a random moment later
    const minAcked = options.minAcknowledged ?? 60;
    // a loaded machine (the whole suite on two cores) signs in slowly: wait for every kind of write
    const killDeadline = Date.now() + 40_000;
    for (;;) {
      const a = acked();
      const kinds = new Set(a.map((o) => o.kind));
      if ((a.length >= minAcked && kinds.size === 4) || Date.now() > killDeadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, Math.floor(rnd() * (options.maxExtraDelayMs ?? 300))));
    const stormMs = Date.now() - stormStart;
    await stopServer(server, 'SIGKILL');
    killed = true;
    server = null;
    await Promise.all(clients);
    const unknown = ops.filter((o) => o.outcome === 'unknown');
    const refused: Record<string, number> = {};
    for (const o of ops) if (o.outcome === 'refused') refused[`${o.kind} ${o.status}`] = (refused[`${o.kind} ${o.status}`] ?? 0) + 1;
    log(`killed after ${stormMs} ms: ${acked().length} acknowledged, ${unknown.length} in flight`);

    server = await start();
    const restarted = server;
    const q = <T>(sql: string, ...params: unknown[]): Promise<T[]> => store.all<T>(sql, ...params);
    const one = async <T>(sql: string, ...params: unknown[]): Promise<T | undefined> => (await store.all<T>(sql, ...params))[0];
    const count = async (sql: string, ...params: unknown[]): Promise<number> => Number((await one<{ n: number | string }>(sql, ...params))?.n ?? 0);

    const lostDetails: string[] = [];
    const duplicatedDetails: string[] = [];
    const halfWritten: string[] = [];
    let inFlightCommitted = 0;

    const sessionOf = async (firstCheckout: string): Promise<number | undefined> => {
      const id = (await one<{ session_id: number | string }>('SELECT session_id FROM checkouts WHERE id = ?', firstCheckout))?.session_id;
      return id === undefined ? undefined : Number(id);
    };
    const keyDone = async (sessionId: number, key: string) =>
      (await one<{ state: string }>('SELECT state FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?', sessionId, key))?.state;
    /** Units per level in every cart of a session (placing leaves a cart's lines in place). */
    const sessionUnits = async (sessionId: number) =>
      new Map((await q<{ level: number | string; n: number | string }>(
        'SELECT li.inventory_level_id AS level, SUM(li.quantity) AS n FROM checkout_line_items li JOIN checkouts c ON c.id = li.checkout_id WHERE c.session_id = ? GROUP BY li.inventory_level_id',
        sessionId,
      )).map((r) => [Number(r.level), Number(r.n)] as const));

    /** Compares each session's units with the adds that should be in; answers the mismatches. */
    const auditCarts = async (applied: (op: AddOp, sessionId: number) => Promise<boolean>, lostOut: string[], dupOut: string[]) => {
      for (const s of cartSessions) {
        const sessionId = await sessionOf(s.firstCheckout);
        if (sessionId === undefined) {
          lostOut.push(`session of worker ${s.worker} missing`);
          continue;
        }
        const expected = new Map<number, number>();
        for (const op of ops) {
          if (op.kind !== 'add' || op.cookie !== s.cookie || !(await applied(op, sessionId))) continue;
          expected.set(op.level, (expected.get(op.level) ?? 0) + op.quantity);
        }
        const actual = await sessionUnits(sessionId);
        for (const level of new Set([...expected.keys(), ...actual.keys()])) {
          const e = expected.get(level) ?? 0;
          const a = actual.get(level) ?? 0;
          if (a < e) lostOut.push(`worker ${s.worker} level ${level}: ${e} units sent and acknowledged, ${a} found`);
          if (a > e) dupOut.push(`worker ${s.worker} level ${level}: ${e} units expected, ${a} found`);
        }
      }
    };

    // 1. acknowledged writes, and the unanswered ones the database shows as committed
    const sessionIds = new Map<string, number | undefined>();
    for (const s of cartSessions) sessionIds.set(s.cookie, await sessionOf(s.firstCheckout));
    for (const op of ops) {
      if (op.outcome === 'refused') continue;
      const wasAcked = op.outcome === 'acked';
      let present = false;
      if (op.kind === 'add') {
        const sid = sessionIds.get(op.cookie);
        present = sid !== undefined && (await keyDone(sid, op.key)) === 'done';
      } else if (op.kind === 'place') {
        present = (await count('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', op.checkoutId)) >= 1;
      } else if (op.kind === 'register') {
        present = (await count('SELECT COUNT(*) AS n FROM customers WHERE email = ?', op.email)) === 1;
      } else {
        const n = await count('SELECT COUNT(*) AS n FROM mailing_addresses WHERE address2 = ?', op.marker);
        present = n >= 1;
        if (n > 1) duplicatedDetails.push(`address ${op.marker} stored ${n} times`);
      }
      if (wasAcked && !present) lostDetails.push(`${opLabel(op)} acknowledged (${op.status}) but missing`);
      if (!wasAcked && present) inFlightCommitted++;
    }
    await auditCarts(async (op, sid) => op.outcome === 'acked' || (op.outcome === 'unknown' && (await keyDone(sid, op.key)) === 'done'), lostDetails, duplicatedDetails);

    // 2. nothing half-written
    const collect = async (label: string, found: unknown[] | Promise<unknown[]>) => {
      const rows = await found;
      if (rows.length > 0) halfWritten.push(`${label}: ${JSON.stringify(rows.slice(0, 5))}`);
    };
    await collect('orders without lines', q('SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)'));
    await collect('orders without a payment transaction', q("SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.order_id = o.id AND t.status = 'SUCCESS')"));
    await collect('orders whose total is not their lines', q(
      `SELECT o.id FROM orders o WHERE o.subtotal_cents <> (SELECT COALESCE(SUM(l.quantity * l.unit_price_cents), 0) FROM order_lines l WHERE l.order_id = o.id)
         OR o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents`,
    ));
    await collect('completed carts without an order', q("SELECT c.id FROM checkouts c WHERE c.status = 'completed' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.checkout_id = c.id)"));
    await collect('orders whose cart is not completed', q("SELECT o.id FROM orders o JOIN checkouts c ON c.id = o.checkout_id WHERE c.status <> 'completed'"));
    await collect('order lines unlike their cart', q(
      `SELECT o.id FROM orders o WHERE EXISTS (
         SELECT li.inventory_level_id, li.quantity FROM checkout_line_items li WHERE li.checkout_id = o.checkout_id
         EXCEPT SELECT l.inventory_level_id, l.quantity FROM order_lines l WHERE l.order_id = o.id)`,
    ));
    await collect('Idempotency-Keys left pending', q("SELECT session_id, idempotency_key FROM idempotency_keys WHERE state <> 'done'"));
    await collect('accounts without their verification email', q(
      "SELECT c.email FROM customers c WHERE c.email LIKE 'account-%' AND NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.to_address = c.email AND e.kind = 'verify-account')",
    ));
    await collect('customers with addresses and not exactly one default', q(
      'SELECT customer_id, SUM(is_default) AS defaults FROM mailing_addresses GROUP BY customer_id HAVING SUM(is_default) <> 1',
    ));
    const sold = new Map((await q<{ level: number | string; n: number | string }>('SELECT inventory_level_id AS level, SUM(quantity) AS n FROM order_lines GROUP BY inventory_level_id'))
      .map((r) => [Number(r.level), Number(r.n)] as const));
    const stockRows = (await q<{ id: number | string; quantity: number | string }>('SELECT id, quantity FROM inventory_levels')).map((r) => ({ id: Number(r.id), quantity: Number(r.quantity) }));
    await collect('stock changed without an order line (or the reverse)', stockRows.filter((r) => (stockBefore.get(r.id) ?? 0) - r.quantity !== (sold.get(r.id) ?? 0)));
    // consistency the schema may or may not enforce, checked on both databases
    await collect('stock below zero where negative stock is not allowed', q('SELECT id, quantity FROM inventory_levels WHERE quantity < 0 AND bypass_negative_quantity = 0'));
    await collect('an Idempotency-Key stored twice', q('SELECT session_id, idempotency_key FROM idempotency_keys GROUP BY session_id, idempotency_key HAVING COUNT(*) > 1'));
    await collect('a cart with two orders', q('SELECT checkout_id FROM orders GROUP BY checkout_id HAVING COUNT(*) > 1'));
    await collect('an account stored twice', q('SELECT LOWER(email) AS email FROM customers GROUP BY LOWER(email) HAVING COUNT(*) > 1'));
    await collect('an order line or payment without its order', q(
      'SELECT l.order_id FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id) UNION ALL SELECT t.order_id FROM transactions t WHERE t.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id)',
    ));

    const afterRestart = await store.integrity();
    const integrityAfterRestart = afterRestart.result;
    const foreignKeyViolations = afterRestart.foreignKeyViolations;
    const integrityChecked = afterRestart.checked;

    // 3. a client retries what the kill left unanswered: each write must then be there once
    let retried = 0;
    const unansweredRetries: string[] = [];
    for (const op of unknown) {
      retried++;
      if (op.kind === 'add') {
        const res = await send(restarted.base, '/api/checkouts/lineItems', {
          method: 'POST', headers: jsonHeaders(op.cookie, op.key), body: JSON.stringify({ inventoryLevelId: op.level, quantity: op.quantity }),
        });
        op.status = res?.status;
        op.outcome = res?.ok ? 'acked' : 'refused';
      } else if (op.kind === 'place') {
        const res = await send(restarted.base, `/checkout/${op.checkoutId}`, {
          method: 'POST', headers: { cookie: op.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: op.form,
        });
        op.status = res?.status;
        op.outcome = res?.status === 303 ? 'acked' : 'refused';
      } else if (op.kind === 'register') {
        const res = await send(restarted.base, '/api/auth/register', { method: 'POST', headers: jsonHeaders(), body: op.body });
        op.status = res?.status;
        op.outcome = res?.ok ? 'acked' : 'refused';
      } else {
        // an address has no idempotency key: the client reads the list instead of resending
        retried--;
        continue;
      }
      // the restarted server answers every retry (a retried order once hung: its payment's
      // attempt was asked for again forever)
      if (op.status === undefined) unansweredRetries.push(opLabel(op));
    }
    const notExactlyOnce: string[] = [];
    await auditCarts(async (op) => op.outcome === 'acked', notExactlyOnce, notExactlyOnce);
    for (const op of ops) {
      if (op.kind === 'place' && op.outcome === 'acked') {
        const n = await count('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', op.checkoutId);
        if (n !== 1) notExactlyOnce.push(`checkout ${op.checkoutId}: ${n} orders`);
      }
      if (op.kind === 'register' && op.outcome === 'acked') {
        const n = await count('SELECT COUNT(*) AS n FROM customers WHERE email = ?', op.email);
        if (n !== 1) notExactlyOnce.push(`account ${op.email}: ${n} rows`);
      }
    }
    await store.release();
    await stopServer(restarted, 'SIGTERM');
    server = null;
    const integrityAfterRetries = (await store.integrity()).result;
    await store.release();

    const ackedOf = (kind: Op['kind']) => ops.filter((o) => o.kind === kind && o.outcome === 'acked' && !unknown.includes(o)).length;
    const acknowledged: WriteCounts = { cartAdds: ackedOf('add'), orders: ackedOf('place'), accounts: ackedOf('register'), addresses: ackedOf('address'), total: 0 };
    acknowledged.total = acknowledged.cartAdds + acknowledged.orders + acknowledged.accounts + acknowledged.addresses;
    return {
      acknowledged,
      inFlight: unknown.length,
      inFlightCommitted,
      lost: lostDetails.length,
      lostDetails,
      duplicated: duplicatedDetails.length,
      duplicatedDetails,
      halfWritten,
      integrity: { afterRestart: integrityAfterRestart, afterRetries: integrityAfterRetries },
      foreignKeyViolations,
      integrityChecked,
      retried,
      unansweredRetries,
      notExactlyOnceAfterRetry: notExactlyOnce,
      refused,
      stormMs,
    };
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    await store.release();
    if (!options.keep) {
      await store.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
