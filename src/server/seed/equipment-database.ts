/**
 * Writes the generated equipment, diagrams, fitment and part-number cross-reference of a seeded
 * catalogue (seed/equipment.ts) in one transaction: all of it lands or none.
 * @module
 */
import type { Db } from '../platform/db/database.ts';
import { normalizePartNumber } from '../modules/search/text.ts';
import { generateCatalogue, type GenCollection } from './generate.ts';
import { generateEquipment, ProductFactTable, titleNouns, type GeneratedEquipment, type ProductFact } from './equipment.ts';
import { EQUIPMENT_CACHE_KIB, withIndexesBuiltAfter } from './bulk.ts';

/** The tables the equipment is written into (their secondary indexes are built after the rows). */
export const EQUIPMENT_TABLES = ['equipment', 'equipment_numbers', 'diagrams', 'diagram_callouts', 'equipment_fitment', 'product_part_numbers', 'product_supersessions'] as const;

/** What was written. */
export interface EquipmentSeedSummary {
  equipment: number;
  diagrams: number;
  callouts: number;
  fitments: number;
  partNumbers: number;
  supersessions: number;
}

/**
 * Products read per query by {@link productFactsOf}: a million read in one grouped query peaked at
 * several times the memory the facts themselves hold.
 * @default 20000
 */
export const FACTS_BATCH = 20_000;

/**
 * The generator's view of the products of a seeded catalogue, in id order (read a batch of ids at
 * a time), each title kept as the noun it names among `collections`' (titleNouns).
 */
