/**
 * The one door to the database. Repositories write portable SQL against the asynchronous `Db`;
 * what differs between SQLite (the embedded default, better-sqlite3) and PostgreSQL (`pg`, when
 * DATABASE_URL is set) lives in `Dialect` and in the PostgreSQL adapter's statement translation.
 *
 * Portable SQL rules for repositories:
 * - `?` placeholders only (the PostgreSQL adapter rewrites them to `$1..$n`).
 * - Booleans are stored as integers 0/1; timestamps as ISO-8601 text in UTC; money as integer cents.
 * - Upserts with `INSERT ... ON CONFLICT (...) DO UPDATE/NOTHING`; `RETURNING` where an id is needed
 *   (there is no last-insert id: PostgreSQL has none without RETURNING).
 * - camelCase aliases may be written bare (`AS productId`): the PostgreSQL adapter quotes them so
 *   they keep their case.
 * - No `INSERT OR REPLACE`, no SQLite-only functions: anything dialect-specific (case-insensitive
 *   match, now(), row locks) goes through `db.dialect`.
 * - Inside `db.transaction(async (tx) => ...)` every statement goes through `tx`, never the outer
 *   `db` (on SQLite the outer handle waits for the transaction to end; on PostgreSQL it would run on
 *   another connection, outside the transaction).
 * @module
 */
import BetterSqlite3 from 'better-sqlite3';
import { readDatabaseTimeouts } from './faults.ts';

/** Result of a write. */
export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/** What must differ between SQL dialects. */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** Current UTC time as stored text (ISO-8601 with milliseconds and Z). */
  readonly nowExpression: string;
  /** A case-insensitive equality of a column and a placeholder. */
  caseInsensitiveEquals(column: string): string;
  /**
   * Appended to a SELECT inside a transaction to lock the rows read until it ends
   * (' FOR UPDATE' on PostgreSQL; empty on SQLite, whose write transactions are serial anyway).
   */
  readonly forUpdate: string;
  /** As forUpdate, skipping rows another transaction holds (queues: several workers claim disjoint rows). */
  readonly forUpdateSkipLocked: string;
}

/** A synchronous read, offered by the embedded adapter only (hot paths that cannot await). */
export interface SyncReader {
  all<T>(sql: string, params?: readonly unknown[]): T[];
}

/** A database connection (or a pool of them). */
export interface Db {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  run(sql: string, params?: readonly unknown[]): Promise<RunResult>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one write transaction and commits, or rolls back when it throws. `fn` receives
   * the transaction's handle: every statement of the transaction goes through it. SQLite: BEGIN
   * IMMEDIATE, transactions of the process one after the other. PostgreSQL: READ COMMITTED on one
   * pooled connection; rows that must not change underneath are read with `dialect.forUpdate`.
   * A transaction inside a transaction joins it.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Offered by a transaction's handle where the database can take a statement and the COMMIT in
   * one round trip (PostgreSQL): runs the transaction's last statement and commits with it; a
   * failing statement rolls the transaction back. Statements sent on the handle afterwards run on
   * the same connection, each on its own, outside the transaction. Absent elsewhere (SQLite,
   * outside a transaction): callers then use `all` and let the transaction end.
   */
  readonly allAndCommit?: <T>(sql: string, params?: readonly unknown[]) => Promise<T[]>;
  /** The synchronous reader of the embedded database; undefined on PostgreSQL. */
  readonly sync?: SyncReader;
  close(): Promise<void>;
}

/** The SQLite dialect. */
export const sqliteDialect: Dialect = {
  name: 'sqlite',
  nowExpression: "strftime('%Y-%m-%dT%H:%M:%fZ','now')",
  caseInsensitiveEquals: (column) => `${column} = ? COLLATE NOCASE`,
  forUpdate: '',
  forUpdateSkipLocked: '',
};

/**
 * Opens the embedded database (a file path, or ':memory:' for tests) in WAL mode. `onQuery` is
 * called with each statement run (the benchmarks count statements per call with it);
 * `busyTimeoutMs` (default DB_BUSY_TIMEOUT_MS, 5000) is how long a write waits for another
 * process's lock. A full or failing disk (SQLITE_FULL, SQLITE_IOERR) fails the write's
 * transaction, which is rolled back whole; reads go on, and writes resume once there is space.
 *
 * better-sqlite3 is synchronous: each statement runs at once and its promise is already settled.
 * A transaction spans awaits, so while one is open the other callers' statements wait for it
 * (they would otherwise run inside it on the one connection).
 */
export function openSqlite(path: string, options: { onQuery?: (sql: string) => void; busyTimeoutMs?: number } = {}): Db {
  const { onQuery } = options;
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // another process's write lock is waited for this long, then the write fails SQLITE_BUSY (503)
  raw.pragma(`busy_timeout = ${options.busyTimeoutMs ?? readDatabaseTimeouts(process.env).busyMs}`);
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string) => {
    onQuery?.(sql);
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = raw.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  const all = <T>(sql: string, params: readonly unknown[] = []) => prepare(sql).all(...params) as T[];
  const get = <T>(sql: string, params: readonly unknown[] = []) => prepare(sql).get(...params) as T | undefined;
  const run = (sql: string, params: readonly unknown[] = []): RunResult => ({ changes: prepare(sql).run(...params).changes });

  /** The transaction being run, if any; outside callers wait on it. */
  let open: Promise<unknown> | null = null;
  const idle = async (): Promise<void> => {
    while (open) await open.catch(() => undefined);
  };

  const inTx: Db = {
    dialect: sqliteDialect,
    all: async (sql, params) => all(sql, params),
    get: async (sql, params) => get(sql, params),
    run: async (sql, params) => run(sql, params),
    exec: async (sql) => {
      raw.exec(sql);
    },
    transaction: (fn) => fn(inTx),
    sync: { all },
    close: async () => {
      throw new Error('close() inside a transaction');
    },
  };

  const db: Db = {
    dialect: sqliteDialect,
    all: async (sql, params) => {
      if (open) await idle();
      return all(sql, params);
    },
    get: async (sql, params) => {
      if (open) await idle();
      return get(sql, params);
    },
    run: async (sql, params) => {
      if (open) await idle();
      return run(sql, params);
    },
    exec: async (sql) => {
      if (open) await idle();
      raw.exec(sql);
    },
    transaction: async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
      // a loop, not one wait: of several callers waiting for one transaction, the first to resume
      // opens the next one, and the others must wait for that one too (one wait let two BEGIN at once)
      while (open) await idle();
      raw.exec('BEGIN IMMEDIATE');
      const work = (async () => {
        try {
          const result = await fn(inTx);
          raw.exec('COMMIT');
          return result;
        } catch (err) {
          if (raw.inTransaction) raw.exec('ROLLBACK');
          throw err;
        }
      })();
      open = work;
      try {
        return await work;
      } finally {
        if (open === work) open = null;
      }
    },
    sync: { all },
    close: async () => {
      if (open) await idle();
      raw.close();
    },
  };
  return db;
}

/**
 * Opens the store's database: PostgreSQL when `url` is a postgres:// URL (DATABASE_URL), else
 * the embedded SQLite file at `path`. The PostgreSQL driver is loaded only then, so the embedded
 * default starts as fast as before.
 */
export async function openDatabase(options: { url?: string | undefined; path: string; schema?: string }): Promise<Db> {
  const url = options.url?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must be a postgres:// URL (got ${url.split(':')[0]}:...)`);
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(url, { schema: options.schema });
  }
  return openSqlite(options.path);
}
