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
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { accountsPlugin } from './modules/accounts/plugin.ts';
import { sessionPlugin } from './modules/accounts/session.ts';
import { commerceRoutes } from './modules/checkout/routes.ts';
import { estimateCheckout } from './modules/checkout/checkouts.ts';
import { shippingAdminRoutes } from './modules/shipping/admin-routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { defaultShippingService, type ShippingService } from './modules/shipping/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { newsletterFormRoutes } from './modules/content/newsletter-form.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import type { Db } from './platform/db/database.ts';
import { installErrorHandler } from './platform/http/errors.ts';
import {
  CARD_FIELDS, allVendorCounts, loadSearchDocuments, productCardValues, productCardValuesSync, productIdBatches, searchDocumentRanges, searchDocuments,
  type VendorDetail,
} from './modules/catalogue/repository.ts';
import { CollectionTree } from './modules/catalogue/collections.repository.ts';
import { catalogueRoutes, type CatalogueContext } from './modules/catalogue/routes.ts';
import { EquipmentService } from './modules/equipment/service.ts';
import { equipmentRoutes } from './modules/equipment/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { loggingServerOptions } from './platform/ops/logging.ts';
import { opsPlugin, type OpsOptions } from './platform/ops/plugin.ts';
import { sharedSchemas } from './modules/catalogue/schemas.ts';
import { createContentRepository } from './modules/content/repository.ts';
import { storefrontPageHandler } from './platform/render/storefront-page.ts';
import { builtEntryPath, entryLoader, CatalogueReads, storefrontRenderer, type StorefrontEntry } from './platform/render/index.ts';
import { defaultRenderThreads, RenderPool } from './platform/render/pool.ts';
import { PageCache, type PageCacheOptions } from './platform/render/page-cache.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { installBodilessGuard, installNulGuard, strictSchemaController } from './platform/http/validation.ts';
import { createSecurityHeaders, readSecurityHeadersConfig, type SecurityHeadersConfig } from './platform/http/headers.ts';
import {
  applyHeadersTimeout, DEFAULT_BODY_LIMIT, rateLimits, readRateLimitConfig, readTimeoutConfig, type RateLimitConfig, type TimeoutConfig,
} from './platform/http/limits.ts';
import { CatalogueCache, type CatalogueCacheOptions } from './modules/search/cache.ts';
import { createSearchIndex, SelectionPrints } from './modules/search/index.ts';
import { cardFileKey, openSearchSnapshot, searchSnapshotKey, writeSearchSnapshot, type SnapshotPlace } from './modules/search/snapshot-file.ts';
import { CardFileKeeper } from './modules/search/card-file.ts';
import { modelFitsOf } from './modules/search/models.ts';
import { loadSearchSynonyms } from './modules/search/synonyms.repository.ts';
import type { SearchDocument, SearchIndex, SearchIndexOptions } from './modules/search/types.ts';
import { localFeed, type ChangedIds, type ChangeFeedFactory } from './platform/scale/change-feed.ts';
import { sqlCatalogueLog } from './platform/scale/catalogue-log.repository.ts';
import { adminCatalogueRoutes } from './modules/catalogue/sale-price.routes.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { readPaymentConfig, type PaymentConfig } from './modules/payments/config.ts';
import type { PaymentFaults, PaymentsService } from './modules/payments/service.ts';
import { paymentsFromConfig } from './modules/payments/setup.ts';
import { createPlaceOrderFromCheckout } from './modules/checkout/paid-checkout.ts';
import { importRoutes, restingPace } from './modules/imports/index.ts';
import { feedRoutes } from './modules/feeds/index.ts';
import { adminRedirectRoutes, legacyRedirects } from './modules/redirects/index.ts';
import { redisHealth, type RedisClient } from './platform/scale/redis.ts';
import type { Limiter } from './modules/accounts/rate-limit.ts';
import { documentOperatorPermission, isAllowedHost, operatorAccessFromEnv, type OperatorAccess } from './platform/http/operator-access.ts';
import { configuredPublicOrigin, installHostCheck } from './platform/http/public-origin.ts';
import { adminRoutes, operatorSetup } from './modules/admin/index.ts';
import { orderShipments, ordersAdminRoutes } from './modules/orders-admin/index.ts';
import { mailAdminRoutes } from './modules/mail-admin/index.ts';
import { adminAppRoutes } from './modules/admin/app.ts';
import { customersAdminRoutes } from './modules/customers-admin/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { discountsAdminRoutes } from './modules/discounts/index.ts';
import { productsAdminRoutes, searchIndexText } from './modules/products-admin/index.ts';

