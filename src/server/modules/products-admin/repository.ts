/**
 * The SQL of the back office's products (the same statements on SQLite and PostgreSQL): the
 * filtered list in id order (keyset paging), one product with its variants, inventory levels,
 * pictures and tags for editing, and the writes of an edit and of a bulk edit. The service calls
 * the writes inside its transaction, which also records the catalogue change and the audit rows.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { saveMediaFile, type StoredPicture } from '../media/index.ts';

/** The list's filters (all combine with AND). */
export interface ProductFilter {
  /** Part of the title (any case), or a product's id, SKU or product code, or a variant's SKU (whole, any case). */
  q?: string;
  /**
   * The products the search index finds for `q` (its words and part numbers), when it names few
   * enough: then `q` is read as these ids (or the product id it spells) instead of by LIKE, which
   * reads every title when few match.
   */
  textIds?: readonly number[];
  /** Only products with an available level (not selling below zero) holding this many units or fewer. */
  lowStock?: number;
  /** Only products shown to search engines and feeds (true) or kept out of them (false). */
  indexed?: boolean;
  /** Only products without a picture (true) or with one (false). */
  noImage?: boolean;
  /** Only these products. */
  ids?: readonly number[];
}

/** A product row of the list and of the editor. */
export interface ProductRow {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  product_code: string | null;
  vendor: string | null;
  price_cents: number;
  compare_at_price_cents: number | null;
  description_html: string | null;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
  is_featured: number;
  call_for_price: number;
}

/** A variant row. */
export interface VariantRow {
  id: number;
  product_id: number;
  title: string;
  position: number;
  sku: string | null;
  price_cents: number;
  compare_at_price_cents: number | null;
}

/** An inventory level row. */
export interface LevelRow {
  id: number;
  variant_id: number;
  location: string;
  position: number;
  price_cents: number;
  compare_at_price_cents: number | null;
  quantity: number;
  available_for_sale: number;
  bypass_negative_quantity: number;
  bin_location: string | null;
}

/** A picture row. */
export interface ImageRow {
  id: number;
  product_id: number;
  position: number;
  url: string;
  alt_text: string | null;
}

/** `%`, `_` and the escape character escaped for a LIKE with ESCAPE '!'. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** The ids of a JSON list parameter as a subquery, in the database's own words. */
function dialectIdList(f: ProductFilter & { dialect?: string }): string {
  return f.dialect === 'postgres' ? 'SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(? AS json))' : 'SELECT value FROM json_each(?)';
}

/** The WHERE conditions of a filter, over `products p`. */
function filterSql(f: ProductFilter & { dialect?: string }): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.q !== undefined && f.textIds !== undefined) {
    // one statement text whatever the number of ids (a JSON list)
    const list = dialectIdList(f);
    const parts = [`p.id IN (${list})`];
    params.push(JSON.stringify(f.textIds));
    const text = f.q.trim();
    if (/^[1-9][0-9]{0,9}$/.test(text)) {
      parts.push('p.id = ?');
      params.push(Number(text));
    }
    where.push(`(${parts.join(' OR ')})`);
  } else if (f.q !== undefined) {
    const text = f.q.trim().toLowerCase();
    const parts = ["LOWER(p.title) LIKE ? ESCAPE '!'", 'LOWER(p.sku) = ?', 'LOWER(p.product_code) = ?', 'p.id IN (SELECT vs.product_id FROM variants vs WHERE LOWER(vs.sku) = ?)'];
    params.push(`%${likeEscaped(text)}%`, text, text, text);
    if (/^[1-9][0-9]{0,9}$/.test(text)) {
      parts.push('p.id = ?');
      params.push(Number(text));
    }
    where.push(`(${parts.join(' OR ')})`);
  }
  if (f.lowStock !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM variants lv JOIN inventory_levels ll ON ll.variant_id = lv.id
      WHERE lv.product_id = p.id AND ll.available_for_sale = 1 AND ll.bypass_negative_quantity = 0 AND ll.quantity <= ?)`);
    params.push(f.lowStock);
  }
  if (f.indexed !== undefined) {
    where.push('p.is_indexed = ?');
    params.push(f.indexed ? 1 : 0);
  }
  if (f.noImage !== undefined) where.push(`${f.noImage ? 'NOT ' : ''}EXISTS (SELECT 1 FROM product_images pi WHERE pi.product_id = p.id)`);
  if (f.ids !== undefined) {
    if (f.ids.length === 0) where.push('1 = 0');
    else {
      where.push(`p.id IN (${f.ids.map(() => '?').join(', ')})`);
      params.push(...f.ids);
    }
  }
  return { where, params };
}

const PRODUCT_COLUMNS = `p.id, p.handle, p.title, p.sku, p.product_code, vd.name AS vendor, p.price_cents, p.compare_at_price_cents,
  p.description_html, p.seo_title, p.seo_description, p.is_indexed, p.is_featured, p.call_for_price`;

/** A page of products matching the filter, newest id first, below `beforeId` (keyset paging), `limit` at most. */
export async function listProducts(db: Db, f: ProductFilter, page: { beforeId?: number; limit: number }): Promise<ProductRow[]> {
  const { where, params } = filterSql({ ...f, dialect: db.dialect.name });
  if (page.beforeId !== undefined) {
    where.push('p.id < ?');
    params.push(page.beforeId);
  }
  params.push(page.limit);
  return await db.all<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS.replace('p.description_html', 'NULL AS description_html')} FROM products p LEFT JOIN vendors vd ON vd.id = p.vendor_id
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.id DESC LIMIT ?`,
    params,
  );
}

