/**
 * All of the import and export's SQL: reading whole products (everything the store holds, as
 * {@link CatalogueItem}s with their row ids), and writing them inside the import's transaction.
 *
 * Ids are given by the writer (counters read at the start, under the import lock), as the seed
 * does: no round trip asks the database for an id, and PostgreSQL's identities are moved past
 * them before the commit. An update keeps the ids of the rows other tables point at (variants,
 * inventory levels that carts hold, images and models whose drawn URLs name their row) and
 * rewrites the rest.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { syncIdentities } from '../../platform/db/migrate.ts';
import { storedPictureUrl } from '../media/index.ts';
import type { Shape } from '../media/shapes.ts';
import { recordCatalogueChange, type CatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import type { HazardGroup, ProductNotice, ShipClass } from '../../../domain/shipping/index.ts';
import type { CatalogueCollection, CatalogueItem, ItemLevel, ItemShipping, ItemVariant } from './schemas.ts';
import { orderedNotices } from './shipping.ts';

/**
 * The first key of the PostgreSQL advisory lock an import holds, the second being the hash of the
 * store's schema: two imports into one store run one after the other, and stores in other schemas
 * of the same database (the tests' files, side by side) never wait for each other.
 */
export const IMPORT_LOCK_KEY = 1_414_033;

const CHUNK = 500;
const b = (v: boolean): number => (v ? 1 : 0);
const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** The next free id of each table the import writes. */
export type IdCounters = Record<(typeof ID_TABLES)[number], number>;

const ID_TABLES = ['collections', 'vendors', 'products', 'product_options', 'option_values', 'variants', 'inventory_levels', 'tags', 'product_images', 'model3ds', 'pdfs', 'product_reviews', 'product_questions'] as const;

/** Takes the import lock (PostgreSQL; SQLite's write transaction is already one) and reads the id counters. */
export async function beginImport(tx: Db): Promise<{ ids: IdCounters; createdOrder: number }> {
  if (tx.dialect.name === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?::integer, hashtext(current_schema())) AS locked', [IMPORT_LOCK_KEY]);
  const ids = {} as IdCounters;
  for (const table of ID_TABLES) {
    ids[table] = Number((await tx.get<{ n: number | null }>(`SELECT MAX(id) AS n FROM ${table}`))?.n ?? 0) + 1;
  }
  const order = Number((await tx.get<{ n: number | null }>('SELECT MAX(created_order) AS n FROM products'))?.n ?? 0) + 1;
  return { ids, createdOrder: order };
}

/** Records the change in the catalogue log (the last statement before the commit) after moving PostgreSQL's identities past the ids given. */
export async function finishImport(tx: Db, productIds: readonly number[]): Promise<CatalogueChange> {
  await syncIdentities(tx);
  return await recordCatalogueChange(tx, productIds);
}

/** The catalogue's tables an import writes. */
const CATALOGUE_TABLES = ['products', 'product_collections', 'product_tags', 'product_options', 'option_values', 'variants', 'variant_selected_options', 'inventory_levels', 'product_images', 'model3ds', 'pdfs', 'product_reviews', 'product_questions', 'related_products', 'collections', 'vendors', 'tags', 'media_files'];

/**
 * Brings PostgreSQL's planner statistics of the catalogue's tables up to date, as its manual
 * advises after a bulk load. Until autovacuum next looks (a minute at best; never where it is
 * off) the planner guesses the new rows' counts and reads whole tables where an index finds a
 * page's rows: the export of a 36,337-product import read every variant and stock level for each
 * page of 500 products (6.9 s against 3.0 s once analysed, on a quiet machine). Takes about a
 * second for 100,000 variants and blocks no reader or writer. SQLite: nothing (its planner keeps
 * no statistics unless asked, and the store's statements are written for it without).
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (db.dialect.name !== 'postgres') return;
  await db.exec(`ANALYZE ${CATALOGUE_TABLES.join(', ')}`);
}

interface CollectionRow {
  id: number;
  handle: string;
  title: string;
  parent_id: number | null;
  level: number;
  position: number;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
  description_html: string | null;
  image_url: string | null;
  image_shape: string | null;
  image_hue: number | null;
}

/** Every collection, parents before children (siblings by position, then id): the order files list them in. */
export async function allCollections(db: Db): Promise<CatalogueCollection[]> {
  const rows = await db.all<CollectionRow>(
    `SELECT id, handle, title, parent_id, level, position, seo_title, seo_description, is_indexed, description_html, image_url, image_shape, image_hue
     FROM collections ORDER BY position, id`,
  );
  const byParent = new Map<number | null, CollectionRow[]>();
  for (const r of rows) {
    const key = r.parent_id === null ? null : Number(r.parent_id);
    let list = byParent.get(key);
    if (!list) byParent.set(key, (list = []));
    list.push(r);
  }
  const handleOf = new Map(rows.map((r) => [Number(r.id), r.handle]));
  const out: CatalogueCollection[] = [];
  const visit = (parent: number | null): void => {
    for (const r of byParent.get(parent) ?? []) {
      out.push({
        id: Number(r.id),
        handle: r.handle,
        title: r.title,
        parent: r.parent_id === null ? null : (handleOf.get(Number(r.parent_id)) ?? null),
        position: Number(r.position),
        seoTitle: r.seo_title,
        seoDescription: r.seo_description,
        isIndexed: Number(r.is_indexed) === 1,
        descriptionHtml: r.description_html,
        imageUrl: r.image_url,
        imageShape: r.image_shape as Shape | null,
        imageHue: r.image_hue === null ? null : Number(r.image_hue),
      });
      visit(Number(r.id));
    }
  };
  visit(null);
  return out;
}

