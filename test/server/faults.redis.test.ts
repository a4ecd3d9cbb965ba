/**
 * Redis going away under a store of two processes, and coming back (the fault suite;
 * test/support/faults.ts). Two real servers (`src/server/main.ts`) on one database (SQLite in
 * the `node` project, a PostgreSQL database of their own in `server-pg`) and a redis-server of
 * their own on a free port, which the test stops and starts (never the machine's shared Redis,
 * which other tests use). While Redis is away: pages, search, sign-in and cart adds answer on
 * both processes (no 500 anywhere), /readyz says Redis is degraded but stays 200, rate limits
 * count on each process alone at half the limit (metrics and log say so), socket.io serves each
 * process's own clients, and catalogue changes reach the other process by polling the database.
 * When Redis is back: everything reconnects by itself, without a restart.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/demo-customer.ts';
import { AUTH_LIMITS, redisLimiter } from '../../src/server/modules/accounts/rate-limit.ts';
import { connectRedis, redisHealth } from '../../src/server/platform/scale/redis.ts';
import { startOwnRedis, type OwnRedis } from '../support/faults.ts';
import type { ServerProcess } from './crash.helpers.ts';
import { onPostgres } from './db.helpers.ts';
import { ADMIN_TOKEN, jsonHeaders, newShopper, startMultiStore, type MultiStore } from './platform/scale/multiprocess.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const METRICS_TOKEN = 'faults-metrics-token';
/** The shared search limit per client and minute; alone, each process allows half. */
const SEARCH_LIMIT = 40;

let redis: OwnRedis;
let store: MultiStore;
let a: ServerProcess;
let b: ServerProcess;
let socket: Socket | null = null;
/** Every status any request of this file got: none may be 5xx. */
const statuses: { url: string; status: number }[] = [];

