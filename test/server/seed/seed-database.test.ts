import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { migrate } from '../../../src/server/platform/db/migrate.ts';
import { loadSearchDocuments } from '../../../src/server/modules/catalogue/repository.ts';
import { CollectionTree } from '../../../src/server/modules/catalogue/collections.repository.ts';
import { seedDatabase } from '../../../src/server/seed/seed-database.ts';
import { openTestDb } from '../db.helpers.ts';
import type { Db } from '../../../src/server/platform/db/database.ts';
import { seededDb } from '../modules/catalogue/catalogue.helpers.ts';

const count = async (db: Db, table: string): Promise<number> => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0;
/** The schema's indexes, as written (SQLite drops the catalogue's for the writes and builds them after). */
const indexesOf = async (db: Db): Promise<string[]> =>
  (db.dialect.name === 'sqlite'
    ? await db.all<{ d: string }>("SELECT name || ' ' || COALESCE(sql, '') AS d FROM sqlite_master WHERE type = 'index' ORDER BY name")
    : await db.all<{ d: string }>("SELECT indexname || ' ' || replace(indexdef, current_schema() || '.', '') AS d FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname")
  ).map((r) => r.d);

describe('seedDatabase', () => {
  test('writes what it reports', async () => {
    const db = await openTestDb();
    await migrate(db);
    const s = await seedDatabase(db, { products: 250, seed: 3 });
    expect(s.products).toBe(250);
    expect(await count(db, 'products')).toBe(250);
    expect(await count(db, 'collections')).toBe(s.collections);
    expect(await count(db, 'vendors')).toBe(s.vendors);
    expect(await count(db, 'variants')).toBe(s.variants);
    expect(await count(db, 'inventory_levels')).toBe(s.inventoryLevels);
    expect(await count(db, 'tags')).toBe(s.tags);
    expect(await count(db, 'product_reviews')).toBe(s.reviews);
    expect(await count(db, 'product_collections')).toBe(250);
    expect(await count(db, 'related_products')).toBeGreaterThan(0);
  });

  test('the tables keep every index of the schema (built after the rows), and the lookups use them', async () => {
    const db = await openTestDb();
    await migrate(db);
    const schema = await indexesOf(db);
    expect(schema.some((d) => d.startsWith('variants_product '))).toBe(true);
    await seedDatabase(db, { products: 80, seed: 4 });
    expect(await indexesOf(db)).toEqual(schema);
    if (db.dialect.name === 'sqlite') {
      const plan = await db.all<{ detail: string }>('EXPLAIN QUERY PLAN SELECT id FROM variants WHERE product_id = ?', [1]);
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/variants_product/);
      expect((await db.get<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check).toBe('ok');
    }
  });

  test('refuses to seed a catalogue that already has products', async () => {
    const db = await openTestDb();
    await migrate(db);
    await seedDatabase(db, { products: 20, seed: 1 });
    await expect(seedDatabase(db, { products: 20, seed: 2 })).rejects.toThrow(/not empty/);
    expect(await count(db, 'products')).toBe(20);
  });

  test('a failing seed leaves nothing half-written', async () => {
    const db = await openTestDb();
    await migrate(db);
    // a vendor that collides with the generator's first vendor makes the write fail midway
    await db.run("INSERT INTO vendors (id, name, handle) VALUES (99, 'AquaCrest', 'aquacrest-x')");
    await expect(seedDatabase(db, { products: 20, seed: 1 })).rejects.toThrow();
    expect(await count(db, 'collections')).toBe(0);
    expect(await count(db, 'products')).toBe(0);
    expect(await count(db, 'vendors')).toBe(1);
    // the indexes dropped for the writes came back with the rollback
    const fresh = await openTestDb();
    await migrate(fresh);
    expect(await indexesOf(db)).toEqual(await indexesOf(fresh));
  });

  test('the same seed writes the same rows', async () => {
    const a = await seededDb(60, 5);
    const b = await seededDb(60, 5);
    const dump = async (db: Db) => await db.all('SELECT * FROM products ORDER BY id');
    expect(await dump(a)).toEqual(await dump(b));
  });
});

describe('loadSearchDocuments', async () => {
  const db = await seededDb(120, 13);
  const tree = (await CollectionTree.load(db));
  const all = await loadSearchDocuments(db, undefined, tree);

  test('gives one document per product, whatever the range size of the load', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 200 }), async (rangeSize) => {
        expect(await loadSearchDocuments(db, undefined, tree, rangeSize)).toEqual(all);
      }),
      { numRuns: 15 },
    );
    expect(all.map((d) => d.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  test('loading by ids gives the same documents as the whole load', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 130 }), { maxLength: 30 }), async (ids) => {
        const byId = new Map(all.map((d) => [d.id, d]));
        const expected = [...ids].sort((x, y) => x - y).filter((id) => byId.has(id)).map((id) => byId.get(id));
        expect(await loadSearchDocuments(db, ids, tree)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  test('documents carry part numbers, tags, collections with ancestors, and the card price', async () => {
    for (const d of all) {
      const row = await db.get<{ product_code: string; sku: string }>('SELECT product_code, sku FROM products WHERE id = ?', [d.id]);
      expect(d.partNumbers).toEqual(expect.arrayContaining([row?.product_code, row?.sku]));
      expect(d.tags.some(([prefix]) => prefix === 'Brand')).toBe(true);
      expect(d.collectionIds.length).toBeGreaterThanOrEqual(2);
      for (const c of d.collectionIds) expect(tree.withAncestors(c).every((a) => d.collectionIds.includes(a))).toBe(true);
      expect(d.description).not.toMatch(/<[a-z]/);
      expect(Number.isInteger(d.priceCents)).toBe(true);
    }
  });
});
