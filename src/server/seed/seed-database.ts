/**
 * Writes a generated catalogue into the database: one transaction, prepared statements reused
 * through `Db`'s statement cache, ids given by the generator (so no round trip per row asks the
 * database for an id), the tables' secondary indexes built after the rows (bulk.ts). Either the
 * whole catalogue lands or nothing does.
 * @module
 */
import type { Db } from '../platform/db/database.ts';
import { generateCatalogue, type GenerateOptions, type GeneratedCatalogue } from './generate.ts';
import { seedShipping } from './ship-profiles.ts';
import { withIndexesBuiltAfter } from './bulk.ts';

/** The tables a generated catalogue is written into (their secondary indexes are built after the rows). */
export const CATALOGUE_TABLES = [
  'collections', 'vendors', 'products', 'product_collections', 'product_options', 'option_values', 'variants', 'variant_selected_options',
  'inventory_levels', 'tags', 'product_tags', 'product_images', 'model3ds', 'pdfs', 'product_reviews', 'product_questions', 'related_products',
] as const;

/** What was written. */
export interface SeedSummary {
  seed: number;
  products: number;
  collections: number;
  vendors: number;
  variants: number;
  inventoryLevels: number;
  tags: number;
  reviews: number;
  milliseconds: number;
}

const b = (v: boolean): number => (v ? 1 : 0);

/**
 * Generates and writes a catalogue into a migrated, empty catalogue.
 * @throws Error when the database already holds products (seeding twice would mix two catalogues).
 * @example
 * const db = openSqlite(':memory:');
 * migrate(db);
 * seedDatabase(db, { products: 300, seed: 7 });
 */
export async function seedDatabase(db: Db, options: GenerateOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const existing = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products');
  if (existing && existing.n > 0) throw new Error('The catalogue is not empty; seed a fresh database.');
  const catalogue = generateCatalogue(options);
  const summary = await db.transaction(async (tx) => await withIndexesBuiltAfter(tx, CATALOGUE_TABLES, () => writeCatalogue(tx, catalogue)));
  return { ...summary, milliseconds: Math.round(performance.now() - started) };
}