async function hit(server: ServerProcess, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${server.base}${path}`, init);
  statuses.push({ url: `${server.port}${path}`, status: res.status });
  return res;
}

const search = (server: ServerProcess, q: string, from?: string) =>
  hit(server, `/api/products/filter?q=${encodeURIComponent(q)}`, from ? { headers: { 'x-forwarded-for': from } } : {});

async function metric(server: ServerProcess, line: RegExp): Promise<number> {
  const text = await (await hit(server, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? Number.NaN : Number(found.split(' ').pop());
}

async function readiness(server: ServerProcess): Promise<{ status: number; body: { checks: Record<string, string> } }> {
  const res = await hit(server, '/readyz');
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(server: ServerProcess): Promise<number> {
  const res = await hit(server, '/api/auth/login', {
    method: 'POST', headers: jsonHeaders(undefined, undefined, server.base), body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  return res.status;
}

async function addToCart(server: ServerProcess): Promise<number> {
  const shopper = await newShopper(server.base);
  // int8 ids come as text from the test's own PostgreSQL pool
  const level = Number((await store.sql<{ id: number | string }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND quantity > 5 ORDER BY id LIMIT 1'))[0]?.id);
  const res = await hit(server, '/api/checkouts/lineItems', {
    method: 'POST', headers: jsonHeaders(shopper.cookie, `faults-${Math.random()}`), body: JSON.stringify({ inventoryLevelId: level, quantity: 1 }),
  });
  return res.status;
}

/** Puts a product on sale through `writer` and waits until `reader` answers the new price. */
async function saleSeen(writer: ServerProcess, reader: ServerProcess, offset: number): Promise<void> {
  const product = (await store.sql<{ id: number; handle: string; price_cents: number }>('SELECT id, handle, price_cents FROM products ORDER BY id LIMIT 1 OFFSET ?', [offset]))[0];
  if (!product) throw new Error('no product');
  const url = `/api/products/handle/${product.handle}`;
  expect((await hit(reader, url)).status).toBe(200);
  const salePrice = Number(product.price_cents) - 1;
  const sale = await hit(writer, `/api/admin/products/${product.id}/price`, {
    method: 'POST', headers: { ...jsonHeaders(), authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ priceCents: salePrice, compareAtPriceCents: Number(product.price_cents) }),
  });
  expect(sale.status).toBe(200);
  const shows = new RegExp(`"price":${JSON.stringify(salePrice / 100).replace('.', '\\.')}[,}]`);
  await until(`the sale on ${writer.port} seen on ${reader.port}`, async () => shows.test(await (await hit(reader, url)).text()));
}

beforeAll(async () => {
  redis = await startOwnRedis();
  store = await startMultiStore({
    database: onPostgres ? 'postgres' : 'sqlite',
    // the size multiprocess.test.ts starts with (a catalogue this size has equipment models)
    products: 150,
    env: {
      REDIS_URL: redis.url, METRICS_TOKEN, RATE_LIMIT_SEARCH: String(SEARCH_LIMIT),
      // the limit checks come "from" other addresses, through the proxy the test stands for
      TRUST_PROXY: 'true', CATALOGUE_POLL_MS: '500',
    },
  });
  [a, b] = store.servers as [ServerProcess, ServerProcess];
});
afterAll(async () => {
  socket?.disconnect();
  await store?.close();
  await redis?.stop();
});

describe(`two processes on ${onPostgres ? 'PostgreSQL' : 'SQLite'} while their Redis is stopped, then started again`, () => {
  test('with Redis stopped, pages, collections, search, sign-in and cart adds answer on both processes, and /readyz says degraded', async () => {
    for (const s of [a, b]) expect(await signIn(s)).toBe(200);
    await redis.stop();
    for (const s of [a, b]) {
      expect((await search(s, 'pump')).status).toBe(200);
      expect((await hit(s, '/api/collections')).status).toBe(200);
      expect((await hit(s, '/', { headers: { accept: 'text/html' } })).status).toBe(200);
      expect(await signIn(s)).toBe(200);
      expect(await addToCart(s)).toBe(200);
      const ready = await readiness(s);
      expect(ready.status).toBe(200);
      expect(ready.body.checks.redis).toMatch(/^degraded: Redis unreachable/);
      expect(ready.body.checks.database).toBe('ok');
    }
  });

  test('the rate limits count on each process alone, at half the shared limit, and the metrics say so', async () => {
    const seen: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT / 2 + 3; i++) seen.push((await search(b, 'valve', '198.51.100.7')).status);
    expect(seen.slice(0, SEARCH_LIMIT / 2).every((s) => s === 200)).toBe(true);
    expect(seen.slice(SEARCH_LIMIT / 2).every((s) => s === 429)).toBe(true);
    const refused = await search(b, 'valve', '198.51.100.7');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await metric(b, /^skimmer_redis_up /)).toBe(0);
    expect(await metric(b, /^skimmer_redis_fallback_total\{use="search rate limit"\} /)).toBeGreaterThanOrEqual(SEARCH_LIMIT / 2);
    expect(store.servers.map((s) => s.output()).join('\n')).toContain('Redis unreachable');
  });

  test("socket.io keeps serving each process's own clients", async () => {
    const url = `/collections/faults-redis-${Date.now()}`;
    socket = connect(`${a.base}/customer`, { transports: ['websocket'], reconnection: false, forceNew: true });
    const s = socket;
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve());
      s.on('connect_error', reject);
    });
    s.emit('store:visit', { coords: null, requestUrl: url });
    await until('the visit row', async () => (await store.sql('SELECT id FROM visits WHERE request_url = ? AND ended_at IS NULL', [url])).length === 1);
  });

  test('a catalogue change on one process reaches the other by polling the database', async () => {
    await saleSeen(a, b, 3);
  });

  test('when Redis is back everything reconnects by itself: /readyz ok, the change feed over Redis, shared limits', async () => {
    await redis.start();
    for (const s of [a, b]) await until(`${s.port} back on Redis`, async () => (await readiness(s)).body.checks.redis === 'ok');
    expect(await metric(a, /^skimmer_redis_up /)).toBe(1);
    expect(await metric(a, /^skimmer_redis_outages_total /)).toBe(1);
    // both processes subscribed again to the change feed's channel (not only polling)
    const probe = await connectRedis(redis.url, 'faults-probe');
    try {
      await until('both processes subscribed to the catalogue channel again', async () => {
        const channels = (await probe.pubsub('CHANNELS', '*catalogue')) as string[];
        const counts = channels.length === 1 ? ((await probe.pubsub('NUMSUB', channels[0] ?? '')) as [string, number]) : [];
        return Number(counts[1]) === 2;
      });
    } finally {
      probe.disconnect();
    }
    await saleSeen(b, a, 5);
    // one counter for both processes again: alternating between them does not double the limit
    const seen: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) seen.push((await search(i % 2 === 0 ? a : b, 'hose', '198.51.100.9')).status);
    expect(seen.filter((s) => s === 200)).toHaveLength(SEARCH_LIMIT);
    expect(socket?.connected).toBe(true);
    for (const s of [a, b]) expect(await addToCart(s)).toBe(200);
  });

  test('no request answered 500 at any point', () => {
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(50);
  });
});

describe('the account limiter while Redis is away', () => {
  test('a Redis that hangs costs one command timeout, then is not asked until it answers again', async () => {
    const own = await startOwnRedis();
    const client = await connectRedis(own.url, 'faults-hung');
    try {
      const limiter = redisLimiter(client, `faults-hung:${Date.now()}:`);
      const health = redisHealth(client);
      const rule = { limit: 10, windowMs: 60_000 };
      own.pause();
      // the first call waits for the command timeout, then counts alone
      expect(await limiter.allow(['ip:192.0.2.3', rule])).toBe(true);
      expect(health.up).toBe(false);
      expect(health.fallbacks.get('account rate limit')).toBe(1);
      // the next ones are not sent to the silent server at all, and count alone (half the limit)
      let passed = 1;
      for (let i = 0; i < rule.limit; i++) if (await limiter.allow(['ip:192.0.2.3', rule])) passed++;
      expect(passed).toBe(rule.limit / 2);
      own.resume();
      await until('asked again once the pause is over', async () => {
        await limiter.check('ip:192.0.2.4', rule);
        return health.up;
      });
    } finally {
      own.resume();
      client.disconnect();
      await own.stop();
    }
  });

  test('counts on this process alone at half of each limit, and shares the counters again when Redis is back', async () => {
    const own = await startOwnRedis();
    const client = await connectRedis(own.url, 'faults-limiter');
    try {
      const limiter = redisLimiter(client, `faults:${Date.now()}:`);
      const rule = AUTH_LIMITS.loginPerIp;
      await own.stop();
      await until('the connection noticed', async () => client.status !== 'ready', 5000);
      let passed = 0;
      for (let i = 0; i < rule.limit; i++) if (await limiter.allow(['ip:192.0.2.1', rule])) passed++;
      expect(passed).toBe(rule.limit / 2);
      await own.start();
      await until('the connection back', async () => client.status === 'ready');
      // the Redis counters were lost with the restart: a fresh window of the full limit
      let shared = 0;
      for (let i = 0; i < rule.limit + 2; i++) if (await limiter.allow(['ip:192.0.2.2', rule])) shared++;
      expect(shared).toBe(rule.limit);
    } finally {
      client.disconnect();
      await own.stop();
    }
  });
});
