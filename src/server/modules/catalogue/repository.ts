/**
 * The catalogue aggregate: products with their variants, stock, media, reviews and questions,
 * vendors, and the search documents of the in-memory index. Portable SQL only (`?`
 * placeholders, integer booleans, cents); id lists go through `IN (?, ?, ...)` in chunks.
 *
 * Entity field names are the API's, word for word (clients read them by name). Money leaves as decimals through
 * `fromCents`, once, here at the edge. Descriptions leave sanitised.
 * @module
 */
import type {
  InventoryLevel,
  Product,
  ProductCardData,
  ProductOption,
  ProductReview,
  Variant,
} from '../../../domain/entities.ts';
import { fromCents, toCents } from '../../../domain/money.ts';
import { pageOffset } from '../../../domain/pagination.ts';
import { summarizeReviews } from '../../../domain/ratings.ts';
import { firstAvailableLevel, productCardData } from '../../../domain/variants.ts';
import type { Db, SyncReader } from '../../platform/db/database.ts';
import { htmlToText, sanitizeDescription } from '../../platform/http/html.ts';
import type { SearchDocument } from '../search/types.ts';
import { recordCatalogueChange, type CatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import { CollectionTree } from './collections.repository.ts';
import { parseNotices } from '../shipping/service.ts';
import type { ProductNotice } from '../../../domain/shipping/notices.ts';

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  product_code: string | null;
  vendor: string | null;
  weight: number | null;
  price_cents: number;
  compare_at_price_cents: number | null;
  description_html: string | null;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
  is_featured: number;
  sales_count: number;
  call_for_price: number;
}

interface VariantRow {
  id: number;
  product_id: number;
  title: string;
  position: number;
  sku: string | null;
  price_cents: number;
  compare_at_price_cents: number | null;
}

interface LevelRow {
  id: number;
  variant_id: number;
  price_cents: number;
  compare_at_price_cents: number | null;
  quantity: number;
  available_for_sale: number;
  bypass_negative_quantity: number;
}

/** A product card with the extra fields `fields=` may ask for besides the spec's card fields. */
export type CardData = ProductCardData & {
  seoTitle: string | null;
  seoDescription: string | null;
  productCode: string | null;
  sku: string | null;
};

/** Fields `fields=` may select on product cards. */
export const CARD_FIELDS: readonly (keyof CardData)[] = [
  'id', 'title', 'handle', 'imageUrl', 'price', 'compareAtPrice', 'availableForSale', 'avgRating',
  'totalReviews', 'isFeatured', 'inventoryLevelId', 'availableQuantity', 'bypassNegativeQuantity',
  'vendor', 'seoTitle', 'seoDescription', 'productCode', 'sku', 'callForPrice',
];

/** A product question with its answer (the product page's Q&A area). */
export interface ProductQuestion {
  id: number;
  question: string;
  askedBy: string;
  answer: string | null;
  answeredBy: string | null;
  createdAt: string;
}

/** A vendor with its number of products (GET /api/products/vendors/fullDetail). */
export interface VendorDetail {
  id: number;
  name: string;
  handle: string;
  productCount: number;
}

const CHUNK = 500;
const money = (cents: number | null): number | null => (cents === null ? null : fromCents(cents));
const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** One read of a plan: the statement and its parameters. */
interface Query {
  sql: string;
  params: readonly unknown[];
}

/**
 * A read written once and run either way: a generator that yields its statements and receives
 * their rows. The card store and the search index read the embedded database synchronously
 * (`runSync` over `db.sync`: their loaders cannot await, and the start-up feed streams range by
 * range); everything else, and PostgreSQL always, runs it with `runAsync`.
 */
type Plan<T> = Generator<Query, T, unknown[]>;

function* rowsOf<T>(sql: string, params: readonly unknown[] = []): Plan<T[]> {
  return (yield { sql, params }) as T[];
}

/** Runs a plan on the embedded database's synchronous reader. */
function runSync<T>(reader: SyncReader, plan: Plan<T>): T {
  let step = plan.next();
  while (!step.done) step = plan.next(reader.all(step.value.sql, step.value.params));
  return step.value;
}

