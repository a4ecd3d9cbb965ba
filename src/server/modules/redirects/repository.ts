/**
 * The redirects' SQL: a product by an old product code (a variant's SKU, the product's SKU or its
 * part number, any case), a collection by an old category id (mapped when the import could not
 * keep it, else the collection with that id), products and collections by handle, the generic
 * pages by id, and the operators' redirects. The same statements on SQLite and PostgreSQL.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { StoredRedirect } from './schemas.ts';

/** A product an old code names, with the variant it names when the product has several. */
export interface CodedProduct {
  handle: string;
  /** The variant the code is the SKU of, when the product has more than one; else null. */
  variantId: number | null;
}

/**
 * The product an old product code names, any case: first the variant whose SKU it is, then the
 * product whose SKU or part number it is (the lowest id when several share it).
 */
export async function productByCode(db: Db, code: string): Promise<CodedProduct | null> {
  const lower = code.toLowerCase();
  const variant = await db.get<{ handle: string; variant_id: number; variants: number }>(
    `SELECT p.handle, v.id AS variant_id, (SELECT COUNT(*) FROM variants w WHERE w.product_id = p.id) AS variants
     FROM variants v JOIN products p ON p.id = v.product_id WHERE LOWER(v.sku) = ? ORDER BY p.id, v.id LIMIT 1`,
    [lower],
  );
  if (variant) return { handle: variant.handle, variantId: Number(variant.variants) > 1 ? Number(variant.variant_id) : null };
  const product = await db.get<{ handle: string }>('SELECT handle FROM products WHERE LOWER(sku) = ? ORDER BY id LIMIT 1', [lower]);
  if (product) return { handle: product.handle, variantId: null };
  const coded = await db.get<{ handle: string }>('SELECT handle FROM products WHERE LOWER(product_code) = ? ORDER BY id LIMIT 1', [lower]);
  return coded ? { handle: coded.handle, variantId: null } : null;
}

/** The handle of the collection an old category id became, or null. */
export async function collectionByLegacyId(db: Db, id: number): Promise<string | null> {
  const mapped = await db.get<{ handle: string }>(
    'SELECT c.handle FROM legacy_categories l JOIN collections c ON c.id = l.collection_id WHERE l.legacy_id = ?',
    [id],
  );
  if (mapped) return mapped.handle;
  return (await db.get<{ handle: string }>('SELECT handle FROM collections WHERE id = ?', [id]))?.handle ?? null;
}

/** Whether a product has this handle. */
export async function productHandleExists(db: Db, handle: string): Promise<boolean> {
  return (await db.get<{ id: number }>('SELECT id FROM products WHERE handle = ?', [handle])) !== undefined;
}

/** Whether a collection has this handle. */
export async function collectionHandleExists(db: Db, handle: string): Promise<boolean> {
  return (await db.get<{ id: number }>('SELECT id FROM collections WHERE handle = ?', [handle])) !== undefined;
}

/** Whether a generic page has this id. */
export async function pageIdExists(db: Db, id: number): Promise<boolean> {
  return (await db.get<{ id: number }>('SELECT id FROM pages WHERE id = ?', [id])) !== undefined;
}

/** The target of the first of these keys that is an operator's redirect, in the keys' order. */
export async function redirectTo(db: Db, keys: readonly string[]): Promise<string | null> {
  if (keys.length === 0) return null;
  const rows = await db.all<{ from_key: string; to_url: string }>(
    `SELECT from_key, to_url FROM redirects WHERE from_key IN (${keys.map(() => '?').join(', ')})`,
    keys,
  );
  for (const key of keys) {
    const hit = rows.find((r) => r.from_key === key);
    if (hit) return hit.to_url;
  }
  return null;
}

/** Every operator's redirect. */
export async function allRedirects(db: Db): Promise<StoredRedirect[]> {
  const rows = await db.all<{ from_key: string; from_path: string; to_url: string }>('SELECT from_key, from_path, to_url FROM redirects ORDER BY from_key');
  return rows.map((r) => ({ fromKey: r.from_key, fromPath: r.from_path, to: r.to_url }));
}

/** Writes redirects (new ones inserted, those with the same old address replaced); call inside a transaction. */
export async function saveRedirects(tx: Db, rows: readonly StoredRedirect[], now: string): Promise<void> {
  for (const r of rows) {
    await tx.run(
      `INSERT INTO redirects (from_key, from_path, to_url, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (from_key) DO UPDATE SET from_path = excluded.from_path, to_url = excluded.to_url`,
      [r.fromKey, r.fromPath, r.to, now],
    );
  }
}

/** How many operator's redirects are stored. */
export async function countRedirects(db: Db): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM redirects'))?.n ?? 0);
}

/** Records which collection each old category id became (replacing an earlier mapping); call inside the import's transaction. */
export async function saveLegacyCategories(tx: Db, pairs: readonly { legacyId: number; collectionId: number }[]): Promise<void> {
  for (const p of pairs) {
    await tx.run(
      'INSERT INTO legacy_categories (legacy_id, collection_id) VALUES (?, ?) ON CONFLICT (legacy_id) DO UPDATE SET collection_id = excluded.collection_id',
      [p.legacyId, p.collectionId],
    );
  }
}