/** The ids of the products matching the filter, in id order, `limit` at most. */
export async function matchingProductIds(db: Db, f: ProductFilter, limit: number): Promise<number[]> {
  const { where, params } = filterSql({ ...f, dialect: db.dialect.name });
  params.push(limit);
  const rows = await db.all<{ id: number }>(`SELECT p.id FROM products p ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.id LIMIT ?`, params);
  return rows.map((r) => Number(r.id));
}

/** One product, or undefined. */
export async function productById(db: Db, id: number): Promise<ProductRow | undefined> {
  return await db.get<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN vendors vd ON vd.id = p.vendor_id WHERE p.id = ?`, [id]);
}

const inList = (ids: readonly number[]) => ids.map(() => '?').join(', ');

/** These products (without their descriptions), in id order. */
export async function productsByIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return await db.all<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS.replace('p.description_html', 'NULL AS description_html')} FROM products p LEFT JOIN vendors vd ON vd.id = p.vendor_id WHERE p.id IN (${inList(ids)}) ORDER BY p.id`,
    ids,
  );
}

/** The variants of these products, by product, position and id. */
export async function variantsOf(db: Db, productIds: readonly number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return await db.all<VariantRow>(
    `SELECT id, product_id, title, position, sku, price_cents, compare_at_price_cents FROM variants WHERE product_id IN (${inList(productIds)}) ORDER BY product_id, position, id`,
    productIds,
  );
}

/** The inventory levels of these variants, by variant, position and id (locked until the transaction ends when `lock`). */
export async function levelsOf(db: Db, variantIds: readonly number[], lock = false): Promise<LevelRow[]> {
  if (variantIds.length === 0) return [];
  return await db.all<LevelRow>(
    `SELECT id, variant_id, location, position, price_cents, compare_at_price_cents, quantity, available_for_sale, bypass_negative_quantity, bin_location
     FROM inventory_levels WHERE variant_id IN (${inList(variantIds)}) ORDER BY variant_id, position, id${lock ? db.dialect.forUpdate : ''}`,
    variantIds,
  );
}

/** The pictures of these products, by product and position. */
export async function imagesOf(db: Db, productIds: readonly number[]): Promise<ImageRow[]> {
  if (productIds.length === 0) return [];
  return await db.all<ImageRow>(
    `SELECT id, product_id, position, url, alt_text FROM product_images WHERE product_id IN (${inList(productIds)}) ORDER BY product_id, position, id`,
    productIds,
  );
}

/** A product's tags as [prefix, value], in prefix and value order. */
export async function tagsOf(db: Db, productId: number): Promise<{ prefix: string; value: string }[]> {
  return await db.all<{ prefix: string; value: string }>(
    'SELECT t.prefix, t.value FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = ? ORDER BY t.prefix, t.value',
    [productId],
  );
}

/** Locks a product's row until the transaction ends (PostgreSQL; SQLite's write transaction already holds the database). */
export async function lockProduct(db: Db, id: number): Promise<boolean> {
  return (await db.get<{ id: number }>(`SELECT id FROM products WHERE id = ?${db.dialect.forUpdate}`, [id])) !== undefined;
}

/** The editable texts and flags of a product. */
export interface ProductTexts {
  title: string;
  descriptionHtml: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  isFeatured: boolean;
  callForPrice: boolean;
}

/** Writes a product's texts and flags. */
export async function updateProductTexts(db: Db, id: number, t: ProductTexts): Promise<void> {
  await db.run(
    'UPDATE products SET title = ?, description_html = ?, seo_title = ?, seo_description = ?, is_indexed = ?, is_featured = ?, call_for_price = ? WHERE id = ?',
    [t.title, t.descriptionHtml, t.seoTitle, t.seoDescription, t.isIndexed ? 1 : 0, t.isFeatured ? 1 : 0, t.callForPrice ? 1 : 0, id],
  );
}

