import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { migrate } from '../../src/server/db/migrate.ts';
import { loadSearchDocuments } from '../../src/server/repositories/catalogue.ts';
import { CollectionTree } from '../../src/server/repositories/collections.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';
import { openTestDb } from './db.helpers.ts';
import type { Db } from '../../src/server/db/database.ts';
import { seededDb } from './catalogue.helpers.ts';

const count = async (db: Db, table: string): Promise<number> => (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0;

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
