/**
 * Prometheus metrics of one app (prom-client), in a registry of its own so several apps in one
 * process (tests, benchmarks) do not mix their counts.
 *
 * - `http_requests_total{method,route,status_code}`, `http_request_duration_seconds{method,route}`
 *   (histogram) and `http_request_errors_total{method,route,status_code,class}` (4xx and 5xx):
 *   labelled by the route PATTERN (`/api/products/:handle`), never the raw URL, so a crawler's
 *   junk paths cannot grow the label set; requests no route matched count as `(unmatched)`.
 * - the store: `skimmer_search_index_documents`, `skimmer_search_index_build_seconds`,
 *   `skimmer_carts{status}`, `skimmer_cart_lines` (in open carts), `skimmer_orders`,
 *   `skimmer_email_outbox_pending` and `skimmer_email_outbox_oldest_pending_seconds` (the outbox
 *   backlog: without SMTP_URL every message stays pending, read in the dev mailbox),
 *   `skimmer_email_outbox_failed` (given up after MAX_ATTEMPTS), `skimmer_email_outbox_retrying`
 *   (delivery failed at least once, next try scheduled with backoff: mail down shows here first);
 *   read from the database at scrape time (a few COUNTs), not on the request path; a scrape while
 *   the database is away keeps their last values instead of failing; `skimmer_media_drawn_total`,
 *   the pictures drawn on a miss of the media cache.
 * - Redis (several processes): `skimmer_redis_up` (1 while this process's command connection
 *   answers), `skimmer_redis_outages_total`, and `skimmer_redis_fallback_total{use}`, the
 *   requests this process answered on its own, stricter counters because Redis did not answer.
 * - prom-client's default Node metrics: CPU, memory, heap, GC, handles and the event-loop lag
 *   (`nodejs_eventloop_lag_seconds` and its percentiles).
 * @module
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import { MAX_ATTEMPTS, outboxRetryingCount } from '../../modules/mail/outbox.ts';
import type { RedisHealth } from '../scale/redis.ts';
import { cartCountsByStatus, openCartLineCount, orderCount, outboxFailedCount, outboxOldestPending, outboxPendingCount } from './store-figures.repository.ts';

/** The route label of a request no route matched. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Latency buckets in seconds: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the store gauges read at scrape time. */
export interface StoreProbe {
  db: Db;
  /** Documents in the search index now. */
  searchIndexSize: () => number;
  /** Seconds the search index took to build at start-up (NaN when unknown). */
  searchIndexBuildSeconds: number;
  /** This process's Redis command connection (several processes). @default none: no Redis metrics */
  redis?: RedisHealth;
}

/** Runs a gauge's read from the database; while the database is away the gauge keeps its last value. */
async function fromDatabase(read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch {
    // the scrape still answers (the request metrics matter most then); /readyz says the database is down
  }
}

