/**
 * The reads of the sitemap, on the asynchronous database handle (SQLite or
 * PostgreSQL, portable SQL with `?` placeholders): every indexable product, collection, article,
 * brand and content page with the date it last changed.
 *
 * When a page last changed (`lastmod`), from what the database records:
 * - a product: the latest of its creation, its newest review and its newest entry in the
 *   catalogue change log (prices, stock: scale/catalogue-log.ts; the log keeps its last rows);
 * - a collection: the latest change of a product in it (its page lists them);
 * - a brand: the latest change of a product of that vendor;
 * - an article: its publication date;
 * - an equipment model: none (the database records no date for it);
 * - the home page: the latest product change (it shows the featured, popular and new products);
 * - a generic page, the help answers and the fixed index pages: none (the database records no
 *   date for them; a sitemap may leave lastmod out rather than state a wrong one).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** One indexable thing by its key (handle, name or path) and when it last changed (ISO 8601, or null). */
export interface SitemapRow {
  key: string;
  lastmod: string | null;
}

/** Everything the sitemaps list, read in one go. */
export interface SitemapData {
  products: SitemapRow[];
  collections: SitemapRow[];
  articles: SitemapRow[];
  brands: SitemapRow[];
  /** Generic content pages by their stored path. */
  pages: SitemapRow[];
  /** Help answers by handle. */
  helpAnswers: SitemapRow[];
  /** Equipment models by handle (their pages: diagrams and the parts that fit). @default [] */
  equipment?: SitemapRow[];
  /** The latest product change (the home page's lastmod). */
  latest: string | null;
}

function later(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  // ISO 8601 UTC text compares in time order; a date written otherwise is compared as a date
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isFinite(ta) && Number.isFinite(tb)) return tb > ta ? b : a;
  return b > a ? b : a;
}

/**
 * The catalogue change log's rows (migration 006). A database from before that migration has no
 * log: its products then change only by their creation and reviews, and the sitemap still answers.
 */
async function changeLog(db: Db): Promise<{ productIds: string; createdAt: string }[]> {
  try {
    return await db.all<{ productIds: string; createdAt: string }>('SELECT product_ids AS productIds, created_at AS createdAt FROM catalogue_log ORDER BY version');
  } catch {
    return [];
  }
}

/** Reads the sitemaps' rows (see the module comment). */
export interface SeoRepository {
  /** Every indexable URL's key and lastmod. */
  sitemapData(): Promise<SitemapData>;
}

/**
 * The sitemap reads over a database handle.
 * @example const data = await createSeoRepository(db).sitemapData();
 */
export function createSeoRepository(db: Db): SeoRepository {
  return {
    async sitemapData() {
      const products = await db.all<{ id: number; handle: string; createdAt: string; reviewedAt: string | null; vendor: string | null }>(
        `SELECT p.id AS id, p.handle AS handle, p.created_at AS createdAt, MAX(r.created_at) AS reviewedAt, v.name AS vendor
           FROM products p
           LEFT JOIN product_reviews r ON r.product_id = p.id
           LEFT JOIN vendors v ON v.id = p.vendor_id
          WHERE p.is_indexed = 1
          GROUP BY p.id, p.handle, p.created_at, v.name
          ORDER BY p.id`,
      );
      // the change log names the products each write touched, as a JSON array
      const changes = new Map<number, string>();
      for (const row of await changeLog(db)) {
        let ids: unknown;
        try {
          ids = JSON.parse(row.productIds);
        } catch {
          continue;
        }
        if (!Array.isArray(ids)) continue;
        for (const id of ids) if (typeof id === 'number') changes.set(id, later(changes.get(id), row.createdAt) ?? row.createdAt);
      }
      const productLastmod = new Map<number, string | null>();
      const brandLastmod = new Map<string, string | null>();
      let latest: string | null = null;
      for (const p of products) {
        const lastmod = later(later(p.createdAt, p.reviewedAt), changes.get(p.id));
        productLastmod.set(p.id, lastmod);
        latest = later(latest, lastmod);
        if (p.vendor) brandLastmod.set(p.vendor, later(brandLastmod.get(p.vendor), lastmod));
      }

      const collections = await db.all<{ id: number; handle: string }>('SELECT id, handle FROM collections WHERE is_indexed = 1 ORDER BY id');
      const collectionLastmod = new Map<number, string | null>();
      for (const link of await db.all<{ collectionId: number; productId: number }>('SELECT collection_id AS collectionId, product_id AS productId FROM product_collections')) {
        const lastmod = productLastmod.get(link.productId);
        if (lastmod !== undefined) collectionLastmod.set(link.collectionId, later(collectionLastmod.get(link.collectionId), lastmod));
      }

      const articles = await db.all<{ handle: string; createdAt: string }>('SELECT handle, created_at AS createdAt FROM articles ORDER BY created_at DESC, id');
      const brands = await db.all<{ name: string }>('SELECT name FROM brands ORDER BY name');
      const pages = await db.all<{ path: string }>('SELECT path FROM pages ORDER BY id');
      const helpAnswers = await db.all<{ handle: string }>('SELECT handle FROM help_answers ORDER BY topic_id, position, id');
      const equipment = await db.all<{ handle: string }>('SELECT handle FROM equipment ORDER BY id');
      return {
        products: products.map((p) => ({ key: p.handle, lastmod: productLastmod.get(p.id) ?? null })),
        collections: collections.map((c) => ({ key: c.handle, lastmod: collectionLastmod.get(c.id) ?? null })),
        articles: articles.map((a) => ({ key: a.handle, lastmod: a.createdAt })),
        brands: brands.map((b) => ({ key: b.name, lastmod: brandLastmod.get(b.name) ?? null })),
        pages: pages.map((p) => ({ key: p.path, lastmod: null })),
        helpAnswers: helpAnswers.map((h) => ({ key: h.handle, lastmod: null })),
        equipment: equipment.map((e) => ({ key: e.handle, lastmod: null })),
        latest,
      };
    },
  };
}