/** Runs a plan through the asynchronous `Db`. */
async function runAsync<T>(db: Db, plan: Plan<T>): Promise<T> {
  let step = plan.next();
  while (!step.done) step = plan.next(await db.all(step.value.sql, step.value.params));
  return step.value;
}

/** Runs `sql` (with one `IN (%)` slot) over ids in chunks, so huge lists stay under the driver's parameter limit. */
function* allIn<T>(sql: string, ids: readonly number[], extra: readonly unknown[] = []): Plan<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    out.push(...(yield* rowsOf<T>(sql.replace('%', placeholders(chunk.length)), [...chunk, ...extra])));
  }
  return out;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(row);
  }
  return map;
}

const PRODUCT_COLUMNS = `p.id, p.handle, p.title, p.sku, p.product_code, v.name AS vendor, p.weight, p.price_cents,
  p.compare_at_price_cents, p.description_html, p.seo_title, p.seo_description, p.is_indexed, p.is_featured, p.sales_count, p.call_for_price`;

/** Cards never show the description: leaving it out keeps hydration from reading kilobytes per card. */
const CARD_COLUMNS = PRODUCT_COLUMNS.replace('p.description_html', 'NULL AS description_html');

function toLevel(l: LevelRow): InventoryLevel {
  return {
    id: l.id,
    variantId: l.variant_id,
    inventoryPrice: fromCents(l.price_cents),
    inventoryCompareAtPrice: money(l.compare_at_price_cents),
    availableForSale: l.available_for_sale === 1,
    availableQuantity: l.quantity,
    bypassNegativeQuantity: l.bypass_negative_quantity === 1,
  };
}

/**
 * Variants with their available inventory levels. Choices: `availableInventoryLevels` lists the
 * levels marked available for sale (whatever their quantity: a level with 0 in stock and no bypass
 * still sells nothing, and the storefront reads its quantity); a variant is available for sale
 * when one of its levels is; its availableQuantity is the sum over its available levels (a level
 * below zero counts as 0).
 */
function* loadVariants(productIds: readonly number[], withOptions: boolean): Plan<Map<number, Variant[]>> {
  const variantRows = yield* allIn<VariantRow>(
    'SELECT id, product_id, title, position, sku, price_cents, compare_at_price_cents FROM variants WHERE product_id IN (%) ORDER BY product_id, position, id',
    productIds,
  );
  const variantIds = variantRows.map((v) => v.id);
  const levels = groupBy(
    yield* allIn<LevelRow>(
      `SELECT id, variant_id, price_cents, compare_at_price_cents, quantity, available_for_sale, bypass_negative_quantity
       FROM inventory_levels WHERE variant_id IN (%) AND available_for_sale = 1 ORDER BY variant_id, position, id`,
      variantIds,
    ),
    (l) => l.variant_id,
  );
  const selected = withOptions
    ? groupBy(
        yield* allIn<{ variant_id: number; id: number; name: string; value: string }>(
          `SELECT s.variant_id, o.id, o.name, ov.value FROM variant_selected_options s
           JOIN product_options o ON o.id = s.option_id JOIN option_values ov ON ov.id = s.option_value_id
           WHERE s.variant_id IN (%) ORDER BY s.variant_id, o.position`,
          variantIds,
        ),
        (s) => s.variant_id,
      )
    : new Map<number, { variant_id: number; id: number; name: string; value: string }[]>();
  const out = new Map<number, Variant[]>();
  for (const v of variantRows) {
    const available = (levels.get(v.id) ?? []).map(toLevel);
    const variant: Variant = {
      id: v.id,
      title: v.title,
      variantPosition: v.position,
      price: fromCents(v.price_cents),
      compareAtPrice: money(v.compare_at_price_cents),
      availableForSale: available.length > 0,
      availableQuantity: available.reduce((s, l) => s + Math.max(0, l.availableQuantity), 0),
      sku: v.sku,
      availableInventoryLevels: available,
      Options: (selected.get(v.id) ?? []).map((s) => ({ id: s.id, name: s.name, VariantSelectedOptions: { optionValueSelected: s.value } })),
    };
    let list = out.get(v.product_id);
    if (!list) out.set(v.product_id, (list = []));
    list.push(variant);
  }
  return out;
}

