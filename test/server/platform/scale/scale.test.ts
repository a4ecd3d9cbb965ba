/**
 * The pieces that join several processes into one store (issue 14, many processes), each
 * driven from one test process with separate Redis connections standing in for the processes:
 * the shared account limiter, the catalogue change feed with catch-up from the database's
 * catalogue log, the closing of visits of processes that are gone, and the required secrets.
 * Needs Redis at REDIS_URL (default redis://127.0.0.1:6379): without it every test here fails
 * with "Redis at ... is unreachable".
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { memoryLimiter, RateLimiter, redisLimiter, type Limiter } from '../../../../src/server/modules/accounts/rate-limit.ts';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { closeOrphanVisits, heartbeatKey } from '../../../../src/server/modules/realtime/socket.ts';
import { sqlCatalogueLog } from '../../../../src/server/platform/scale/catalogue-log.repository.ts';
import { redisFeed, type ChangedIds, type ChangeFeed } from '../../../../src/server/platform/scale/change-feed.ts';
import { assertSecrets, missingSecrets } from '../../../../src/server/platform/scale/config.ts';
import { connectRedis, type RedisClient } from '../../../../src/server/platform/scale/redis.ts';
import { openDatabase } from '../../../../src/server/platform/db/database.ts';
import { Outbox, type EmailMessage } from '../../../../src/server/modules/mail/outbox.ts';
import { buildApp } from '../../../../src/server/app.ts';
import { commerceDb } from '../../modules/checkout/cart.helpers.ts';

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// every run has its own keys and channels, so runs and other suites sharing the Redis never meet
const prefix = `skimmer-test:${randomBytes(4).toString('hex')}:`;
const clients: RedisClient[] = [];
const connect = async (name: string) => {
  const c = await connectRedis(REDIS_URL, name);
  clients.push(c);
  return c;
};

afterAll(async () => {
  if (clients[0]) {
    const keys = await clients[0].keys(`${prefix}*`);
    if (keys.length > 0) await clients[0].del(...keys);
  }
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the account limiter in Redis', () => {
  const rule = { limit: 10, windowMs: 60_000 };
  let a: Limiter;
  let b: Limiter;
  beforeAll(async () => {
    a = redisLimiter(await connect('limiter-a'), `${prefix}limit:`);
    b = redisLimiter(await connect('limiter-b'), `${prefix}limit:`);
  });

  test('two processes hitting one key alternately are let through `limit` times in all, not twice that', async () => {
    let passed = 0;
    for (let i = 0; i < 30; i++) if (await (i % 2 === 0 ? a : b).hit('login-ip:203.0.113.9', rule)) passed++;
    expect(passed).toBe(rule.limit);
    expect(await a.check('login-ip:203.0.113.9', rule)).toBe(false);
    expect(await b.check('login-ip:203.0.113.9', rule)).toBe(false);
    // in memory, each process would have let `limit` through: twice as many
    const [m1, m2] = [memoryLimiter(new RateLimiter()), memoryLimiter(new RateLimiter())];
    let inMemory = 0;
    for (let i = 0; i < 30; i++) if (await (i % 2 === 0 ? m1 : m2).hit('k', rule)) inMemory++;
    expect(inMemory).toBe(2 * rule.limit);
  });

  test('allow() counts every key or none, atomically across processes racing for the last hits', async () => {
    const small = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? a : b).allow([`race-ip`, small], [`race-to:${i % 3}`, { limit: 100, windowMs: 60_000 }])));
    expect(results.filter(Boolean)).toHaveLength(5);
    // a refused allow() counted nothing on its other key
    expect(await a.allow(['fresh-ip', small], ['race-ip', small])).toBe(false);
    expect(await a.check('fresh-ip', { limit: 1, windowMs: 60_000 })).toBe(true);
  });

  test('reset forgets a key for every process; a window ends with its expiry', async () => {
    const short = { limit: 1, windowMs: 300 };
    expect(await a.hit('reset-me', rule)).toBe(true);
    await b.reset('reset-me');
    expect(await a.check('reset-me', { limit: 1, windowMs: 60_000 })).toBe(true);
    expect(await a.hit('short', short)).toBe(true);
    expect(await b.hit('short', short)).toBe(false);
    await until(async () => b.check('short', short));
    expect(await b.hit('short', short)).toBe(true);
  });
});

describe('the public route limits in Redis', () => {
  test('two apps sharing Redis let a client through the search limit once in all, each group on its own counter', async () => {
    const db = await commerceDb(20);
    const options = {
      db, webDir: '/nonexistent', rateLimits: { search: 5, pages: 3, media: 0, allowList: [] },
      redis: { client: await connect('route-limits'), prefix },
    };
    const [x, y] = [await buildApp(options), await buildApp(options)];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await (i % 2 === 0 ? x : y).inject({ url: '/api/products/filter?q=pump', remoteAddress: '198.51.100.7' })).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // another client, and the same client's other group, have counters of their own
      expect((await y.inject({ url: '/api/products/filter?q=pump', remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
      expect((await x.inject({ url: '/', remoteAddress: '198.51.100.7' })).statusCode).not.toBe(429);
    } finally {
      await x.close();
      await y.close();
      await db.close();
    }
  });
});

describe('the operators\' sale price', () => {
  test('answers 401 without the token (from the machine itself too), 400 to bad prices and 404 to unknown products; a sale shows in the search answer at once', async () => {
    const db = await commerceDb(20);
    const app = await buildApp({ db, webDir: '/nonexistent', operators: { token: 'sale-token', allowedHosts: [], allowedOrigins: [] } });
    try {
      const product = (await db.get<{ id: number; sku: string }>('SELECT id, sku FROM products ORDER BY id LIMIT 1'))!;
      const post = (id: number, payload: unknown, authorization = 'Bearer sale-token') =>
        app.inject({ method: 'POST', url: `/api/admin/products/${id}/price`, payload: payload as object, remoteAddress: '127.0.0.1', headers: { authorization } });
      expect((await post(product.id, { priceCents: 100, compareAtPriceCents: null }, '')).statusCode).toBe(401);
      for (const bad of [{ priceCents: -1, compareAtPriceCents: null }, { priceCents: 1.5, compareAtPriceCents: null }, { priceCents: 500, compareAtPriceCents: 400 }, { priceCents: 5 }]) {
        const res = await post(product.id, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toHaveProperty('error');
      }
      expect((await post(999_999, { priceCents: 100, compareAtPriceCents: null })).statusCode).toBe(404);
      const search = () => app.inject({ url: `/api/products/filter?q=${encodeURIComponent(product.sku)}` });
      expect((await search()).statusCode).toBe(200); // cached now
      expect((await post(product.id, { priceCents: 1234, compareAtPriceCents: 2000 })).json()).toEqual({ productId: product.id, priceCents: 1234, compareAtPriceCents: 2000 });
      const card = ((await search()).json() as { products: { id: number; price: number; compareAtPrice: number | null }[] }).products.find((p) => p.id === product.id);
      expect(card).toMatchObject({ price: 12.34, compareAtPrice: 20 });
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('the catalogue change feed', () => {
  let db: Db;
  const seen = { a: [] as ChangedIds[], b: [] as ChangedIds[] };
  let feedA: ChangeFeed;
  let feedB: ChangeFeed;
  const ids = (who: 'a' | 'b') => seen[who].flatMap((c) => (c === 'all' ? [] : [...c]));

  beforeAll(async () => {
    db = openSqlite(':memory:');
    await migrate(db);
    const log = sqlCatalogueLog(db);
    const channel = `${prefix}catalogue`;
    feedA = await redisFeed({ redis: await connect('feed-a'), subscriber: await connect('feed-a-sub'), log, instanceId: 'a', channel, apply: (c) => void seen.a.push(c), pollMs: 200 });
    feedB = await redisFeed({ redis: await connect('feed-b'), subscriber: await connect('feed-b-sub'), log, instanceId: 'b', channel, apply: (c) => void seen.b.push(c), pollMs: 200 });
  });
  afterAll(async () => {
    await feedA.close();
    await feedB.close();
    await db.close();
  });

  test('a change published by one process is applied by the other, not again by itself', async () => {
    await feedA.publish([11, 12]);
    await until(() => ids('b').includes(12));
    expect(ids('b')).toEqual([11, 12]);
    expect(ids('a')).toEqual([]);
    await until(() => feedB.applied === feedA.applied);
    expect(feedA.applied).toBe(1);
  });

  test('a change whose message was lost is caught up from the log at the next message', async () => {
    const log = sqlCatalogueLog(db);
    // a writer that died between its commit and its publish
    await log.append([21]);
    await feedA.publish([22]);
    await until(() => ids('b').includes(21) && ids('b').includes(22));
    await until(() => feedB.applied === 3);
    // the writer saw the gap under its own change too, and read the missing one from the log
    await until(() => feedA.applied === 3);
    expect(ids('a')).toContain(21);
  });

  test('a change with no message after it is caught up by the poll', async () => {
    await sqlCatalogueLog(db).append([31]);
    await until(() => ids('b').includes(31) && ids('a').includes(31));
    expect(feedB.applied).toBe(4);
    expect(feedA.applied).toBe(4);
  });

  test('a process further behind than the kept log rebuilds everything', async () => {
    const small = openSqlite(':memory:');
    await migrate(small);
    const log = sqlCatalogueLog(small, 50);
    for (let i = 1; i <= 100; i++) await log.append([i]);
    const got: ChangedIds[] = [];
    const feed = await redisFeed({ redis: await connect('feed-c'), subscriber: await connect('feed-c-sub'), log, instanceId: 'c', channel: `${prefix}other`, apply: (c) => void got.push(c), pollMs: 60_000 });
    // a fresh process starts at the newest version: its index was just built
    expect(feed.applied).toBe(100);
    // 100 changes whose messages it never got; the log keeps the last 50 of them
    for (let i = 101; i <= 200; i++) await log.append([i]);
    expect(await log.oldest()).toBe(151);
    await feed.catchUp();
    expect(got).toEqual(['all']);
    expect(feed.applied).toBe(200);
    await feed.close();
    await small.close();
  });
});

describe('visits of processes that are gone', () => {
  test('a starting process closes the open visits of dead processes and of none, keeps those of live ones', async () => {
    const db = openSqlite(':memory:');
    await migrate(db);
    const redis = await connect('visits');
    await redis.set(heartbeatKey('alive', prefix), '1', 'PX', 60_000);
    const insert = async (instance: string | null) => await db.run(
      'INSERT INTO visits (socket_id, request_url, started_at, instance_id) VALUES (?, ?, ?, ?)',
      ['s', `/page-${instance ?? 'none'}`, new Date().toISOString(), instance],
    );
    for (const who of ['alive', 'dead', null, 'me']) await insert(who);
    const closed = await closeOrphanVisits(db, new Date().toISOString(), redis, 'me', prefix);
    expect(closed).toBe(2);
    const open = await db.all<{ instanceId: string }>('SELECT instance_id AS instanceId FROM visits WHERE ended_at IS NULL ORDER BY instance_id');
    expect(open.map((r) => r.instanceId)).toEqual(['alive', 'me']);
    // one process (no Redis): every open visit was left by an earlier run of this one
    expect(await closeOrphanVisits(db, new Date().toISOString())).toBe(2);
    await db.close();
  });
});

const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

describe.each(['sqlite', 'postgres'] as const)('the email outbox shared by two senders (%s)', (kind) => {
  let db: Db;
  const schema = `scale_outbox_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    db = kind === 'sqlite' ? openSqlite(':memory:') : await openDatabase({ url: TEST_PG_URL, path: '', schema });
    await migrate(db);
  });
  afterAll(async () => {
    if (kind === 'postgres') await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  test('each message is sent once when two senders flush at the same time', async () => {
    const delivered: string[] = [];
    const transport = async (m: EmailMessage) => {
      // a slow SMTP server: both senders are busy at once
      await new Promise((r) => setTimeout(r, 2));
      delivered.push(m.to);
    };
    const one = new Outbox(db, transport, undefined, Date.now, 'sender-1');
    const two = new Outbox(db, transport, undefined, Date.now, 'sender-2');
    for (let i = 0; i < 45; i++) await one.enqueue('test', { to: `r${i}@example.com`, subject: 's', text: 't' });
    const [a, b] = await Promise.all([one.flush(), two.flush()]);
    expect(a + b).toBe(45);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(delivered.toSorted()).toEqual(Array.from({ length: 45 }, (_, i) => `r${i}@example.com`).toSorted());
  });

  test('a claim left by a sender that died is taken over once its lease runs out', async () => {
    let now = Date.now() + 3_600_000;
    const sent: string[] = [];
    const survivor = new Outbox(db, async (m) => void sent.push(m.to), undefined, () => now, 'survivor');
    const dead = new Outbox(db, null, undefined, () => now, 'dead');
    await survivor.enqueue('test', { to: 'orphan@example.com', subject: 's', text: 't' });
    expect((await dead.claim(10, 60_000)).map((m) => m.to)).toEqual(['orphan@example.com']);
    expect(await survivor.flush()).toBe(0);
    now += 60_001;
    expect(await survivor.flush()).toBe(1);
    expect(sent).toEqual(['orphan@example.com']);
    // the dead sender's late mark changes nothing
    expect(await dead.markSent((await survivor.list({ to: 'orphan@example.com' }))[0]?.id ?? 0)).toBe(false);
  });
});

describe('secrets shared by the processes', () => {
  test.each([
    [{}, []],
    [{ SESSION_SECRET: 'x' }, []],
    [{ DATABASE_URL: 'postgres://db/store' }, ['SESSION_SECRET', 'CAPTCHA_DEV_SECRET (or RECAPTCHA_SECRET)']],
    [{ NODE_ENV: 'production', RECAPTCHA_SECRET: 'r' }, ['SESSION_SECRET']],
    [{ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 's' }, ['CAPTCHA_DEV_SECRET (or RECAPTCHA_SECRET)']],
    [{ DATABASE_URL: 'postgres://db/store', SESSION_SECRET: 's', CAPTCHA_DEV_SECRET: 'c' }, []],
    [{ NODE_ENV: 'production', SESSION_SECRET: '  ', CAPTCHA_DEV_SECRET: 'c' }, ['SESSION_SECRET']],
  ])('%j misses %j', (env, missing) => {
    expect(missingSecrets(env)).toEqual(missing);
  });

  test('npm start refuses to start without them, naming the variable; WORKERS above 1 wants REDIS_URL', async () => {
    const { spawnSync } = await import('node:child_process');
    const start = (env: Record<string, string>) => spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/nonexistent/never-created', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const production = start({ NODE_ENV: 'production', CAPTCHA_DEV_SECRET: 'c' });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('Missing SESSION_SECRET: required because NODE_ENV=production');
    const workers = start({ WORKERS: '2' });
    expect(workers.status).toBe(1);
    expect(workers.stderr).toContain('WORKERS above 1 needs REDIS_URL');
  });

  test('the refusal names the missing variable and why it is required', () => {
    expect(() => assertSecrets({ DATABASE_URL: 'postgres://db/store', CAPTCHA_DEV_SECRET: 'c' })).toThrow(/^Missing SESSION_SECRET: required because DATABASE_URL is set/);
    expect(() => assertSecrets({ NODE_ENV: 'production', SESSION_SECRET: 's' })).toThrow(/CAPTCHA_DEV_SECRET \(or RECAPTCHA_SECRET\): required because NODE_ENV=production/);
    expect(() => assertSecrets({})).not.toThrow();
  });
});
