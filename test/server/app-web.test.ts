import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { seededDb } from './modules/catalogue/catalogue.helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-web-'));
  const webDir = join(dir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Skimmer</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
  app = await buildApp({ db: await seededDb(40, 2), dataDir: dir, webDir });
});
afterAll(async () => {
  await app.close();
});

describe('serving the built storefront', () => {
  test('serves index.html at / and static files as they are', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const js = await app.inject({ url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
  });

  test.each(['/collections/pumps', '/products/some-handle', '/searchresults.asp?q=pump', '/myaccount.asp'])(
    'falls back to index.html for the storefront route %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  test.each(['/api/nope', '/media/nope/x', '/assets/missing.js'])('answers 404 JSON, not the page, for %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  test('the API still answers beside the storefront', async () => {
    const res = await app.inject({ url: '/api/products/filter?limit=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(1);
  });
});
