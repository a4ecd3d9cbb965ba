/**
 * Abuse limits (issue 16 item 4): per-client limits on search, page renders and media answer 429
 * with Retry-After and `{ error }`; other clients and other routes are not affected; the limits
 * and timeouts come from the environment; bodies over the default limit answer 413 `{ error }`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { readSecurityHeadersConfig } from '../../../../src/server/platform/http/headers.ts';
import { DEFAULT_BODY_LIMIT, limitGroupOf, MemoryWindows, readRateLimitConfig, readTimeoutConfig } from '../../../../src/server/platform/http/limits.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-limits-'));
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  app = await buildApp({
    db: await seededDb(30, 2), dataDir, webDir,
    securityHeaders: readSecurityHeadersConfig({}),
    rateLimits: { search: 5, pages: 3, media: 4, allowList: ['10.9.9.9'] },
    timeouts: readTimeoutConfig({ REQUEST_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '7000', KEEP_ALIVE_TIMEOUT_MS: '4000', CONNECTION_TIMEOUT_MS: '45000' }),
  });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, ip: string) => app.inject({ method: 'GET', url, remoteAddress: ip });

async function expectLimited(url: string, ip: string): Promise<void> {
  const res = await get(url, ip);
  expect(res.statusCode, url).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ error: expect.stringMatching(/^Too many requests\. Please try again in [0-9]+ seconds?\.$/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  // a refused answer is an answer like any other: it carries the security headers
  // (API and media answers: nothing may load; pages: no plugins)
  expect(res.headers['content-security-policy']).toMatch(/default-src 'none'|object-src 'none'/);
}

describe('per-client limits', () => {
  test('search: the sixth search of a minute from one client answers 429; the filter and the suggestions share the count', async () => {
    for (let i = 0; i < 3; i++) expect((await get(`/api/products/filter?q=pump&page=${i}`, '10.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get('/api/collections?q=pump', '10.0.0.1')).statusCode).toBe(200);
    await expectLimited('/api/products/filter?q=filter', '10.0.0.1');
    await expectLimited('/api/collections?q=filter', '10.0.0.1');
    // another client is not affected, nor are cheap routes of the limited client
    expect((await get('/api/products/filter?q=pump', '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/api/products/vendors/fullDetail', '10.0.0.1')).statusCode).toBe(200);
  });

  test('pages: the storefront page and its client-side routes count as page renders; API 404s do not', async () => {
    expect((await get('/', '10.0.1.1')).statusCode).toBe(200);
    expect((await get('/products/some-pump', '10.0.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get('/api/nothing', '10.0.1.1')).statusCode).toBe(404);
    expect((await get('/collections/pumps', '10.0.1.1')).statusCode).toBe(200);
    await expectLimited('/', '10.0.1.1');
    await expectLimited('/searchresults.asp?q=x', '10.0.1.1');
    await expectLimited('/checkout/abc', '10.0.1.1');
    expect((await get('/', '10.0.1.2')).statusCode).toBe(200);
  });

  test('media: generated pictures are limited per client', async () => {
    for (let i = 0; i < 4; i++) expect((await get('/media/images/1-200.png', '10.0.2.1')).statusCode).toBeLessThan(400);
    await expectLimited('/media/images/1-300.png', '10.0.2.1');
  });

  test('an allow-listed address is never limited', async () => {
    for (let i = 0; i < 12; i++) expect((await get('/api/products/filter?q=pump', '10.9.9.9')).statusCode).toBe(200);
  });

  test('routes are matched to their groups; writes and cheap reads have none', () => {
    expect(limitGroupOf('GET', '/api/products/filter')).toBe('search');
    expect(limitGroupOf('GET', '/api/collections')).toBe('search');
    expect(limitGroupOf('GET', '/checkout/:checkoutId')).toBe('pages');
    expect(limitGroupOf('GET', '/media/images/:file')).toBe('media');
    expect(limitGroupOf('POST', '/checkout/:checkoutId')).toBeNull();
    expect(limitGroupOf('GET', '/api/products/handle/:handle')).toBeNull();
    expect(limitGroupOf(['GET', 'HEAD'], '/')).toBe('pages');
    expect(limitGroupOf('HEAD', '/api/products/filter')).toBe('search');
  });
});

describe('the counters of one process (MemoryWindows)', () => {
  test('a fixed window per key: refused past the limit with the seconds left, counted afresh once the window ends', () => {
    let now = 1_000_000;
    const w = new MemoryWindows(60_000, 100, () => now);
    for (let i = 0; i < 3; i++) expect(w.hit('search:a', 3)).toBe(0);
    expect(w.hit('search:a', 3)).toBe(60);
    now += 59_001;
    expect(w.hit('search:a', 3)).toBe(1);
    // another key has its own window
    expect(w.hit('search:b', 3)).toBe(0);
    now += 1000;
    expect(w.hit('search:a', 3)).toBe(0);
  });

  test('holds at most its capacity of keys: ended windows go first, then the oldest', () => {
    let now = 0;
    const w = new MemoryWindows(60_000, 3, () => now);
    for (const k of ['a', 'b', 'c']) w.hit(k, 1);
    w.hit('d', 1);
    expect(w.size).toBe(3);
    // 'a' (the oldest) was dropped: it counts afresh
    expect(w.hit('a', 1)).toBe(0);
    now += 61_000;
    w.hit('e', 1);
    // every window had ended: swept at once
    expect(w.size).toBe(1);
  });
});

describe("the store's own pages stay within the default limits", () => {
  test('a shopper browsing fast for a minute (a page a second, typing searches, every picture of every page) is never refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-limits-'));
    const webDir = join(dataDir, 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    // the defaults a store starts with (no RATE_LIMIT_* variables)
    const store = await buildApp({ db: await seededDb(30, 5), dataDir, webDir, rateLimits: readRateLimitConfig({}) });
    try {
      const ip = '10.7.7.7';
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // one minute: 60 page views (a page a second, each a server render) ...
      for (let page = 0; page < 60; page++) {
        count((await store.inject({ url: page % 2 === 0 ? '/' : `/collections/c-${page}`, remoteAddress: ip })).statusCode);
        // ... each typing a few letters into the search box (a filter call and a suggestion call per keystroke) ...
        for (const q of ['p', 'pu', 'pum', 'pump']) {
          count((await store.inject({ url: `/api/products/filter?q=${q}`, remoteAddress: ip })).statusCode);
          count((await store.inject({ url: `/api/collections?q=${q}`, remoteAddress: ip })).statusCode);
        }
        // ... and loading 48 pictures (a listing page of 24 cards, two sizes each)
        for (let i = 0; i < 48; i++) count((await store.inject({ url: `/media/images/${1 + (i % 24)}-${i < 24 ? 200 : 400}.png`, remoteAddress: ip })).statusCode);
      }
      expect(statuses.get(429) ?? 0).toBe(0);
      expect([...statuses.keys()].every((s) => s < 400)).toBe(true);
    } finally {
      await store.close();
    }
  }, 120_000);
});

describe('configuration', () => {
  test('generous defaults, set per group from the environment; 0 turns a group off', () => {
    expect(readRateLimitConfig({})).toEqual({ search: 600, pages: 300, media: 3000, allowList: [] });
    expect(readRateLimitConfig({ RATE_LIMIT_SEARCH: '0', RATE_LIMIT_PAGES: '50', RATE_LIMIT_MEDIA: '7', RATE_LIMIT_ALLOW: '10.0.0.5, 10.0.0.6' }))
      .toEqual({ search: 0, pages: 50, media: 7, allowList: ['10.0.0.5', '10.0.0.6'] });
    for (const bad of ['-1', '1e3', 'lots', '0x10']) expect(() => readRateLimitConfig({ RATE_LIMIT_SEARCH: bad })).toThrow('RATE_LIMIT_SEARCH');
  });

  test('a group turned off is not limited', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-limits-'));
    const open = await buildApp({ db: await seededDb(10, 3), dataDir, webDir: join(dataDir, 'none'), rateLimits: { search: 0, pages: 1, media: 1, allowList: [] } });
    try {
      for (let i = 0; i < 8; i++) expect((await open.inject({ url: '/api/products/filter?q=pump', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  test('timeouts: slow clients cannot hold a connection (values on the HTTP server)', () => {
    expect(app.server.requestTimeout).toBe(20_000);
    expect(app.server.headersTimeout).toBe(7000);
    expect(app.server.keepAliveTimeout).toBe(4000);
    expect(app.server.timeout).toBe(45_000);
    expect(readTimeoutConfig({})).toEqual({ requestMs: 30_000, headersMs: 15_000, keepAliveMs: 72_000, connectionMs: 120_000 });
    expect(() => readTimeoutConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow('HEADERS_TIMEOUT_MS');
  });

  test(`a body over the default limit (${DEFAULT_BODY_LIMIT} bytes) answers 413 { error } before it is read further`, async () => {
    const payload = JSON.stringify({ handles: Array.from({ length: 50 }, () => 'x'.repeat(1400)) });
    expect(payload.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const res = await app.inject({ method: 'POST', url: '/api/checkouts/products', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(['error']);
  });
});
