/**
 * The back office's products over the database: the filtered list, a product for editing, an
 * edit, and a bulk edit of prices and stock over a filtered set.
 *
 * Every write runs in one transaction that also records the catalogue change (the catalogue
 * log, scale/catalogue-log.ts) and one audit row per product with its before and after; after
 * the commit, `reindex` (app.catalogue.reindex) updates this process's search index, cards and
 * page caches and announces the change to the other processes (the catalogue change feed), as
 * the sale-price route and the imports do. So the storefront's search, cards and product pages
 * answer the new texts, prices and stock at once. The arithmetic of a bulk edit is the
 * domain's (domain/price-adjust.ts).
 * @module
 */
import {
  adjustPricePair, adjustStock, percentToBasisPoints, type CompareAtMode, type PriceAdjustment, type StockAdjustment,
} from '../../../domain/price-adjust.ts';
import type { AdminProductDetail, AdminProductVariant, AdminStockLevel } from '../../../api/admin-products.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { recordCatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import type { SearchIndex } from '../search/types.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import { storeTurn } from '../admin/index.ts';
import * as repo from './repository.ts';
import { PictureError, storedPictureUrl, storePicture } from '../media/index.ts';

/** The answer to an upload of another type. */
export const PICTURE_TYPE_MESSAGE = 'Send the picture as the body, with Content-Type image/jpeg, image/png, image/gif or image/webp.';

/** A picture upload's body: the file's bytes, read as they came for a picture type; anything else answers 415. */
export function uploadedPicture(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new HttpError(415, PICTURE_TYPE_MESSAGE);
  return body;
}

/** The refusals the service answers itself. */
export const PRODUCT_ADMIN_ERRORS = {
  notFound: 'Product not found.',
  compareAt: 'A compare-at price must be above the price (or null).',
  unknownVariant: (id: number) => `Variant ${id} is not one of this product's.`,
  unknownLevel: (id: number) => `Inventory level ${id} is not one of this variant's.`,
  unknownImage: (id: number) => `Picture ${id} is not one of this product's.`,
  repeated: 'Each variant, level and picture may be listed once.',
  stockChanged: (id: number, now: number) => `The stock of inventory level ${id} changed to ${now} meanwhile: reload the product and try again.`,
  emptyTitle: 'A product needs a title.',
  emptyTag: 'A tag needs a prefix and a value.',
  percent: 'A percentage has at most two decimals and lies between -100 and 1000.',
  oneAdjustment: 'Give exactly one of percent, amountCents or setCents.',
  oneStock: 'Give exactly one of set or add.',
  nothing: 'Say what changes: price and/or stock.',
  tooMany: (max: number) => `A bulk edit changes at most ${max.toLocaleString('en')} products: narrow the filter, or use a CSV import.`,
  countChanged: (was: number, now: number) => `The filter now matches ${now} products, not the ${was} previewed: preview again.`,
  noFilter: 'A bulk edit needs a filter (text, low stock, indexed, no image or ids).',
  picture: (why: string) => `The file ${why}.`,
  tooManyPictures: (max: number) => `A product keeps at most ${max} pictures: remove one first.`,
  altText: 'A picture\'s text is at most 500 characters.',
} as const;

/** Pictures a product keeps at most (an upload beyond is refused). @default 20 */
export const PICTURES_MAX = 20;

/** Products a bulk edit may change at once (larger sets go through a CSV import). @default 5000 */
export const BULK_MAX = 5000;
/** The low-stock threshold of the list when the filter names none. @default 5 */
export const LOW_STOCK_DEFAULT = 5;
/** How many products a bulk edit's answer shows before and after. @default 20 */
export const BULK_SAMPLE = 20;

/** The list's query. */
export interface ProductListQuery {
  q?: string;
  /** `true` (the default threshold) or a number of units. */
  lowStock?: boolean | number;
  indexed?: boolean;
  noImage?: boolean;
  before?: number;
  limit: number;
}

