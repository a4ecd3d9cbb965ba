/**
 * The operators' catalogue write of the multi-process store: a sale (a product's price and
 * compare-at price), `POST /api/admin/products/{productId}/price`, operators with the catalogue
 * permission only, by credentials alone (security/operator-access.ts: an operator session with
 * its CSRF token, a token scoped to the catalogue, or ADMIN_TOKEN; the store's Host; the
 * cross-site guard). HTTP only: the rule is service.ts's setSalePrice. The product, its variants
 * and their inventory levels take the new price in one transaction, which records the change in the catalogue log (scale/catalogue-log.ts) and
 * the audit log (who, the price before and after); then `app.catalogue.reindex`
 * updates this process's index and caches and announces the change to the other processes
 * (the catalogue change feed), so every process's product and search answers show the sale.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { auditWho } from '../admin/index.ts';
import { setSalePrice } from './service.ts';
import { operatorAccessFromEnv, operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';

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
  const deps = { db: options.db, reindex: (ids: readonly number[], version?: number) => app.catalogue.reindex(ids, version) };
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
    await setSalePrice(deps, auditWho(request), productId, priceCents, compareAtPriceCents);
    return { productId, priceCents, compareAtPriceCents };
  });
};
