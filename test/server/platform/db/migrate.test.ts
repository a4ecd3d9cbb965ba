import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openSqlite } from '../../../../src/server/platform/db/database.ts';
import { appliedVersions, migrate, readMigrations } from '../../../../src/server/platform/db/migrate.ts';

const tables = async (db: ReturnType<typeof openSqlite>): Promise<string[]> =>
  (await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).map((r) => r.name);

describe('migrations', () => {
  test('a fresh database gets every migration, in version order, recorded in schema_migrations', async () => {
    const db = openSqlite(':memory:');
    const expected = readMigrations().map((m) => m.version);
    expect(expected[0]).toBe(1);
    expect(await migrate(db)).toEqual(expected);
    expect(await appliedVersions(db)).toEqual(expected);
    expect(await tables(db)).toEqual(
      expect.arrayContaining([
        'collections', 'vendors', 'products', 'product_options', 'option_values', 'variants',
        'variant_selected_options', 'inventory_levels', 'tags', 'product_tags', 'product_collections',
        'product_images', 'model3ds', 'pdfs', 'product_reviews', 'product_questions', 'related_products',
      ]),
    );
  });

  test('running again applies nothing and changes nothing', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    const before = await tables(db);
    expect(await migrate(db)).toEqual([]);
    expect(await tables(db)).toEqual(before);
  });

  test('a failing migration rolls back entirely and is not recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-mig-'));
    writeFileSync(join(dir, '001_good.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY); INSERT INTO nowhere VALUES (1);');
    const db = openSqlite(':memory:');
    await expect(migrate(db, readMigrations(dir))).rejects.toThrow();
    expect(await appliedVersions(db)).toEqual([1]);
    expect(await tables(db)).toContain('a');
    expect(await tables(db)).not.toContain('b');
  });

  test('applies only the migrations added since the last run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-mig-'));
    writeFileSync(join(dir, '001_a.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    const db = openSqlite(':memory:');
    expect(await migrate(db, readMigrations(dir))).toEqual([1]);
    writeFileSync(join(dir, '010_c.sql'), 'CREATE TABLE c (id INTEGER PRIMARY KEY);');
    writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY);');
    writeFileSync(join(dir, 'README.txt'), 'not a migration');
    expect(await migrate(db, readMigrations(dir))).toEqual([2, 10]);
  });

  test('every SQLite migration has its PostgreSQL twin, of the same version and name', () => {
    const names = (dialect: 'sqlite' | 'postgres') => readMigrations(undefined, dialect).map((m) => `${m.version}_${m.name}`);
    expect(names('postgres')).toEqual(names('sqlite'));
  });

  test('the outbox can hold a mail job: a row whose message is composed after the answer', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    await db.run("INSERT INTO email_outbox (to_address, subject, text_body, kind, created_at, job) VALUES ('a@b.test', '', '', 'register', '2030-01-01T00:00:00.000Z', '{}')");
    expect(await db.all('SELECT job FROM email_outbox')).toEqual([{ job: '{}' }]);
  });

  test('two files with one version are refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-mig-'));
    writeFileSync(join(dir, '003_a.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '003_b.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow(/share version 3/);
  });
});
