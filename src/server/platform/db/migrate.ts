/**
 * Versioned schema migrations: `NNN_name.sql` files applied in version order, each in its own
 * transaction together with its row in `schema_migrations`, so a failing migration leaves the
 * database exactly as it was before it (DESIGN rule 12: nothing half-written stays).
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Dialect } from './database.ts';
import { NO_STATEMENT_TIMEOUT } from './faults.ts';

/** One migration file. */
export interface Migration {
  /** The number in front of the file name; applied in ascending order, once each. */
  version: number;
  name: string;
  sql: string;
}

/** The folder of this module's own migrations (SQLite; the PostgreSQL twins are in its `postgres` folder). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const FILE_RE = /^(\d+)_([A-Za-z0-9_-]+)\.sql$/;

/** The key of the PostgreSQL advisory lock held while a process migrates or seeds. */
export const SETUP_LOCK_KEY = 1_414_001;

/**
 * Reads the migrations of a folder, sorted by version; for PostgreSQL, those of its `postgres`
 * subfolder (same versions and names, PostgreSQL types). Two files with one version are a
 * mistake two engineers can make at once, so it throws instead of picking one.
 * @default dir MIGRATIONS_DIR
 */
export function readMigrations(dir: string = MIGRATIONS_DIR, dialect: Dialect['name'] = 'sqlite'): Migration[] {
  const folder = dialect === 'postgres' ? join(dir, 'postgres') : dir;
  const migrations: Migration[] = [];
  for (const file of readdirSync(folder)) {
    const match = FILE_RE.exec(file);
    if (!match) continue;
    migrations.push({ version: Number(match[1]), name: match[2] ?? file, sql: readFileSync(join(folder, file), 'utf8') });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    const prev = migrations[i - 1];
    const cur = migrations[i];
    if (prev && cur && prev.version === cur.version) {
      throw new Error(`Two migrations share version ${cur.version}: ${prev.name} and ${cur.name}`);
    }
  }
  return migrations;
}

/**
 * Takes the setup lock inside a transaction: processes that start together migrate and seed one
 * after the other, and each re-reads what the one before did. PostgreSQL: a transaction-scoped
 * advisory lock; SQLite: the transaction itself (BEGIN IMMEDIATE) is the lock.
 */
export async function takeSetupLock(tx: Db): Promise<void> {
  if (tx.dialect.name !== 'postgres') return;
  // migrating or seeding may take longer than a request's statement timeout, and the processes
  // started together wait here for the first: no timeout for the rest of this transaction
  await tx.exec(NO_STATEMENT_TIMEOUT);
  await tx.get('SELECT pg_advisory_xact_lock(?::bigint) AS locked', [SETUP_LOCK_KEY]);
}

/**
 * Applies the migrations not applied yet, each in its own transaction under the setup lock,
 * and answers the versions it applied (empty on a database that is up to date, so running it at
 * every start is cheap and safe; a second process starting at once applies nothing).
 * @example
 * const db = openSqlite(':memory:');
 * await migrate(db); // [1, 2, ...]
 * await migrate(db); // []
 */
export async function migrate(db: Db, migrations: readonly Migration[] = readMigrations(MIGRATIONS_DIR, db.dialect.name)): Promise<number[]> {
  await db.transaction(async (tx) => {
    await takeSetupLock(tx);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
  });
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await takeSetupLock(tx);
      if (await tx.get('SELECT version FROM schema_migrations WHERE version = ?', [m.version])) return false;
      await tx.exec(m.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/** The versions recorded as applied, ascending. */
export async function appliedVersions(db: Db): Promise<number[]> {
  return (await db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
}

/**
 * After rows were written with explicit ids (the seed), moves each PostgreSQL identity past the
 * largest id of its table, so the next row written without an id gets a free one. SQLite's
 * INTEGER PRIMARY KEY needs nothing: it always takes the largest id plus one.
 */
export async function syncIdentities(db: Db): Promise<void> {
  if (db.dialect.name !== 'postgres') return;
  const columns = await db.all<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of columns) {
    await db.get(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE((SELECT MAX(${column}) FROM ${table}), 0) + 1, false) AS v`,
    );
  }
}
