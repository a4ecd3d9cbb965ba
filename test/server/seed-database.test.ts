import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { openSqlite } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { loadSearchDocuments } from '../../src/server/repositories/catalogue.ts';
import { CollectionTree } from '../../src/server/repositories/collections.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';
import { seededDb } from './catalogue.helpers.ts';

const count = (db: ReturnType<typeof openSqlite>, table: string): number => db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)?.n ?? 0;

describe('seedDatabase', () => {
  test('writes what it reports', () => {
    const db = openSqlite(':memory:');
    migrate(db);
    const s = seedDatabase(db, { products: 250, seed: 3 });
    expect(s.products).toBe(250);
    expect(count(db, 'products')).toBe(250);
    expect(count(db, 'collections')).toBe(s.collections);
    expect(count(db, 'vendors')).toBe(s.vendors);
    expect(count(db, 'variants')).toBe(s.variants);
    expect(count(db, 'inventory_levels')).toBe(s.inventoryLevels);
    expect(count(db, 'tags')).toBe(s.tags);
    expect(count(db, 'product_reviews')).toBe(s.reviews);
    expect(count(db, 'product_collections')).toBe(250);
    expect(count(db, 'related_products')).toBeGreaterThan(0);
  });

  test('refuses to seed a catalogue that already has products', () => {
    const db = openSqlite(':memory:');
    migrate(db);
    seedDatabase(db, { products: 20, seed: 1 });
    expect(() => seedDatabase(db, { products: 20, seed: 2 })).toThrow(/not empty/);
    expect(count(db, 'products')).toBe(20);
  });

  test('a failing seed leaves nothing half-written', () => {
    const db = openSqlite(':memory:');
    migrate(db);
    // a vendor that collides with the generator's first vendor makes the write fail midway
    db.run("INSERT INTO vendors (id, name, handle) VALUES (99, 'AquaCrest', 'aquacrest-x')");
    expect(() => seedDatabase(db, { products: 20, seed: 1 })).toThrow();
    expect(count(db, 'collections')).toBe(0);
    expect(count(db, 'products')).toBe(0);
    expect(count(db, 'vendors')).toBe(1);
  });

  test('the same seed writes the same rows', () => {
    const a = seededDb(60, 5);
    const b = seededDb(60, 5);
    const dump = (db: ReturnType<typeof openSqlite>) => db.all('SELECT * FROM products ORDER BY id');
    expect(dump(a)).toEqual(dump(b));
  });
});

describe('loadSearchDocuments', () => {
  const db = seededDb(120, 13);
  const tree = new CollectionTree(db);
  const all = loadSearchDocuments(db, undefined, tree);

  test('gives one document per product, whatever the range size of the load', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (rangeSize) => {
        expect(loadSearchDocuments(db, undefined, tree, rangeSize)).toEqual(all);
      }),
      { numRuns: 15 },
    );
    expect(all.map((d) => d.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  test('loading by ids gives the same documents as the whole load', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 130 }), { maxLength: 30 }), (ids) => {
        const byId = new Map(all.map((d) => [d.id, d]));
        const expected = [...ids].sort((x, y) => x - y).filter((id) => byId.has(id)).map((id) => byId.get(id));
        expect(loadSearchDocuments(db, ids, tree)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  test('documents carry part numbers, tags, collections with ancestors, and the card price', () => {
    for (const d of all) {
      const row = db.get<{ product_code: string; sku: string }>('SELECT product_code, sku FROM products WHERE id = ?', [d.id]);
      expect(d.partNumbers).toEqual(expect.arrayContaining([row?.product_code, row?.sku]));
      expect(d.tags.some(([prefix]) => prefix === 'Brand')).toBe(true);
      expect(d.collectionIds.length).toBeGreaterThanOrEqual(2);
      for (const c of d.collectionIds) expect(tree.withAncestors(c).every((a) => d.collectionIds.includes(a))).toBe(true);
      expect(d.description).not.toMatch(/<[a-z]/);
      expect(Number.isInteger(d.priceCents)).toBe(true);
    }
  });
});