function* loadStars(productIds: readonly number[]): Plan<Map<number, { starsRating: number }[]>> {
  return groupBy(
    yield* allIn<{ product_id: number; starsRating: number }>(
      'SELECT product_id, stars_rating AS starsRating FROM product_reviews WHERE product_id IN (%)',
      productIds,
    ),
    (r) => r.product_id,
  );
}

function* loadFirstImages(productIds: readonly number[]): Plan<Map<number, string>> {
  const out = new Map<number, string>();
  const rows = yield* allIn<{ product_id: number; url: string }>(
    'SELECT product_id, url FROM product_images WHERE product_id IN (%) ORDER BY product_id, position DESC, id DESC',
    productIds,
  );
  // ordered last-first so the final write per product is its first image
  for (const r of rows) out.set(r.product_id, r.url);
  return out;
}

function baseProduct(row: ProductRow, variants: Variant[], stars: { starsRating: number }[], imageUrl: string | null): Product {
  const summary = summarizeReviews(stars);
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    isIndexed: row.is_indexed === 1,
    sku: row.sku,
    vendor: row.vendor,
    weight: row.weight,
    price: fromCents(row.price_cents),
    compareAtPrice: money(row.compare_at_price_cents),
    availableForSale: variants.some((v) => v.availableForSale),
    imageUrl,
    descriptionHtml: sanitizeDescription(row.description_html),
    avgRating: summary ? summary.ratingValue : null,
    totalReviews: summary ? summary.reviewCount : 0,
    productCode: row.product_code,
    isFeatured: row.is_featured === 1,
    callForPrice: Number(row.call_for_price) === 1,
    Images: [],
    Model3Ds: [],
    PDFs: [],
    Options: [],
    Variants: variants,
    Collections: [],
    Reviews: [],
  };
}

/**
 * A product's notices as its page shows them: the stored ones (Proposition 65, not returnable
 * once opened; anything unreadable is none), and the hazardous-material handling notice when a
 * variant ships as hazmat, as the shipping quote adds it to such a line, so the page and the
 * checkout never disagree about it.
 * @example
 * productNotices('[{"kind":"not-returnable-once-opened"}]', true); // [{ kind: 'not-returnable-once-opened' }, { kind: 'hazmat-handling' }]
 */
export function productNotices(json: string | null, shipsHazmat: boolean): ProductNotice[] {
  const notices = parseNotices(json);
  return shipsHazmat && !notices.some((n) => n.kind === 'hazmat-handling') ? [...notices, { kind: 'hazmat-handling' }] : notices;
}

/**
 * The product page's product: Variants (with Options and availableInventoryLevels), Images,
 * Model3Ds, PDFs, Options, Collections, Reviews and its notices; null when no product has the handle.
 * Handles are written lower case (slugs); a request matches a handle exactly or in lower case, so
 * a typed 'SPX-Pump' URL still finds 'spx-pump' while the lookup stays on the unique index (a
 * case-insensitive collation would scan the table, ~10 ms per unknown handle at 200k products).
 * @example
 * productByHandle(db, 'aquacrest-maxflo-variable-speed-pool-pump')?.Variants[0]?.availableInventoryLevels;
 */
