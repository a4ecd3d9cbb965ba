/**
 * The back office's product routes (HTTP only; the rules are in service.ts and the domain):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/products | owner, staff (catalogue) | { products, nextBefore }: filters q, lowStock, indexed, noImage; newest first |
 * | GET /api/admin/products/{productId} | owner, staff | { product }: texts, prices, variants with their levels, pictures, tags |
 * | PATCH /api/admin/products/{productId} | owner, staff | { product }: texts, prices, compare-at, stock per level, visibility, tags, pictures |
 * | POST /api/admin/products/bulk-edit | owner, staff | { matched, changed, dryRun, sample }: prices and/or stock of a filtered set |
 *
 * Every route sits behind the operator guard (sessions with their CSRF token for writes, API
 * tokens scoped to the catalogue, ADMIN_TOKEN) with the `catalogue` permission, which the
 * fulfilment role lacks. Every write is audited with its before and after in its own transaction
 * and reaches the storefront through the catalogue change feed. The sale-price route
 * (POST /api/admin/products/{productId}/price, catalogue/sale-price.routes.ts) and the ship profiles
 * (GET, PUT /api/admin/products/{productId}/shipping, modules/shipping) stay where they are.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import { PICTURE_UPLOAD_MAX_BYTES, PICTURE_UPLOAD_TYPES } from '../../../domain/admin-products.ts';
import * as s from './schemas.ts';
import { ProductsAdminService, uploadedPicture, type BulkInput, type ProductPatch } from './service.ts';

// the answer to an upload of another type is the service's (kept importable from here)
export { PICTURE_TYPE_MESSAGE } from './service.ts';

/** Options of {@link productsAdminRoutes}. */
export interface ProductsAdminRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** Announces a catalogue change (app.catalogue.reindex: this process's index and caches, then the change feed). */
  reindex: (ids: readonly number[], version?: number) => Promise<void>;
  /** The search index's ids for a text, or null above `max` (see ProductsAdminDeps.searchText). */
  searchText?: (q: string, max: number) => number[] | null;
  /** A service of the caller's (tests); built from the options otherwise. */
  service?: ProductsAdminService;
}

const TAGS = ['products'];
const config = { operatorPermission: 'catalogue' as const };
const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

/**
 * The plugin.
 * @example
 * await app.register(productsAdminRoutes, { db, operators, reindex: (ids, v) => app.catalogue.reindex(ids, v) });
 */
export const productsAdminRoutes: FastifyPluginAsync<ProductsAdminRoutesOptions> = async (app, options) => {
  const service = options.service ?? new ProductsAdminService({ db: options.db, reindex: options.reindex, ...(options.searchText ? { searchText: options.searchText } : {}) });
  await app.register(jsonRoutes, { ...options, service });
  await app.register(pictureRoutes, { ...options, service });
};

/** The picture types an upload may send, as they come (the media pipeline reads them by their bytes): the domain's, which the back office checks first. */
const PICTURE_TYPES = [...PICTURE_UPLOAD_TYPES];

/** A picture upload: the file is the body (its type in Content-Type), its text and name in the query. */
const pictureRoutes: FastifyPluginAsync<ProductsAdminRoutesOptions & { service: ProductsAdminService }> = async (app, options) => {
  const { service } = options;
  // a file, not JSON: the session's CSRF header (or a bearer token) still decides
  app.addHook('onRequest', operatorGuard(options.operators, { requireJson: false }));
  app.addContentTypeParser(PICTURE_TYPES, { parseAs: 'buffer', bodyLimit: PICTURE_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.post<{ Params: { productId: number }; Querystring: { altText?: string; fileName?: string } }>('/api/admin/products/:productId/images', {
    config, bodyLimit: PICTURE_UPLOAD_MAX_BYTES,
    schema: {
      tags: TAGS,
      summary: 'Add a picture to a product (the file as the body: JPEG, PNG, GIF or WebP, at most 15 MB): kept upright, without metadata, at most 1600 px; audited and shown by the storefront at once',
      params: s.productParams,
      querystring: s.pictureQuery,
      body: { content: Object.fromEntries(PICTURE_TYPES.map((t) => [t, { schema: { description: 'The picture file' } }])) },
      response: { 200: s.productAnswer, ...s.productErrors },
    },
  }, async (request) => {
    const file = uploadedPicture(request.body);
    return { product: await service.addImage(auditWho(request), request.params.productId, file, request.query) };
  });
};

const jsonRoutes: FastifyPluginAsync<ProductsAdminRoutesOptions & { service: ProductsAdminService }> = async (app, options) => {
  const { service } = options;
  app.addHook('onRequest', operatorGuard(options.operators));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.productErrors } } });

  app.get<{ Querystring: { q?: string; lowStock?: number; indexed?: 'true' | 'false'; noImage?: 'true' | 'false'; before?: number; limit: number } }>('/api/admin/products', {
    config, ...schema('Products for operators, newest first: filter by text (title, id, SKU, product code), low stock, indexed and pictures; page with before = nextBefore', { querystring: s.listQuery }, s.listAnswer),
  }, async (request) => {
    const { indexed, noImage, ...rest } = request.query;
    const i = flag(indexed);
    const n = flag(noImage);
    return await service.list({ ...rest, ...(i !== undefined ? { indexed: i } : {}), ...(n !== undefined ? { noImage: n } : {}) });
  });

  app.get<{ Params: { productId: number } }>('/api/admin/products/:productId', {
    config, ...schema('One product for editing: texts, prices, variants with their inventory levels, pictures and tags', { params: s.productParams }, s.productAnswer),
  }, async (request) => ({ product: await service.get(request.params.productId) }));

  app.patch<{ Params: { productId: number }; Body: ProductPatch }>('/api/admin/products/:productId', {
    config, bodyLimit: 262_144,
    ...schema('Edit a product (texts, prices and compare-at prices, stock per inventory level, visibility to search engines, tags, pictures): audited, and shown by the storefront at once', { params: s.productParams, body: s.patchBody }, s.productAnswer),
  }, async (request) => ({ product: await service.update(auditWho(request), request.params.productId, request.body) }));

  app.post<{ Body: BulkInput }>('/api/admin/products/bulk-edit', {
    config, bodyLimit: 65_536,
    ...schema('Move the prices (percent, amount or a set price) and/or stock of the products a filter matches; dryRun previews the count and a sample; expectedCount refuses a set that changed since the preview', { body: s.bulkBody }, s.bulkAnswer),
  }, async (request) => await service.bulk(auditWho(request), request.body));
};
