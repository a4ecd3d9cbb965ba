import { describe, expect, test } from 'vitest';
import { openSqlite } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { generateCatalogue } from '../../src/server/seed/generate.ts';
import {
  DIAGRAM_HEIGHT, DIAGRAM_WIDTH, EQUIPMENT_TYPES, equipmentCountFor, generateEquipment, type ProductFact,
} from '../../src/server/seed/equipment.ts';
import { productFactsOf, seedEquipmentIfMissing } from '../../src/server/seed/equipment-database.ts';
import { seedDatabase } from '../../src/server/seed/seed-database.ts';
import { seedStore } from '../../src/server/seed/store.ts';

/** The generator's input for a generated catalogue, read straight from the generator. */
function factsOf(products: number, seed: number): { cat: ReturnType<typeof generateCatalogue>; facts: ProductFact[] } {
  const cat = generateCatalogue({ products, seed });
  const facts: ProductFact[] = [];
  for (const p of cat.products()) facts.push({ id: p.id, productCode: p.productCode, vendorId: p.vendorId, collectionId: p.collectionId, title: p.title });
  return { cat, facts };
}

describe('equipment generator', () => {
  const { cat, facts } = factsOf(3000, 1);
  const g = generateEquipment({ seed: 1, collections: cat.collections, vendors: cat.vendors, products: facts });

  test('the default store (3,000 products) has at least 150 models of every type, each of a store brand', () => {
    expect(g.equipment.length).toBeGreaterThanOrEqual(150);
    expect(new Set(g.equipment.map((e) => e.type))).toEqual(new Set(EQUIPMENT_TYPES));
    const vendors = new Map(cat.vendors.map((v) => [v.id, v.name]));
    for (const e of g.equipment) expect(vendors.get(e.vendorId)).toBe(e.brand);
    expect(new Set(g.equipment.map((e) => e.handle)).size).toBe(g.equipment.length);
    expect(g.equipment.every((e) => e.numbers.length >= 2 && e.yearFrom >= 1995 && (e.yearTo === null || e.yearTo >= e.yearFrom))).toBe(true);
  });

  // a model documents its bill of materials in one exploded view: one callout per line, 3 to 11
  // of them (a light's three parts to a pump's eleven), no longer 8 to 30 parts drawn at random
  test('each model has one diagram whose numbered callouts are its bill of materials, inside the drawing', () => {
    const ids = new Set(facts.map((f) => f.id));
    for (const e of g.equipment) {
      expect(e.diagrams).toHaveLength(1);
      const d = e.diagrams[0]!;
      expect(d.callouts.length).toBeGreaterThanOrEqual(3);
      expect(d.callouts.length).toBeLessThanOrEqual(30);
      expect(d.callouts.map((c) => c.number)).toEqual(d.callouts.map((_, i) => i + 1));
      expect(d.callouts.map((c) => [c.productId, c.quantity])).toEqual(e.bom.map((b) => [b.productId, b.quantity]));
      for (const c of d.callouts) {
        expect(ids.has(c.productId)).toBe(true);
        expect(c.quantity).toBeGreaterThanOrEqual(1);
        expect(c.x > 0 && c.x < DIAGRAM_WIDTH && c.y > 0 && c.y < DIAGRAM_HEIGHT).toBe(true);
      }
    }
  });

  // universal parts are only those of a kind that fits any model of the kind (filter media),
  // no longer a random gasket or o-ring on every model
  test('fitment is the bill of materials plus the universal parts of its kind, the same on every model of a series', () => {
    for (const e of g.equipment) {
      expect(e.fitment.filter((f) => !f.universal).map((f) => f.productId)).toEqual(e.bom.map((b) => b.productId));
      if (e.kind !== 'sand' && e.kind !== 'de' && e.kind !== 'salt') expect(e.fitment.some((f) => f.universal)).toBe(false);
    }
    const first = g.equipment.find((e) => e.fitment.some((f) => f.universal) && g.equipment.filter((o) => o.brand === e.brand && o.series === e.series).length > 1)!;
    const universal = first.fitment.filter((f) => f.universal).map((f) => f.productId);
    for (const sibling of g.equipment.filter((o) => o.brand === first.brand && o.series === first.series)) {
      const fit = new Set(sibling.fitment.map((f) => f.productId));
      for (const u of universal) expect(fit.has(u)).toBe(true);
    }
  });

  test('every product has its OEM number; superseded products point at a later product that lists their number as supersedes', () => {
    const byProduct = new Map<number, typeof g.partNumbers>();
    for (const n of g.partNumbers) byProduct.set(n.productId, [...(byProduct.get(n.productId) ?? []), n]);
    for (const f of facts) expect(byProduct.get(f.id)?.[0]).toMatchObject({ number: f.productCode, kind: 'oem' });
    expect(g.partNumbers.some((n) => n.kind === 'aftermarket')).toBe(true);
    expect(g.supersessions.length).toBeGreaterThan(10);
    const code = new Map(facts.map((f) => [f.id, f.productCode]));
    for (const s of g.supersessions) {
      expect(s.replacedById).toBeGreaterThan(s.productId);
      expect(byProduct.get(s.replacedById)).toContainEqual(expect.objectContaining({ number: code.get(s.productId), kind: 'supersedes' }));
    }
  });

  test('is deterministic per seed, and another seed gives other equipment', () => {
    const again = generateEquipment({ seed: 1, collections: cat.collections, vendors: cat.vendors, products: facts });
    expect(again).toEqual(g);
    const other = generateEquipment({ seed: 2, collections: cat.collections, vendors: cat.vendors, products: facts });
    expect(other.equipment.map((e) => e.handle)).not.toEqual(g.equipment.map((e) => e.handle));
  });

  test('100,000 products make at least 5,000 models', () => {
    expect(equipmentCountFor(100_000)).toBeGreaterThanOrEqual(5000);
    // the real leaves of the catalogue, cycled over 100,000 ids (generating 100k products would take the test's budget)
    const leaves = cat.collections.filter((c) => c.template !== null);
    const big: ProductFact[] = Array.from({ length: 100_000 }, (_, i) => {
      const leaf = leaves[i % leaves.length]!;
      const nouns = leaf.template!.nouns;
      return { id: i + 1, productCode: `P-${i + 1}`, vendorId: 1 + (i % cat.vendors.length), collectionId: leaf.id, title: `Part ${nouns[Math.floor(i / leaves.length) % nouns.length]}` };
    });
    const large = generateEquipment({ seed: 1, collections: cat.collections, vendors: cat.vendors, products: big });
    expect(large.equipment.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(large.equipment.map((e) => e.handle)).size).toBe(large.equipment.length);
  }, 60_000);

  test('seedStore writes the generated equipment: the database and the generator agree', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    const summary = await seedStore(db, { products: 400, seed: 5 });
    const generated = generateEquipment({ seed: 5, collections: generateCatalogue({ products: 0, seed: 5 }).collections, vendors: generateCatalogue({ products: 0, seed: 5 }).vendors, products: await productFactsOf(db) });
    expect(summary.equipment.equipment).toBe(generated.equipment.length);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))?.n).toBe(generated.equipment.length);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM diagram_callouts'))?.n).toBe(summary.equipment.callouts);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM product_part_numbers'))?.n).toBe(generated.partNumbers.length);
    expect(await db.get('SELECT handle FROM equipment WHERE id = 1')).toEqual({ handle: generated.equipment[0]!.handle });
    await db.close();
  });

  test('a store seeded before equipment existed gets its models once at the next start', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    expect(await seedEquipmentIfMissing(db, { seed: 3 })).toBeNull();
    await seedDatabase(db, { products: 200, seed: 3 });
    const first = await seedEquipmentIfMissing(db, { seed: 3 });
    // 200 products hold the parts of a few dozen series only (a part belongs to one series)
    expect(first?.equipment).toBeGreaterThanOrEqual(10);
    expect(await seedEquipmentIfMissing(db, { seed: 3 })).toBeNull();
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))?.n).toBe(first?.equipment);
    await db.close();
  });

  test('a catalogue too small for any model is not seeded again at the next start (a second process found a UNIQUE clash)', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    await seedDatabase(db, { products: 12, seed: 9 });
    const first = await seedEquipmentIfMissing(db, { seed: 9 });
    expect(first).not.toBeNull();
    await expect(seedEquipmentIfMissing(db, { seed: 9 })).resolves.toBeNull();
    await db.close();
  });
});