export async function productByHandle(db: Db, handle: string): Promise<Product | null> {
  // the notices ride on the product's own row (no second round trip); whether a variant ships
  // as hazmat is asked of the variants in the same statement
  const row = await db.get<ProductRow & { notices_json: string | null; ships_hazmat: number }>(
    `SELECT ${PRODUCT_COLUMNS}, p.notices_json,
            CASE WHEN EXISTS (SELECT 1 FROM variants hv WHERE hv.product_id = p.id AND hv.ship_class = 'hazmat-ground') THEN 1 ELSE 0 END AS ships_hazmat
     FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.handle IN (?, ?) ORDER BY p.handle = ? DESC LIMIT 1`,
    [handle, handle.toLowerCase(), handle],
  );
  if (!row) return null;
  const ids = [row.id];
  const variants = (await runAsync(db, loadVariants(ids, true))).get(row.id) ?? [];
  const reviews = await db.all<{ id: number; starsRating: number; title: string | null; body: string | null; author: string | null; createdAt: string }>(
    'SELECT id, stars_rating AS starsRating, title, body, author, created_at AS createdAt FROM product_reviews WHERE product_id = ? ORDER BY created_at DESC, id DESC',
    ids,
  );
  const images = await db.all<{ id: number; url: string; altText: string | null }>(
    'SELECT id, url, alt_text AS altText FROM product_images WHERE product_id = ? ORDER BY position, id',
    ids,
  );
  const product = baseProduct(row, variants, reviews, images[0]?.url ?? null);
  product.notices = productNotices(row.notices_json, row.ships_hazmat === 1);
  product.Images = images;
  product.Reviews = reviews.map((r): ProductReview => ({
    id: r.id,
    starsRating: r.starsRating,
    title: r.title ?? '',
    body: r.body ?? '',
    author: r.author ?? '',
    createdAt: r.createdAt,
  }));
  product.Model3Ds = await db.all<{ id: number; posterUrl: string; url: string }>(
    'SELECT id, poster_url AS posterUrl, url FROM model3ds WHERE product_id = ? ORDER BY id',
    ids,
  );
  product.PDFs = (await db
    .all<{ url: string; localFilename: string }>('SELECT url, local_filename AS localFilename FROM pdfs WHERE product_id = ? ORDER BY id', ids))
    .map((p) => ({ url: p.url, Attachment: { localFilename: p.localFilename } }));
  const optionRows = await db.all<{ id: number; name: string; value: string | null }>(
    `SELECT o.id, o.name, ov.value FROM product_options o LEFT JOIN option_values ov ON ov.option_id = o.id
     WHERE o.product_id = ? ORDER BY o.position, o.id, ov.position, ov.id`,
    ids,
  );
  const options = new Map<number, ProductOption>();
  for (const o of optionRows) {
    let opt = options.get(o.id);
    if (!opt) options.set(o.id, (opt = { id: o.id, name: o.name, values: [] }));
    if (o.value !== null) opt.values.push(o.value);
  }
  product.Options = [...options.values()];
  product.Collections = await db.all<{ id: number; handle: string; title: string }>(
    `SELECT c.id, c.handle, c.title FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
     WHERE pc.product_id = ? ORDER BY pc.position, c.id`,
    ids,
  );
  return product;
}

/**
 * Puts a product on sale: the product, its variants and their inventory levels take the price
 * and compare-at price in one transaction, which also records the change in the catalogue log.
 * @returns the recorded change (pass it to `app.catalogue.reindex`), or null for an unknown product
 */
export async function setProductPrice(db: Db, productId: number, priceCents: number, compareAtPriceCents: number | null): Promise<CatalogueChange | null> {
  return await db.transaction(async (tx) => {
    const changed = await tx.run('UPDATE products SET price_cents = ?, compare_at_price_cents = ? WHERE id = ?', [priceCents, compareAtPriceCents, productId]);
    if (changed.changes === 0) return null;
    await tx.run('UPDATE variants SET price_cents = ?, compare_at_price_cents = ? WHERE product_id = ?', [priceCents, compareAtPriceCents, productId]);
    await tx.run(
      'UPDATE inventory_levels SET price_cents = ?, compare_at_price_cents = ? WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)',
      [priceCents, compareAtPriceCents, productId],
    );
    return await recordCatalogueChange(tx, [productId]);
  });
}

/** The id of a product, or null when it does not exist (for 404s of the per-product routes). */
export async function productExists(db: Db, id: number): Promise<boolean> {
  return await db.get<{ id: number }>('SELECT id FROM products WHERE id = ?', [id]) !== undefined;
}

/**
 * Product cards for ids, in the order given (search hydration, recently viewed). Unknown ids
 * and repeats are skipped, so a stale recently-viewed list still renders what exists. Card
 * data follows the domain rule (`productCardData`: the first available inventory level).
 * @example
 * productCards(db, [42, 7]).map((c) => c.id); // [42, 7]
 */
export async function productCards(db: Db, ids: readonly number[]): Promise<CardData[]> {
  return await runAsync(db, cardsPlan(ids));
}

