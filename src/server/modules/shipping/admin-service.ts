/**
 * A product's ship profiles and notices for the operators' shipping routes (admin-routes.ts,
 * whose notes list the rules): reading them (an unknown product is 404), checking a PUT against
 * the product as stored by the domain's rules (a refusal is 400 in the domain's words), and
 * writing it with its catalogue-log entry and its audit row in one transaction.
 * @module
 */
import {
  checkProductNotices, prop65FullWarning, profileProblem,
  type HazardGroup, type ProductNotice, type ShipClass, type ShippingProfile,
} from '../../../domain/shipping/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { recordCatalogueChange, type CatalogueChange } from '../../platform/scale/catalogue-log.repository.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import { productShipRows, writeProductShipping, type ShipVariantRow, type ShipVariantWrite } from './repository.ts';
import { parseNotices } from './service.ts';

/** The answer to a product that does not exist. */
export const PRODUCT_NOT_FOUND = 'Product not found.';

/** A variant's ship profile as the routes read and write it. */
export interface VariantShipping {
  id: number;
  shipClass: ShipClass;
  /** Pounds as packed; null: the product's weight. */
  weightLb: number | null;
  dimensions: { lengthIn: number; widthIn: number; heightIn: number } | null;
  freightClass: number | null;
  hazardGroup: HazardGroup | null;
  handlingDays: number;
  taxable: boolean;
}

/** A product's ship profiles and notices, as the routes answer them. */
export interface ProductShipping {
  productId: number;
  title: string;
  productWeightLb: number | null;
  variants: (VariantShipping & { title: string; sku: string | null })[];
  notices: ProductNotice[];
  prop65FullWarning: string | null;
}

/** The body of the PUT. */
export interface ProductShippingInput {
  variants: VariantShipping[];
  notices: ProductNotice[];
}

function variantOf(row: ShipVariantRow): VariantShipping & { title: string; sku: string | null } {
  const dims = row.length_in !== null && row.width_in !== null && row.height_in !== null
    ? { lengthIn: row.length_in, widthIn: row.width_in, heightIn: row.height_in }
    : null;
  return {
    id: row.id, title: row.title, sku: row.sku, shipClass: row.ship_class as ShipClass, weightLb: row.weight_lb, dimensions: dims,
    freightClass: row.freight_class, hazardGroup: row.hazard_group as HazardGroup | null, handlingDays: row.handling_days, taxable: row.taxable !== 0,
  };
}

/** A product's profiles and notices, or null for an unknown product. */
async function readProductShipping(db: Db, productId: number): Promise<ProductShipping | null> {
  const found = await productShipRows(db, productId);
  if (!found) return null;
  const notices = parseNotices(found.product.notices_json);
  return {
    productId, title: found.product.title, productWeightLb: found.product.weight, variants: found.variants.map(variantOf),
    notices, prop65FullWarning: prop65FullWarning(notices),
  };
}

/** The domain profile of a variant's input (its weight falling back to the product's). */
function profileOf(v: VariantShipping, productWeightLb: number | null): ShippingProfile {
  const profile: ShippingProfile = { shipClass: v.shipClass, weightLb: v.weightLb ?? productWeightLb ?? 0, handlingDays: v.handlingDays, taxable: v.taxable };
  if (v.dimensions) profile.dimensions = v.dimensions;
  if (v.freightClass !== null) profile.freightClass = v.freightClass;
  if (v.hazardGroup !== null) profile.hazardGroup = v.hazardGroup;
  return profile;
}

/** The columns a variant's input writes. */
function columnsOf(v: VariantShipping): ShipVariantWrite {
  return {
    id: v.id, ship_class: v.shipClass, weight_lb: v.weightLb, length_in: v.dimensions?.lengthIn ?? null, width_in: v.dimensions?.widthIn ?? null,
    height_in: v.dimensions?.heightIn ?? null, freight_class: v.freightClass, hazard_group: v.hazardGroup, handling_days: v.handlingDays, taxable: v.taxable ? 1 : 0,
  };
}

/** What the audit log keeps of a product's shipping: the profiles and notices, without titles. */
function snapshot(p: Pick<ProductShipping, 'variants' | 'notices'>): { variants: VariantShipping[]; notices: ProductNotice[] } {
  return { variants: p.variants.map(({ id, shipClass, weightLb, dimensions, freightClass, hazardGroup, handlingDays, taxable }) => ({ id, shipClass, weightLb, dimensions, freightClass, hazardGroup, handlingDays, taxable })), notices: p.notices };
}

/**
 * Checks a PUT against the product as stored: every variant the product's and listed once, each
 * profile and the notices by the domain's rules.
 * @throws HttpError 400 with the first problem, in the domain's words
 */
export function checkProductShipping(current: ProductShipping, input: ProductShippingInput): { variants: VariantShipping[]; notices: ProductNotice[] } {
  const titles = new Map(current.variants.map((v) => [v.id, v.title && v.title !== 'Default Title' ? `${current.title} - ${v.title}` : current.title]));
  const seen = new Set<number>();
  for (const v of input.variants) {
    const title = titles.get(v.id);
    if (title === undefined) throw new HttpError(400, `Variant ${v.id} is not a variant of ${current.title}.`);
    if (seen.has(v.id)) throw new HttpError(400, `Variant ${v.id} is listed twice.`);
    seen.add(v.id);
    const problem = profileProblem(profileOf(v, current.productWeightLb), title);
    if (problem) throw new HttpError(400, problem);
    if (v.hazardGroup !== null && v.shipClass !== 'hazmat-ground') throw new HttpError(400, `${title} has a hazard group but ships as ${v.shipClass}; only hazmat-ground variants have one.`);
    if (v.freightClass !== null && v.shipClass !== 'freight') throw new HttpError(400, `${title} has a freight class but ships as ${v.shipClass}; only freight variants have one.`);
  }
  const notices = checkProductNotices(input.notices);
  if (!notices.ok) throw new HttpError(400, notices.message);
  return { variants: input.variants, notices: notices.value };
}

/**
 * A product's profiles and notices.
 * @throws HttpError 404 for an unknown product
 */
export async function productShipping(db: Db, productId: number): Promise<ProductShipping> {
  const found = await readProductShipping(db, productId);
  if (!found) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return found;
}

/**
 * Checks and writes a PUT: the profiles and notices, the catalogue-log entry and the audit row in
 * one transaction. Answers the product as written and the logged change (for the reindex).
 * @throws HttpError 404 for an unknown product, 400 with the first problem of the input
 * @example
 * const { written, logged } = await saveProductShipping(db, 42, { variants: [...], notices: [] }, who);
 */
export async function saveProductShipping(
  db: Db,
  productId: number,
  input: ProductShippingInput,
  who: AuditWho,
): Promise<{ written: ProductShipping; logged: CatalogueChange }> {
  const change = await db.transaction(async (tx) => {
    const before = await readProductShipping(tx, productId);
    if (!before) return null;
    const valid = checkProductShipping(before, input);
    await writeProductShipping(tx, productId, valid.variants.map(columnsOf), valid.notices.length ? JSON.stringify(valid.notices) : null);
    const after = await readProductShipping(tx, productId);
    await audit(tx, who, 'product.shipping', { type: 'product', id: productId }, snapshot(before), snapshot(after!));
    return { written: after!, logged: await recordCatalogueChange(tx, [productId]) };
  });
  if (!change) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return change;
}
