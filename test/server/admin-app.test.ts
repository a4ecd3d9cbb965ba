import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { ADMIN_NOT_BUILT, adminAppRoutes } from '../../src/server/admin-app.ts';

const PAGE = '<!doctype html><title>Skimmer back office</title><div id="admin-root"></div>';

let app: FastifyInstance | null = null;
let dir: string | null = null;

async function start(withPage: boolean): Promise<FastifyInstance> {
  dir = mkdtempSync(join(tmpdir(), 'admin-app-'));
  if (withPage) writeFileSync(join(dir, 'admin.html'), PAGE);
  app = Fastify();
  await app.register(adminAppRoutes, { webDir: dir });
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