function* cardsPlan(ids: readonly number[]): Plan<CardData[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = yield* allIn<ProductRow>(`SELECT ${CARD_COLUMNS} FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.id IN (%)`, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = unique.filter((id) => byId.has(id));
  const variants = yield* loadVariants(found, false);
  const stars = yield* loadStars(found);
  const images = yield* loadFirstImages(found);
  return found.map((id) => {
    const row = byId.get(id) as ProductRow;
    const product = baseProduct(row, variants.get(id) ?? [], stars.get(id) ?? [], images.get(id) ?? null);
    return {
      ...productCardData(product),
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      productCode: row.product_code,
      sku: row.sku,
      callForPrice: Number(row.call_for_price) === 1,
    };
  });
}

const cardValues = (cards: readonly CardData[]): Map<number, unknown[]> => new Map(cards.map((c) => [c.id, CARD_FIELDS.map((f) => c[f])]));

/**
 * Cards by id as their values in CARD_FIELDS order (the ProductCard schema's), for the card
 * store of the search answers; unknown ids are absent.
 */
export async function productCardValues(db: Db, ids: readonly number[]): Promise<Map<number, unknown[]>> {
  return cardValues(await productCards(db, ids));
}

/** productCardValues read synchronously from the embedded database (the card store's loader). */
export function productCardValuesSync(reader: SyncReader, ids: readonly number[]): Map<number, unknown[]> {
  return cardValues(runSync(reader, cardsPlan(ids)));
}

/**
 * Every product id, ascending, in batches (the card store's start-up read).
 * @default size 500
 */
export async function* productIdBatches(db: Db, size = 500): AsyncGenerator<number[]> {
  let after = 0;
  for (;;) {
    const ids = (await db.all<{ id: number }>('SELECT id FROM products WHERE id > ? ORDER BY id LIMIT ?', [after, size])).map((r) => r.id);
    if (ids.length === 0) return;
    yield ids;
    after = ids[ids.length - 1] ?? after;
  }
}

/** Ids of a product's related products, in their order. */
export async function relatedProductIds(db: Db, productId: number): Promise<number[]> {
  return (await db
    .all<{ id: number }>('SELECT related_product_id AS id FROM related_products WHERE product_id = ? ORDER BY position, related_product_id', [productId]))
    .map((r) => r.id);
}

/** One page of a product's reviews, newest first, with the total count. */
export async function productReviews(db: Db, productId: number, page: number, limit: number): Promise<{ reviews: ProductReview[]; total: number }> {
  const total = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM product_reviews WHERE product_id = ?', [productId]))?.n ?? 0;
  const reviews = await db.all<ProductReview>(
    `SELECT id, stars_rating AS starsRating, title, body, author, created_at AS createdAt FROM product_reviews
     WHERE product_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    [productId, limit, pageOffset(page, limit)],
  );
  return { reviews, total };
}

/** A product's questions with their answers, newest first. */
export async function productQuestions(db: Db, productId: number): Promise<ProductQuestion[]> {
  return await db.all<ProductQuestion>(
    `SELECT id, question, asked_by AS askedBy, answer, answered_by AS answeredBy, created_at AS createdAt
     FROM product_questions WHERE product_id = ? ORDER BY created_at DESC, id DESC`,
    [productId],
  );
}

/** Sort keys of the vendor list. */
export type VendorSort = 'PRODUCT_COUNT' | 'NAME';

/**
 * Every vendor with its product count, most products first (ties by name). One GROUP BY over
 * the products (about 15 ms at 200k), so callers cache it and page in memory.
 */
export async function allVendorCounts(db: Db): Promise<VendorDetail[]> {
  return await db.all<VendorDetail>(
    `SELECT v.id, v.name, v.handle, COUNT(p.id) AS productCount FROM vendors v LEFT JOIN products p ON p.vendor_id = v.id
     GROUP BY v.id, v.name, v.handle ORDER BY COUNT(p.id) DESC, v.name ASC`,
  );
}

const byName = (a: VendorDetail, b: VendorDetail): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/**
 * One page of vendors sorted by product count or name. Ties (equal counts) fall back to the
 * name so pages never overlap.
 * @example
 * vendorsPage(allVendorCounts(db), { page: 0, limit: 10, sortBy: 'PRODUCT_COUNT', order: 'DESC' });
 */
export function vendorsPage(
  vendors: readonly VendorDetail[],
  q: { page: number; limit: number; sortBy: VendorSort; order: 'ASC' | 'DESC' },
): VendorDetail[] {
  const dir = q.order === 'ASC' ? 1 : -1;
  const sorted = [...vendors].sort((a, b) =>
    q.sortBy === 'NAME' ? dir * byName(a, b) : dir * (a.productCount - b.productCount) || byName(a, b),
  );
  const start = pageOffset(q.page, q.limit);
  return sorted.slice(start, start + q.limit);
}

/**
 * The search documents of the index: every product (or the given ids), with its part numbers
 * (product code, SKU, variant SKUs), tags, collections with their ancestors, and the card price
 * in cents by the same rule the card uses (first available inventory level, else the product price).
 * @example
 * const index = createSearchIndex(loadSearchDocuments(db));
 * index.upsert(loadSearchDocuments(db, [42])[0]!); // after writing product 42
 * @default tree a fresh read of the collection tree
 * @default rangeSize 5000
 */
export async function loadSearchDocuments(
  db: Db,
  ids?: readonly number[],
  tree?: CollectionTree,
  rangeSize: number = RANGE,
): Promise<SearchDocument[]> {
  const t = tree ?? (await CollectionTree.load(db));
  if (ids) return await runAsync(db, loadDocs(t, new Map(), (col) => `${col} IN (%)`, ids));
  const docs: SearchDocument[] = [];
  for await (const range of searchDocumentRanges(db, t, rangeSize)) docs.push(...range);
  return docs;
}

/**
 * The search documents of the whole catalogue, read lazily in id ranges: the index takes
 * them one range at a time, so only one range's rows and documents are alive besides the
 * index (loading all 100k documents first held about 140 MB more at the peak, and the
 * process kept most of that resident afterwards). Synchronous, over the embedded database's
 * reader (the index's bulk load takes an iterable); PostgreSQL reads `searchDocumentRanges`.
 * @example
 * const index = createSearchIndex(searchDocuments(db.sync!, tree));
 * @default rangeSize 5000
 */
export function* searchDocuments(reader: SyncReader, tree: CollectionTree, rangeSize: number = RANGE): Generator<SearchDocument> {
  const ancestorCache = new Map<number, number[]>();
  const bounds = reader.all<{ lo: number | null; hi: number | null }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM products')[0];
  if (!bounds || bounds.lo === null || bounds.hi === null) return;
  const step = Math.max(1, Math.floor(rangeSize));
  for (let lo = bounds.lo; lo <= bounds.hi; lo += step) {
    yield* runSync(reader, loadDocs(tree, ancestorCache, (col) => `${col} BETWEEN ? AND ?`, [lo, lo + step - 1]));
  }
}

/** The search documents of the whole catalogue, one id range at a time, through the asynchronous `Db`. */
export async function* searchDocumentRanges(db: Db, tree: CollectionTree, rangeSize: number = RANGE): AsyncGenerator<SearchDocument[]> {
  const ancestorCache = new Map<number, number[]>();
  const bounds = await db.get<{ lo: number | null; hi: number | null }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM products');
  if (!bounds || bounds.lo === null || bounds.hi === null) return;
  const step = Math.max(1, Math.floor(rangeSize));
  for (let lo = bounds.lo; lo <= bounds.hi; lo += step) {
    yield await runAsync(db, loadDocs(tree, ancestorCache, (col) => `${col} BETWEEN ? AND ?`, [lo, lo + step - 1]));
  }
}

/** Products per range of the whole-catalogue load. */
const RANGE = 5000;

function* loadDocs(
  tree: CollectionTree,
  ancestorCache: Map<number, number[]>,
  clause: (col: string) => string,
  params: readonly number[],
): Plan<SearchDocument[]> {
  const where = (col: string): string => `WHERE ${clause(col)}`;
  const run = <T>(sql: string): Plan<T[]> => (sql.includes('%') ? allIn<T>(sql, params) : rowsOf<T>(sql, params));
  const rows = yield* run<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id ${where('p.id')} ORDER BY p.id`);
  const variantRows = groupBy(
    yield* run<VariantRow & { level_id: number | null; level_price: number | null }>(
      `SELECT x.id, x.product_id, x.sku, x.position, l.id AS level_id, l.price_cents AS level_price
       FROM variants x LEFT JOIN inventory_levels l ON l.variant_id = x.id AND l.available_for_sale = 1 ${where('x.product_id')}
       ORDER BY x.product_id, x.position, x.id, l.position, l.id`,
    ),
    (v) => v.product_id,
  );
  const tags = groupBy(
    yield* run<{ product_id: number; prefix: string; value: string }>(
      `SELECT pt.product_id, t.prefix, t.value FROM product_tags pt JOIN tags t ON t.id = pt.tag_id ${where('pt.product_id')}
       ORDER BY pt.product_id, pt.tag_id`,
    ),
    (t) => t.product_id,
  );
  const collections = groupBy(
    yield* run<{ product_id: number; collection_id: number }>(`SELECT product_id, collection_id FROM product_collections ${where('product_id')} ORDER BY product_id, collection_id`),
    (c) => c.product_id,
  );
  // option values ('400,000 BTU', '1.5"') are searched as the product's attributes
  const optionValues = groupBy(
    yield* run<{ product_id: number; value: string }>(
      `SELECT po.product_id, ov.value FROM product_options po JOIN option_values ov ON ov.option_id = po.id ${where('po.product_id')}
       ORDER BY po.product_id, po.position, ov.position, ov.id`,
    ),
    (o) => o.product_id,
  );
  const stars = groupBy(
    yield* run<{ product_id: number; starsRating: number }>(`SELECT product_id, stars_rating AS starsRating FROM product_reviews ${where('product_id')} ORDER BY product_id, id`),
    (r) => r.product_id,
  );
  const ancestors = (id: number): number[] => {
    let a = ancestorCache.get(id);
    if (!a) ancestorCache.set(id, (a = tree.withAncestors(id)));
    return a;
  };
  return rows.map((row) => {
    const vrows = variantRows.get(row.id) ?? [];
    // Rebuild the variants' available levels in the card's order, then apply the card rule.
    const variants: Variant[] = [];
    const partNumbers = new Set<string>();
    if (row.product_code) partNumbers.add(row.product_code);
    if (row.sku) partNumbers.add(row.sku);
    for (const v of vrows) {
      if (v.sku) partNumbers.add(v.sku);
      let variant = variants[variants.length - 1];
      if (!variant || variant.id !== v.id) {
        variant = { id: v.id, title: '', variantPosition: v.position, price: 0, compareAtPrice: null, availableForSale: false, availableQuantity: 0, availableInventoryLevels: [], Options: [] };
        variants.push(variant);
      }
      if (v.level_id !== null && v.level_price !== null) {
        variant.availableForSale = true;
        variant.availableInventoryLevels.push({
          id: v.level_id, variantId: v.id, inventoryPrice: fromCents(v.level_price), inventoryCompareAtPrice: null,
          availableForSale: true, availableQuantity: 0, bypassNegativeQuantity: false,
        });
      }
    }
    const first = firstAvailableLevel({ Variants: variants });
    const summary = summarizeReviews(stars.get(row.id) ?? []);
    const collectionIds = new Set<number>();
    for (const c of collections.get(row.id) ?? []) for (const a of ancestors(c.collection_id)) collectionIds.add(a);
    return {
      id: row.id,
      title: row.title,
      description: htmlToText(row.description_html),
      vendor: row.vendor,
      partNumbers: [...partNumbers],
      tags: (tags.get(row.id) ?? []).map((t): [string, string] => [t.prefix, t.value]),
      collectionIds: [...collectionIds],
      attributes: [...new Set((optionValues.get(row.id) ?? []).map((o) => o.value))],
      collections: [...collectionIds].map((id) => tree.node(id)?.title ?? '').filter((t) => t !== ''),
      priceCents: first ? toCents(first.level.inventoryPrice) : row.price_cents,
      // a call-for-price product is compared by no price (search/query.ts)
      callForPrice: Number(row.call_for_price) === 1,
      isFeatured: row.is_featured === 1,
      avgRating: summary ? summary.ratingValue : 0,
      totalReviews: summary ? summary.reviewCount : 0,
      salesCount: row.sales_count,
    };
  });
}
