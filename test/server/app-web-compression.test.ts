import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { seededDb } from './modules/catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
// a build file well above the 1 KB threshold, compressible like real code
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-web-gz-'));
  const webDir = join(dir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), `<!doctype html><title>Skimmer</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  app = await buildApp({ db: await seededDb(40, 2), dataDir: dir, webDir });
});
afterAll(async () => {
  await app.close();
});

describe('compression and caching of the storefront and the API', () => {
  test('a hashed build file goes out brotli-compressed when accepted, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('gzip when brotli is not accepted; plain when nothing is', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  test('index.html is revalidated on every visit (its script names change with each build)', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  test('API answers above 1 KB are compressed too', async () => {
    const res = await app.inject({ url: '/api/products/filter?limit=24', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(res.rawPayload).toString()) as { products: unknown[] }).products.length).toBeGreaterThan(0);
  });
});