/** Writes a collection (insert with its id, or update in place); `parentId` and `level` resolved by the caller. */
export async function saveCollection(tx: Db, c: CatalogueCollection & { id: number }, parentId: number | null, level: number, insert: boolean): Promise<void> {
  const values = [c.handle, c.title, parentId, level, c.position, c.seoTitle, c.seoDescription, b(c.isIndexed), c.descriptionHtml, c.imageUrl, c.imageShape, c.imageHue];
  if (insert) {
    await tx.run(
      `INSERT INTO collections (handle, title, parent_id, level, position, seo_title, seo_description, is_indexed, description_html, image_url, image_shape, image_hue, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...values, c.id],
    );
  } else {
    await tx.run(
      `UPDATE collections SET handle = ?, title = ?, parent_id = ?, level = ?, position = ?, seo_title = ?, seo_description = ?, is_indexed = ?,
       description_html = ?, image_url = ?, image_shape = ?, image_hue = ? WHERE id = ?`,
      [...values, c.id],
    );
  }
}

/** Whether a collection id is free (a Volusion category keeps its id when it can). */
export async function collectionIdFree(tx: Db, id: number): Promise<boolean> {
  return !(await tx.get('SELECT id FROM collections WHERE id = ?', [id]));
}

/** Vendors by name. */
export async function allVendors(db: Db): Promise<Map<string, { id: number; handle: string }>> {
  const rows = await db.all<{ id: number; name: string; handle: string }>('SELECT id, name, handle FROM vendors');
  return new Map(rows.map((r) => [r.name, { id: Number(r.id), handle: r.handle }]));
}

/** Adds a vendor. */
export async function insertVendor(tx: Db, id: number, name: string, handle: string): Promise<void> {
  await tx.run('INSERT INTO vendors (id, name, handle) VALUES (?, ?, ?)', [id, name, handle]);
}

/** Tags by `prefix NUL value`. */
export async function allTags(db: Db): Promise<Map<string, number>> {
  const rows = await db.all<{ id: number; prefix: string; value: string }>('SELECT id, prefix, value FROM tags');
  return new Map(rows.map((r) => [`${r.prefix}\u0000${r.value}`, Number(r.id)]));
}

/** Adds a tag. */
export async function insertTag(tx: Db, id: number, prefix: string, value: string): Promise<void> {
  await tx.run('INSERT INTO tags (id, prefix, value) VALUES (?, ?, ?)', [id, prefix, value]);
}

/** How many products the store holds. */
export async function countProducts(db: Db): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0);
}

/** Product ids by handle, for the handles given. */
export async function productIdsByHandle(db: Db, handles: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < handles.length; i += CHUNK) {
    const chunk = handles.slice(i, i + CHUNK);
    for (const r of await db.all<{ id: number; handle: string }>(`SELECT id, handle FROM products WHERE handle IN (${marks(chunk.length)})`, chunk)) out.set(r.handle, Number(r.id));
  }
  return out;
}

/** Product ids by product SKU (the lowest id when several products share one). */
export async function productIdsBySku(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < skus.length; i += CHUNK) {
    const chunk = skus.slice(i, i + CHUNK);
    for (const r of await db.all<{ id: number; sku: string }>(`SELECT id, sku FROM products WHERE sku IN (${marks(chunk.length)}) ORDER BY id DESC`, chunk)) out.set(r.sku, Number(r.id));
  }
  return out;
}

/** Product handles by id (related products are written as handles). */
export async function productHandles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    for (const r of await db.all<{ id: number; handle: string }>(`SELECT id, handle FROM products WHERE id IN (${marks(chunk.length)})`, chunk)) out.set(Number(r.id), r.handle);
  }
  return out;
}

/**
 * Which products a read covers: `IN (...)` text for `%` in the statements below, with its
 * parameters, a chunk of {@link CHUNK} ids at a time. On PostgreSQL the chunk is one array
 * parameter: 500 bound ids made its prepared statements turn to generic plans that read whole
 * tables (an export of 36,000 products took 37 s), where an array keeps one index-scan plan for
 * any length.
 */
type Scope = { sql: string; params: unknown[] };

const idScopes = (db: Db, ids: readonly number[]): Scope[] => {
  const out: Scope[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    out.push(db.dialect.name === 'postgres' ? { sql: 'SELECT unnest(CAST(? AS BIGINT[]))', params: [chunk] } : { sql: marks(chunk.length), params: chunk });
  }
  return out;
};

/** Where an export page starts: after this product in creation order. */
export interface ExportCursor {
  createdOrder: number;
  id: number;
}


async function inScopes<T>(db: Db, sql: string, scopes: readonly Scope[]): Promise<T[]> {
  const out: T[] = [];
  for (const scope of scopes) out.push(...(await db.all<T>(sql.replace('%', scope.sql), scope.params)));
  return out;
}

function group<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(row);
  }
  return map;
}

const byText = (a: string, b2: string): number => (a < b2 ? -1 : a > b2 ? 1 : 0);

/** A variant's ship profile columns (migration 018), in the order {@link shippingValues} gives them. */
const SHIPPING_COLUMNS = ['ship_class', 'weight_lb', 'length_in', 'width_in', 'height_in', 'freight_class', 'hazard_group', 'handling_days', 'taxable'] as const;

type ShippingRow = {
  ship_class: string;
  weight_lb: number | null;
  length_in: number | null;
  width_in: number | null;
  height_in: number | null;
  freight_class: number | null;
  hazard_group: string | null;
  handling_days: number;
  taxable: number;
};

const numberOrNull = (v: number | null): number | null => (v === null ? null : Number(v));

/** A variant's ship profile as stored. */
function shippingOf(r: ShippingRow): ItemShipping {
  return {
    shipClass: r.ship_class as ShipClass,
    weightLb: numberOrNull(r.weight_lb),
    lengthIn: numberOrNull(r.length_in),
    widthIn: numberOrNull(r.width_in),
    heightIn: numberOrNull(r.height_in),
    freightClass: numberOrNull(r.freight_class),
    hazardGroup: r.hazard_group as HazardGroup | null,
    handlingDays: Number(r.handling_days),
    taxable: Number(r.taxable) === 1,
  };
}

/** The values of {@link SHIPPING_COLUMNS} for a profile. */
const shippingValues = (s: ItemShipping): unknown[] => [s.shipClass, s.weightLb, s.lengthIn, s.widthIn, s.heightIn, s.freightClass, s.hazardGroup, s.handlingDays, b(s.taxable)];

/** A product's notices as stored (JSON); text that is not a list reads as none. */
function noticesOf(json: string | null): ProductNotice[] {
  if (json === null || json === '') return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? orderedNotices(value as ProductNotice[]) : [];
  } catch {
    return [];
  }
}

/**
 * Whole products as the store holds them, in the order of `ids` (missing ids are skipped), with
 * the row ids an update keeps.
 */
export async function loadItems(db: Db, ids: readonly number[]): Promise<CatalogueItem[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await loadScoped(db, idScopes(db, ids))).items.map((i) => [i.id!, i]));
  return ids.map((id) => byId.get(id)).filter((x): x is CatalogueItem => x !== undefined);
}

/**
 * The catalogue in export order (creation order, then id), whole products a page at a time.
 * @default size 500
 */
export async function* exportPages(db: Db, size = CHUNK): AsyncGenerator<CatalogueItem[]> {
  let after: ExportCursor = { createdOrder: Number.MIN_SAFE_INTEGER, id: 0 };
  for (;;) {
    // a keyset page of ids in creation order (the index products_created_order), then its products
    const ids = await db.all<{ id: number; created_order: number }>('SELECT id, created_order FROM products WHERE (created_order, id) > (?, ?) ORDER BY created_order, id LIMIT ?', [after.createdOrder, after.id, size]);
    if (ids.length === 0) return;
    const page = await loadScoped(db, idScopes(db, ids.map((r) => Number(r.id))));
    yield page.items;
    if (ids.length < size) return;
    const last = ids[ids.length - 1]!;
    after = { createdOrder: Number(last.created_order), id: Number(last.id) };
  }
}

/** Whole products of the scopes, in creation order within each scope, and the last one's cursor. */
async function loadScoped(db: Db, scopes: readonly Scope[]): Promise<{ items: CatalogueItem[]; last: ExportCursor | null }> {
  type P = { id: number; handle: string; title: string; sku: string | null; product_code: string | null; vendor: string | null; weight: number | null; price_cents: number; compare_at_price_cents: number | null; description_html: string | null; seo_title: string | null; seo_description: string | null; is_indexed: number; is_featured: number; call_for_price: number; sales_count: number; created_at: string; created_order: number; notices_json: string | null };
  const products = await inScopes<P>(
    db,
    `SELECT p.id, p.handle, p.title, p.sku, p.product_code, v.name AS vendor, p.weight, p.price_cents, p.compare_at_price_cents, p.description_html,
       p.seo_title, p.seo_description, p.is_indexed, p.is_featured, p.call_for_price, p.sales_count, p.created_at, p.created_order, p.notices_json
     FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.id IN (%) ORDER BY p.created_order, p.id`,
    scopes,
  );
  const collections = group(await inScopes<{ product_id: number; handle: string }>(db, 'SELECT pc.product_id, c.handle FROM product_collections pc JOIN collections c ON c.id = pc.collection_id WHERE pc.product_id IN (%) ORDER BY pc.product_id, pc.position, c.id', scopes), (r) => Number(r.product_id));
  const tags = group(await inScopes<{ product_id: number; prefix: string; value: string }>(db, 'SELECT pt.product_id, t.prefix, t.value FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id IN (%)', scopes), (r) => Number(r.product_id));
  const options = await inScopes<{ id: number; product_id: number; name: string }>(db, 'SELECT id, product_id, name FROM product_options WHERE product_id IN (%) ORDER BY product_id, position, id', scopes);
  const values = group(await inScopes<{ option_id: number; id: number; value: string }>(db, 'SELECT ov.option_id, ov.id, ov.value FROM option_values ov JOIN product_options o ON o.id = ov.option_id WHERE o.product_id IN (%) ORDER BY ov.option_id, ov.position, ov.id', scopes), (r) => Number(r.option_id));
  const optionsOf = group(options, (r) => Number(r.product_id));
  const variants = await inScopes<{ id: number; product_id: number; title: string; sku: string | null; price_cents: number; compare_at_price_cents: number | null } & ShippingRow>(
    db,
    `SELECT id, product_id, title, sku, price_cents, compare_at_price_cents, ${SHIPPING_COLUMNS.join(', ')} FROM variants WHERE product_id IN (%) ORDER BY product_id, position, id`,
    scopes,
  );
  const selected = group(await inScopes<{ variant_id: number; option_id: number; value: string }>(db, 'SELECT s.variant_id, s.option_id, ov.value FROM variant_selected_options s JOIN variants v ON v.id = s.variant_id JOIN option_values ov ON ov.id = s.option_value_id WHERE v.product_id IN (%)', scopes), (r) => Number(r.variant_id));
  const levels = group(
    await inScopes<{ id: number; variant_id: number; location: string; quantity: number; available_for_sale: number; bypass_negative_quantity: number; price_cents: number; compare_at_price_cents: number | null }>(
      db,
      'SELECT l.id, l.variant_id, l.location, l.quantity, l.available_for_sale, l.bypass_negative_quantity, l.price_cents, l.compare_at_price_cents FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.product_id IN (%) ORDER BY l.variant_id, l.position, l.id',
      scopes,
    ),
    (r) => Number(r.variant_id),
  );
  const variantsOf = group(variants, (r) => Number(r.product_id));
  const images = group(await inScopes<{ id: number; product_id: number; url: string; alt_text: string | null; shape: string; hue: number; source: string | null; file_hash: string | null }>(db, 'SELECT id, product_id, url, alt_text, shape, hue, source, file_hash FROM product_images WHERE product_id IN (%) ORDER BY product_id, position, id', scopes), (r) => Number(r.product_id));
  const models = group(await inScopes<{ id: number; product_id: number; url: string; poster_url: string; shape: string; hue: number }>(db, 'SELECT id, product_id, url, poster_url, shape, hue FROM model3ds WHERE product_id IN (%) ORDER BY product_id, id', scopes), (r) => Number(r.product_id));
  const pdfs = group(await inScopes<{ product_id: number; url: string; local_filename: string; title: string }>(db, 'SELECT product_id, url, local_filename, title FROM pdfs WHERE product_id IN (%) ORDER BY product_id, id', scopes), (r) => Number(r.product_id));
  const reviews = group(await inScopes<{ product_id: number; stars_rating: number; title: string | null; body: string | null; author: string | null; created_at: string }>(db, 'SELECT product_id, stars_rating, title, body, author, created_at FROM product_reviews WHERE product_id IN (%) ORDER BY product_id, id', scopes), (r) => Number(r.product_id));
  const questions = group(await inScopes<{ product_id: number; question: string; asked_by: string; answer: string | null; answered_by: string | null; created_at: string }>(db, 'SELECT product_id, question, asked_by, answer, answered_by, created_at FROM product_questions WHERE product_id IN (%) ORDER BY product_id, id', scopes), (r) => Number(r.product_id));
  const related = group(await inScopes<{ product_id: number; handle: string }>(db, 'SELECT r.product_id, p.handle FROM related_products r JOIN products p ON p.id = r.related_product_id WHERE r.product_id IN (%) ORDER BY r.product_id, r.position, r.related_product_id', scopes), (r) => Number(r.product_id));

  const items: CatalogueItem[] = [];
  for (const p of products) {
    const id = Number(p.id);
    const opts = optionsOf.get(id) ?? [];
    const item: CatalogueItem = {
      id,
      handle: p.handle,
      title: p.title,
      sku: p.sku,
      productCode: p.product_code,
      vendor: p.vendor,
      weight: p.weight === null ? null : Number(p.weight),
      priceCents: Number(p.price_cents),
      compareAtPriceCents: p.compare_at_price_cents === null ? null : Number(p.compare_at_price_cents),
      descriptionHtml: p.description_html,
      seoTitle: p.seo_title,
      seoDescription: p.seo_description,
      isIndexed: Number(p.is_indexed) === 1,
      isFeatured: Number(p.is_featured) === 1,
      callForPrice: Number(p.call_for_price) === 1,
      salesCount: Number(p.sales_count),
      createdAt: p.created_at,
      collections: (collections.get(id) ?? []).map((r) => r.handle),
      tags: (tags.get(id) ?? []).map((t): [string, string] => [t.prefix, t.value]).sort((x, y) => byText(x[0], y[0]) || byText(x[1], y[1])),
      options: opts.map((o) => ({ name: o.name, values: (values.get(Number(o.id)) ?? []).map((v) => v.value) })),
      variants: (variantsOf.get(id) ?? []).map((v): ItemVariant => {
        const sel = new Map((selected.get(Number(v.id)) ?? []).map((s) => [Number(s.option_id), s.value]));
        return {
          id: Number(v.id),
          title: v.title,
          sku: v.sku,
          priceCents: Number(v.price_cents),
          compareAtPriceCents: v.compare_at_price_cents === null ? null : Number(v.compare_at_price_cents),
          shipping: shippingOf(v),
          options: opts.map((o) => sel.get(Number(o.id)) ?? ''),
          inventory: (levels.get(Number(v.id)) ?? []).map((l): ItemLevel => ({
            id: Number(l.id),
            location: l.location,
            quantity: Number(l.quantity),
            availableForSale: Number(l.available_for_sale) === 1,
            bypassNegativeQuantity: Number(l.bypass_negative_quantity) === 1,
            priceCents: Number(l.price_cents),
            compareAtPriceCents: l.compare_at_price_cents === null ? null : Number(l.compare_at_price_cents),
          })),
        };
      }),
      images: (images.get(id) ?? []).map((i) => ({
        id: Number(i.id),
        url: i.url,
        altText: i.alt_text,
        shape: i.shape as Shape,
        hue: Number(i.hue),
        ...(i.file_hash === null ? {} : { source: i.source ?? i.url, fileHash: i.file_hash }),
      })),
      model3ds: (models.get(id) ?? []).map((m) => ({ id: Number(m.id), url: m.url, posterUrl: m.poster_url, shape: m.shape as Shape, hue: Number(m.hue) })),
      pdfs: (pdfs.get(id) ?? []).map((f) => ({ url: f.url, localFilename: f.local_filename, title: f.title })),
      reviews: (reviews.get(id) ?? []).map((r) => ({ starsRating: Number(r.stars_rating), title: r.title, body: r.body, author: r.author, createdAt: r.created_at })),
      questions: (questions.get(id) ?? []).map((q) => ({ question: q.question, askedBy: q.asked_by, answer: q.answer, answeredBy: q.answered_by, createdAt: q.created_at })),
      related: (related.get(id) ?? []).map((r) => r.handle),
      notices: noticesOf(p.notices_json),
    };
    items.push(item);
  }
  const tail = products[products.length - 1];
  return { items, last: tail ? { createdOrder: Number(tail.created_order), id: Number(tail.id) } : null };
}

/**
 * The columns of each table an import inserts into, in the order the buffer writes the tables
 * (a row's parent table before it: PostgreSQL checks each statement's foreign keys at once).
 */
const INSERT_COLUMNS = {
  products: ['handle', 'title', 'sku', 'product_code', 'vendor_id', 'weight', 'price_cents', 'compare_at_price_cents', 'description_html', 'seo_title', 'seo_description', 'is_indexed', 'is_featured', 'call_for_price', 'sales_count', 'created_at', 'notices_json', 'created_order', 'id'],
  product_collections: ['product_id', 'collection_id', 'position'],
  product_tags: ['product_id', 'tag_id'],
  product_options: ['id', 'product_id', 'name', 'position'],
  option_values: ['id', 'option_id', 'value', 'position'],
  variants: ['id', 'product_id', 'title', 'position', 'sku', 'price_cents', 'compare_at_price_cents', 'ship_class', 'weight_lb', 'length_in', 'width_in', 'height_in', 'freight_class', 'hazard_group', 'handling_days', 'taxable'],
  variant_selected_options: ['variant_id', 'option_id', 'option_value_id'],
  inventory_levels: ['location', 'position', 'price_cents', 'compare_at_price_cents', 'quantity', 'available_for_sale', 'bypass_negative_quantity', 'variant_id', 'id'],
  product_images: ['id', 'product_id', 'position', 'url', 'alt_text', 'shape', 'hue', 'source', 'file_hash'],
  model3ds: ['id', 'product_id', 'url', 'poster_url', 'shape', 'hue'],
  pdfs: ['id', 'product_id', 'url', 'local_filename', 'title'],
  product_reviews: ['id', 'product_id', 'stars_rating', 'title', 'body', 'author', 'created_at'],
  product_questions: ['id', 'product_id', 'question', 'asked_by', 'answer', 'answered_by', 'created_at'],
  related_products: ['product_id', 'related_product_id', 'position'],
} as const;

type InsertTable = keyof typeof INSERT_COLUMNS;

/** Most rows in one INSERT statement. @default 256 */
export const ROWS_PER_INSERT = 256;

/**
 * New rows held until the end of a batch of products, then written a multi-row INSERT per table
 * and chunk: a few statements a batch instead of one per row, which is what a PostgreSQL import
 * spends its time on (a round trip each). Chunks are powers of two (256, 128, ... 1), so the
 * statement texts stay few: each is prepared once and PostgreSQL's bounded set of named
 * statements is not filled with one-off texts. Updates and deletes are not held: they run at
 * once, before the rows that replace them.
 */
export class InsertBuffer {
  private readonly rows = new Map<InsertTable, unknown[][]>();
  /** Ids held for tables whose ids a drawn URL may ask for (see drawnId). */
  readonly pendingIds = { product_images: new Set<number>(), model3ds: new Set<number>() };

  /** Holds one row of `table` (values in {@link INSERT_COLUMNS} order). */
  add(table: InsertTable, row: unknown[]): void {
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    list.push(row);
    if (table === 'product_images' || table === 'model3ds') this.pendingIds[table].add(row[0] as number);
  }

  /** Writes every row held, parents first, and empties the buffer. */
  async flush(tx: Db): Promise<void> {
    for (const table of Object.keys(INSERT_COLUMNS) as InsertTable[]) {
      const list = this.rows.get(table);
      if (!list || list.length === 0) continue;
      const columns = INSERT_COLUMNS[table];
      const one = `(${marks(columns.length)})`;
      let at = 0;
      while (at < list.length) {
        let n = ROWS_PER_INSERT;
        while (n > list.length - at) n >>= 1;
        const chunk = list.slice(at, at + n);
        at += n;
        await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: n }, () => one).join(', ')}`, chunk.flat());
      }
    }
    this.rows.clear();
    this.pendingIds.product_images.clear();
    this.pendingIds.model3ds.clear();
  }
}

