import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { ADMIN_NOT_BUILT, adminAppRoutes, type AdminRenderer } from '../../../../src/server/modules/admin/app.ts';

const PAGE = '<!doctype html><title>Skimmer back office</title><body><div id="admin-root"><p>Loading</p></div>\n</body>';

let app: FastifyInstance | null = null;
let dir: string | null = null;

async function start(withPage: boolean, render: AdminRenderer | null = null): Promise<FastifyInstance> {
  dir = mkdtempSync(join(tmpdir(), 'admin-app-'));
  if (withPage) writeFileSync(join(dir, 'admin.html'), PAGE);
  app = Fastify();
  await app.register(adminAppRoutes, { webDir: dir, render });
  // an operators' read, answering the cookie it was sent
  app.get('/api/admin/me', async (request) => ({ cookie: request.headers.cookie ?? null }));
  // a route of the operators' own under /admin, as the mail pages and packing slips are
  app.get('/admin/mail', async () => 'mail page');
  app.get('/admin/orders/:id/packing-slip', async () => 'slip');
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('the back office page rendered on the server', () => {
  test('puts the app\'s HTML in the root and its data in the page, never cached', async () => {
    const urls: string[] = [];
    const server = await start(true, async (url) => {
      urls.push(url);
      return { html: '<h1>Orders</h1>', data: { queries: ['</script><script>alert(1)</script>'] } };
    });
    const res = await server.inject({ url: '/admin/orders?q=ann' });
    expect(res.statusCode).toBe(200);
    expect(urls).toEqual(['/admin/orders?q=ann']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('<div id="admin-root"><h1>Orders</h1></div>');
    expect(res.body).not.toContain('Loading');
    // the data block cannot end its script element
    expect(res.body).toContain('<script type="application/json" id="admin-data">{"queries":["\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"]}</script>');
  });

  test('the render reads the operators\' API in process with the request\'s cookie, and nothing else', async () => {
    const seen: unknown[] = [];
    const server = await start(true, async (_url, fetch) => {
      seen.push(await (await fetch(new Request('http://admin.internal/api/admin/me'))).json());
      seen.push((await fetch(new Request('http://admin.internal/api/products'))).status);
      seen.push((await fetch(new Request('http://admin.internal/api/admin/me', { method: 'POST' }))).status);
      return { html: '', data: {} };
    });
    await server.inject({ url: '/admin', headers: { cookie: 'skimmer_op=abc' } });
    expect(seen).toEqual([{ cookie: 'skimmer_op=abc' }, 403, 403]);
  });

  test('a render that fails sends the page as built, for the browser to render', async () => {
    const server = await start(true, async () => {
      throw new Error('render failed');
    });
    const res = await server.inject({ url: '/admin/orders' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
  });
});

describe('the back office page', () => {
  test.each(['/admin', '/admin/', '/admin/orders', '/admin/orders/12', '/admin/set-password?token=abc'])('answers the built page at %s, never cached', async (url) => {
    const server = await start(true);
    const res = await server.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(PAGE);
  });

  test('leaves the operators\' own /admin routes to them', async () => {
    const server = await start(true);
    expect((await server.inject({ url: '/admin/mail' })).body).toBe('mail page');
    expect((await server.inject({ url: '/admin/orders/3/packing-slip' })).body).toBe('slip');
  });

  test('answers 304 to a request with the page\'s ETag', async () => {
    const server = await start(true);
    const first = await server.inject({ url: '/admin' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await server.inject({ url: '/admin/orders', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('answers 404 with { error } when the back office is not built', async () => {
    const server = await start(false);
    const res = await server.inject({ url: '/admin/orders' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ADMIN_NOT_BUILT });
  });
});
