/**
 * The one door to the database. Repositories write portable SQL against `Db`;
 * what differs between SQLite (embedded default) and PostgreSQL lives in `Dialect`.
 *
 * Portable SQL rules for repositories:
 * - `?` placeholders only (the PostgreSQL adapter rewrites them to `$1..$n`).
 * - Booleans are stored as integers 0/1; timestamps as ISO-8601 text in UTC; money as integer cents.
 * - Upserts with `INSERT ... ON CONFLICT (...) DO UPDATE/NOTHING`; `RETURNING` where an id is needed.
 * - No `INSERT OR REPLACE`, no `AUTOINCREMENT` keyword in queries, no SQLite-only functions in
 *   repositories: anything dialect-specific (case-insensitive match, now(), upsert quirks) goes
 *   through `db.dialect`.
 *
 * The embedded adapter is synchronous (better-sqlite3). A PostgreSQL adapter would expose the same
 * SQL through an async driver; that change is confined to this folder and the repositories' call sites.
 */
import BetterSqlite3 from 'better-sqlite3';

/** Result of a write. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

/** What must differ between SQL dialects. */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** Current UTC time as stored text. */
  readonly nowExpression: string;
  /** A case-insensitive equality of a column and a placeholder. */
  caseInsensitiveEquals(column: string): string;
}

/** A database connection. */
export interface Db {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: readonly unknown[]): T[];
  get<T>(sql: string, params?: readonly unknown[]): T | undefined;
  run(sql: string, params?: readonly unknown[]): RunResult;
  /** Runs several statements (migrations). */
  exec(sql: string): void;
  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE on SQLite, so concurrent writers
   * serialise instead of failing at commit). Throwing rolls everything back.
   */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  nowExpression: "strftime('%Y-%m-%dT%H:%M:%fZ','now')",
  caseInsensitiveEquals: (column) => `${column} = ? COLLATE NOCASE`,
};

/**
 * Opens the embedded database (a file path, or ':memory:' for tests) in WAL mode.
 */
export function openSqlite(path: string): Db {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = raw.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return {
    dialect: sqliteDialect,
    all: <T>(sql: string, params: readonly unknown[] = []) => prepare(sql).all(...params) as T[],
    get: <T>(sql: string, params: readonly unknown[] = []) => prepare(sql).get(...params) as T | undefined,
    run: (sql, params = []) => {
      const r = prepare(sql).run(...params);
      return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
    },
    exec: (sql) => {
      raw.exec(sql);
    },
    transaction: <T>(fn: () => T): T => raw.transaction(fn).immediate(),
    close: () => raw.close(),
  };
}