/** Options of `buildApp`. */
export interface AppOptions {
  /** A migrated database. */
  db: Db;
  /** Shipping tables and clock (modules/shipping). @default the tables of SHIPPING_TABLES_DIR, else the seed tables */
  shipping?: ShippingService;
  /** The in-process cache of rendered anonymous pages and its Cache-Control (render/page-cache.ts). */
  pageCache?: PageCacheOptions;
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
  /**
   * The search index's snapshot on disk (modules/search/snapshot-file.ts): the index starts from
   * it when it is current, is written there after a build, and again every `minutes` (and at
   * close) when the catalogue changed; `write: false` only reads it (the cluster's other
   * workers); `map: false` reads it into memory rather than mapping it (fast/snapshot.ts).
   * main.ts passes SEARCH_SNAPSHOT's file. @default none: built from the database
   */
  searchSnapshot?: { path: string; minutes?: number; write?: boolean; map?: boolean };
  /** Sizes of the card and search-answer caches (0 turns one off). @default see CatalogueCacheOptions */
  catalogueCache?: CatalogueCacheOptions;
  /** Health, readiness and metrics settings (ops/plugin.ts). @default METRICS_TOKEN from the environment */
  ops?: Omit<OpsOptions, 'db'>;
  /** Security headers (CSP sources, HSTS). @default readSecurityHeadersConfig(process.env) */
  securityHeaders?: SecurityHeadersConfig;
  /**
   * Fastify's trustProxy: trust X-Forwarded-Proto/-For from the proxy in front (HSTS on HTTPS,
   * client addresses of the rate limits). @default TRUST_PROXY ('true', a hop count, or addresses), else false
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Per-client limits of the expensive public routes (security/limits.ts). @default readRateLimitConfig(process.env) */
  rateLimits?: RateLimitConfig;
  /** Request, headers, keep-alive and connection timeouts. @default readTimeoutConfig(process.env) */
  timeouts?: TimeoutConfig;
  /**
   * The storefront's server entry (render/index.ts): every storefront page is rendered on the
   * server with it; null answers the page for the browser to render. @default the built entry
   * beside webDir (`dist/server/entry-server.js`) when it exists, else null
   */
  storefrontEntry?: (() => Promise<StorefrontEntry>) | null;
  /**
   * The server entry's file, rendered in render threads (render/pool.ts) and, when they are
   * unusable, on the main thread. Ignored when `storefrontEntry` is given (a loader cannot cross
   * to a thread). @default the built entry beside webDir when it exists
   */
  storefrontEntryPath?: string;
  /**
   * Render threads (RENDER_THREADS, render/pool.ts): the storefront's pages render in this many
   * worker threads while the main thread serves the API; 0 renders on the main thread.
   * @default defaultRenderThreads(): one per core beyond the first (at least two with two cores, none with one)
   */
  renderThreads?: number;
  /** A folder where each render thread writes a V8 CPU profile when it ends (bench:ssr's BENCH_CPU_PROF). @default none */
  renderThreadProfileDir?: string;
  /**
   * How catalogue changes reach the other processes of the store (scale/change-feed.ts; main.ts
   * passes the Redis feed when REDIS_URL is set). @default one process: nothing to tell
   */
  catalogueFeed?: ChangeFeedFactory;
  /**
   * Who may call the operators' routes (/api/admin/*): their token and the host names they answer
   * to (security/operator-access.ts); no token leaves the routes answering 404.
   * @default operatorAccessFromEnv(process.env): ADMIN_TOKEN, the hosts of PUBLIC_URL and ALLOWED_ORIGINS
   */
  operators?: OperatorAccess;
  /**
   * The origin every URL leaving the store starts with (canonical links, JSON-LD, the sitemap,
   * robots.txt), whatever the request's Host says; null takes the request's own origin
   * (public-origin.ts). On a production start with one, other hosts are refused (421).
   * @default configuredPublicOrigin(process.env): PUBLIC_URL's origin, else null
   */
  publicOrigin?: string | null;
  /** Whether this is a production start (the host check). @default isProductionStart(process.env) */
  production?: boolean;
  /**
   * The payments service (modules/payments): the provider and capture method. @default
   * paymentsFromConfig(db): PAYMENT_PROVIDER and its settings from the environment (the test provider without any)
   */
  payments?: PaymentsService;
  /** The payment settings the default payments service is built from. @default readPaymentConfig(process.env) */
  paymentConfig?: PaymentConfig;
  /** Fault points of the default payments service (the fault tests and benchmarks only). @default none */
  paymentFaults?: PaymentFaults;
  /** Counters of the account limits (sign-in ...); main.ts passes Redis ones with REDIS_URL. @default in memory */
  accountLimiter?: Limiter;
  /** Redis (and the key prefix) for the counters of the public route limits (search, pages, media), shared by every process. @default in memory */
  redis?: { client: RedisClient; prefix: string };
  /**
   * @internal For bench/security-cost.ts only, which measures what the security headers and the
   * public route limits cost: true builds the app without them (the baseline of its A/B runs).
   * Never set in a store: main.ts does not pass it and no environment variable sets it.
   */
  benchmarkBaselineWithoutSecurity?: boolean;
}

