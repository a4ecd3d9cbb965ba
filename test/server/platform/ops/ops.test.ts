/**
 * The operator's view (issue 16, item 5): /healthz, /readyz with its reasons, /metrics behind
 * METRICS_TOKEN (off without one), and the request id of every answer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { requestIdOf, scrubUrl } from '../../../../src/server/platform/ops/logging.ts';
import { METRICS_ERRORS } from '../../../../src/server/platform/ops/plugin.ts';
import type { SearchIndex } from '../../../../src/server/modules/search/types.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const TOKEN = 'scrape-me-3f9a1c';

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await seededDb(80, 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ops-'));
  app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), ops: { metricsToken: TOKEN } });
});
afterAll(async () => {
  await app.close();
});

/** A sample's value in Prometheus text, by its full series name (`name{labels}`). */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    if (line.slice(0, at) === series) return Number(line.slice(at + 1));
  }
  return undefined;
}

const scrape = async (): Promise<string> => {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('/healthz and /readyz', () => {
  test('/healthz answers 200 { status: ok } with no caching', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('/readyz answers ready with every check ok on a migrated store with its index built', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', searchIndex: 'ok', shutdown: 'ok' } });
  });

  test('/readyz answers 503 with a JSON reason when a migration is missing, the database is closed, or shutdown began', async () => {
    const other = await seededDb(20, 2);
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ops-'));
    const second = await buildApp({ db: other, dataDir, webDir: join(dataDir, 'no-web'), ops: { metricsToken: null, expectedMigrations: [1, 2, 3, 4, 999] } });
    const missing = await second.inject({ url: '/readyz' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ error: 'Migrations not applied: 999', checks: { database: 'ok', migrations: 'Migrations not applied: 999' } });

    second.ops.markShuttingDown();
    const draining = await second.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().checks.shutdown).toBe('Shutting down');

    await other.close();
    const closed = await second.inject({ url: '/readyz' });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error).toMatch(/^Database unreachable: /);
    // liveness does not depend on the database
    expect((await second.inject({ url: '/healthz' })).statusCode).toBe(200);
    await second.close();
  });

  test('/readyz answers 503 while the search index is empty over a non-empty catalogue', async () => {
    const other = await seededDb(20, 3);
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ops-'));
    const empty: SearchIndex = { size: 0, search: () => { throw new Error('unused'); }, searchPage: () => { throw new Error('unused'); }, upsert: () => undefined, remove: () => undefined };
    const third = await buildApp({ db: other, dataDir, webDir: join(dataDir, 'no-web'), searchIndex: empty, ops: { metricsToken: null } });
    const res = await third.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('Search index empty while the catalogue holds 20 products');
    await third.close();
  });
});

describe('/metrics', () => {
  test('refuses a missing or wrong token with 401 and WWW-Authenticate', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ error: METRICS_ERRORS.unauthorized });
    }
  });

  test('counts requests, latency and errors per route pattern (not per URL)', async () => {
    await app.inject({ url: '/api/products/filter?limit=2' });
    const handle = (await db.get<{ handle: string }>('SELECT handle FROM products ORDER BY id LIMIT 1'))?.handle;
    await app.inject({ url: `/api/products/handle/${handle}` });
    await app.inject({ url: '/api/products/handle/no-such-product-anywhere' });
    await app.inject({ url: '/api/products/handle/no-such-product-either' });
    await app.inject({ url: '/no/such/path/at/all' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/products/filter",status_code="200"}')).toBe(1);
    const productRoute = '/api/products/handle/:handle';
    expect(sample(text, `http_requests_total{method="GET",route="${productRoute}",status_code="200"}`)).toBe(1);
    expect(sample(text, `http_request_errors_total{method="GET",route="${productRoute}",status_code="404",class="4xx"}`)).toBe(2);
    expect(sample(text, 'http_request_errors_total{method="GET",route="(unmatched)",status_code="404",class="4xx"}')).toBe(1);
    expect(sample(text, `http_request_duration_seconds_count{method="GET",route="${productRoute}"}`)).toBe(3);
    expect(text).not.toContain('no-such-product');
  });

  test('counts the answers refused before any route runs (a URL the router cannot decode) as unmatched', async () => {
    const before = sample(await scrape(), 'http_request_errors_total{method="GET",route="(unmatched)",status_code="400",class="4xx"}') ?? 0;
    expect((await app.inject({ url: '/api/products/handle/%zz' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/%E0%A4%A' })).statusCode).toBe(400);
    const text = await scrape();
    expect(sample(text, 'http_request_errors_total{method="GET",route="(unmatched)",status_code="400",class="4xx"}')).toBe(before + 2);
    expect(text).not.toContain('%zz');
  });

  test('reports the search index, carts, orders, outbox backlog, event-loop lag and process metrics', async () => {
    await db.run("INSERT INTO email_outbox (to_address, subject, text_body, kind, created_at) VALUES ('a@example.com', 's', 't', 'test', ?)", [new Date(Date.now() - 60_000).toISOString()]);
    await db.run("INSERT INTO checkouts (id, session_id, status, created_at, updated_at) VALUES ('c-open', 1, 'open', 'x', 'x'), ('c-done', 2, 'completed', 'x', 'x')");
    const text = await scrape();
    expect(sample(text, 'skimmer_search_index_documents')).toBe(app.catalogue.index.size);
    expect(app.catalogue.index.size).toBe(80);
    expect(sample(text, 'skimmer_search_index_build_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'skimmer_carts{status="open"}')).toBe(1);
    expect(sample(text, 'skimmer_carts{status="completed"}')).toBe(1);
    expect(sample(text, 'skimmer_carts{status="merged"}')).toBe(0);
    expect(sample(text, 'skimmer_orders')).toBe((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n);
    expect(sample(text, 'skimmer_email_outbox_pending')).toBe(1);
    expect(sample(text, 'skimmer_email_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(60);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  test('without METRICS_TOKEN, /metrics is off: 404 like an unknown path', async () => {
    const other = await seededDb(10, 4);
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ops-'));
    const plain = await buildApp({ db: other, dataDir, webDir: join(dataDir, 'no-web'), ops: { metricsToken: '' } });
    const res = await plain.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    expect(plain.ops.metrics).toBeNull();
    await plain.close();
  });
});

describe('request ids', () => {
  test('every answer carries X-Request-Id; a sane incoming one is kept, anything else replaced', async () => {
    const own = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(own.headers['x-request-id']).toBe('lb-7f3a:42');
    const fresh = await app.inject({ url: '/api/products/filter?limit=1' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['x'.repeat(129), 'two words', 'a\u0007b', '', '<script>']) {
      const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const notFound = await app.inject({ url: '/nowhere', headers: { 'x-request-id': 'trace-1' } });
    expect(notFound.headers['x-request-id']).toBe('trace-1');
    expect(requestIdOf({ headers: { 'x-request-id': ['a', 'b'] } })).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('scrubUrl hides the values of secret query parameters only', () => {
    expect(scrubUrl('/wallet/add-card?token=abc.def&x=1')).toBe('/wallet/add-card?token=%5BREDACTED%5D&x=1');
    expect(scrubUrl('http://shop.test/reset-password?Token=s3cret#frag')).toBe('http://shop.test/reset-password?Token=%5BREDACTED%5D');
    expect(scrubUrl('/api/products/filter?q=pump&limit=2')).toBe('/api/products/filter?q=pump&limit=2');
    expect(scrubUrl('/plain/path')).toBe('/plain/path');
  });
});
