import { describe, expect, test } from 'vitest';
import { openSqlite } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { generateCatalogue } from '../../../../src/server/seed/generate.ts';
import {
  DIAGRAM_HEIGHT, DIAGRAM_WIDTH, EQUIPMENT_TYPES, equipmentCountFor, generateEquipment, ProductFactTable, titleNouns, type GenPartNumber, type ProductFact,
} from '../../../../src/server/seed/equipment.ts';
import { productFactsOf, seedEquipmentIfMissing } from '../../../../src/server/seed/equipment-database.ts';
import { seedDatabase } from '../../../../src/server/seed/seed-database.ts';
import { seedStore } from '../../../../src/server/seed/store.ts';

/** The generator's input for a generated catalogue, read straight from the generator. */
function factsOf(products: number, seed: number): { cat: ReturnType<typeof generateCatalogue>; facts: ProductFact[] } {
  const cat = generateCatalogue({ products, seed });
  const facts: ProductFact[] = [];
  for (const p of cat.products()) facts.push({ id: p.id, productCode: p.productCode, vendorId: p.vendorId, collectionId: p.collectionId, title: p.title });
  return { cat, facts };
}

/** A fact table's rows, as objects. */
function rowsOf(table: ProductFactTable) {
  return Array.from({ length: table.length }, (_, at) => ({
    id: table.id(at), productCode: table.productCode(at), vendorId: table.vendorId(at), collectionId: table.collectionId(at), noun: table.noun(at),
  }));
}

