/**
 * Two processes, one store (issue 14, many processes): two real servers (`src/server/main.ts`)
 * started together on one fresh database and one Redis, checked through their HTTP APIs and
 * the database they share. The database is PostgreSQL (a database of its own per run at
 * TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test) unless MULTIPROCESS_DATABASE=sqlite
 * (one SQLite file in WAL mode shared by both processes). Needs Redis at REDIS_URL (default
 * redis://127.0.0.1:6379) and fails, never skips, when Redis or PostgreSQL is not there.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../../src/server/seed/demo-customer.ts';
import { AUTH_LIMITS } from '../../../../src/server/modules/accounts/rate-limit.ts';
import { readMigrations } from '../../../../src/server/platform/db/migrate.ts';
import { stopServer, type ServerProcess } from '../../crash.helpers.ts';
import {
  ADMIN_TOKEN, CHECKOUT_FORM, jsonHeaders, newShopper, sessionCookie, startMultiStore, type MultiStore, type StoreDatabase,
} from './multiprocess.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const DATABASE: StoreDatabase = process.env.MULTIPROCESS_DATABASE === 'sqlite' ? 'sqlite' : 'postgres';
const PRODUCTS = 150;

let store: MultiStore;
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  store = await startMultiStore({ database: DATABASE, products: PRODUCTS });
  [a, b] = store.servers as [ServerProcess, ServerProcess];
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await store?.close();
});

const both = () => [a, b] as const;
const other = (i: number) => (i % 2 === 0 ? a : b);
const count = async (query: string, params: unknown[] = []) => Number((await store.sql<{ n: number | string }>(query, params))[0]?.n ?? 0);

/** A level with room for the adds (stock raised so the count of units is the only limit). */
async function roomyLevel(skip: number): Promise<number> {
  const rows = await store.sql<{ id: number }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND price_cents > 0 ORDER BY id LIMIT 1 OFFSET ?', [skip]);
  const id = Number(rows[0]?.id);
  await store.sql('UPDATE inventory_levels SET quantity = 100000 WHERE id = ?', [id]);
  return id;
}

async function unitsInCart(checkoutId: string): Promise<{ lines: number; units: number }> {
  const rows = await store.sql<{ lines: number | string; units: number | string | null }>(
    'SELECT COUNT(*) AS lines, SUM(quantity) AS units FROM checkout_line_items WHERE checkout_id = ?', [checkoutId]);
  return { lines: Number(rows[0]?.lines ?? 0), units: Number(rows[0]?.units ?? 0) };
}

async function add(server: ServerProcess, cookie: string, key: string, level: number, quantity = 1): Promise<Response> {
  return fetch(`${server.base}/api/checkouts/lineItems`, {
    method: 'POST', headers: jsonHeaders(cookie, key), body: JSON.stringify({ inventoryLevelId: level, quantity }),
  });
}