/** A product as the list shows it. */
export interface ProductListItem {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  vendor: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  callForPrice: boolean;
  isIndexed: boolean;
  isFeatured: boolean;
  imageUrl: string | null;
  variantCount: number;
  /** Units over its levels for sale (a level below zero counts as 0). */
  stock: number;
  /** The fewest units of one of its levels for sale that does not sell below zero, or null. */
  lowestStock: number | null;
}

// what the editor reads is the client's DTO: one definition for the answer and its reader
/** An inventory level as the editor shows it. */
export type LevelView = AdminStockLevel;
/** A variant as the editor shows it. */
export type VariantView = AdminProductVariant;
/** A product as the editor shows it. */
export type ProductDetail = AdminProductDetail;

/** An edit (PATCH): every field optional; lists name only what changes, except tags and images, which are given whole. */
export interface ProductPatch {
  title?: string;
  descriptionHtml?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  isIndexed?: boolean;
  isFeatured?: boolean;
  callForPrice?: boolean;
  /** Every variant's price (a variant's own price below wins). */
  priceCents?: number;
  compareAtPriceCents?: number | null;
  variants?: {
    id: number;
    priceCents?: number;
    compareAtPriceCents?: number | null;
    levels?: { id: number; quantity?: number; expectedQuantity?: number; availableForSale?: boolean; binLocation?: string | null }[];
  }[];
  /** The product's tags (attributes), all of them. */
  tags?: { prefix: string; value: string }[];
  /** The pictures kept, in their new order, with their alternative text; the others are removed. */
  images?: { id: number; altText?: string | null }[];
}

/** A bulk edit's body. */
export interface BulkInput {
  filter: { q?: string; lowStock?: boolean | number; indexed?: boolean; noImage?: boolean; ids?: number[] };
  price?: { percent?: number; amountCents?: number; setCents?: number; compareAt?: CompareAtMode };
  stock?: { set?: number; add?: number };
  dryRun?: boolean;
  /** The count a preview answered: refused with 409 when the filter matches another number now. */
  expectedCount?: number;
}

/** One product of a bulk edit's answer. */
export interface BulkSample {
  id: number;
  title: string;
  before: { priceCents: number; compareAtPriceCents: number | null; stock: number };
  after: { priceCents: number; compareAtPriceCents: number | null; stock: number };
}

/** What the service is built from. */
export interface ProductsAdminDeps {
  db: Db;
  /**
   * The ids the storefront's search index finds for a text (every word, or a part number), or
   * null when it finds more than `max` (then the text is read by LIKE, which stops at a page
   * quickly when many match). Without it, every text is read by LIKE.
   */
  searchText?: (q: string, max: number) => number[] | null;
  /** After a commit: the products re-read into the search index and caches, and announced. */
  reindex: (ids: readonly number[], version?: number) => Promise<void>;
}

/**
 * The products-admin's text search over the storefront's search index: every word of the text (or
 * a part number) must match; null when more than `max` products do.
 * @example
 * await app.register(productsAdminRoutes, { ..., searchText: searchIndexText(() => app.catalogue.index) });
 */
export function searchIndexText(index: () => SearchIndex): (q: string, max: number) => number[] | null {
  return (q, max) => {
    const found = index().search({ q, limit: max + 1, page: 0 });
    if (found.relaxed) return [];
    return found.totalObjects > max ? null : found.ids;
  };
}

const levelStock = (l: repo.LevelRow) => (Number(l.available_for_sale) === 1 ? Math.max(0, Number(l.quantity)) : 0);

function levelView(l: repo.LevelRow): LevelView {
  return {
    id: Number(l.id), location: l.location, quantity: Number(l.quantity), availableForSale: Number(l.available_for_sale) === 1,
    bypassNegativeQuantity: Number(l.bypass_negative_quantity) === 1, binLocation: l.bin_location,
  };
}

