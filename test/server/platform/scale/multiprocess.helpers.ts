/**
 * Several processes of one store (issue 14, many processes), for test/server/platform/scale/multiprocess.test.ts
 * and `npm run bench:multi`: a fresh database (a PostgreSQL database of its own, or one SQLite
 * file in WAL mode shared by the processes), a Redis key prefix of its own, and N real servers
 * (`src/server/main.ts`) started on it together, on different ports.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { connectRedis } from '../../../../src/server/platform/scale/redis.ts';
import { SESSION_COOKIE } from '../../../../src/server/modules/accounts/session.ts';
import { startServer, stopServer, type ServerProcess } from '../../crash.helpers.ts';

/** Where the processes' database lives. */
export type StoreDatabase = 'postgres' | 'sqlite';

/** Redis of the multi-process tests and figures. @default REDIS_URL or redis://127.0.0.1:6379 */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The PostgreSQL server: each run makes a database of its own there. @default TEST_DATABASE_URL or postgres://root@127.0.0.1:5432/test */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** The operators' token the processes are started with. */
export const ADMIN_TOKEN = 'multiprocess-admin-token';

/** A store of several processes. */
export interface MultiStore {
  database: StoreDatabase;
  servers: ServerProcess[];
  /** A read (or write) on the store's database from the test, as the processes see it. */
  sql<T>(query: string, params?: unknown[]): Promise<T[]>;
  /** Stops every process still running and drops the database and Redis keys. */
  close(): Promise<void>;
}

/** Options of {@link startMultiStore}. */
export interface MultiStoreOptions {
  /** @default 'postgres' */
  database?: StoreDatabase;
  /** @default 2 */
  processes?: number;
  /** Catalogue size of the first start. @default 150 */
  products?: number;
  /** Extra environment of every process. */
  env?: Record<string, string>;
}

/** Fails with a clear message when Redis is not there (the suite needs it; it never skips). */
export async function requireRedis(): Promise<void> {
  const c = await connectRedis(TEST_REDIS_URL, 'multiprocess-check');
  await c.quit();
}

async function pgDatabase(): Promise<{ url: string; sql: MultiStore['sql']; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `skimmer_mp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${TEST_PG_URL} is unreachable: ${(err as Error).message} (start it, or set TEST_DATABASE_URL)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // an idle connection closed by the server (a restart, the final DROP) must not crash the run
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    sql: async <T>(query: string, params: unknown[] = []) => {
      let n = 0;
      return (await pool.query(query.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
    },
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts `processes` servers at once on a fresh database and Redis prefix; resolves when all
 * answer /readyz. They migrate and seed under the setup lock, so exactly one of them seeds.
 * @example
 * const store = await startMultiStore({ database: 'postgres' });
 * const [a, b] = store.servers;
 */
export async function startMultiStore(options: MultiStoreOptions = {}): Promise<MultiStore> {
  const database = options.database ?? 'postgres';
  await requireRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-mp-'));
  const prefix = `skimmer-mp:${randomBytes(4).toString('hex')}:`;
  let sql: MultiStore['sql'];
  let drop = async () => undefined as void;
  const env: Record<string, string> = {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    SESSION_SECRET: 'multiprocess-session-secret',
    CAPTCHA_DEV_SECRET: 'multiprocess-captcha-secret',
    ADMIN_TOKEN,
    CATALOGUE_POLL_MS: '500',
    SHUTDOWN_DRAIN_MS: '0',
    // the storms here come from one address: the public route limits stay out of the way
    RATE_LIMIT_ALLOW: '127.0.0.1',
    DATABASE_PATH: join(dataDir, 'store.db'),
  };
  if (database === 'postgres') {
    const pgDb = await pgDatabase();
    env.DATABASE_URL = pgDb.url;
    sql = pgDb.sql;
    drop = pgDb.drop;
  } else {
    sql = async <T>(query: string, params: unknown[] = []) => {
      const db = new BetterSqlite3(env.DATABASE_PATH ?? '', { fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      try {
        const stmt = db.prepare(query);
        return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
      } finally {
        db.close();
      }
    };
  }
  const servers: ServerProcess[] = [];
  const started = await Promise.allSettled(Array.from({ length: options.processes ?? 2 }, (_, i) =>
    startServer({
      dataDir: join(dataDir, `p${i}`),
      products: options.products ?? 150,
      timeoutMs: 120_000,
      env: { ...env, INSTANCE_ID: `p${i}-${prefix}`, ...options.env },
    })));
  for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
  const close = async () => {
    await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
    await drop().catch(() => undefined);
    const redis = await connectRedis(TEST_REDIS_URL, 'multiprocess-cleanup').catch(() => null);
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { database, servers, sql, close };
}

/** The session cookie an answer sets, as a `cookie` header value. */
export function sessionCookie(res: Response): string | null {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return found ? (found.split(';')[0] ?? null) : null;
}

/** JSON request headers with a session cookie and an Idempotency-Key. */
export const jsonHeaders = (cookie?: string, key?: string, origin?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
  ...(origin ? { origin } : {}),
});

/** A fresh anonymous shopper's cookie and cart id, from a GET of the cart. */
export async function newShopper(base: string): Promise<{ cookie: string; checkoutId: string }> {
  const res = await fetch(`${base}/api/checkouts`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('no session cookie');
  const body = (await res.json()) as { checkout?: { webUrl?: string } };
  const checkoutId = body.checkout?.webUrl?.split('/').pop() ?? '';
  return { cookie, checkoutId };
}

/** The hosted checkout form of a guest with the test card. */
export const CHECKOUT_FORM = {
  firstName: 'Multi', lastName: 'Process', address1: '1200 Lakeview Ave', city: 'Seattle', stateCode: 'WA', zip: '98101',
  countryCode: 'US', phone: '(206) 555-0123', addressId: 'new', paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242',
  expMonth: '12', expYear: '2040', cvc: '123',
};
