/**
 * PUBLIC_URL is the origin of every URL leaving the store: with it, a rendered page's canonical
 * link and JSON-LD, robots.txt and the sitemap name the store's own origin whatever Host the
 * request carried; without it a development store names the host it was reached by. On a
 * production start with PUBLIC_URL another host is refused with 421 `{ error }` (the probes and
 * localhost or an IP literal still answer).
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { configuredPublicOrigin, UNKNOWN_HOST_MESSAGE } from '../../../../src/server/platform/http/public-origin.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

const STORE = 'https://shop.example';
let db: Db;
const apps: FastifyInstance[] = [];

async function app(options: { publicOrigin: string | null; production: boolean }): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-public-origin-'));
  const webDir = join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  copyFileSync('index.html', join(webDir, 'index.html'));
  const built = await buildApp({ db, dataDir: dir, webDir, storefrontEntry: () => import('../../../../src/app/entry-server.tsx'), ...options });
  apps.push(built);
  return built;
}

beforeAll(async () => {
  db = await seededDb(20, 3);
}, 60_000);
afterAll(async () => {
  for (const a of apps) await a.close();
});

test('PUBLIC_URL read as its origin; unset, blank or not http(s) is none', () => {
  expect(configuredPublicOrigin({ PUBLIC_URL: 'https://Shop.example/store/' })).toBe('https://shop.example');
  expect(configuredPublicOrigin({ PUBLIC_URL: 'http://localhost:3000' })).toBe('http://localhost:3000');
  expect(configuredPublicOrigin({})).toBeNull();
  expect(configuredPublicOrigin({ PUBLIC_URL: '  ' })).toBeNull();
  expect(configuredPublicOrigin({ PUBLIC_URL: 'ftp://shop.example' })).toBeNull();
  expect(configuredPublicOrigin({ PUBLIC_URL: 'not a url' })).toBeNull();
});

describe('with PUBLIC_URL', () => {
  let store: FastifyInstance;
  beforeAll(async () => {
    store = await app({ publicOrigin: STORE, production: false });
  }, 60_000);

  test('robots.txt and the sitemap name the store\'s origin whatever the Host', async () => {
    const headers = { host: 'attacker.example' };
    const robots = await store.inject({ url: '/robots.txt', headers });
    expect(robots.body).toContain(`Sitemap: ${STORE}/sitemap.xml`);
    expect(robots.body).not.toContain('attacker.example');
    const index = await store.inject({ url: '/sitemap.xml', headers });
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.startsWith(`${STORE}/`)).toBe(true);
    const products = await store.inject({ url: new URL(files.find((f) => f.includes('products'))!).pathname, headers });
    const locs = [...products.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const l of locs) expect(l.startsWith(`${STORE}/products/`)).toBe(true);
  });

  test('a rendered page\'s canonical link and JSON-LD name the store\'s origin', async () => {
    const res = await store.inject({ url: '/', headers: { host: 'attacker.example', accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${STORE}/"`);
    expect(res.body).not.toContain('attacker.example');
  });
});

test('without PUBLIC_URL a development store names the host it was reached by', async () => {
  const dev = await app({ publicOrigin: null, production: false });
  const robots = await dev.inject({ url: '/robots.txt', headers: { host: 'localhost:3000' } });
  expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
});

describe('a production start with PUBLIC_URL', () => {
  let store: FastifyInstance;
  beforeAll(async () => {
    store = await app({ publicOrigin: STORE, production: true });
  }, 60_000);

  test('refuses another host with 421 and { error }, before any route', async () => {
    for (const url of ['/', '/api/products/filter?q=pump', '/robots.txt']) {
      const res = await store.inject({ url, headers: { host: 'attacker.example' } });
      expect(res.statusCode).toBe(421);
      expect(res.json()).toEqual({ error: UNKNOWN_HOST_MESSAGE });
    }
  });

  test('answers its own host, localhost and IP literals, and the probes on any host', async () => {
    expect((await store.inject({ url: '/robots.txt', headers: { host: 'shop.example' } })).statusCode).toBe(200);
    expect((await store.inject({ url: '/robots.txt', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    expect((await store.inject({ url: '/robots.txt', headers: { host: 'localhost' } })).statusCode).toBe(200);
    expect((await store.inject({ url: '/healthz', headers: { host: 'attacker.example' } })).statusCode).toBe(200);
  });
});
