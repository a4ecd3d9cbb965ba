/**
 * Online backup and restore of the embedded database (`npm run backup`, `npm run restore`; the
 * CLIs are ops/backup-cli.ts and ops/restore-cli.ts).
 *
 * Backup: SQLite's backup API (better-sqlite3's `db.backup()`) from a second connection, which
 * may be another process while the store runs (WAL mode lets it read while the store writes).
 * The copy is taken in ONE step under one read transaction, so it is a consistent snapshot of
 * the last commit before it began: a page-by-page copy would restart every time the store
 * commits and might never finish on a busy store. The copy is written beside the target as a
 * `.partial` file, switched to a self-contained rollback-journal file, checked with
 * `PRAGMA integrity_check`, flushed to disk and only then renamed to the requested name, so a
 * crash mid-backup never leaves a file that looks complete.
 *
 * Restore: the backup is copied beside the target and checked (integrity, a migrations table),
 * then swapped in by rename. It refuses while any process has the target open: switching the
 * target out of WAL mode needs exclusive access, so SQLITE_BUSY means a store (or another tool)
 * is using it; a target left by a crash (its -wal and -shm files still there) is recovered by
 * that same step first. The previous database is kept as `{target}.before-restore` unless the
 * caller discards it. Not covered: a store started between the check and the rename (seconds);
 * stop the store and keep it stopped while restoring.
 * @module
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** What a checked database file holds. */
export interface DatabaseCheck {
  /** 'ok', or SQLite's list of problems. */
  integrity: string;
  /** Applied migration versions. */
  migrations: number[];
  /** Row counts of the tables an operator recognises. */
  counts: { products: number; customers: number; orders: number; checkouts: number };
}

/** What a backup did. */
export interface BackupSummary extends DatabaseCheck {
  source: string;
  out: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** What a restore did. */
export interface RestoreSummary extends DatabaseCheck {
  backup: string;
  target: string;
  /** Where the replaced database was kept, or null (none, or discarded). */
  previous: string | null;
  ms: number;
}

/** A restore refused because a process has the target database open. */
export class DatabaseInUseError extends Error {
  constructor(readonly path: string) {
    super(`The database ${path} is in use (a store is running on it?). Stop the store, then restore.`);
    this.name = 'DatabaseInUseError';
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The folder's entry of a renamed file reaches the disk too (POSIX; a no-op where unsupported). */
function fsyncDir(path: string): void {
  try {
    fsyncPath(path);
  } catch {
    // some platforms cannot open a folder for fsync
  }
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** Checks a database file: integrity, applied migrations, row counts. Throws when it is not a store database. */
export function checkDatabase(path: string): DatabaseCheck {
  const db = new BetterSqlite3(path, { fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const hasMigrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!hasMigrations) throw new Error(`${path} is not a Skimmer database (no schema_migrations table)`);
    const migrations = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    const count = (table: string): number => {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
      return exists ? (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
    };
    return { integrity, migrations, counts: { products: count('products'), customers: count('customers'), orders: count('orders'), checkouts: count('checkouts') } };
  } finally {
    db.close();
  }
}

/** Options of {@link backupDatabase}. */
export interface BackupOptions {
  /** Replace an existing file at `out`. @default false */
  overwrite?: boolean;
}

/**
 * Takes a consistent online backup of the database at `source` into `out` (a single
 * self-contained file), while a store may be writing to it.
 * @example
 * const summary = await backupDatabase('data/skimmer.db', 'backups/skimmer-2026-11-24.db');
 * summary.integrity; // 'ok'
 */
export async function backupDatabase(source: string, out: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const started = Date.now();
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  if (existsSync(out) && !options.overwrite) throw new Error(`${out} exists; choose another name or pass --force to replace it`);
  if (!existsSync(dirname(out))) throw new Error(`The folder of ${out} does not exist`);
  const partial = `${out}.partial-${process.pid}`;
  removeDatabaseFiles(partial);
  const db = new BetterSqlite3(source, { fileMustExist: true });
  let pages = 0;
  try {
    // wait for a writer's commit rather than fail; the copy itself holds only a read lock
    db.pragma('busy_timeout = 10000');
    const result = await db.backup(partial, {
      // the first step learns the size; the next copies every page at once (see the module notes)
      progress: ({ totalPages }) => Math.max(totalPages, 1),
    });
    pages = result.totalPages;
  } catch (err) {
    removeDatabaseFiles(partial);
    throw err;
  } finally {
    db.close();
  }
  try {
    const copy = new BetterSqlite3(partial, { fileMustExist: true });
    try {
      // a backup is one file: no -wal beside it to forget when it is moved
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const check = checkDatabase(partial);
    if (check.integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${check.integrity}`);
    fsyncPath(partial);
    renameSync(partial, out);
    fsyncDir(dirname(out));
    return { source, out, bytes: statSync(out).size, pages, ms: Date.now() - started, ...check };
  } catch (err) {
    removeDatabaseFiles(partial);
    throw err;
  }
}

/**
 * Throws {@link DatabaseInUseError} when a process has the database open. Leaves an unused
 * database checkpointed and in rollback-journal mode (the store switches it back to WAL). A
 * file that is not a database (or is damaged beyond opening) counts as unused: replacing such a
 * file is what a restore is for.
 */
export function assertNotInUse(path: string): void {
  if (!existsSync(path)) return;
  const db = new BetterSqlite3(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) throw new DatabaseInUseError(path);
      if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) return;
      throw err;
    }
    if (mode !== 'delete') throw new DatabaseInUseError(path);
  } finally {
    db.close();
  }
}

/** Options of {@link restoreDatabase}. */
export interface RestoreOptions {
  /** Keep the replaced database as `{target}.before-restore`. @default true */
  keepPrevious?: boolean;
}

/**
 * Restores a backup file onto `target` (the store must be stopped).
 * @throws DatabaseInUseError while a process has `target` open
 * @example
 * restoreDatabase('backups/skimmer-2026-11-24.db', 'data/skimmer.db').previous; // 'data/skimmer.db.before-restore'
 */
export function restoreDatabase(backup: string, target: string, options: RestoreOptions = {}): RestoreSummary {
  const started = Date.now();
  if (!existsSync(backup)) throw new Error(`No backup at ${backup}`);
  if (!existsSync(dirname(target))) throw new Error(`The folder of ${target} does not exist`);
  const incoming = `${target}.restoring-${process.pid}`;
  removeDatabaseFiles(incoming);
  try {
    // checked as a copy: the backup file itself is never opened for writing
    copyFileSync(backup, incoming);
    for (const suffix of ['-wal', '-shm']) if (existsSync(`${backup}${suffix}`)) copyFileSync(`${backup}${suffix}`, `${incoming}${suffix}`);
    const copy = new BetterSqlite3(incoming, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const check = checkDatabase(incoming);
    if (check.integrity !== 'ok') throw new Error(`The backup failed its integrity check: ${check.integrity}`);
    assertNotInUse(target);
    let previous: string | null = null;
    if (existsSync(target)) {
      if (options.keepPrevious ?? true) {
        previous = `${target}.before-restore`;
        removeDatabaseFiles(previous);
        renameSync(target, previous);
      }
    }
    // a -wal left beside the target belongs to the old database and must never meet the new one
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true });
    fsyncPath(incoming);
    renameSync(incoming, target);
    fsyncDir(dirname(target));
    return { backup, target, previous, ms: Date.now() - started, ...check };
  } finally {
    removeDatabaseFiles(incoming);
  }
}
