/**
 * The reference API server as a Fastify app, built from a database handle so tests drive it
 * with `app.inject` and `main.ts` runs it on a port. The catalogue lives in SQLite; product
 * search is served from an in-memory index built from it at start-up and kept in step through
 * `app.catalogue.reindex(ids)` after catalogue writes.
 * @module
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { accountsPlugin } from './auth/plugin.ts';
import { sessionPlugin } from './auth/session.ts';
import { commerceRoutes } from './commerce/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import type { Db } from './db/database.ts';
import { installErrorHandler } from './errors.ts';
import {
  CARD_FIELDS, allVendorCounts, loadSearchDocuments, productCardValues, productIdBatches, searchDocuments, type VendorDetail,
} from './repositories/catalogue.ts';
import { CollectionTree } from './repositories/collections.ts';
import { catalogueRoutes, type CatalogueContext } from './routes/catalogue.ts';
import { mediaRoutes } from './routes/media.ts';
import { sharedSchemas } from './schemas.ts';
import { createContentRepository } from './content/repository.ts';
import { storefrontPageHandler } from './storefront-page.ts';
import { CatalogueCache, type CatalogueCacheOptions } from './search/cache.ts';
import { createSearchIndex } from './search/index.ts';
import type { SearchIndex } from './search/types.ts';

/** Options of `buildApp`. */
export interface AppOptions {
  /** A migrated database. */
  db: Db;
  /** Where generated media are cached. @default './data' */
  dataDir?: string;
  /** Fastify's logger option. @default false */
  logger?: FastifyServerOptions['logger'];
  /**
   * The built storefront to serve with an SPA fallback, when the folder exists.
   * @default '{cwd}/dist/web'
   */
  webDir?: string;
  /** A ready search index (benchmarks share one); built from the database when absent. */
  searchIndex?: SearchIndex;
  /** Sizes of the card and search-answer caches (0 turns one off). @default see CatalogueCacheOptions */
  catalogueCache?: CatalogueCacheOptions;
}

/** The catalogue services the app carries, for later issues' write routes. */
export interface CatalogueServices extends CatalogueContext {
  /** Re-reads products from the database into the search index (removes ids that no longer exist). */
  reindex(ids: readonly number[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueServices;
  }
}

const NOT_FOUND = 'Not found';

/** Extensions of build output; a missing one answers 404 instead of the SPA page. */
const ASSET_RE = /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|txt|xml|webmanifest|pdf|gltf|glb)$/i;

/**
 * Builds the app (not listening). Awaits plugin registration, so `app.inject` works at once.
 * @example
 * const app = await buildApp({ db });
 * const res = await app.inject({ url: '/api/products/filter?q=spx1600' });
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const dataDir = resolve(options.dataDir ?? './data');
  const webDir = resolve(options.webDir ?? join(process.cwd(), 'dist', 'web'));
  const app = Fastify({
    logger: options.logger ?? false,
    // bodies are small JSON here; a crawler's junk path must not eat memory
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // malformed URLs (bad percent-encoding ...) answer the API's own error shape
    frameworkErrors: (err, _req, reply) => {
      void (reply as unknown as FastifyReply).code(400).send({ error: err.message });
    },
  });

  const tree = new CollectionTree(db);
  const index = options.searchIndex ?? createSearchIndex(searchDocuments(db, tree));
  let vendorCounts: VendorDetail[] | null = null;
  const catalogue: CatalogueServices = {
    db,
    tree,
    index,
    cache: new CatalogueCache(CARD_FIELDS, (ids) => productCardValues(db, ids), options.catalogueCache),
    vendors: () => (vendorCounts ??= allVendorCounts(db)),
    reindex(ids) {
      vendorCounts = null;
      catalogue.cache.invalidate(ids);
      const docs = loadSearchDocuments(db, ids, tree);
      const found = new Set(docs.map((d) => d.id));
      for (const doc of docs) index.upsert(doc);
      for (const id of ids) if (!found.has(id)) index.remove(id);
    },
  };
  catalogue.cache.preload(productIdBatches(db));
  app.decorate('catalogue', catalogue);

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the schemas use JSON Schema type lists (['string', 'null']) for nullable fields
      openapi: '3.1.0',
      info: {
        title: 'Skimmer reference API',
        description: 'Catalogue, search and content of the Skimmer pool and spa store (spec section 7 and the calls its screens need).',
        version: '0.1.0',
      },
      tags: [
        { name: 'products', description: 'Products, product search and vendors' },
        { name: 'collections', description: 'Collections and their hierarchy' },
        { name: 'media', description: 'Generated pictures, 3D models and PDF spec sheets' },
      ],
    },
  });
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);

  // brotli or gzip for text answers (API JSON, the storefront's HTML, JS and CSS) above 1 KB;
  // quality 5 brotli compresses a 200 KB chunk in a few ms, so it is done per request
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(sessionPlugin, { db });
  catalogueRoutes(app, catalogue);
  mediaRoutes(app, { db, dataDir });
  await app.register(contentRoutes, { db });
  await app.register(accountsPlugin, { db });
  await app.register(commerceRoutes, { db });
  await app.register(realtimeRoutes, { db });

  const docs = async () => app.swagger();
  app.get('/api/docs', { schema: { hide: true } }, docs);
  app.get('/api/docs/json', { schema: { hide: true } }, docs);

  const hasWeb = existsSync(join(webDir, 'index.html')) && statSync(webDir).isDirectory();
  // every storefront route answers index.html with the store's configuration and announcement
  // filled in (storefront-page.ts), so the first paint needs no script and no call
  const content = createContentRepository(db);
  const storefrontPage = storefrontPageHandler(join(webDir, 'index.html'), () => ({ config: content.config() }));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // the page itself is answered filled in (storefrontPage), never as the raw file
      globIgnore: ['index.html'],
      // build files under /assets/ carry a content hash in their names: cached for a year;
      // index.html (and other unhashed files) is revalidated on every visit
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, storefrontPage);
    app.get('/index.html', { schema: { hide: true } }, storefrontPage);
  } else {
    app.get('/', {
      schema: {
        hide: true,
        response: { 200: { type: 'object', properties: { name: { type: 'string' }, message: { type: 'string' }, docs: { type: 'string' } } } },
      },
    }, async () => ({
      name: 'Skimmer reference API',
      message: 'The storefront is not built yet (no dist/web). The API is under /api; its OpenAPI document is at /api/docs.',
      docs: '/api/docs',
    }));
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // a missing build file is a 404, but the storefront's own routes include '.asp' and '.htm' paths
    const isAsset = ASSET_RE.test(path);
    if (hasWeb && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/media/') && !isAsset) {
      // SPA fallback: the storefront's router owns every other path
      return storefrontPage(req, reply);
    }
    return reply.code(404).send({ error: NOT_FOUND });
  });

  await app.ready();
  return app;
}