describe('the product fact table', () => {
  const { cat, facts } = factsOf(3000, 1);

  test('holds each fact in its place, keeps of a title the longest noun of its leaf, and finds a product by id', () => {
    const table = ProductFactTable.of(facts, titleNouns(cat.collections));
    expect(table.length).toBe(facts.length);
    const leaves = new Map(cat.collections.map((c) => [c.id, c]));
    for (const [at, f] of facts.entries()) {
      expect(table.indexOf(f.id)).toBe(at);
      expect([table.id(at), table.productCode(at), table.vendorId(at), table.collectionId(at)]).toEqual([f.id, f.productCode, f.vendorId, f.collectionId]);
      const nouns = leaves.get(f.collectionId)?.template?.nouns ?? [];
      const held = nouns.filter((n) => f.title.includes(n));
      const noun = table.noun(at);
      if (held.length === 0) expect(noun).toBeUndefined();
      else expect(noun!.length).toBe(Math.max(...held.map((n) => n.length)));
    }
    expect(table.indexOf(0)).toBe(-1);
    expect(table.indexOf(facts.length + 1)).toBe(-1);
  });

  test('refuses a product out of id order', () => {
    const table = new ProductFactTable(() => undefined);
    table.push({ id: 5, productCode: 'A', vendorId: 1, collectionId: 1, title: 'x' });
    expect(() => table.push({ id: 5, productCode: 'B', vendorId: 1, collectionId: 1, title: 'x' })).toThrow('Product facts must come in id order: 5 after 5');
    expect(() => table.push({ id: 3, productCode: 'B', vendorId: 1, collectionId: 1, title: 'x' })).toThrow('id order');
    expect(table.length).toBe(1);
  });

  test('a list of facts and their table give the same equipment, numbers and notes, each read as often as wanted', () => {
    const fromList = generateEquipment({ seed: 3, collections: cat.collections, vendors: cat.vendors, products: facts });
    const fromTable = generateEquipment({ seed: 3, collections: cat.collections, vendors: cat.vendors, products: ProductFactTable.of(facts, titleNouns(cat.collections)) });
    expect(fromTable.equipment).toEqual(fromList.equipment);
    expect(fromTable.supersessions).toEqual(fromList.supersessions);
    const numbers = [...fromList.partNumbers];
    expect(numbers.length).toBeGreaterThan(facts.length);
    expect([...fromTable.partNumbers]).toEqual(numbers);
    expect([...fromList.partNumbers]).toEqual(numbers);
    const notes = [...fromList.notes];
    expect(notes.length).toBeGreaterThan(0);
    expect([...fromTable.notes]).toEqual(notes);
    expect([...fromList.notes]).toEqual(notes);
  });
});

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
    const byProduct = new Map<number, GenPartNumber[]>();
    for (const n of g.partNumbers) byProduct.set(n.productId, [...(byProduct.get(n.productId) ?? []), n]);
    for (const f of facts) expect(byProduct.get(f.id)?.[0]).toMatchObject({ number: f.productCode, kind: 'oem' });
    expect([...g.partNumbers].some((n) => n.kind === 'aftermarket')).toBe(true);
    expect(g.supersessions.length).toBeGreaterThan(10);
    const code = new Map(facts.map((f) => [f.id, f.productCode]));
    for (const s of g.supersessions) {
      expect(s.replacedById).toBeGreaterThan(s.productId);
      expect(byProduct.get(s.replacedById)).toContainEqual(expect.objectContaining({ number: code.get(s.productId), kind: 'supersedes' }));
    }
  });

  test("each product's numbers: OEM first, then aftermarket, then exactly the OEM numbers of the parts it superseded, in order", () => {
    const byProduct = new Map<number, GenPartNumber[]>();
    for (const n of g.partNumbers) byProduct.set(n.productId, [...(byProduct.get(n.productId) ?? []), n]);
    const rank = { oem: 0, aftermarket: 1, supersedes: 2 } as const;
    for (const list of byProduct.values()) {
      expect(list.map((n) => n.position)).toEqual(list.map((_, i) => i));
      expect(list.map((n) => rank[n.kind])).toEqual(list.map((n) => rank[n.kind]).sort((a, b) => a - b));
    }
    const oem = (id: number) => (byProduct.get(id) ?? []).filter((n) => n.kind === 'oem').map((n) => n.number);
    const expected = new Map<number, string[]>();
    for (const s of g.supersessions) expected.set(s.replacedById, [...(expected.get(s.replacedById) ?? []), ...oem(s.productId)]);
    for (const [id, list] of byProduct) expect(list.filter((n) => n.kind === 'supersedes').map((n) => n.number)).toEqual(expected.get(id) ?? []);
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
    const shell = generateCatalogue({ products: 0, seed: 5 });
    const generated = generateEquipment({ seed: 5, collections: shell.collections, vendors: shell.vendors, products: await productFactsOf(db, shell.collections) });
    expect(summary.equipment.equipment).toBe(generated.equipment.length);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))?.n).toBe(generated.equipment.length);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM diagram_callouts'))?.n).toBe(summary.equipment.callouts);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM product_part_numbers'))?.n).toBe([...generated.partNumbers].length);
    expect(await db.get('SELECT handle FROM equipment WHERE id = 1')).toEqual({ handle: generated.equipment[0]!.handle });
    await db.close();
  });

  test('the facts are read a batch of ids at a time, the same whatever the batch, skipping products without a collection', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    await seedDatabase(db, { products: 120, seed: 6 });
    const { cat: shell, facts: generated } = factsOf(120, 6);
    const nounOf = titleNouns(shell.collections);
    const expected = (facts: ProductFact[]) => facts.map((f) => ({ id: f.id, productCode: f.productCode, vendorId: f.vendorId, collectionId: f.collectionId, noun: nounOf(f.collectionId, f.title) }));
    expect(rowsOf(await productFactsOf(db, shell.collections))).toEqual(expected(generated));
    // products 30 to 45 lose their collection: a whole batch of 7 without one, and parts of two others
    await db.run('DELETE FROM product_collections WHERE product_id BETWEEN 30 AND 45');
    const kept = generated.filter((f) => f.id < 30 || f.id > 45);
    for (const batch of [1, 7, 50, 119, 120, 1000]) expect(rowsOf(await productFactsOf(db, shell.collections, batch))).toEqual(expected(kept));
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