/** The catalogue services the app carries, for later issues' write routes. */
export interface CatalogueServices extends CatalogueContext {
  /**
   * After a catalogue write has committed: re-reads the products into this process's search
   * index and clears its caches at once (removes ids that no longer exist), then announces the
   * change to the other processes (the catalogue change feed). `version` is the catalogue-log
   * version the write recorded in its own transaction (`recordCatalogueChange`, which every
   * store write calls); without it the feed appends a log row now. The promise settles when the
   * announcement is out; it never rejects, so a caller need not wait for it.
   */
  reindex(ids: readonly number[], version?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueServices;
    /** The render threads of the storefront's pages (render/pool.ts), or null when pages render on the main thread. */
    renderPool: RenderPool | null;
    /** The payments service (modules/payments/service.ts): the checkout pays through it. */
    payments: PaymentsService;
  }
}

const NOT_FOUND = 'Not found';

/** TRUST_PROXY as Fastify's trustProxy: '1'/'true' trusts the proxy in front, a number that many hops, else a list of addresses. */
function trustProxyFromEnv(raw: string | undefined): FastifyServerOptions['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^[1-9][0-9]?$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Extensions of build output; a missing one answers 404 instead of the SPA page. */
const ASSET_RE = /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|txt|xml|webmanifest|pdf|gltf|glb)$/i;

/**
 * The search index over the whole catalogue, fed in id ranges. The embedded database streams the
 * ranges synchronously into the index's bulk load (one range alive at a time); PostgreSQL reads
 * them with await and loads them in one go (the index's bulk load takes an iterable).
 */
async function feedSearchIndex(db: Db, tree: CollectionTree, prints: SelectionPrints, options: SearchIndexOptions): Promise<SearchIndex> {
  const extra = options.extraPartNumbers ?? (() => []);
  function* printed(docs: Iterable<SearchDocument>): Generator<SearchDocument> {
    for (const doc of docs) {
      prints.record(doc, extra(doc.id));
      yield doc;
    }
  }
  if (db.sync) return createSearchIndex(printed(searchDocuments(db.sync, tree)), options);
  const docs: SearchDocument[] = [];
  for await (const range of searchDocumentRanges(db, tree)) docs.push(...range);
  return createSearchIndex(printed(docs), options);
}

/** Writes the search index's snapshot; a failure (a full disk) is logged and the store goes on without it. */
function writeSnapshotNow(place: SnapshotPlace, index: SearchIndex, prints: SelectionPrints, version: number, log: FastifyBaseLogger): void {
  const started = performance.now();
  try {
    const bytes = writeSearchSnapshot(place, index, prints, version);
    log.info({ path: place.path, bytes, version, seconds: (performance.now() - started) / 1000 }, 'search index snapshot written');
  } catch (err) {
    log.error({ err, path: place.path }, 'the search index snapshot could not be written');
  }
}

/** Products a catalogue change applies to the index and caches at a time (see applyChange). @default 10 */
export const APPLY_SLICE = 10;

/** Products a catalogue change reads from PostgreSQL at a time (the index takes them APPLY_SLICE at a time). @default 100 */
export const APPLY_READ = 100;

/** `ids` in runs of at most `size`, in order. */
function* slicesOf(ids: readonly number[], size: number): Generator<readonly number[]> {
  for (let at = 0; at < ids.length; at += size) yield ids.slice(at, at + size);
}

/**
 * The card store's loader, which cannot await: the embedded database reads cards synchronously
 * on a miss; on PostgreSQL the cards are read ahead (`stage`) before the store needs them (start-up
 * and every change), and the store keeps every card.
 */
