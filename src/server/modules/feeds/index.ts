/**
 * The product feeds module: its routes (`GET /feeds/google-merchant.tsv`, `GET /feeds/products.jsonl`)
 * for the app to register, and the service's entry points.
 * @module
 */
export { feedRoutes, storeOrigin, type FeedRoutesOptions } from './routes.ts';
export { createFeedService, type FeedFile, type FeedService } from './service.ts';
