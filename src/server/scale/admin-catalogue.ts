/**
 * The operators' catalogue write of the multi-process store: a sale (a product's price and
 * compare-at price), `POST /api/admin/products/{productId}/price`, operators with the catalogue
 * permission only, by credentials alone (security/operator-access.ts: an operator session with
 * its CSRF token, a token scoped to the catalogue, or ADMIN_TOKEN; the store's Host; the
 * cross-site guard). The product, its variants and their inventory levels take the new price in
 * one transaction, which records the change in the catalogue log (scale/catalogue-log.ts) and
 * the audit log (who, the price before and after); then `app.catalogue.reindex`
 * updates this process's index and caches and announces the change to the other processes
 * (the catalogue change feed), so every process's product and search answers show the sale.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { setProductPrice } from '../repositories/catalogue.ts';
import { audit, auditWho, productPriceSnapshot } from '../modules/admin/index.ts';
import { operatorAccessFromEnv, operatorGuard, type OperatorAccess } from '../security/operator-access.ts';

/** Options of {@link adminCatalogueRoutes}. */
export interface AdminCatalogueOptions {
  db: Db;
  /** Who may write. @default operatorAccessFromEnv(): ADMIN_TOKEN, PUBLIC_URL, ALLOWED_ORIGINS */
  operators?: OperatorAccess;
}

/** Highest price accepted, in cents (a typo's guard). @default 10,000,000 ($100,000) */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * The plugin.
 * @example
 * await app.register(adminCatalogueRoutes, { db });
 * // POST /api/admin/products/42/price { "priceCents": 1999, "compareAtPriceCents": 2499 }
 */
export const adminCatalogueRoutes: FastifyPluginAsync<AdminCatalogueOptions> = async (app, options) => {
  const { db } = options;
  app.addHook('onRequest', operatorGuard(options.operators ?? operatorAccessFromEnv()));
  const cents = { type: 'integer', minimum: 0, maximum: MAX_PRICE_CENTS } as const;
  app.post<{ Params: { productId: number }; Body: { priceCents: number; compareAtPriceCents: number | null } }>('/api/admin/products/:productId/price', {
    bodyLimit: 1024,
    config: { operatorPermission: 'catalogue' },
    schema: {
      tags: ['products'],
      summary: 'Put a product on sale (operators): its price and compare-at price, on every process of the store',
      params: { type: 'object', properties: { productId: { type: 'integer', minimum: 1 } }, required: ['productId'] },
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { priceCents: cents, compareAtPriceCents: { anyOf: [cents, { type: 'null' }] } },
        required: ['priceCents', 'compareAtPriceCents'],
      },
      response: {
        200: { type: 'object', properties: { productId: { type: 'integer' }, priceCents: { type: 'integer' }, compareAtPriceCents: { type: ['integer', 'null'] } } },
        400: { $ref: 'Error#' },
        401: { $ref: 'Error#' },
        403: { $ref: 'Error#' },
        404: { $ref: 'Error#' },
      },
    },
  }, async (request) => {
    const { productId } = request.params;
    const { priceCents, compareAtPriceCents } = request.body;
    if (compareAtPriceCents !== null && compareAtPriceCents <= priceCents) throw new HttpError(400, 'compareAtPriceCents must be above priceCents (or null).');
    const who = auditWho(request);
    // the audit row commits with the price or not at all (the inner transaction joins this one)
    const change = await db.transaction(async (tx) => {
      const before = await productPriceSnapshot(tx, productId);
      if (before === null) return null;
      const done = await setProductPrice(tx, productId, priceCents, compareAtPriceCents);
      if (done) await audit(tx, who, 'product.price', { type: 'product', id: productId }, before, { priceCents, compareAtPriceCents });
      return done;
    });
    if (!change) throw new HttpError(404, 'Product not found.');
    await app.catalogue.reindex(change.ids, change.version);
    return { productId, priceCents, compareAtPriceCents };
  });
};