describe(`two processes on ${DATABASE} and Redis`, () => {
  test('started together, they migrated and seeded the store once', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBe(PRODUCTS);
    expect(await count('SELECT COUNT(*) AS n FROM customers WHERE email = ?', [DEMO_EMAIL])).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM schema_migrations')).toBe(readMigrations().length);
    for (const s of both()) expect((await fetch(`${s.base}/readyz`)).status).toBe(200);
  });

  test('a session made on one is known to the other', async () => {
    const login = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST', headers: jsonHeaders(undefined, undefined, a.base), body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    expect(cookie).not.toBeNull();
    const me = await fetch(`${b.base}/api/user`, { headers: { cookie: cookie ?? '' } });
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(DEMO_EMAIL);
  });

  test('40 adds with one Idempotency-Key spread over both make one line', async () => {
    const { cookie, checkoutId } = await newShopper(a.base);
    const level = await roomyLevel(0);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => add(other(i), cookie, 'same-key-40', level, 3)));
    // each answer is the add's (200) or "the same request is still running" (409); never an error
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(await unitsInCart(checkoutId)).toEqual({ lines: 1, units: 3 });
  });

  test('100 distinct adds spread over both make the exact total', async () => {
    const { cookie, checkoutId } = await newShopper(b.base);
    const level = await roomyLevel(1);
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(other(i), cookie, `distinct-${round}-${i}`, level)));
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await unitsInCart(checkoutId)).toEqual({ lines: 1, units: 100 });
  });

  test('racing checkouts of the last units across both never oversell', async () => {
    const rows = await store.sql<{ id: number }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND price_cents > 0 ORDER BY id DESC LIMIT 1');
    const level = Number(rows[0]?.id);
    await store.sql('UPDATE inventory_levels SET quantity = 3, bypass_negative_quantity = 0 WHERE id = ?', [level]);
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => newShopper(other(i).base)));
    for (const [i, s] of shoppers.entries()) expect((await add(other(i), s.cookie, `last-${i}`, level)).status).toBe(200);
    const placed = await Promise.all(shoppers.map((s, i) => fetch(`${other(i + 1).base}/checkout/${s.checkoutId}`, {
      method: 'POST', redirect: 'manual',
      headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...CHECKOUT_FORM, email: `racer-${i}@example.com` }).toString(),
    })));
    const sold = placed.filter((r) => r.status === 303).length;
    // refused ones answer a 4xx (out of stock), never a 5xx
    for (const r of placed) expect(r.status === 303 || (r.status >= 400 && r.status < 500)).toBe(true);
    expect(sold).toBe(3);
    expect(await count('SELECT quantity AS n FROM inventory_levels WHERE id = ?', [level])).toBe(0);
  });

  test('a sale on one is seen by the other\'s product and search answers within 1 s', async () => {
    const rows = await store.sql<{ id: number; handle: string; sku: string; price_cents: number }>(
      'SELECT id, handle, sku, price_cents FROM products ORDER BY id LIMIT 1 OFFSET 7');
    const product = rows[0];
    if (!product) throw new Error('no product');
    // B has the product and its search answer in its caches
    const productUrl = `${b.base}/api/products/handle/${product.handle}`;
    const searchUrl = `${b.base}/api/products/filter?q=${encodeURIComponent(product.sku)}`;
    expect((await fetch(productUrl)).status).toBe(200);
    expect((await fetch(searchUrl)).status).toBe(200);
    const salePrice = Number(product.price_cents) - 1;
    const sale = await fetch(`${a.base}/api/admin/products/${product.id}/price`, {
      method: 'POST', headers: { ...jsonHeaders(), authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ priceCents: salePrice, compareAtPriceCents: Number(product.price_cents) }),
    });
    expect(sale.status).toBe(200);
    // prices are JSON numbers in dollars (19.9, 20): matched as a whole value
    const shows = new RegExp(`"price":${JSON.stringify(salePrice / 100).replace('.', '\\.')}[,}]`);
    const deadline = Date.now() + 1000;
    let productSeen = false;
    let searchSeen = false;
    while (Date.now() < deadline && !(productSeen && searchSeen)) {
      if (!productSeen) productSeen = shows.test(await (await fetch(productUrl)).text());
      if (!searchSeen) {
        const found = (await (await fetch(searchUrl)).json()) as { products: { id: number; price?: unknown; inventoryPrice?: unknown }[] };
        searchSeen = shows.test(JSON.stringify(found.products.find((p) => Number(p.id) === Number(product.id)) ?? {}));
      }
    }
    expect({ productSeen, searchSeen }).toEqual({ productSeen: true, searchSeen: true });
  });

  test('the sign-in limit is not doubled by alternating processes', async () => {
    const statuses: number[] = [];
    // limit + 4 failed sign-ins from this address, each for another email (an email's own
    // attempts are only slowed, never refused): one counter lets `limit` through, one per process
    // would let all of them
    for (let i = 0; i < AUTH_LIMITS.loginPerIp.limit + 4; i++) {
      const s = other(i);
      const res = await fetch(`${s.base}/api/auth/login`, {
        method: 'POST', headers: jsonHeaders(undefined, undefined, s.base),
        body: JSON.stringify({ email: `nobody-here-${i}@example.com`, password: `wrong password ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_LIMITS.loginPerIp.limit);
    expect(statuses.slice(AUTH_LIMITS.loginPerIp.limit).every((s) => s === 429)).toBe(true);
  });

  test('a visit on one counts on the other', async () => {
    const live = async (s: ServerProcess) => (await (await fetch(`${s.base}/api/admin/live-visitors`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })).json()) as { liveVisitors: number; pages: { requestUrl: string; visitors: number }[] };
    const before = (await live(b)).liveVisitors;
    const socket = connect(`${a.base}/customer`, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    socket.emit('store:visit', { coords: null, requestUrl: '/collections/multiprocess' });
    const deadline = Date.now() + 10_000;
    let seen = await live(b);
    while (seen.liveVisitors !== before + 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await live(b);
    }
    expect(seen.liveVisitors).toBe(before + 1);
    expect(seen.pages).toContainEqual({ requestUrl: '/collections/multiprocess', visitors: 1 });
    socket.disconnect();
  });

  test('killing one with SIGKILL during a storm of adds loses no acknowledged add, and the other keeps answering', async () => {
    const level = await roomyLevel(2);
    const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => newShopper(other(i).base)));
    const acked = clients.map(() => 0);
    const unknown = clients.map(() => 0);
    const bFailures: string[] = [];
    let total = 0;
    let killed = false;
    const killAt = 40;
    const storm = clients.map(async (c, ci) => {
      for (let n = 0; n < 30; n++) {
        const target = (n + ci) % 2 === 0 ? a : b;
        if (target === a && killed) continue;
        try {
          const res = await add(target, c.cookie, `storm-${ci}-${n}`, level);
          if (res.status === 200) {
            acked[ci] = (acked[ci] ?? 0) + 1;
            if (++total === killAt) {
              killed = true;
              a.child.kill('SIGKILL');
            }
          } else if (target === b) bFailures.push(`status ${res.status}`);
          else unknown[ci] = (unknown[ci] ?? 0) + 1;
        } catch (err) {
          // a request to the killed process may or may not have been applied
          if (target === a) unknown[ci] = (unknown[ci] ?? 0) + 1;
          else bFailures.push(String(err));
        }
      }
    });
    await Promise.all(storm);
    expect(killed).toBe(true);
    expect(bFailures).toEqual([]);
    for (const [ci, c] of clients.entries()) {
      const { units } = await unitsInCart(c.checkoutId);
      expect(units).toBeGreaterThanOrEqual(acked[ci] ?? 0);
      expect(units).toBeLessThanOrEqual((acked[ci] ?? 0) + (unknown[ci] ?? 0));
    }
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
    expect((await fetch(`${b.base}/api/products/filter?q=pump`)).status).toBe(200);
    await stopServer(a);
  });
});

describe('WORKERS=2 on one port', () => {
  test('the primary migrates and seeds once, two workers serve the port, SIGTERM stops them all', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startServer } = await import('../../crash.helpers.ts');
    const { TEST_REDIS_URL } = await import('./multiprocess.helpers.ts');
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-workers-'));
    const server = await startServer({
      dataDir: dir,
      products: 40,
      timeoutMs: 120_000,
      env: {
        WORKERS: '2', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `skimmer-workers-${process.pid}:`, LOG_LEVEL: 'info',
        SESSION_SECRET: 'workers-session', CAPTCHA_DEV_SECRET: 'workers-captcha', SHUTDOWN_DRAIN_MS: '0',
      },
    });
    try {
      const ready = async () => new Set([...server.output().matchAll(/"instanceId":"([^"]+)"/g)].map((m) => m[1])).size;
      const deadline = Date.now() + 60_000;
      while ((await ready()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await ready()).toBe(2);
      // the workers found the database seeded by the primary
      const seededBy = [...server.output().matchAll(/"seeded":(null|\{)/g)].map((m) => m[1]);
      expect(seededBy).toEqual(['null', 'null']);
      const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.base}/api/products/filter?q=pump`)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    } finally {
      expect(await stopServer(server, 'SIGTERM')).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