async function writeCatalogue(db: Db, catalogue: GeneratedCatalogue): Promise<SeedSummary> {
  for (const c of catalogue.collections) {
    await db.run(
      `INSERT INTO collections (id, handle, title, parent_id, level, position, seo_title, seo_description, is_indexed, description_html, image_url, image_shape, image_hue)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [c.id, c.handle, c.title, c.parentId, c.level, c.position, c.seoTitle, c.seoDescription, b(c.isIndexed), c.descriptionHtml, c.imageUrl, c.imageShape, c.imageHue],
    );
  }
  for (const v of catalogue.vendors) {
    await db.run('INSERT INTO vendors (id, name, handle) VALUES (?, ?, ?)', [v.id, v.name, v.handle]);
  }
  const seenTags = new Set<number>();
  // (product, related product) pairs, two ids a pair: a million products' 3 million pairs as a
  // JS array held 48 MB and twice that while it grew
  let related = new Int32Array(1 << 16);
  let pairs = 0;
  let variants = 0;
  let levels = 0;
  let reviews = 0;
  let products = 0;
  const leafTitles = new Map(catalogue.collections.map((c) => [c.id, c.title]));
  for (const p of catalogue.products()) {
    products++;
    const leafTitle = leafTitles.get(p.collectionId) ?? '';
    const shipping = p.variants.map((v) => seedShipping(leafTitle, p.title, p.weight, v.title));
    const notices = shipping.find((s) => s.notices.length > 0)?.notices ?? [];
    await db.run(
      `INSERT INTO products (id, handle, title, sku, product_code, vendor_id, weight, price_cents, compare_at_price_cents, call_for_price, description_html, seo_title, seo_description, is_indexed, is_featured, sales_count, created_order, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [p.id, p.handle, p.title, p.sku, p.productCode, p.vendorId, p.weight, p.priceCents, p.compareAtPriceCents, b(p.callForPrice), p.descriptionHtml, p.seoTitle, p.seoDescription, b(p.isIndexed), b(p.isFeatured), p.salesCount, p.createdOrder, p.createdAt],
    );
    await db.run('INSERT INTO product_collections (product_id, collection_id, position) VALUES (?, ?, ?)', [p.id, p.collectionId, 0]);
    for (const o of p.options) {
      await db.run('INSERT INTO product_options (id, product_id, name, position) VALUES (?, ?, ?, ?)', [o.id, p.id, o.name, o.position]);
      for (const v of o.values) {
        await db.run('INSERT INTO option_values (id, option_id, value, position) VALUES (?, ?, ?, ?)', [v.id, o.id, v.value, v.position]);
      }
    }
    if (notices.length > 0) await db.run('UPDATE products SET notices_json = ? WHERE id = ?', [JSON.stringify(notices), p.id]);
    for (const [index, v] of p.variants.entries()) {
      variants++;
      const ship = shipping[index]!.profile;
      const d = ship.dimensions;
      await db.run(
        `INSERT INTO variants (id, product_id, title, position, sku, price_cents, compare_at_price_cents, ship_class, weight_lb, length_in, width_in, height_in,
           freight_class, hazard_group, handling_days, taxable)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          v.id, p.id, v.title, v.position, v.sku, v.priceCents, v.compareAtPriceCents, ship.shipClass, ship.weightLb, d?.lengthIn ?? null, d?.widthIn ?? null,
          d?.heightIn ?? null, ship.freightClass ?? null, ship.hazardGroup ?? null, ship.handlingDays ?? 0, ship.taxable === false ? 0 : 1,
        ],
      );
      for (const s of v.selected) {
        await db.run('INSERT INTO variant_selected_options (variant_id, option_id, option_value_id) VALUES (?, ?, ?)', [v.id, s.optionId, s.valueId]);
      }
      for (const l of v.levels) {
        levels++;
        await db.run(
          `INSERT INTO inventory_levels (id, variant_id, location, position, price_cents, compare_at_price_cents, quantity, available_for_sale, bypass_negative_quantity)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [l.id, v.id, l.location, l.position, l.priceCents, l.compareAtPriceCents, l.quantity, b(l.availableForSale), b(l.bypassNegativeQuantity)],
        );
      }
    }
    for (const t of p.tags) {
      if (!seenTags.has(t.id)) {
        seenTags.add(t.id);
        await db.run('INSERT INTO tags (id, prefix, value) VALUES (?, ?, ?)', [t.id, t.prefix, t.value]);
      }
      await db.run('INSERT INTO product_tags (product_id, tag_id) VALUES (?, ?)', [p.id, t.id]);
    }
    for (const i of p.images) {
      await db.run('INSERT INTO product_images (id, product_id, position, url, alt_text, shape, hue) VALUES (?, ?, ?, ?, ?, ?, ?)', [i.id, p.id, i.position, i.url, i.altText, i.shape, i.hue]);
    }
    for (const m of p.model3ds) {
      await db.run('INSERT INTO model3ds (id, product_id, url, poster_url, shape, hue) VALUES (?, ?, ?, ?, ?, ?)', [m.id, p.id, m.url, m.posterUrl, m.shape, m.hue]);
    }
    for (const f of p.pdfs) {
      await db.run('INSERT INTO pdfs (id, product_id, url, local_filename, title) VALUES (?, ?, ?, ?, ?)', [f.id, p.id, f.url, f.localFilename, f.title]);
    }
    for (const r of p.reviews) {
      reviews++;
      await db.run(
        'INSERT INTO product_reviews (id, product_id, stars_rating, title, body, author, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [r.id, p.id, r.starsRating, r.title, r.body, r.author, r.createdAt],
      );
    }
    for (const q of p.questions) {
      await db.run(
        'INSERT INTO product_questions (id, product_id, question, asked_by, answer, answered_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [q.id, p.id, q.question, q.askedBy, q.answer, q.answeredBy, q.createdAt],
      );
    }
    for (const r of p.relatedIds) {
      if (2 * pairs + 2 > related.length) {
        const grown = new Int32Array(related.length * 2);
        grown.set(related);
        related = grown;
      }
      related[2 * pairs] = p.id;
      related[2 * pairs + 1] = r;
      pairs++;
    }
  }
  // related rows point at products written later in the loop, so they go in last
  for (let i = 0, pos = 0, prev = -1; i < 2 * pairs; i += 2) {
    const from = related[i] as number;
    pos = from === prev ? pos + 1 : 0;
    prev = from;
    await db.run('INSERT INTO related_products (product_id, related_product_id, position) VALUES (?, ?, ?)', [from, related[i + 1], pos]);
  }
  return {
    seed: catalogue.seed,
    products,
    collections: catalogue.collections.length,
    vendors: catalogue.vendors.length,
    variants,
    inventoryLevels: levels,
    tags: seenTags.size,
    reviews,
    milliseconds: 0,
  };
}
