/**
 * The shipping module's SQL: the ship profile, price and notices of inventory levels, as the
 * quote reads them (one statement for a whole cart).
 * @module
 */
import type { Db } from '../../db/database.ts';

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