/** A text matching at most this many products is read through the search index's ids. @default 5000 */
export const TEXT_IDS_MAX = 5000;

/** The list filter of a query or a bulk edit's filter. */
function filterOf(
  f: { q?: string; lowStock?: boolean | number; indexed?: boolean; noImage?: boolean; ids?: number[] },
  searchText?: (q: string, max: number) => number[] | null,
): repo.ProductFilter {
  const out: repo.ProductFilter = {};
  if (f.q !== undefined && f.q.trim() !== '') {
    out.q = f.q;
    const ids = searchText?.(f.q.trim(), TEXT_IDS_MAX);
    if (ids !== undefined && ids !== null) out.textIds = ids;
  }
  if (f.lowStock === true) out.lowStock = LOW_STOCK_DEFAULT;
  else if (typeof f.lowStock === 'number') out.lowStock = f.lowStock;
  if (f.indexed !== undefined) out.indexed = f.indexed;
  if (f.noImage !== undefined) out.noImage = f.noImage;
  if (f.ids !== undefined) out.ids = [...new Set(f.ids)];
  return out;
}

/** The price move of a bulk edit's body, checked. */
function priceAdjustmentOf(p: NonNullable<BulkInput['price']>): PriceAdjustment {
  const given = [p.percent, p.amountCents, p.setCents].filter((v) => v !== undefined).length;
  if (given !== 1) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.oneAdjustment);
  if (p.percent !== undefined) {
    const basisPoints = percentToBasisPoints(p.percent);
    if (basisPoints === null) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.percent);
    return { kind: 'percent', basisPoints };
  }
  if (p.amountCents !== undefined) return { kind: 'amount', cents: p.amountCents };
  return { kind: 'set', cents: p.setCents! };
}

/** The stock move of a bulk edit's body, checked. */
function stockAdjustmentOf(s: NonNullable<BulkInput['stock']>): StockAdjustment {
  if ((s.set === undefined) === (s.add === undefined)) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.oneStock);
  return s.set !== undefined ? { kind: 'set', quantity: s.set } : { kind: 'add', quantity: s.add! };
}

