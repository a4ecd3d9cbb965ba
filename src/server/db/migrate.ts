/**
 * Versioned schema migrations: `NNN_name.sql` files applied in version order, each in its own
 * transaction together with its row in `schema_migrations`, so a failing migration leaves the
 * database exactly as it was before it (DESIGN rule 12: nothing half-written stays).
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './database.ts';

/** One migration file. */
export interface Migration {
  /** The number in front of the file name; applied in ascending order, once each. */
  version: number;
  name: string;
  sql: string;
}

/** The folder of this module's own migrations. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const FILE_RE = /^(\d+)_([A-Za-z0-9_-]+)\.sql$/;

/**
 * Reads the migrations of a folder, sorted by version. Two files with one version are a
 * mistake two engineers can make at once, so it throws instead of picking one.
 * @default dir MIGRATIONS_DIR
 */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)) {
    const match = FILE_RE.exec(file);
    if (!match) continue;
    migrations.push({ version: Number(match[1]), name: match[2] ?? file, sql: readFileSync(join(dir, file), 'utf8') });
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
 * Applies the migrations not applied yet and answers the versions it applied (empty on a
 * database that is up to date, so running it at every start is cheap and safe).
 * @example
 * const db = openSqlite(':memory:');
 * migrate(db); // [1, 2]
 * migrate(db); // []
 */
export function migrate(db: Db, migrations: readonly Migration[] = readMigrations()): number[] {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const done = new Set(db.all<{ version: number }>('SELECT version FROM schema_migrations').map((r) => r.version));
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}

/** The versions recorded as applied, ascending. */
export function appliedVersions(db: Db): number[] {
  return db
    .all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    .map((r) => r.version);
}