/** The metrics of one app. */
export interface StoreMetrics {
  registry: Registry;
  /** Counts one answered request. */
  observe(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** Counts one picture drawn and rasterised (a miss of the media cache). */
  mediaDrawn(): void;
}

/**
 * Creates the registry, the request metrics, the store gauges and the default Node metrics.
 * @example
 * const metrics = createStoreMetrics({ db, searchIndexSize: () => index.size, searchIndexBuildSeconds: 0.4 });
 * metrics.observe('GET', '/api/products/:handle', 200, 0.003);
 * await metrics.registry.metrics(); // Prometheus text
 */
export function createStoreMetrics(probe: StoreProbe): StoreMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to response sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 4xx or 5xx status, by method, route pattern, status code and class.',
    labelNames: ['method', 'route', 'status_code', 'class'] as const,
    registers,
  });

  const drawn = new Counter({
    name: 'skimmer_media_drawn_total',
    help: 'Pictures drawn and rasterised because the media cache did not hold them (each is drawn once, however many ask at once).',
    registers,
  });

  const { db } = probe;
  new Gauge({
    name: 'skimmer_search_index_documents',
    help: 'Products in the in-memory search index.',
    registers,
    collect() {
      this.set(probe.searchIndexSize());
    },
  });
  new Gauge({
    name: 'skimmer_search_index_build_seconds',
    help: 'Seconds the search index took to build at start-up.',
    registers,
    collect() {
      this.set(probe.searchIndexBuildSeconds);
    },
  });
  new Gauge({
    name: 'skimmer_carts',
    help: 'Carts (checkouts) by status: open, completed (an order was placed), merged (into an account cart at sign-in).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      await fromDatabase(async () => {
        const rows = await cartCountsByStatus(db);
        this.reset();
        for (const status of ['open', 'completed', 'merged']) this.set({ status }, 0);
        for (const row of rows) this.set({ status: row.status }, row.n);
      });
    },
  });
  new Gauge({
    name: 'skimmer_cart_lines',
    help: 'Lines in open carts.',
    registers,
    async collect() {
      await fromDatabase(async () => {
        this.set(await openCartLineCount(db));
      });
    },
  });
  new Gauge({
    name: 'skimmer_orders',
    help: 'Orders placed.',
    registers,
    async collect() {
      await fromDatabase(async () => {
        this.set(await orderCount(db));
      });
    },
  });
  new Gauge({
    name: 'skimmer_email_outbox_pending',
    help: 'Emails not delivered yet that will be tried again (the outbox backlog).',
    registers,
    async collect() {
      await fromDatabase(async () => {
        this.set(await outboxPendingCount(db, MAX_ATTEMPTS));
      });
    },
  });
  new Gauge({
    name: 'skimmer_email_outbox_oldest_pending_seconds',
    help: 'Age in seconds of the oldest email still pending (0 when none).',
    registers,
    async collect() {
      await fromDatabase(async () => {
        const oldest = await outboxOldestPending(db, MAX_ATTEMPTS);
        this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
      });
    },
  });
  new Gauge({
    name: 'skimmer_email_outbox_failed',
    help: 'Emails given up after the last delivery attempt.',
    registers,
    async collect() {
      await fromDatabase(async () => {
        this.set(await outboxFailedCount(db, MAX_ATTEMPTS));
      });
    },
  });
  new Gauge({
    name: 'skimmer_email_outbox_retrying',
    help: 'Emails whose delivery failed at least once and that wait for their next try (backoff); rises while mail is down.',
    registers,
    async collect() {
      await fromDatabase(async () => {
        this.set(await outboxRetryingCount(db, MAX_ATTEMPTS));
      });
    },
  });

  const redis = probe.redis;
  if (redis) {
    new Gauge({
      name: 'skimmer_redis_up',
      help: "1 while this process's Redis connection answers; 0 while it serves on its own (stricter rate limits, catalogue changes by polling).",
      registers,
      collect() {
        this.set(redis.up ? 1 : 0);
      },
    });
    new Counter({
      name: 'skimmer_redis_outages_total',
      help: "Times this process's Redis connection was lost since it started.",
      registers,
      collect() {
        this.reset();
        this.inc(redis.outages);
      },
    });
    new Counter({
      name: 'skimmer_redis_fallback_total',
      help: "Requests this process counted on its own (stricter limits) because Redis did not answer, by use.",
      labelNames: ['use'] as const,
      registers,
      collect() {
        this.reset();
        for (const [use, n] of redis.fallbacks) this.inc({ use }, n);
      },
    });
  }

  return {
    registry,
    observe(method, route, statusCode, seconds) {
      const r = route ?? UNMATCHED_ROUTE;
      const code = String(statusCode);
      requests.inc({ method, route: r, status_code: code });
      duration.observe({ method, route: r }, seconds);
      if (statusCode >= 400) errors.inc({ method, route: r, status_code: code, class: statusCode >= 500 ? '5xx' : '4xx' });
    },
    mediaDrawn() {
      drawn.inc();
    },
  };
}