const trimmedOrNull = (v: string | null | undefined, was: string | null): string | null => {
  if (v === undefined) return was;
  if (v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/** The rules of the back office's products (see the module's comment). */
export class ProductsAdminService {
  constructor(readonly deps: ProductsAdminDeps) {}

  /** A page of products, newest first; `nextBefore` continues it. */
  async list(query: ProductListQuery): Promise<{ products: ProductListItem[]; nextBefore: number | null }> {
    const db = this.deps.db;
    const filter = filterOf(query, this.deps.searchText);
    // on SQLite a shopper's request waiting meanwhile goes first between the statements (admin/turn.ts)
    await storeTurn(db);
    const rows = await repo.listProducts(db, filter, { ...(query.before !== undefined ? { beforeId: query.before } : {}), limit: query.limit + 1 });
    await storeTurn(db);
    const page = rows.slice(0, query.limit);
    const ids = page.map((r) => Number(r.id));
    const variants = await repo.variantsOf(db, ids);
    const levels = await repo.levelsOf(db, variants.map((v) => Number(v.id)));
    await storeTurn(db);
    const images = await repo.imagesOf(db, ids);
    const productOfVariant = new Map(variants.map((v) => [Number(v.id), Number(v.product_id)]));
    const stock = new Map<number, { sum: number; lowest: number | null; variants: number }>();
    for (const id of ids) stock.set(id, { sum: 0, lowest: null, variants: 0 });
    for (const v of variants) stock.get(Number(v.product_id))!.variants++;
    for (const l of levels) {
      const s = stock.get(productOfVariant.get(Number(l.variant_id))!)!;
      s.sum += levelStock(l);
      if (Number(l.available_for_sale) === 1 && Number(l.bypass_negative_quantity) === 0) s.lowest = Math.min(s.lowest ?? Infinity, Number(l.quantity));
    }
    const firstImage = new Map<number, string>();
    for (const i of images) if (!firstImage.has(Number(i.product_id))) firstImage.set(Number(i.product_id), i.url);
    return {
      products: page.map((r) => {
        const s = stock.get(Number(r.id))!;
        return {
          id: Number(r.id), handle: r.handle, title: r.title, sku: r.sku, vendor: r.vendor,
          priceCents: Number(r.price_cents), compareAtPriceCents: r.compare_at_price_cents === null ? null : Number(r.compare_at_price_cents),
          callForPrice: Number(r.call_for_price) === 1, isIndexed: Number(r.is_indexed) === 1, isFeatured: Number(r.is_featured) === 1,
          imageUrl: firstImage.get(Number(r.id)) ?? null, variantCount: s.variants, stock: s.sum, lowestStock: s.lowest,
        };
      }),
      nextBefore: rows.length > query.limit ? (ids[ids.length - 1] ?? null) : null,
    };
  }

  /** One product for editing, or 404. */
  async get(id: number, db: Db = this.deps.db): Promise<ProductDetail> {
    const row = await repo.productById(db, id);
    if (!row) throw new HttpError(404, PRODUCT_ADMIN_ERRORS.notFound);
    // outside a transaction only: a shopper's request waiting meanwhile goes first (admin/turn.ts)
    const outside = db === this.deps.db;
    if (outside) await storeTurn(db);
    const variants = await repo.variantsOf(db, [id]);
    const levels = await repo.levelsOf(db, variants.map((v) => Number(v.id)));
    if (outside) await storeTurn(db);
    const images = await repo.imagesOf(db, [id]);
    return {
      id: Number(row.id), handle: row.handle, title: row.title, sku: row.sku, productCode: row.product_code, vendor: row.vendor,
      descriptionHtml: row.description_html, seoTitle: row.seo_title, seoDescription: row.seo_description,
      priceCents: Number(row.price_cents), compareAtPriceCents: row.compare_at_price_cents === null ? null : Number(row.compare_at_price_cents),
      isIndexed: Number(row.is_indexed) === 1, isFeatured: Number(row.is_featured) === 1, callForPrice: Number(row.call_for_price) === 1,
      variants: variants.map((v) => ({
        id: Number(v.id), title: v.title, sku: v.sku, priceCents: Number(v.price_cents),
        compareAtPriceCents: v.compare_at_price_cents === null ? null : Number(v.compare_at_price_cents),
        levels: levels.filter((l) => Number(l.variant_id) === Number(v.id)).map(levelView),
      })),
      images: images.map((i) => ({ id: Number(i.id), url: i.url, altText: i.alt_text })),
      tags: await repo.tagsOf(db, id),
    };
  }

  /**
   * Edits a product: checked whole before anything is written (400 or 409 writes nothing), then
   * written with its catalogue change and audit row in one transaction, then announced.
   */
  async update(who: AuditWho, id: number, patch: ProductPatch): Promise<ProductDetail> {
    // the edit, then the storefront's index and caches, each in a turn of its own (admin/turn.ts)
    await storeTurn(this.deps.db);
    const change = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, id))) throw new HttpError(404, PRODUCT_ADMIN_ERRORS.notFound);
      const before = await this.get(id, tx);
      const title = patch.title === undefined ? before.title : patch.title.trim();
      if (title === '') throw new HttpError(400, PRODUCT_ADMIN_ERRORS.emptyTitle);
      // the prices each variant ends with, checked before any write
      const edits = new Map((patch.variants ?? []).map((v) => [v.id, v]));
      if (edits.size !== (patch.variants ?? []).length) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.repeated);
      for (const vid of edits.keys()) if (!before.variants.some((v) => v.id === vid)) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.unknownVariant(vid));
      const prices = before.variants.map((v) => {
        const e = edits.get(v.id);
        let priceCents = patch.priceCents ?? v.priceCents;
        let compareAt = patch.compareAtPriceCents !== undefined ? patch.compareAtPriceCents : v.compareAtPriceCents;
        if (e?.priceCents !== undefined) priceCents = e.priceCents;
        if (e?.compareAtPriceCents !== undefined) compareAt = e.compareAtPriceCents;
        if (compareAt !== null && compareAt <= priceCents) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.compareAt);
        return { variant: v, priceCents, compareAt };
      });
      // levels: each once, each the variant's; a stale expected quantity is a conflict
      const lockedLevels = await repo.levelsOf(tx, before.variants.map((v) => v.id), true);
      const levelWrites: { id: number; quantity: number; availableForSale: boolean; binLocation: string | null }[] = [];
      const seenLevels = new Set<number>();
      for (const e of edits.values()) {
        for (const l of e.levels ?? []) {
          if (seenLevels.has(l.id)) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.repeated);
          seenLevels.add(l.id);
          const row = lockedLevels.find((r) => Number(r.id) === l.id && Number(r.variant_id) === e.id);
          if (!row) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.unknownLevel(l.id));
          if (l.expectedQuantity !== undefined && l.expectedQuantity !== Number(row.quantity)) throw new HttpError(409, PRODUCT_ADMIN_ERRORS.stockChanged(l.id, Number(row.quantity)));
          levelWrites.push({
            id: l.id,
            quantity: l.quantity ?? Number(row.quantity),
            availableForSale: l.availableForSale ?? Number(row.available_for_sale) === 1,
            binLocation: l.binLocation === undefined ? row.bin_location : trimmedOrNull(l.binLocation, null),
          });
        }
      }
      if (patch.tags?.some((t) => t.prefix.trim() === '' || t.value.trim() === '')) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.emptyTag);
      if (patch.images !== undefined) {
        const ids = patch.images.map((i) => i.id);
        if (new Set(ids).size !== ids.length) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.repeated);
        for (const iid of ids) if (!before.images.some((i) => i.id === iid)) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.unknownImage(iid));
      }

      await repo.updateProductTexts(tx, id, {
        title,
        descriptionHtml: patch.descriptionHtml === undefined ? before.descriptionHtml : patch.descriptionHtml,
        seoTitle: trimmedOrNull(patch.seoTitle, before.seoTitle),
        seoDescription: trimmedOrNull(patch.seoDescription, before.seoDescription),
        isIndexed: patch.isIndexed ?? before.isIndexed,
        isFeatured: patch.isFeatured ?? before.isFeatured,
        callForPrice: patch.callForPrice ?? before.callForPrice,
      });
      for (const p of prices) {
        if (p.priceCents !== p.variant.priceCents || p.compareAt !== p.variant.compareAtPriceCents) await repo.updateVariantPrice(tx, p.variant.id, p.priceCents, p.compareAt);
      }
      // the product's own price is its first variant's (the card's fallback and the feeds')
      const first = prices[0];
      if (first) await repo.updateProductPrice(tx, id, first.priceCents, first.compareAt);
      else if (patch.priceCents !== undefined || patch.compareAtPriceCents !== undefined) {
        const priceCents = patch.priceCents ?? before.priceCents;
        const compareAt = patch.compareAtPriceCents !== undefined ? patch.compareAtPriceCents : before.compareAtPriceCents;
        if (compareAt !== null && compareAt <= priceCents) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.compareAt);
        await repo.updateProductPrice(tx, id, priceCents, compareAt);
      }
      for (const l of levelWrites) await repo.updateLevel(tx, l.id, l);
      if (patch.tags !== undefined) {
        const tagIds: number[] = [];
        for (const t of patch.tags) tagIds.push(await repo.tagId(tx, t.prefix.trim(), t.value.trim()));
        await repo.replaceProductTags(tx, id, tagIds);
      }
      if (patch.images !== undefined) {
        const kept = new Set(patch.images.map((i) => i.id));
        for (const i of before.images) if (!kept.has(i.id)) await repo.deleteImage(tx, i.id);
        for (const [position, i] of patch.images.entries()) {
          const was = before.images.find((b) => b.id === i.id)!;
          await repo.updateImage(tx, i.id, position, i.altText === undefined ? was.altText : trimmedOrNull(i.altText, null));
        }
      }
      const after = await this.get(id, tx);
      await audit(tx, who, 'product.update', { type: 'product', id }, before, after);
      return { after, logged: await recordCatalogueChange(tx, [id]) };
    });
    await storeTurn(this.deps.db);
    await this.deps.reindex(change.logged.ids, change.logged.version);
    return change.after;
  }

  /**
   * Adds an uploaded picture as the product's last (made upright, metadata stripped, at most 1600
   * px, WebP: the media pipeline's {@link storePicture}, as an import keeps its pictures), audited
   * with the product before and after, and shown by the storefront at once.
   * @throws HttpError 400 when the file is not a picture, 404 for an unknown product, 409 at {@link PICTURES_MAX} pictures
   */
  async addImage(who: AuditWho, id: number, file: Buffer, input: { altText?: string | null; fileName?: string }): Promise<ProductDetail> {
    const altText = trimmedOrNull(input.altText ?? null, null);
    if (altText !== null && altText.length > 500) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.altText);
    let picture;
    try {
      picture = await storePicture(file);
    } catch (err) {
      if (err instanceof PictureError) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.picture(err.message));
      throw err;
    }
    const change = await this.deps.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.images.length >= PICTURES_MAX) throw new HttpError(409, PRODUCT_ADMIN_ERRORS.tooManyPictures(PICTURES_MAX));
      const source = `upload:${(input.fileName ?? '').replace(/[^\w.\- ]/g, '').slice(0, 100) || 'picture'}`;
      await repo.addUploadedImage(tx, id, picture, { altText, source, createdAt: new Date().toISOString(), url: storedPictureUrl });
      const after = await this.get(id, tx);
      await audit(tx, who, 'product.image.add', { type: 'product', id }, before, after);
      return { after, logged: await recordCatalogueChange(tx, [id]) };
    });
    await storeTurn(this.deps.db);
    await this.deps.reindex(change.logged.ids, change.logged.version);
    return change.after;
  }

  /**
   * A bulk edit of prices and/or stock over the products a filter matches (at most
   * {@link BULK_MAX}): with `dryRun`, only the count and a sample before and after; otherwise
   * every variant's price (and its levels') and/or every level's stock, one audit row per product,
   * one catalogue change, all in one transaction.
   */
  async bulk(who: AuditWho, input: BulkInput): Promise<{ matched: number; changed: number; dryRun: boolean; sample: BulkSample[] }> {
    const filter = filterOf(input.filter, this.deps.searchText);
    if (Object.keys(filter).length === 0) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.noFilter);
    if (input.price === undefined && input.stock === undefined) throw new HttpError(400, PRODUCT_ADMIN_ERRORS.nothing);
    const priceMove = input.price === undefined ? null : priceAdjustmentOf(input.price);
    const compareAtMode = input.price?.compareAt ?? 'adjust';
    const stockMove = input.stock === undefined ? null : stockAdjustmentOf(input.stock);
    const dryRun = input.dryRun === true;

    const run = async (tx: Db) => {
      const ids = await repo.matchingProductIds(tx, filter, BULK_MAX + 1);
      if (ids.length > BULK_MAX) throw new HttpError(409, PRODUCT_ADMIN_ERRORS.tooMany(BULK_MAX));
      if (input.expectedCount !== undefined && input.expectedCount !== ids.length) throw new HttpError(409, PRODUCT_ADMIN_ERRORS.countChanged(input.expectedCount, ids.length));
      const sample: BulkSample[] = [];
      const changedIds: number[] = [];
      for (let at = 0; at < ids.length; at += 500) {
        const chunk = ids.slice(at, at + 500);
        const products = new Map((await repo.productsByIds(tx, chunk)).map((r) => [Number(r.id), r]));
        const variants = await repo.variantsOf(tx, chunk);
        const levels = await repo.levelsOf(tx, variants.map((v) => Number(v.id)), !dryRun);
        for (const id of chunk) {
          const product = products.get(id);
          if (!product) continue;
          const vs = variants.filter((v) => Number(v.product_id) === id);
          const ls = levels.filter((l) => vs.some((v) => Number(v.id) === Number(l.variant_id)));
          const stockBefore = ls.reduce((s, l) => s + levelStock(l), 0);
          const variantPrices = vs.map((v) => {
            const was = { priceCents: Number(v.price_cents), compareAtPriceCents: v.compare_at_price_cents === null ? null : Number(v.compare_at_price_cents) };
            return { v, was, now: priceMove ? adjustPricePair(was, priceMove, compareAtMode) : was };
          });
          const levelQuantities = ls.map((l) => ({ l, now: stockMove ? adjustStock(Number(l.quantity), stockMove) : Number(l.quantity) }));
          const productWas = { priceCents: Number(product.price_cents), compareAtPriceCents: product.compare_at_price_cents === null ? null : Number(product.compare_at_price_cents) };
          const productNow = variantPrices[0]?.now ?? (priceMove ? adjustPricePair(productWas, priceMove, compareAtMode) : productWas);
          const stockAfter = levelQuantities.reduce((s, x) => s + (Number(x.l.available_for_sale) === 1 ? Math.max(0, x.now) : 0), 0);
          const changed = productNow.priceCents !== productWas.priceCents || productNow.compareAtPriceCents !== productWas.compareAtPriceCents
            || variantPrices.some((p) => p.now.priceCents !== p.was.priceCents || p.now.compareAtPriceCents !== p.was.compareAtPriceCents)
            || levelQuantities.some((x) => x.now !== Number(x.l.quantity));
          const entry: BulkSample = {
            id, title: product.title,
            before: { ...productWas, stock: stockBefore },
            after: { ...productNow, stock: stockAfter },
          };
          if (sample.length < BULK_SAMPLE) sample.push(entry);
          if (!changed) continue;
          changedIds.push(id);
          if (dryRun) continue;
          for (const p of variantPrices) {
            if (p.now.priceCents !== p.was.priceCents || p.now.compareAtPriceCents !== p.was.compareAtPriceCents) await repo.updateVariantPrice(tx, Number(p.v.id), p.now.priceCents, p.now.compareAtPriceCents);
          }
          await repo.updateProductPrice(tx, id, productNow.priceCents, productNow.compareAtPriceCents);
          for (const x of levelQuantities) if (x.now !== Number(x.l.quantity)) await repo.updateLevelQuantity(tx, Number(x.l.id), x.now);
          await audit(tx, who, 'product.bulk-edit', { type: 'product', id }, {
            ...productWas, variants: variantPrices.map((p) => ({ id: Number(p.v.id), ...p.was })), levels: levelQuantities.map((x) => ({ id: Number(x.l.id), quantity: Number(x.l.quantity) })),
          }, {
            ...productNow, variants: variantPrices.map((p) => ({ id: Number(p.v.id), ...p.now })), levels: levelQuantities.map((x) => ({ id: Number(x.l.id), quantity: x.now })),
            change: { price: input.price ?? null, stock: input.stock ?? null },
          });
        }
      }
      const logged = dryRun || changedIds.length === 0 ? null : await recordCatalogueChange(tx, changedIds);
      return { matched: ids.length, changed: changedIds.length, sample, logged };
    };
    const done = dryRun ? await run(this.deps.db) : await this.deps.db.transaction(run);
    if (done.logged) {
      await storeTurn(this.deps.db);
      await this.deps.reindex(done.logged.ids, done.logged.version);
    }
    return { matched: done.matched, changed: done.changed, dryRun, sample: done.sample };
  }
}