/** Writes a product's own price (the one its first variant carries). */
export async function updateProductPrice(db: Db, id: number, priceCents: number, compareAtPriceCents: number | null): Promise<void> {
  await db.run('UPDATE products SET price_cents = ?, compare_at_price_cents = ? WHERE id = ?', [priceCents, compareAtPriceCents, id]);
}

/** Writes a variant's price, and its inventory levels' (the price a level sells at). */
export async function updateVariantPrice(db: Db, variantId: number, priceCents: number, compareAtPriceCents: number | null): Promise<void> {
  await db.run('UPDATE variants SET price_cents = ?, compare_at_price_cents = ? WHERE id = ?', [priceCents, compareAtPriceCents, variantId]);
  await db.run('UPDATE inventory_levels SET price_cents = ?, compare_at_price_cents = ? WHERE variant_id = ?', [priceCents, compareAtPriceCents, variantId]);
}

/** Writes an inventory level's stock and sale flags. */
export async function updateLevel(db: Db, levelId: number, v: { quantity: number; availableForSale: boolean; binLocation: string | null }): Promise<void> {
  await db.run('UPDATE inventory_levels SET quantity = ?, available_for_sale = ?, bin_location = ? WHERE id = ?', [v.quantity, v.availableForSale ? 1 : 0, v.binLocation, levelId]);
}

/** Writes an inventory level's stock only. */
export async function updateLevelQuantity(db: Db, levelId: number, quantity: number): Promise<void> {
  await db.run('UPDATE inventory_levels SET quantity = ? WHERE id = ?', [quantity, levelId]);
}

/** Writes a picture's position and alternative text. */
export async function updateImage(db: Db, imageId: number, position: number, altText: string | null): Promise<void> {
  await db.run('UPDATE product_images SET position = ?, alt_text = ? WHERE id = ?', [position, altText, imageId]);
}

/**
 * Keeps an uploaded picture (once per content: the same bytes again share the stored file) and
 * adds it as the product's last picture, drawn in the product's shape where its own pictures are
 * drawn ones; the new picture's id. `url` names the picture after its id.
 */
export async function addUploadedImage(
  db: Db,
  productId: number,
  picture: StoredPicture,
  input: { altText: string | null; source: string; createdAt: string; url: (imageId: number) => string },
): Promise<number> {
  await saveMediaFile(db, picture, input.createdAt);
  const shape = await db.get<{ shape: string }>('SELECT shape FROM product_images WHERE product_id = ? AND file_hash IS NULL ORDER BY position, id LIMIT 1', [productId]);
  const last = await db.get<{ n: number | null }>('SELECT MAX(position) AS n FROM product_images WHERE product_id = ?', [productId]);
  const row = await db.get<{ id: number }>(
    "INSERT INTO product_images (product_id, position, url, alt_text, shape, hue, source, file_hash) VALUES (?, ?, '', ?, ?, 0, ?, ?) RETURNING id",
    [productId, Number(last?.n ?? -1) + 1, input.altText, shape?.shape ?? 'kit', input.source, picture.hash],
  );
  const id = Number(row!.id);
  await db.run('UPDATE product_images SET url = ? WHERE id = ?', [input.url(id), id]);
  return id;
}

/** Removes a picture of a product. */
export async function deleteImage(db: Db, imageId: number): Promise<void> {
  await db.run('DELETE FROM product_images WHERE id = ?', [imageId]);
}

/**
 * The id of a tag, made when it does not exist yet. Tag ids are given by their writers (the
 * catalogue's convention): a new one takes the next id; when another writer took that id at the
 * same moment, the insert does nothing and the next id is tried.
 */
export async function tagId(db: Db, prefix: string, value: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await db.get<{ id: number }>('SELECT id FROM tags WHERE prefix = ? AND value = ?', [prefix, value]);
    if (found) return Number(found.id);
    // WHERE 1 = 1: SQLite reads an INSERT ... SELECT's ON CONFLICT only after a WHERE
    await db.run('INSERT INTO tags (id, prefix, value) SELECT COALESCE(MAX(id), 0) + 1, ?, ? FROM tags WHERE 1 = 1 ON CONFLICT DO NOTHING', [prefix, value]);
  }
  throw new Error(`could not add the tag ${prefix}:${value}`);
}

/** Replaces a product's tags. */
export async function replaceProductTags(db: Db, productId: number, tagIds: readonly number[]): Promise<void> {
  await db.run('DELETE FROM product_tags WHERE product_id = ?', [productId]);
  for (const id of new Set(tagIds)) await db.run('INSERT INTO product_tags (product_id, tag_id) VALUES (?, ?)', [productId, id]);
}