/** What a product write needs besides the product: ids to give, names resolved to ids, the buffer of new rows. */
export interface WriteContext {
  ids: IdCounters;
  vendorId: number | null;
  collectionIds: number[];
  tagIds: number[];
  createdOrder: number;
  buffer: InsertBuffer;
}

const DRAWN_IMAGE = /^\/media\/images\/\d+((?:-\d+)?\.png)$/;
const DRAWN_MODEL = /^\/media\/models\/\d+(\.gltf)$/;
const DRAWN_POSTER = /^\/media\/models\/\d+(\/poster(?:-\d+)?\.png)$/;

/**
 * The id of a new drawn picture's row: the one its URL names when that id is free (an export read
 * into an empty store keeps its URLs), else the next one.
 */
async function drawnId(tx: Db, url: string, re: RegExp, table: 'product_images' | 'model3ds', ids: IdCounters, buffer: InsertBuffer): Promise<number> {
  const m = /^\/media\/(?:images|models)\/(\d{1,9})\b/.exec(url);
  if (m && re.test(url)) {
    const wanted = Number(m[1]);
    if (wanted >= ids[table]) {
      ids[table] = wanted + 1;
      return wanted;
    }
    if (wanted > 0 && !buffer.pendingIds[table].has(wanted) && !(await tx.get(`SELECT id FROM ${table} WHERE id = ?`, [wanted]))) return wanted;
  }
  return ids[table]++;
}

