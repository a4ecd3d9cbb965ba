/**
 * The shipping module's SQL: the ship profile, price and notices of inventory levels, as the
 * quote reads them (one statement for a whole cart).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** An inventory level with its variant's ship profile and its product's notices. */
export interface ShipLevelRow {
  level_id: number;
  price_cents: number;
  available_for_sale: number;
  product_id: number;
  product_title: string;
  variant_title: string;
  ship_class: string;
  weight_lb: number | null;
  product_weight: number | null;
  length_in: number | null;
  width_in: number | null;
  height_in: number | null;
  freight_class: number | null;
  hazard_group: string | null;
  handling_days: number;
  taxable: number;
  notices_json: string | null;
}

/** Most ids one statement binds (SQLite's default limit is far above; it keeps a statement small). */
const CHUNK = 200;

/**
 * The levels of `ids` with their ship profiles, in no particular order; unknown ids are absent.
 * @example
 * const rows = await shipLevels(db, [12, 14]);
 */
export async function shipLevels(db: Db, ids: readonly number[]): Promise<ShipLevelRow[]> {
  const unique = [...new Set(ids)];
  const out: ShipLevelRow[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    out.push(...await db.all<ShipLevelRow>(
      `SELECT l.id AS level_id, l.price_cents, l.available_for_sale, p.id AS product_id, p.title AS product_title, v.title AS variant_title,
              v.ship_class, v.weight_lb, p.weight AS product_weight, v.length_in, v.width_in, v.height_in, v.freight_class, v.hazard_group,
              v.handling_days, v.taxable, p.notices_json
       FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
       WHERE l.id IN (${part.map(() => '?').join(', ')})`,
      part,
    ));
  }
  return out;
}

/** A product's ship facts as operators edit them: its title, weight and notices. */
export interface ShipProductRow {
  id: number;
  title: string;
  weight: number | null;
  notices_json: string | null;
}

/** A variant's ship profile columns (migration 018). */
export interface ShipVariantRow {
  id: number;
  title: string;
  sku: string | null;
  ship_class: string;
  weight_lb: number | null;
  length_in: number | null;
  width_in: number | null;
  height_in: number | null;
  freight_class: number | null;
  hazard_group: string | null;
  handling_days: number;
  taxable: number;
}

/**
 * A product and its variants' ship profiles, or null for an unknown product.
 * @example
 * const found = await productShipRows(db, 42);
 */
export async function productShipRows(db: Db, productId: number): Promise<{ product: ShipProductRow; variants: ShipVariantRow[] } | null> {
  const product = await db.get<ShipProductRow>('SELECT id, title, weight, notices_json FROM products WHERE id = ?', [productId]);
  if (!product) return null;
  const variants = await db.all<ShipVariantRow>(
    `SELECT id, title, sku, ship_class, weight_lb, length_in, width_in, height_in, freight_class, hazard_group, handling_days, taxable
     FROM variants WHERE product_id = ? ORDER BY position, id`,
    [productId],
  );
  return { product, variants };
}

/** The ship profile columns of one variant, as written. */
export type ShipVariantWrite = Omit<ShipVariantRow, 'title' | 'sku'>;

/**
 * Writes variants' ship profiles and the product's notices (call it in the operator's
 * transaction; the variants must be the product's).
 */
export async function writeProductShipping(tx: Db, productId: number, variants: readonly ShipVariantWrite[], noticesJson: string | null): Promise<void> {
  for (const v of variants) {
    await tx.run(
      `UPDATE variants SET ship_class = ?, weight_lb = ?, length_in = ?, width_in = ?, height_in = ?, freight_class = ?, hazard_group = ?,
         handling_days = ?, taxable = ? WHERE id = ? AND product_id = ?`,
      [v.ship_class, v.weight_lb, v.length_in, v.width_in, v.height_in, v.freight_class, v.hazard_group, v.handling_days, v.taxable, v.id, productId],
    );
  }
  await tx.run('UPDATE products SET notices_json = ? WHERE id = ?', [noticesJson, productId]);
}
