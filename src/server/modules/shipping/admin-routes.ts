/**
 * The operators' shipping routes: a product's ship profiles (class, weight, size, freight class,
 * hazard group, handling days, taxable, per variant) and its notices (Proposition 65 chemicals per
 * endpoint, hazardous-material handling, not returnable once opened).
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/products/{productId}/shipping | owner, staff (catalogue permission) | the profiles and notices |
 * | PUT /api/admin/products/{productId}/shipping | owner, staff (catalogue permission) | the same, as written |
 *
 * Rules (each tested, on both databases):
 * - Credentials by the operator guard (security/operator-access.ts): an operator session with its
 *   CSRF token for writes, a token scoped to the catalogue, or ADMIN_TOKEN; fulfilment may not.
 * - A PUT lists the variants whose profile changes (each once, each the product's; the others
 *   keep theirs) and every notice of the product. Each profile is checked by the domain's rule
 *   (`profileProblem`: weight above 0 and at most what the class takes, an oversize box's size, an
 *   NMFC freight class, handling days), the notices by `checkProductNotices`; a refusal is 400
 *   `{ error }` in the domain's words and writes nothing. An unknown product is 404.
 * - The write, its catalogue-log entry and its audit row (`product.shipping`, the profiles and
 *   notices before and after) commit together; then `app.catalogue.reindex` clears the page
 *   cache, the shipping service's remembered profiles and the search index's copy, here and in
 *   the other processes, so the product page's estimate and the checkout quote the new profile.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  checkProductNotices, prop65FullWarning, profileProblem,
  type HazardGroup, type ProductNotice, type ShipClass, type ShippingProfile,
} from '../../../domain/shipping/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { recordCatalogueChange } from '../../scale/catalogue-log.ts';
import { operatorGuard, type OperatorAccess } from '../../security/operator-access.ts';
import { audit, auditWho } from '../admin/index.ts';
import { productShipRows, writeProductShipping, type ShipVariantRow, type ShipVariantWrite } from './repository.ts';
import { getProductShippingRoute, putProductShippingRoute } from './schemas.ts';
import { parseNotices } from './service.ts';

/** Options of {@link shippingAdminRoutes}. */
export interface ShippingAdminOptions {
  db: Db;
  /** Who may call the routes (the app's operator access). */
  operators: OperatorAccess;
}

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
 * The plugin (its own scope behind the operator guard).
 * @example
 * await app.register(shippingAdminRoutes, { db, operators });
 * // PUT /api/admin/products/42/shipping { "variants": [{ "id": 7, "shipClass": "freight", ... }], "notices": [] }
 */
export const shippingAdminRoutes: FastifyPluginAsync<ShippingAdminOptions> = async (app, options) => {
  const { db } = options;
  app.addHook('onRequest', operatorGuard(options.operators));
  const config = { operatorPermission: 'catalogue' as const };

  app.get<{ Params: { productId: number } }>('/api/admin/products/:productId/shipping', { config, schema: getProductShippingRoute }, async (request) => {
    const found = await readProductShipping(db, request.params.productId);
    if (!found) throw new HttpError(404, 'Product not found.');
    return found;
  });

  app.put<{ Params: { productId: number }; Body: ProductShippingInput }>('/api/admin/products/:productId/shipping', {
    config, bodyLimit: 65_536, schema: putProductShippingRoute,
  }, async (request) => {
    const { productId } = request.params;
    const who = auditWho(request);
    // the audit row and the catalogue-log entry commit with the profiles or not at all
    const change = await db.transaction(async (tx) => {
      const before = await readProductShipping(tx, productId);
      if (!before) return null;
      const valid = checkProductShipping(before, request.body);
      await writeProductShipping(tx, productId, valid.variants.map(columnsOf), valid.notices.length ? JSON.stringify(valid.notices) : null);
      const after = await readProductShipping(tx, productId);
      await audit(tx, who, 'product.shipping', { type: 'product', id: productId }, snapshot(before), snapshot(after!));
      return { written: after!, logged: await recordCatalogueChange(tx, [productId]) };
    });
    if (!change) throw new HttpError(404, 'Product not found.');
    // the page cache, the remembered profiles and the search index, here and in every process
    await app.catalogue.reindex(change.logged.ids, change.logged.version);
    return change.written;
  });
};