/** A picture the store draws names its row in its URL: a new row renames it. */
const renumber = (url: string, re: RegExp, prefix: string, id: number): string => {
  const m = re.exec(url);
  return m ? `${prefix}${id}${m[1]}` : url;
};

/**
 * Writes one product: inserts it (no `existing`) or updates it in place, keeping the ids of the
 * variants, levels, images and models `item` carries. Answers the product id. The item's drawn
 * picture URLs are renamed after their (new) rows. Updates and deletes run at once; new rows go
 * to `ctx.buffer`, which the caller flushes before anything reads them.
 */
export async function writeItem(tx: Db, item: CatalogueItem, existing: CatalogueItem | null, ctx: WriteContext): Promise<number> {
  const id = existing?.id ?? ctx.ids.products++;
  const { buffer } = ctx;
  const notices = item.notices.length === 0 ? null : JSON.stringify(item.notices);
  const row = [item.handle, item.title, item.sku, item.productCode, ctx.vendorId, item.weight, item.priceCents, item.compareAtPriceCents, item.descriptionHtml, item.seoTitle, item.seoDescription, b(item.isIndexed), b(item.isFeatured), b(item.callForPrice), item.salesCount, item.createdAt, notices];
  if (existing) {
    await tx.run(
      `UPDATE products SET handle = ?, title = ?, sku = ?, product_code = ?, vendor_id = ?, weight = ?, price_cents = ?, compare_at_price_cents = ?, description_html = ?,
       seo_title = ?, seo_description = ?, is_indexed = ?, is_featured = ?, call_for_price = ?, sales_count = ?, created_at = ?, notices_json = ? WHERE id = ?`,
      [...row, id],
    );
    const oldVariantIds = existing.variants.map((v) => v.id!);
    if (oldVariantIds.length > 0) await tx.run(`DELETE FROM variant_selected_options WHERE variant_id IN (${marks(oldVariantIds.length)})`, oldVariantIds);
    await tx.run('DELETE FROM option_values WHERE option_id IN (SELECT id FROM product_options WHERE product_id = ?)', [id]);
    for (const sql of [
      'DELETE FROM product_options WHERE product_id = ?',
      'DELETE FROM product_collections WHERE product_id = ?',
      'DELETE FROM product_tags WHERE product_id = ?',
      'DELETE FROM pdfs WHERE product_id = ?',
      'DELETE FROM product_reviews WHERE product_id = ?',
      'DELETE FROM product_questions WHERE product_id = ?',
    ]) await tx.run(sql, [id]);
    // rows the new item no longer has: levels first (and the cart lines holding them), then variants
    const keptLevels = new Set(item.variants.flatMap((v) => v.inventory.map((l) => l.id)).filter((x) => x !== undefined));
    const goneLevels = existing.variants.flatMap((v) => v.inventory.map((l) => l.id!)).filter((l) => !keptLevels.has(l));
    if (goneLevels.length > 0) {
      await tx.run(`DELETE FROM checkout_line_items WHERE inventory_level_id IN (${marks(goneLevels.length)})`, goneLevels);
      await tx.run(`DELETE FROM inventory_levels WHERE id IN (${marks(goneLevels.length)})`, goneLevels);
    }
    const keptVariants = new Set(item.variants.map((v) => v.id).filter((x) => x !== undefined));
    const goneVariants = oldVariantIds.filter((v) => !keptVariants.has(v));
    if (goneVariants.length > 0) await tx.run(`DELETE FROM variants WHERE id IN (${marks(goneVariants.length)})`, goneVariants);
    const keptImages = new Set(item.images.map((i) => i.id));
    const goneImages = existing.images.map((i) => i.id!).filter((i) => !keptImages.has(i));
    if (goneImages.length > 0) await tx.run(`DELETE FROM product_images WHERE id IN (${marks(goneImages.length)})`, goneImages);
    const keptModels = new Set(item.model3ds.map((m) => m.id));
    const goneModels = existing.model3ds.map((m) => m.id!).filter((m) => !keptModels.has(m));
    if (goneModels.length > 0) await tx.run(`DELETE FROM model3ds WHERE id IN (${marks(goneModels.length)})`, goneModels);
  } else {
    buffer.add('products', [...row, ctx.createdOrder, id]);
  }
  for (const [position, cid] of ctx.collectionIds.entries()) buffer.add('product_collections', [id, cid, position]);
  for (const tagId of ctx.tagIds) buffer.add('product_tags', [id, tagId]);
  const valueIds: Map<string, number>[] = [];
  const optionIds: number[] = [];
  for (const [position, o] of item.options.entries()) {
    const optionId = ctx.ids.product_options++;
    optionIds.push(optionId);
    buffer.add('product_options', [optionId, id, o.name, position]);
    const map = new Map<string, number>();
    for (const [p, value] of o.values.entries()) {
      if (map.has(value)) continue;
      const valueId = ctx.ids.option_values++;
      map.set(value, valueId);
      buffer.add('option_values', [valueId, optionId, value, p]);
    }
    valueIds.push(map);
  }
  for (const [position, v] of item.variants.entries()) {
    let variantId = v.id;
    if (variantId === undefined) {
      variantId = ctx.ids.variants++;
      buffer.add('variants', [variantId, id, v.title, position, v.sku, v.priceCents, v.compareAtPriceCents, ...shippingValues(v.shipping)]);
    } else {
      await tx.run(
        `UPDATE variants SET title = ?, position = ?, sku = ?, price_cents = ?, compare_at_price_cents = ?, ${SHIPPING_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
        [v.title, position, v.sku, v.priceCents, v.compareAtPriceCents, ...shippingValues(v.shipping), variantId],
      );
    }
    for (const [k, value] of v.options.entries()) {
      const valueId = valueIds[k]?.get(value);
      if (valueId !== undefined) buffer.add('variant_selected_options', [variantId, optionIds[k], valueId]);
    }
    for (const [lp, l] of v.inventory.entries()) {
      const values = [l.location, lp, l.priceCents, l.compareAtPriceCents, l.quantity, b(l.availableForSale), b(l.bypassNegativeQuantity)];
      if (l.id === undefined) {
        buffer.add('inventory_levels', [...values, variantId, ctx.ids.inventory_levels++]);
      } else {
        // a kept level stays on its kept variant (mergeItem keeps a level's id only with its variant's)
        await tx.run(
          'UPDATE inventory_levels SET location = ?, position = ?, price_cents = ?, compare_at_price_cents = ?, quantity = ?, available_for_sale = ?, bypass_negative_quantity = ?, variant_id = ? WHERE id = ?',
          [...values, variantId, l.id],
        );
      }
    }
  }
  for (const [position, img] of item.images.entries()) {
    // a picture brought in is served at the store's own sized URL, named after its new row
    const imageId = img.id ?? (img.fileHash === undefined ? await drawnId(tx, img.url, DRAWN_IMAGE, 'product_images', ctx.ids, buffer) : ctx.ids.product_images++);
    const url = img.fileHash !== undefined && img.id === undefined ? storedPictureUrl(imageId) : renumber(img.url, DRAWN_IMAGE, '/media/images/', imageId);
    const file = [img.source ?? null, img.fileHash ?? null];
    if (img.id === undefined) buffer.add('product_images', [imageId, id, position, url, img.altText, img.shape, img.hue, ...file]);
    else await tx.run('UPDATE product_images SET position = ?, url = ?, alt_text = ?, shape = ?, hue = ?, source = ?, file_hash = ? WHERE id = ?', [position, url, img.altText, img.shape, img.hue, ...file, imageId]);
  }
  for (const m of item.model3ds) {
    const modelId = m.id ?? (await drawnId(tx, m.url, DRAWN_MODEL, 'model3ds', ctx.ids, buffer));
    const url = renumber(m.url, DRAWN_MODEL, '/media/models/', modelId);
    const poster = renumber(m.posterUrl, DRAWN_POSTER, '/media/models/', modelId);
    if (m.id === undefined) buffer.add('model3ds', [modelId, id, url, poster, m.shape, m.hue]);
    else await tx.run('UPDATE model3ds SET url = ?, poster_url = ?, shape = ?, hue = ? WHERE id = ?', [url, poster, m.shape, m.hue, modelId]);
  }
  for (const f of item.pdfs) buffer.add('pdfs', [ctx.ids.pdfs++, id, f.url, f.localFilename, f.title]);
  for (const r of item.reviews) buffer.add('product_reviews', [ctx.ids.product_reviews++, id, r.starsRating, r.title, r.body, r.author, r.createdAt]);
  for (const q of item.questions) buffer.add('product_questions', [ctx.ids.product_questions++, id, q.question, q.askedBy, q.answer, q.answeredBy, q.createdAt]);
  return id;
}

/** Removes stored pictures no product image names any more (an import replaced or dropped them). */
export async function dropUnusedMediaFiles(tx: Db): Promise<void> {
  await tx.run('DELETE FROM media_files WHERE NOT EXISTS (SELECT 1 FROM product_images i WHERE i.file_hash = media_files.hash)');
}

/** Replaces a product's related products (ids resolved by the caller); the new rows go to the buffer. */
export async function writeRelated(tx: Db, buffer: InsertBuffer, productId: number, relatedIds: readonly number[]): Promise<void> {
  await tx.run('DELETE FROM related_products WHERE product_id = ?', [productId]);
  for (const [position, r] of relatedIds.entries()) buffer.add('related_products', [productId, r, position]);
}

/** The states of an import started through the operators' API. */
export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** An import job as stored (`catalogue_imports`). */
export interface ImportJobRow {
  id: string;
  format: string;
  dryRun: boolean;
  status: ImportStatus;
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
  /** The report as JSON text, once the import has ended. */
  report: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Records a new import job, queued. */
export async function insertImportJob(db: Db, job: { id: string; format: string; dryRun: boolean; bytesTotal: number; createdAt: string }): Promise<void> {
  await db.run("INSERT INTO catalogue_imports (id, format, dry_run, status, bytes_total, created_at) VALUES (?, ?, ?, 'queued', ?, ?)", [job.id, job.format, b(job.dryRun), job.bytesTotal, job.createdAt]);
}

/** Moves a job on: running, with the rows and bytes read so far. */
export async function updateImportJob(db: Db, id: string, status: ImportStatus, rowsRead: number, bytesRead: number): Promise<void> {
  await db.run('UPDATE catalogue_imports SET status = ?, rows_read = ?, bytes_read = ? WHERE id = ?', [status, rowsRead, bytesRead, id]);
}

/** Ends a job: done with its report, or failed with its error. */
export async function endImportJob(db: Db, id: string, end: { status: 'done' | 'failed'; rowsRead: number; bytesRead: number; report: string | null; error: string | null; finishedAt: string }): Promise<void> {
  await db.run('UPDATE catalogue_imports SET status = ?, rows_read = ?, bytes_read = ?, report = ?, error = ?, finished_at = ? WHERE id = ?', [
    end.status,
    end.rowsRead,
    end.bytesRead,
    end.report,
    end.error,
    end.finishedAt,
    id,
  ]);
}

/** A job by id, or undefined. */
export async function importJob(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const r = await db.get<{ id: string; format: string; dry_run: number; status: ImportStatus; rows_read: number; bytes_read: number; bytes_total: number; report: string | null; error: string | null; created_at: string; finished_at: string | null }>(
    'SELECT id, format, dry_run, status, rows_read, bytes_read, bytes_total, report, error, created_at, finished_at FROM catalogue_imports WHERE id = ?',
    [id],
  );
  if (!r) return undefined;
  return {
    id: r.id,
    format: r.format,
    dryRun: Number(r.dry_run) === 1,
    status: r.status,
    rowsRead: Number(r.rows_read),
    bytesRead: Number(r.bytes_read),
    bytesTotal: Number(r.bytes_total),
    report: r.report,
    error: r.error,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

/** The PostgreSQL database and schema `db` works in; null on SQLite. */
export async function postgresDatabaseOf(db: Db): Promise<{ name: string; schema: string } | null> {
  if (db.dialect.name !== 'postgres') return null;
  const row = await db.get<{ name: string; schema: string }>('SELECT current_database() AS name, current_schema() AS schema');
  return row ? { name: row.name, schema: row.schema } : null;
}

/** The file of an SQLite database ('' in memory); null on PostgreSQL. */
export async function sqliteFile(db: Db): Promise<string | null> {
  if (db.dialect.name !== 'sqlite') return null;
  const row = await db.get<{ file: string }>("SELECT file FROM pragma_database_list WHERE name = 'main'");
  return row?.file ?? '';
}

/**
 * The PostgreSQL server process serving this session, and whether the server runs on this
 * machine (reached through a Unix socket or the loopback address); null on SQLite.
 */
export async function sessionServerProcess(tx: Db): Promise<{ pid: number; local: boolean } | null> {
  if (tx.dialect.name !== 'postgres') return null;
  const row = await tx.get<{ pid: number; addr: string | null }>('SELECT pg_backend_pid() AS pid, host(inet_server_addr()) AS addr');
  if (!row) return null;
  return { pid: Number(row.pid), local: row.addr === null || row.addr === '127.0.0.1' || row.addr === '::1' };
}
