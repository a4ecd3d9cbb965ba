/**
 * The two databases hold one schema: after every migration, SQLite and PostgreSQL define the same
 * tables with the same columns (a column added to one migration and forgotten in its twin fails
 * here, not in a store that runs on the other database). Types are each database's own
 * (INTEGER/TEXT against BIGINT/TIMESTAMPTZ...), so names are compared, not types; SQLite's FTS5
 * full-text tables are its own search index and are left out. Runs in the
 * node project and opens PostgreSQL itself (TEST_DATABASE_URL): it fails, never skips, when
 * PostgreSQL is unreachable.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { openPostgres } from '../../../../src/server/platform/db/postgres.ts';
import { TEST_DATABASE_URL } from '../../db.helpers.ts';

type Schema = Record<string, string[]>;

const schema = `parity_${process.pid}_${randomBytes(4).toString('hex')}`;
const opened: Db[] = [];

afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
});

async function sqliteSchema(): Promise<Schema> {
  const db = await openSqlite(':memory:');
  opened.push(db);
  await migrate(db);
  const tables = await db.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  // FTS5 full-text tables (and the shadow tables FTS5 keeps beside each) are SQLite's own search
  // index; PostgreSQL indexes the same text in the base table's own columns
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const out: Schema = {};
  for (const { name } of tables) {
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    const columns = await db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`);
    out[name] = columns.map((c) => c.name).sort();
  }
  return out;
}

async function postgresSchema(): Promise<Schema> {
  const db = await openPostgres(TEST_DATABASE_URL, { schema, max: 2 });
  opened.push(db);
  await migrate(db);
  const rows = await db.all<{ tableName: string; columnName: string }>(
    `SELECT c.table_name AS "tableName", c.column_name AS "columnName" FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.column_name`,
    [schema],
  );
  const out: Schema = {};
  for (const { tableName, columnName } of rows) (out[tableName] ??= []).push(columnName);
  for (const columns of Object.values(out)) columns.sort();
  return out;
}

describe('SQLite and PostgreSQL schemas after every migration', () => {
  test('define the same tables with the same columns', async () => {
    const [lite, post] = await Promise.all([sqliteSchema(), postgresSchema()]);
    // a real schema, not two empty ones
    expect(Object.keys(lite).length).toBeGreaterThan(30);
    expect(lite.products).toContain('handle');
    expect(Object.keys(post).sort()).toEqual(Object.keys(lite).sort());
    for (const table of Object.keys(lite)) expect({ table, columns: post[table] }).toEqual({ table, columns: lite[table] });
  });
});
