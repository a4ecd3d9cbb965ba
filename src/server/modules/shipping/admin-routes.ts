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
 *
 * HTTP only: the rules and the write are admin-service.ts's.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/index.ts';
import { productShipping, saveProductShipping, type ProductShippingInput } from './admin-service.ts';
import { getProductShippingRoute, putProductShippingRoute } from './schemas.ts';

/** Options of {@link shippingAdminRoutes}. */
export interface ShippingAdminOptions {
  db: Db;
  /** Who may call the routes (the app's operator access). */
  operators: OperatorAccess;
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
    return await productShipping(db, request.params.productId);
  });

  app.put<{ Params: { productId: number }; Body: ProductShippingInput }>('/api/admin/products/:productId/shipping', {
    config, bodyLimit: 65_536, schema: putProductShippingRoute,
  }, async (request) => {
    const change = await saveProductShipping(db, request.params.productId, request.body, auditWho(request));
    // the page cache, the remembered profiles and the search index, here and in every process
    await app.catalogue.reindex(change.logged.ids, change.logged.version);
    return change.written;
  });
};
