/**
 * The operator's view of the store, as one app-wide plugin (registered early in app.ts so its
 * hooks see every route): `GET /healthz`, `GET /readyz` (ops/health.ts), Prometheus metrics at
 * `GET /metrics` (ops/metrics.ts) and the `X-Request-Id` response header (ops/logging.ts makes
 * the id).
 *
 * Metrics access: `Authorization: Bearer <METRICS_TOKEN>`. Choice: without a METRICS_TOKEN the
 * metrics are off: `/metrics` answers 404 like an unknown path and no request is counted, so a
 * store never publishes its figures by accident and pays nothing for metrics it does not
 * scrape. A wrong or missing token answers 401 with `WWW-Authenticate: Bearer`.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.ts';
import { readMigrations } from '../db/migrate.ts';
import { checkReadiness } from './health.ts';
import { REQUEST_ID_HEADER } from './logging.ts';
import { createStoreMetrics, type StoreMetrics } from './metrics.ts';
import type { RedisHealth } from '../scale/redis.ts';

/** Options of {@link opsPlugin}. */
export interface OpsOptions {
  db: Db;
  /** The bearer token of /metrics; '' or null turns metrics off. @default process.env.METRICS_TOKEN */
  metricsToken?: string | null;
  /** Seconds the search index took to build (a gauge). @default NaN (unknown) */
  searchIndexBuildSeconds?: number;
  /** Versions that must be applied for /readyz. @default the versions of readMigrations() */
  expectedMigrations?: readonly number[];
  /** This process's Redis connection (several processes): /readyz's `redis` check and the Redis metrics. @default none */
  redis?: RedisHealth;
}

/** What the plugin decorates the app with. */
export interface OpsControl {
  /** The metrics, or null when METRICS_TOKEN is not set. */
  readonly metrics: StoreMetrics | null;
  /** Whether shutdown has begun (/readyz answers 503 from then on). */
  readonly shuttingDown: boolean;
  /** Marks the process as shutting down, so load balancers stop sending it traffic. */
  markShuttingDown(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Health, readiness and metrics (ops/plugin.ts). */
    ops: OpsControl;
  }
}

/** The error texts of /metrics. */
export const METRICS_ERRORS = {
  notFound: 'Not found',
  unauthorized: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).',
} as const;

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return false;
  // equal-length digests: the comparison time says nothing about the token's length or prefix
  return timingSafeEqual(digest(m[1]), digest(token));
}

const plugin: FastifyPluginAsync<OpsOptions> = async (app: FastifyInstance, options) => {
  const { db } = options;
  const token = (options.metricsToken === undefined ? process.env.METRICS_TOKEN : options.metricsToken)?.trim() || null;
  const expectedMigrations = options.expectedMigrations ?? readMigrations().map((m) => m.version);
  const indexSize = (): number | null => (app.hasDecorator('catalogue') && app.catalogue?.index ? app.catalogue.index.size : null);
  const metrics = token
    ? createStoreMetrics({
      db, searchIndexSize: () => indexSize() ?? 0, searchIndexBuildSeconds: options.searchIndexBuildSeconds ?? Number.NaN,
      ...(options.redis ? { redis: options.redis } : {}),
    })
    : null;
  let shuttingDown = false;
  app.decorate('ops', {
    metrics,
    get shuttingDown() {
      return shuttingDown;
    },
    markShuttingDown() {
      shuttingDown = true;
    },
  } satisfies OpsControl);

  // every answer names its request id, so a shopper's report or a proxy log finds the lines
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const redis = options.redis;
    const r = await checkReadiness({
      db, expectedMigrations, searchIndexSize: indexSize, shuttingDown: () => shuttingDown,
      ...(redis ? { redis: () => ({ up: redis.up, downSince: redis.downSince }) } : {}),
    });
    reply.headers(noStore);
    if (r.ready) return reply.send({ status: 'ready', checks: r.checks });
    return reply.code(503).send({ error: r.reason, checks: r.checks });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.code(404).send({ error: METRICS_ERRORS.notFound });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: METRICS_ERRORS.unauthorized });
    }
    const text = await metrics.registry.metrics();
    return reply.headers(noStore).type(metrics.registry.contentType).send(text);
  });
};

// app-wide: the hooks must see every route, not only the plugin's own
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'skimmer-ops';

/**
 * The plugin: register once, before the routes.
 * @example
 * await app.register(opsPlugin, { db, metricsToken: process.env.METRICS_TOKEN });
 */
export const opsPlugin = plugin;
