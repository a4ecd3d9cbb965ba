/**
 * The feeds' SQL: the catalogue read a batch of products at a time (by id, so a feed of 100,000
 * products never holds more than one batch), with each product's variants and their stock, its
 * first picture, its GTIN attribute and its first collection; and the collections' titles and
 * parents (the product_type trail). The same statements on SQLite and PostgreSQL.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { parseNotices } from '../shipping/service.ts';
import type { FeedProductSource, FeedVariantSource } from './rows.ts';

/** Products read per batch. @default 500 */
export const FEED_BATCH = 500;

/** The tag prefixes (attributes) a GTIN is kept under, in the order they are preferred. */
export const GTIN_TAG_PREFIXES: readonly string[] = ['GTIN', 'UPC', 'EAN', 'Barcode'];

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** A collection's title and parent. */
export interface FeedCollection {
  id: number;
  title: string;
  parentId: number | null;
}

/** Every collection's title and parent, by id. */
export async function feedCollections(db: Db): Promise<Map<number, FeedCollection>> {
  const rows = await db.all<{ id: number; title: string; parent_id: number | null }>('SELECT id, title, parent_id FROM collections');
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), title: r.title, parentId: r.parent_id === null ? null : Number(r.parent_id) }]));
}

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  product_code: string | null;
  vendor: string | null;
  weight: number | null;
  description_html: string | null;
  seo_description: string | null;
  notices_json: string | null;
}

/**
 * The listed products (not hidden, not priced on request: a channel needs a price, and a $0.00
 * row would advertise the item as free) in id order, a batch at a time, each with its variants, their
 * stock and ship class, its first picture, its GTIN attribute, its first collection's id
 * (`collectionId`) and its stored notices.
 */
export async function* feedProductBatches(db: Db, batch: number = FEED_BATCH): AsyncGenerator<(Omit<FeedProductSource, 'collectionTrail'> & { collectionId: number | null })[]> {
  let after = 0;
  for (;;) {
    const products = await db.all<ProductRow>(
      `SELECT p.id, p.handle, p.title, p.sku, p.product_code, v.name AS vendor, p.weight, p.description_html, p.seo_description, p.notices_json
       FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id
       WHERE p.id > ? AND p.is_indexed = 1 AND p.call_for_price = 0 ORDER BY p.id LIMIT ?`,
      [after, batch],
    );
    if (products.length === 0) return;
    after = Number(products[products.length - 1]!.id);
    const ids = products.map((p) => Number(p.id));
    const marks = placeholders(ids.length);
    const variants = await db.all<{ id: number; product_id: number; title: string; sku: string | null; price_cents: number; compare_at_price_cents: number | null; ship_class: string }>(
      `SELECT id, product_id, title, sku, price_cents, compare_at_price_cents, ship_class FROM variants WHERE product_id IN (${marks}) ORDER BY product_id, position, id`,
      ids,
    );
    const stock = await db.all<{ variant_id: number; quantity: number | null; backorder: number | null }>(
      `SELECT l.variant_id, SUM(CASE WHEN l.quantity > 0 THEN l.quantity ELSE 0 END) AS quantity, MAX(l.bypass_negative_quantity) AS backorder
       FROM inventory_levels l JOIN variants x ON x.id = l.variant_id
       WHERE x.product_id IN (${marks}) AND l.available_for_sale = 1 GROUP BY l.variant_id`,
      ids,
    );
    const images = await db.all<{ product_id: number; url: string }>(
      `SELECT product_id, url FROM product_images WHERE product_id IN (${marks}) ORDER BY product_id, position DESC, id DESC`,
      ids,
    );
    const gtins = await db.all<{ product_id: number; prefix: string; value: string }>(
      `SELECT pt.product_id, t.prefix, t.value FROM product_tags pt JOIN tags t ON t.id = pt.tag_id
       WHERE pt.product_id IN (${marks}) AND t.prefix IN (${placeholders(GTIN_TAG_PREFIXES.length)})`,
      [...ids, ...GTIN_TAG_PREFIXES],
    );
    const collections = await db.all<{ product_id: number; collection_id: number }>(
      `SELECT product_id, collection_id FROM product_collections WHERE product_id IN (${marks}) ORDER BY product_id, position DESC, collection_id DESC`,
      ids,
    );
    const stockOf = new Map(stock.map((s) => [Number(s.variant_id), s]));
    const variantsOf = new Map<number, FeedVariantSource[]>();
    for (const v of variants) {
      const s = stockOf.get(Number(v.id));
      let list = variantsOf.get(Number(v.product_id));
      if (!list) variantsOf.set(Number(v.product_id), (list = []));
      list.push({
        id: Number(v.id),
        title: v.title,
        sku: v.sku,
        priceCents: Number(v.price_cents),
        compareAtPriceCents: v.compare_at_price_cents === null ? null : Number(v.compare_at_price_cents),
        forSale: s !== undefined,
        quantity: Number(s?.quantity ?? 0),
        backorder: Number(s?.backorder ?? 0) === 1,
        hazmat: v.ship_class === 'hazmat-ground',
      });
    }
    // ordered last-first, so the last write for a product is its first row
    const imageOf = new Map(images.map((i) => [Number(i.product_id), i.url]));
    const collectionOf = new Map(collections.map((c) => [Number(c.product_id), Number(c.collection_id)]));
    const gtinOf = new Map<number, string>();
    for (const prefix of [...GTIN_TAG_PREFIXES].reverse()) {
      for (const g of gtins) if (g.prefix === prefix) gtinOf.set(Number(g.product_id), g.value);
    }
    yield products.map((p) => ({
      id: Number(p.id),
      handle: p.handle,
      title: p.title,
      sku: p.sku,
      productCode: p.product_code,
      vendor: p.vendor,
      weight: p.weight === null ? null : Number(p.weight),
      descriptionHtml: p.description_html,
      seoDescription: p.seo_description,
      imageUrl: imageOf.get(Number(p.id)) ?? null,
      gtin: gtinOf.get(Number(p.id)) ?? null,
      collectionId: collectionOf.get(Number(p.id)) ?? null,
      variants: variantsOf.get(Number(p.id)) ?? [],
      notices: parseNotices(p.notices_json),
    }));
  }
}