function cardLoader(db: Db) {
  const staged = new Map<number, readonly unknown[]>();
  const reader = db.sync;
  return {
    load: (ids: readonly number[]): Map<number, readonly unknown[]> => {
      if (reader) return productCardValuesSync(reader, ids);
      const out = new Map<number, readonly unknown[]>();
      for (const id of ids) {
        const values = staged.get(id);
        if (values !== undefined) out.set(id, values);
      }
      return out;
    },
    async stage(ids: readonly number[]): Promise<void> {
      if (reader) return;
      for (const [id, values] of await productCardValues(db, ids)) staged.set(id, values);
    },
    /** After an invalidation: the staged cards into the store at once (PostgreSQL only). */
    refill(cache: CatalogueCache, ids: readonly number[]): void {
      if (reader) return;
      cache.preload([ids]);
      staged.clear();
    },
    unstage(): void {
      staged.clear();
    },
  };
}

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
  const timeouts = options.timeouts ?? readTimeoutConfig(process.env);
  // security headers on every answer, written in one place (security/headers.ts): the routes'
  // hook below, and the early answers no hook sees (router and HTTP-parser errors); the
  // storefront page's inline scripts are allowed by their hashes (storefront-page.ts)
  const trustProxy = options.trustProxy ?? trustProxyFromEnv(process.env.TRUST_PROXY);
  const paymentConfig = options.payments ? null : (options.paymentConfig ?? readPaymentConfig());
  const headers = createSecurityHeaders({
    // Stripe's hosts only when Stripe takes the payments (the checkout's Payment Element)
    config: { ...(options.securityHeaders ?? readSecurityHeadersConfig(process.env)), stripe: (options.payments?.provider.name ?? paymentConfig?.provider) === 'stripe' },
    trustProxy,
    storefrontScriptHashes: () => storefrontPage.scriptHashes(),
  });
  const app = Fastify({
    // JSON lines without secrets, a request id per request (ops/logging.ts)
    ...loggingServerOptions(options.logger),
    // bodies are small JSON here (the largest, 50 handles, is ~16 KB); routes that take less
    // set their own bodyLimit; a crawler's junk must not eat memory
    bodyLimit: DEFAULT_BODY_LIMIT,
    // slow clients cannot hold connections (security/limits.ts; the headers timeout is set below)
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.connectionMs,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // bodies validated without type coercion, numbers in query strings and paths read strictly
    schemaController: strictSchemaController(),
    trustProxy,
    // malformed URLs (bad percent-encoding ...) and malformed HTTP answer the API's own error
    // shape, with the security headers
    frameworkErrors: headers.frameworkErrors,
    clientErrorHandler: headers.clientErrorHandler,
  });

  applyHeadersTimeout(app, timeouts);
  // before any route: a NUL in the API's text inputs answers 400 (PostgreSQL cannot store it)
  installNulGuard(app);
  // before any route: an API write that declares no body refuses one (400), as unknown fields are
  installBodilessGuard(app);
  // before any route: a production store with PUBLIC_URL answers only its own host names
  const operatorAccess = options.operators ?? operatorAccessFromEnv(process.env);
  const storeOrigin = options.publicOrigin === undefined ? configuredPublicOrigin(process.env) : options.publicOrigin;
  installHostCheck(app, {
    origin: storeOrigin,
    isAllowed: (host) => isAllowedHost(host, operatorAccess.allowedHosts),
    ...(options.production !== undefined ? { production: options.production } : {}),
  });

  const tree = await CollectionTree.load(db);
  const indexStarted = performance.now();
  // parts that fit: models, fitment and part-number cross-reference, in memory; the
  // index also finds a product by its cross-reference numbers
  const equipment = await EquipmentService.load(db, () => catalogue.cache);
  const extraPartNumbers = (id: number): readonly string[] => equipment.catalogue.searchNumbersOf(id);
  // what selects each product into answers, so a change that leaves it as it was (a price,
  // stock) forgets only the cached answers drawn from that product (applySlice); a product
  // without a print (a shared index's) forgets them all at its first change
  let prints = new SelectionPrints();
  const searchOptions: SearchIndexOptions = {
    synonyms: await loadSearchSynonyms(db),
    extraPartNumbers,
    // a model number beside other words ('impeller for HYD3790V10') searches that model's parts
    modelFits: modelFitsOf(equipment.catalogue),
  };
  const snapshotPlace = options.searchSnapshot && !options.searchIndex
    ? { path: options.searchSnapshot.path, key: await searchSnapshotKey(db, equipment.catalogue.numbersDigest()) } : null;
  const catalogueLog = sqlCatalogueLog(db);
  let loaded = options.searchIndex;
  let snapshotDue = false;
  if (snapshotPlace !== null) {
    const opened = await openSearchSnapshot(snapshotPlace, {
      db, log: catalogueLog, options: searchOptions, prints, extraPartNumbers, readDocs: (ids) => loadSearchDocuments(db, ids, tree),
      map: options.searchSnapshot?.map !== false,
    });
    if (opened.index !== null) {
      loaded = opened.index;
      app.log.info({ path: snapshotPlace.path, bytes: opened.bytes, mapped: opened.mapped, version: opened.version, reread: opened.reread, seconds: (performance.now() - indexStarted) / 1000 }, 'search index read from its snapshot');
    } else {
      app.log.info({ path: snapshotPlace.path, reason: opened.reason }, 'search index snapshot not used: building the index from the database');
      prints = new SelectionPrints();
      snapshotDue = options.searchSnapshot?.write !== false;
    }
  }
  // the log's version before the documents are read: every change after it is in the log
  const builtAt = loaded === undefined ? await catalogueLog.latest() : 0;
  const index = loaded ?? (await feedSearchIndex(db, tree, prints, searchOptions));
  if (snapshotDue && snapshotPlace !== null) writeSnapshotNow(snapshotPlace, index, prints, builtAt, app.log);
  const searchIndexBuildSeconds = options.searchIndex ? Number.NaN : (performance.now() - indexStarted) / 1000;
  let vendorCounts: VendorDetail[] | null = null;
  // rendered anonymous pages: cleared with the search answers by every catalogue change
  const pageCache = new PageCache(options.pageCache);
  // the renders' reads only the catalogue decides (navigation, collections), cleared with the page cache
  const catalogueReads = new CatalogueReads(Math.min(60_000, options.pageCache?.maxAgeMs ?? 60_000));
  const cards = cardLoader(db);
  // the shipping tables are read (once a process) before any route: a bad file stops the start;
  // its remembered ship profiles follow every catalogue change (applyChange below)
  const shipping = options.shipping ?? defaultShippingService();
  const catalogue: CatalogueServices = {
    db,
    tree,
    index,
    // on PostgreSQL the card store keeps every card: its loader cannot await a miss
    // (and every card whatever its budget: cardBytes is for a loader that reads on a miss)
    cache: new CatalogueCache(CARD_FIELDS, cards.load, db.sync ? options.catalogueCache : { ...options.catalogueCache, cards: true, cardBytes: Infinity }),
    vendors: async () => (vendorCounts ??= await allVendorCounts(db)),
    equipment,
    async reindex(ids, version) {
      // a large change made in another process (an import's child) is in the catalogue log:
      // the feed's catch-up, whose poll may have found it already, takes it here, so it is not
      // applied twice at once (once by the poll, once by this call)
      if (version !== undefined && ids.length > APPLY_SLICE) await feed.catchUp();
      if (version === undefined || feed.applied < version) await applyChange(ids);
      return feed.publish(ids, version);
    },
  };
  // a change made here or announced by another process: the index and caches follow the database
  // the snapshot is written again once changes were applied, never while one is being applied
  let changesApplying = 0;
  let snapshotStale = false;
  const applyChange = async (changed: ChangedIds): Promise<void> => {
    changesApplying++;
    try {
      await applyChangeNow(changed);
    } finally {
      changesApplying--;
      snapshotStale = true;
    }
  };
  const applyChangeNow = async (changed: ChangedIds): Promise<void> => {
    // a large change (an import's, or every product) in slices with a turn of the event loop
    // between them, so searches are answered meanwhile (36,000 products at once held the store
    // for seconds); its answers, pages and reads of before are kept, whole and consistent, while
    // the slices go in (so the popular searches stay answered from memory) and forgotten once
    // after the last (the slices' own answers with them)
    const whole = changed !== 'all' && changed.length <= APPLY_SLICE;
    // and never more than half the time in a row (a busy process waits its turn on a loaded machine)
    const pace = restingPace();
    // the steps before the slices take a turn each too when the change is large (together, at
    // 36,000 products, they held the thread for tens of milliseconds)
    const step = async (work: () => unknown): Promise<void> => {
      if (!whole) await pace.turn();
      const started = performance.now();
      await work();
      pace.worked(performance.now() - started);
    };
    vendorCounts = null;
    await step(() => shipping.forget(changed));
    // an import may have added or moved collections: products' ancestry and collection pages read
    // the tree (once per change, not per slice)
    await step(() => tree.reload());
    // room for all of a large change at once, while the index is small: grown as it went, it
    // doubled (copying every bitset it holds) in the middle of the change, a stall of tens of
    // milliseconds each time at 30,000 products
    if (!whole && changed !== 'all') await step(() => index.reserve?.(changed.length));
    // PostgreSQL's reads wait without holding the thread: they are made APPLY_READ products at a time
    const read = db.sync ? APPLY_SLICE : APPLY_READ;
    for await (const slice of changed === 'all' ? allSlices(read) : slicesOf(changed, read)) {
      if (!whole) await pace.turn();
      await applySlice(slice, whole, pace);
    }
    if (whole) return;
    // the popular answers worked out again over the index with the change, one a turn at the
    // change's pace while the old ones are still given, then put in their place at once
    const renewal = catalogue.cache.renewAnswers();
    let more = true;
    while (more && !closing) await step(() => (more = renewal.step()));
    forgetShown();
    renewal.install();
  };
  /**
   * Forgets what showed the catalogue: rendered pages, the renders' reads and the search answers
   * (with `drawnFrom`, only the answers drawn from those products: a change that left what
   * selects each of them as it was).
   */
  const forgetShown = (drawnFrom?: readonly number[], { refresh = false }: { refresh?: boolean } = {}): void => {
    pageCache.clear();
    catalogueReads.clear();
    if (drawnFrom === undefined) catalogue.cache.forgetAnswers();
    else {
      // each forgotten answer is kept to be worked out again, once `refresh` says the index has the change
      catalogue.cache.forgetAnswersOf(drawnFrom);
      if (refresh) refreshAnswers();
    }
  };
  /**
   * The popular answers a small change forgot are worked out again one a turn of the event loop,
   * so the next shoppers to ask find them ready instead of each working one out.
   */
  let refreshing = false;
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  const refreshAnswers = (): void => {
    if (refreshing) return;
    refreshing = true;
    const next = (): void => {
      let more = false;
      try {
        more = !closing && catalogue.cache.refreshOne();
      } catch (err) {
        // a shopper's request works it out (and answers its error) instead
        app.log.warn({ err }, 'a search answer could not be worked out again after a catalogue change');
        more = !closing;
      }
      if (more) setImmediate(next);
      else refreshing = false;
    };
    setImmediate(next);
  };
  /** Every product, `size` at a time. */
  async function* allSlices(size: number): AsyncGenerator<readonly number[]> {
    for await (const batch of productIdBatches(db)) yield* slicesOf(batch, size);
  }
  /**
   * One slice of a change: its search documents and cards, and (`forget`) the caches that show
   * them; the index takes the documents APPLY_SLICE at a time at the change's pace.
   */
  const applySlice = async (changed: readonly number[], forget: boolean, pace: ReturnType<typeof restingPace>): Promise<void> => {
    const reading = performance.now();
    const docs = await loadSearchDocuments(db, changed, tree);
    // whether every changed product is selected as before (only its price, stock or ratings
    // changed): then only the answers drawn from these products are forgotten
    let selectedAsBefore = true;
    for (const doc of docs) if (prints.record(doc, extraPartNumbers(doc.id))) selectedAsBefore = false;
    const found = new Set(docs.map((d) => d.id));
    for (const id of changed) if (!found.has(id) && prints.delete(id)) selectedAsBefore = false;
    const drawnFrom = selectedAsBefore ? changed : undefined;
    if (forget) forgetShown(drawnFrom);
    // read before the cards are dropped, so no answer in between finds them missing
    await cards.stage(changed);
    // the reads are work: the embedded database's hold the thread, and PostgreSQL's keep a server
    // process busy at full priority beside this one (resting as long as they took leaves the
    // machine's other core to the searches, however the operating system shares them)
    let started = reading;
    // the card file's keeper (below) marks them stale in a file it is writing or opening
    cardKeeper?.changed(changed);
    catalogue.cache.forgetCards(changed);
    if (forget) forgetShown(drawnFrom);
    cards.refill(catalogue.cache, changed);
    for (let at = 0; at < docs.length; at += APPLY_SLICE) {
      if (at > 0) {
        await pace.turn();
        started = performance.now();
      }
      for (const doc of docs.slice(at, at + APPLY_SLICE)) index.upsert(doc);
      pace.worked(performance.now() - started);
    }
    for (const id of changed) if (!found.has(id)) index.remove(id);
    // again once the index has the change: a page rendered meanwhile may have read the old one
    // (the answers it forgets are worked out again, now from the index with the change)
    if (forget) forgetShown(drawnFrom, { refresh: true });
  };
  // the cards on disk beside the snapshot (card-file.ts), with the embedded database
  const reader = db.sync;
  const cardKeeper = snapshotPlace !== null && reader !== undefined
    ? new CardFileKeeper({
      path: `${snapshotPlace.path}.cards`,
      key: cardFileKey(CARD_FIELDS),
      log: catalogueLog,
      cache: catalogue.cache,
      batches: () => productIdBatches(db, 1000),
      load: (ids) => productCardValuesSync(reader, ids),
      version: async () => (feed.applied > 0 ? feed.applied : await catalogueLog.latest()),
      write: options.searchSnapshot?.write !== false,
      logger: app.log,
    })
    : null;
  if (cardKeeper === null || !(await cardKeeper.open())) {
    for await (const batch of productIdBatches(db)) {
      await cards.stage(batch);
      catalogue.cache.preload([batch]);
      cards.unstage();
    }
  }
  app.decorate('catalogue', catalogue);
  const feed = options.catalogueFeed ? await options.catalogueFeed(applyChange) : localFeed();
  app.addHook('onClose', async () => feed.close());
  if (cardKeeper !== null) {
    if (catalogue.cache.cardFile === null) void cardKeeper.write();
    // a worker that only reads it takes the file the first worker writes once it is there
    const adopting = setInterval(() => void cardKeeper.adopt().catch((err: unknown) => app.log.error({ err }, 'the card file could not be read')), 60_000);
    adopting.unref();
    app.addHook('onClose', async () => {
      clearInterval(adopting);
      await cardKeeper.close();
    });
  }
  if (snapshotPlace !== null && options.searchSnapshot?.write !== false) {
    // the version it holds every change up to: the feed's (several processes) or the log's newest
    // (writeSnapshotNow logs its own failure; only the log's version can fail before it)
    const writeIfChanged = async (): Promise<void> => {
      if (!snapshotStale || changesApplying > 0) return;
      try {
        const version = feed.applied > 0 ? feed.applied : await catalogueLog.latest();
        if (changesApplying > 0) return;
        snapshotStale = false;
        writeSnapshotNow(snapshotPlace, index, prints, version, app.log);
        cardKeeper?.refresh();
      } catch (err) {
        app.log.error({ err }, 'the search index snapshot could not be written');
      }
    };
    const every = setInterval(() => void writeIfChanged(), (options.searchSnapshot?.minutes ?? 10) * 60_000);
    every.unref();
    app.addHook('onClose', async () => {
      clearInterval(every);
      await writeIfChanged();
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the schemas use JSON Schema type lists (['string', 'null']) for nullable fields
      openapi: '3.1.0',
      info: {
        title: 'Skimmer reference API',
        description: 'Catalogue, search and content of the Skimmer pool and spa store (the calls the storefront makes and the calls its screens need).',
        version: '0.1.0',
      },
      tags: [
        { name: 'products', description: 'Products, product search and vendors' },
        { name: 'collections', description: 'Collections and their hierarchy' },
        { name: 'media', description: 'Generated pictures, 3D models and PDF spec sheets' },
        { name: 'equipment', description: 'Equipment models, exploded-view diagrams, parts that fit and My equipment' },
      ],
    },
    // each operators' route documents the permission it needs (x-operator-permission)
    transform: documentOperatorPermission,
  });
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  const baseline = options.benchmarkBaselineWithoutSecurity === true;
  if (!baseline) headers.register(app);
  // per-client limits of search, page renders and media: before the routes, which are matched
  // to their limit group as they are added
  const limits = baseline ? { pages: async () => undefined } : await rateLimits(app, options.rateLimits ?? readRateLimitConfig(process.env), options.redis);
  // Redis going away and coming back is logged once per outage, in the app's log (scale/redis.ts)
  const redisState = options.redis ? redisHealth(options.redis.client) : undefined;
  redisState?.setLog(app.log);
  // first, so its request-id and metrics hooks see every route
  await app.register(opsPlugin, { db, searchIndexBuildSeconds, ...(redisState ? { redis: redisState } : {}), ...options.ops });
  // the answers refused before any hook runs (malformed URLs and HTTP) are counted too
  headers.onEarlyAnswer((method, status, seconds) => app.ops.metrics?.observe(method, undefined, status, seconds));

  // brotli or gzip for text answers (API JSON, the storefront's HTML, JS and CSS) above 1 KB;
  // quality 5 brotli compresses a 200 KB chunk in a few ms, so it is done per request
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(sessionPlugin, { db });
  // what several modules share: the mail outbox and rate limiter of the accounts module, the
  // search index's reindex after a catalogue write, the store's configured paths
  const outbox = () => (app.hasDecorator('accounts') ? app.accounts.outbox : null);
  const reindex = async (ids: readonly number[], version?: number) => await app.catalogue.reindex(ids, version);
  const storePaths = async () => (await createContentRepository(db).config()).storeConfig;
  // payments through the configured provider, and its webhook endpoint; a payment that succeeded
  // places its checkout's order (the shopper's request or the webhook, whichever comes first)
  const placeOrderFromCheckout = createPlaceOrderFromCheckout({ db, shipping, outbox, reindex });
  const payments = options.payments
    ?? paymentsFromConfig(db, paymentConfig ?? readPaymentConfig(), { placeOrderFromCheckout, ...(options.paymentFaults ? { faults: options.paymentFaults } : {}) });
  app.decorate('payments', payments);
  // the operators' routes, by credentials alone: operator sessions, scoped API tokens, ADMIN_TOKEN
  const { service: operatorService, operators } = operatorSetup(app, db, operatorAccess);

  /**
   * The store's modules (modules/<name>), registered in this order: each a Fastify plugin with
   * its options, or (catalogue, media, equipment) routes added to the app itself.
   */
  const modules: readonly (readonly [name: string, register: () => unknown])[] = [
    ['catalogue', () => catalogueRoutes(app, catalogue)],
    // each picture drawn (a media cache miss) is counted in the metrics
    ['media', () => mediaRoutes(app, { db, dataDir, onDrawn: () => app.ops.metrics?.mediaDrawn() })],
    ['content', () => app.register(contentRoutes, { db })],
    // robots.txt and the sitemap index, with the store's configured paths
    ['seo', () => app.register(seoRoutes, { db, publicOrigin: storeOrigin, paths: storePaths })],
    ['accounts', () => app.register(accountsPlugin, { db, ...(options.accountLimiter ? { limiter: options.accountLimiter } : {}) })],
    // the footer's newsletter form posted without JavaScript (it uses the account services above)
    ['newsletter form', () => app.register(newsletterFormRoutes)],
    ['equipment', () => equipmentRoutes(app, { db, service: equipment })],
    // a cart's estimate is the checkout module's (its lines, prices and codes)
    ['shipping', () => app.register(shippingRoutes, { db, service: shipping, estimateCart: estimateCheckout })],
    ['checkout', () => app.register(commerceRoutes, { db, shipping, shipments: orderShipments })],
    ['payments', () => app.register(paymentsRoutes, { service: payments })],
    ['admin', () => app.register(adminRoutes, { service: operatorService, operators })],
    ['realtime', () => app.register(realtimeRoutes, { db, operators })],
    // operators' orders: list, fulfil with tracking, cancel, refund, returns, packing slips
    ['orders-admin', () => app.register(ordersAdminRoutes, { db, operators, payments: () => app.payments, outbox, reindex, publicUrl: () => app.accounts.publicUrl })],
    // the store's mail for operators, where the dev mailbox was; /dev/mailbox answers 404
    ['mail-admin', () => app.register(mailAdminRoutes, { db, operators, outbox })],
    // the back office's page (src/admin, admin.html) at /admin and /admin/*
    ['admin app', () => app.register(adminAppRoutes, { webDir })],
    // operators' customers: search, a customer's page, the storefront's reset mail
    ['customers-admin', () => app.register(customersAdminRoutes, { db, operators, outbox, limiter: () => (app.hasDecorator('accounts') ? app.accounts.limiter : null) })],
    // orders and revenue per day against the period before, the dashboard's chart
    ['reports', () => app.register(reportsRoutes, { db, operators })],
    // operators' discount codes, which the storefront's cart reads
    ['discounts', () => app.register(discountsAdminRoutes, { db, operators })],
    // operators' products: list, edit, bulk edit of prices and stock, announced through the change feed
    ['products-admin', () => app.register(productsAdminRoutes, { db, operators, reindex, searchText: searchIndexText(() => app.catalogue.index) })],
    // operators' sale prices, announced to every process through the catalogue change feed
    ['sale prices', () => app.register(adminCatalogueRoutes, { db, operators })],
    // operators' ship profiles and product notices, announced the same way
    ['shipping-admin', () => app.register(shippingAdminRoutes, { db, operators })],
    // operators' catalogue imports (run beside the store) and streamed exports
    ['imports', () => app.register(importRoutes, { db, dataDir, operators })],
    // product feeds (Google Merchant Center TSV, JSON Lines), regenerated after catalogue changes
    ['feeds', () => app.register(feedRoutes, { db, paths: storePaths, dir: join(dataDir, 'feeds') })],
    // old addresses kept: the operators' redirects CSV (the 301s are the not-found handler's, below)
    ['redirects', () => app.register(adminRedirectRoutes, { db, paths: storePaths, operators })],
  ];
  for (const [, register] of modules) await register();
  const legacy = legacyRedirects({ db, paths: storePaths });

  const docs = async () => app.swagger();
  app.get('/api/docs', { schema: { hide: true } }, docs);
  app.get('/api/docs/json', { schema: { hide: true } }, docs);

  const hasWeb = existsSync(join(webDir, 'index.html')) && statSync(webDir).isDirectory();
  // every storefront route answers index.html with the store's configuration and announcement
  // filled in (storefront-page.ts), so the first paint needs no script and no call
  const content = createContentRepository(db);
  const storeValues = async () => ({ config: await content.config() });
  const storefrontPage = storefrontPageHandler(join(webDir, 'index.html'), storeValues);
  // every storefront page rendered on the server when the entry is built (render/index.ts)
  const built = builtEntryPath(webDir);
  const entryPath = options.storefrontEntry !== undefined ? null : (options.storefrontEntryPath ?? (existsSync(built) ? built : null));
  const entry = options.storefrontEntry !== undefined ? options.storefrontEntry : entryPath !== null ? entryLoader(entryPath) : null;
  // the pages render in threads beside the app (render/pool.ts), on the main thread without them
  const renderThreads = options.renderThreads ?? defaultRenderThreads();
  const pool = entryPath !== null && renderThreads > 0 ? new RenderPool({ entryPath, threads: renderThreads, onError: (error) => app.log.error({ err: error }, 'render thread'), ...(options.renderThreadProfileDir ? { profileDir: options.renderThreadProfileDir } : {}) }) : null;
  if (pool) app.addHook('onClose', async () => pool.close());
  // the threads keep copies of the catalogue reads: a catalogue change drops them there too
  if (pool) catalogueReads.onClear((generation) => pool.forget(generation));
  app.decorate('renderPool', pool);
  const storefront = entry
    ? storefrontRenderer(app, { page: storefrontPage, values: storeValues, entry, cache: pageCache, catalogueReads, pool, publicOrigin: storeOrigin })
    : storefrontPage;
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
    app.get('/', { schema: { hide: true } }, storefront);
    app.get('/index.html', { schema: { hide: true } }, storefront);
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

  app.setNotFoundHandler(async (req, reply) => {
    // an old address (the operator's redirects, Volusion's and Shopify's) before the storefront's page
    if (await legacy.answer(req, reply)) return reply;
    const path = req.url.split('?')[0] ?? '';
    // a missing build file is a 404, but the storefront's own routes include '.asp' and '.htm' paths
    const isAsset = ASSET_RE.test(path);
    if (hasWeb && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/media/') && !isAsset) {
      // SPA fallback: the storefront's router owns every other path; a page render, counted
      // in the pages limit (throws the 429 when over it)
      await limits.pages(req, reply);
      return storefront(req, reply);
    }
    return reply.code(404).send({ error: NOT_FOUND });
  });

  await app.ready();
  return app;
}
