/**
 * `npm run seed -- --from FILE --format ...`: a store made from a catalogue file instead of the
 * generator (the sample files' products, pictures and collections, the store's content, the demo customer),
 * and the arguments that mean nothing refused. The seed writes an SQLite file (as `npm run seed`
 * always has), so both projects run the same test.
 */
import BetterSqlite3 from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { parseSeedArgs } from '../../../../src/server/platform/config/config.ts';
import { openSqlite } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { seedEquipmentIfMissing } from '../../../../src/server/seed/equipment-database.ts';

vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'skimmer-seed-from-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seed = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', ...args], { cwd: process.cwd(), env: { ...process.env, DATABASE_URL: '' } });

describe('parseSeedArgs with --from', () => {
  test('a file and its format (and Volusion categories) are read', () => {
    expect(parseSeedArgs(['--from', 'p.csv', '--format', 'volusion', '--categories', 'c.csv', '--db', '/tmp/x.db'], {})).toEqual({ products: 3000, seed: 1, db: '/tmp/x.db', from: 'p.csv', format: 'volusion', categories: 'c.csv' });
  });

  test.each([
    [['--from', 'p.csv']],
    [['--from', 'p.csv', '--format', 'woocommerce']],
    [['--format', 'shopify']],
    [['--from', 'p.csv', '--format', 'shopify', '--products', '10']],
    [['--from', 'p.csv', '--format', 'shopify', '--categories', 'c.csv']],
  ])('%j is refused', (argv) => {
    expect(() => parseSeedArgs(argv, {})).toThrow();
  });
});

describe('npm run seed -- --from', () => {
  test('the Shopify sample makes the store: its products, its collections, the content and the demo customer', async () => {
    const path = join(dir, 'shopify.db');
    const { stdout } = await seed(['--from', 'examples/catalogues/shopify-pool-parts.csv', '--format', 'shopify', '--db', path]);
    expect(JSON.parse(stdout)).toMatchObject({ db: path, catalogue: { format: 'shopify', created: 32, rejected: 0 }, demoCustomerId: 1 });
    const db = openSqlite(path);
    try {
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))!.n).toBe(32);
      expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM products WHERE handle = 'brightwater-replacement-cartridge'"))!.n).toBe(1);
      expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM collections WHERE handle = 'filter-cartridges'"))!.n).toBe(1);
      // the sample's pictures, files beside it, are brought in: every product image a stored picture, none the placeholder
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM media_files'))!.n).toBe(39);
      const images = await db.all<{ source: string; file_hash: string | null; url: string }>('SELECT source, file_hash, url FROM product_images');
      expect(images).toHaveLength(39);
      for (const i of images) {
        expect(i.source).toMatch(/^images\/[a-z0-9-]+\.png$/);
        expect(i.file_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(i.url).toMatch(/^\/media\/images\/\d+-800\.png$/);
      }
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM pages'))!.n).toBeGreaterThan(0);
      // npm start's first open of a seeded store adds no generated equipment (it names generated parts)
      expect(await seedEquipmentIfMissing(db)).toBeNull();
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))!.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  test('a missing file stops the seed with exit code 1 and its reason', async () => {
    await expect(seed(['--from', join(dir, 'nope.csv'), '--format', 'shopify', '--db', join(dir, 'nope.db')])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No file at') });
  });
});

describe('npm run seed (the generated store)', () => {
  test('writes a file in WAL mode with every index of the schema, whole and consistent', async () => {
    const path = join(dir, 'generated.db');
    const { stdout } = await seed(['--products', '120', '--seed', '3', '--db', path]);
    expect(JSON.parse(stdout)).toMatchObject({ db: path, catalogue: { products: 120 } });
    const raw = new BetterSqlite3(path, { readonly: true });
    const empty = openSqlite(':memory:');
    try {
      // written with a rollback journal, then left in WAL mode for the store's readers and its writer
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(raw.pragma('foreign_key_check')).toEqual([]);
      await migrate(empty);
      const indexes = "SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name";
      expect(raw.prepare(indexes).all()).toEqual(await empty.all(indexes));
      expect(raw.prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual({ n: 120 });
    } finally {
      raw.close();
      await empty.close();
    }
  });
});