export async function productFactsOf(db: Db, collections: readonly GenCollection[], batch = FACTS_BATCH): Promise<ProductFactTable> {
  const facts = new ProductFactTable(titleNouns(collections));
  for (let after = 0; ;) {
    // the batch's last product, with a collection or not
    const last = (await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM (SELECT id FROM products WHERE id > ? ORDER BY id LIMIT ?) b', [after, batch]))?.id;
    if (last === null || last === undefined) return facts;
    const rows = await db.all<ProductFact>(
      `SELECT p.id AS id, p.product_code AS productCode, p.vendor_id AS vendorId, MIN(pc.collection_id) AS collectionId, p.title AS title
       FROM products p JOIN product_collections pc ON pc.product_id = p.id
       WHERE p.id > ? AND p.id <= ?
       GROUP BY p.id, p.product_code, p.vendor_id, p.title ORDER BY p.id`,
      [after, last],
    );
    for (const r of rows) facts.push(r);
    after = Number(last);
  }
}

/**
 * Generates and writes the equipment of the catalogue seeded with `seed` (its collections and
 * vendors are the generator's for that seed).
 * @example
 * await seedDatabase(db, { products: 3000, seed: 1 });
 * await seedEquipment(db, { seed: 1 });
 */
export async function seedEquipment(db: Db, options: { seed?: number } = {}): Promise<EquipmentSeedSummary> {
  const seed = options.seed ?? 1;
  const shell = generateCatalogue({ products: 0, seed });
  const facts = await productFactsOf(db, shell.collections);
  const generated = generateEquipment({ seed, collections: shell.collections, vendors: shell.vendors, products: facts });
  return db.transaction(async (tx) => withIndexesBuiltAfter(tx, EQUIPMENT_TABLES, () => writeEquipment(tx, generated), EQUIPMENT_CACHE_KIB));
}

/**
 * A description with the equipment's paragraph (what the part fits, what replaced it) put before
 * its table of facts, or at its end when it has none.
 */
export function withNote(html: string, note: string): string {
  const at = html.indexOf('<table>');
  return at < 0 ? html + note : html.slice(0, at) + note + html.slice(at);
}

/** Writes generated equipment into a migrated database without equipment, and its notes into the products' descriptions. */
export async function writeEquipment(db: Db, g: GeneratedEquipment): Promise<EquipmentSeedSummary> {
  let diagrams = 0;
  let callouts = 0;
  let fitments = 0;
  for (const e of g.equipment) {
    await db.run(
      'INSERT INTO equipment (id, handle, vendor_id, series, model, type, year_from, year_to, image_hue) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [e.id, e.handle, e.vendorId, e.series, e.model, e.type, e.yearFrom, e.yearTo, e.imageHue],
    );
    for (const [position, number] of e.numbers.entries()) {
      await db.run('INSERT INTO equipment_numbers (equipment_id, position, number, normalized) VALUES (?, ?, ?, ?)', [e.id, position, number, normalizePartNumber(number)]);
    }
    for (const d of e.diagrams) {
      diagrams++;
      await db.run('INSERT INTO diagrams (id, equipment_id, position, title, width, height) VALUES (?, ?, ?, ?, ?, ?)', [d.id, e.id, d.position, d.title, d.width, d.height]);
      for (const c of d.callouts) {
        callouts++;
        await db.run(
          'INSERT INTO diagram_callouts (diagram_id, number, product_id, quantity, x, y, part_x, part_y, shape) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [d.id, c.number, c.productId, c.quantity, c.x, c.y, c.partX, c.partY, c.shape],
        );
      }
    }
    for (const f of e.fitment) {
      fitments++;
      await db.run('INSERT INTO equipment_fitment (equipment_id, product_id, universal) VALUES (?, ?, ?)', [e.id, f.productId, f.universal ? 1 : 0]);
    }
  }
  let partNumbers = 0;
  for (const n of g.partNumbers) {
    partNumbers++;
    await db.run('INSERT INTO product_part_numbers (product_id, position, number, normalized, kind) VALUES (?, ?, ?, ?, ?)', [n.productId, n.position, n.number, normalizePartNumber(n.number), n.kind]);
  }
  for (const s of g.supersessions) {
    await db.run('INSERT INTO product_supersessions (product_id, replaced_by_id) VALUES (?, ?)', [s.productId, s.replacedById]);
  }
  for (const n of g.notes) {
    const row = await db.get<{ html: string | null }>('SELECT description_html AS html FROM products WHERE id = ?', [n.productId]);
    if (row === undefined) continue;
    await db.run('UPDATE products SET description_html = ? WHERE id = ?', [withNote(row.html ?? '', n.html), n.productId]);
  }
  return { equipment: g.equipment.length, diagrams, callouts, fitments, partNumbers, supersessions: g.supersessions.length };
}

/** The store setting that says where the catalogue came from, when not from the generator. */
export const CATALOGUE_SOURCE_KEY = 'catalogueSource';

/**
 * Marks the catalogue as made from an operator's file (`npm run seed -- --from`): the generated
 * equipment names generated parts by id, so it must never be added to such a store.
 */
export async function markCatalogueFromFile(db: Db, format: string): Promise<void> {
  await db.run('INSERT INTO store_settings (setting_key, value_json) VALUES (?, ?)', [CATALOGUE_SOURCE_KEY, JSON.stringify({ from: 'file', format })]);
}

/**
 * Seeds the equipment of a generated store whose catalogue was seeded before equipment existed,
 * so a database of an earlier release gets its models at the next start. Nothing when the store
 * has no products, already has equipment (or its part numbers, which a catalogue too small for any
 * model still gets), or was made from an operator's file (its products are not the generator's).
 * Answers what was written, or null.
 */
export async function seedEquipmentIfMissing(db: Db, options: { seed?: number } = {}): Promise<EquipmentSeedSummary | null> {
  const products = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0;
  const models = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))?.n ?? 0;
  if (products === 0 || models > 0) return null;
  const source = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM store_settings WHERE setting_key = ?', [CATALOGUE_SOURCE_KEY]);
  if ((source?.n ?? 0) > 0) return null;
  // a small catalogue may give no model at all while its part numbers were seeded: seeded already
  const numbers = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM product_part_numbers'))?.n ?? 0;
  if (numbers > 0) return null;
  return seedEquipment(db, options);
}
