/**
 * Old addresses kept, on a store rendered as it serves pages (the app's server entry), on SQLite
 * and PostgreSQL: after a Volusion import every old product and category address answers 301 to
 * the product or collection whatever the case of its code, an unknown code gets the store's 404
 * page, the spec's own '.asp' pages and the store's generic '.htm' pages stay theirs; after a
 * Shopify import /products/{handle} and /collections/{handle} are the store's own pages; and an
 * operator's redirects CSV (the admin route and the CLI) lands whole, chains collapsed, loops
 * refused with their line.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { render } from '../../../../src/app/entry-server.tsx';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openSqlite } from '../../../../src/server/platform/db/database.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { countRedirects } from '../../../../src/server/modules/redirects/repository.ts';
import { recordLegacyCategoryIds } from '../../../../src/server/modules/redirects/service.ts';
import { bytes, emptyStore, sample } from '../imports/imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const TOKEN = 'redirects-operator-token-0123456789';
const NOT_FOUND_TEXT = 'This page does not exist.';
const PUMP = '/products/tidewell-aquadrive-1-5-hp-pool-pump';

let volusion: { app: FastifyInstance; db: Db };
let shopify: { app: FastifyInstance; db: Db };

async function store(format: 'volusion' | 'shopify'): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await emptyStore();
  const report = format === 'volusion'
    ? await importCatalogue(db, bytes(sample('volusion-pool-parts.csv'), 4096), { format, categories: bytes(sample('volusion-pool-parts-categories.csv'), 4096) })
    : await importCatalogue(db, bytes(sample('shopify-pool-parts.csv'), 4096), { format });
  expect(report.totals.rejected).toBe(0);
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-redirects-'));
  const webDir = join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  copyFileSync('index.html', join(webDir, 'index.html'));
  const app = await buildApp({
    db, dataDir: dir, webDir, storefrontEntry: async () => ({ render }), pageCache: { maxBytes: 0 },
    operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] },
  });
  return { app, db };
}

beforeAll(async () => {
  volusion = await store('volusion');
  shopify = await store('shopify');
});

afterAll(async () => {
  await volusion?.app.close();
  await shopify?.app.close();
});

async function variantId(db: Db, sku: string): Promise<number> {
  return Number((await db.get<{ id: number }>('SELECT id FROM variants WHERE sku = ?', [sku]))?.id);
}

describe('Volusion addresses after a Volusion import', () => {
  test.each([
    ['/ProductDetails.asp?ProductCode=TWAD15', PUMP],
    ['/Tidewell-AquaDrive-1-5-HP-Pool-Pump-p/TWAD15.htm', PUMP],
    ['/product_p/TWAD15.htm', PUMP],
    ['/SearchResults.asp?Cat=2', '/collections/pool-pumps'],
    ['/Pool-Pumps-s/2.htm', '/collections/pool-pumps'],
    ['/category_s/1.htm', '/collections/pumps-and-parts'],
  ])('%s answers 301 to %s', async (url, location) => {
    const res = await volusion.app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  test.each([
    '/productdetails.asp?productcode=twad15',
    '/PRODUCTDETAILS.ASP?PRODUCTCODE=TwAd15',
    '/tidewell-aquadrive-1-5-hp-pool-pump-P/twad15.HTM',
    '/Product_P/tWaD15.htm',
    // the part number (vendor_partno) names it too
    '/product_p/ad-150-t.htm',
  ])('codes are found whatever their case: %s', async (url) => {
    const res = await volusion.app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(PUMP);
  });

  test("a child product's code leads to its product with that variant chosen", async () => {
    const res = await volusion.app.inject({ url: '/ProductDetails.asp?ProductCode=twadvs-230' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/tidewell-aquadrive-variable-speed-pump?variant=${await variantId(volusion.db, 'TWADVS-230')}`);
  });

  test("the rendered product page is where the old address lands", async () => {
    const res = await volusion.app.inject({ url: PUMP });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Tidewell AquaDrive 1.5 HP Pool Pump');
  });

  test.each([
    '/ProductDetails.asp?ProductCode=NO-SUCH-CODE',
    '/No-Such-Pump-p/NOSUCH.htm',
    '/product_p/NOSUCH.htm',
    '/No-Such-Category-s/999.htm',
  ])("an unknown code gets the store's 404 page: %s", async (url) => {
    const res = await volusion.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(NOT_FOUND_TEXT);
  });

  test("the spec's own .asp pages stay the store's", async () => {
    for (const url of ['/default.asp', '/searchresults.asp?q=pump', '/SearchResults.asp?q=pump']) {
      const res = await volusion.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  test("a category id mapped by the import leads to the collection it became", async () => {
    const filters = Number((await volusion.db.get<{ id: number }>("SELECT id FROM collections WHERE handle = 'filters'"))?.id);
    await volusion.db.transaction((tx) => recordLegacyCategoryIds(tx, [{ legacyId: 7004, collectionId: filters }]));
    const res = await volusion.app.inject({ url: '/Filters-s/7004.htm' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/collections/filters');
  });

  test("a generic page of the store with the same id wins over an old category address", async () => {
    await volusion.db.run("INSERT INTO pages (id, handle, title, body_html, path) VALUES (4, 'filter-care', 'Filter care', '<p>Rinse the cartridge.</p>', '/filter-care/4.htm')");
    const res = await volusion.app.inject({ url: '/Filters-s/4.htm' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Rinse the cartridge.');
    // the other shapes of the same category still redirect
    expect((await volusion.app.inject({ url: '/SearchResults.asp?Cat=4' })).headers.location).toBe('/collections/filters');
  });

  test('only GET and HEAD are redirected', async () => {
    expect((await volusion.app.inject({ method: 'HEAD', url: '/product_p/TWAD15.htm' })).statusCode).toBe(301);
    expect((await volusion.app.inject({ method: 'POST', url: '/product_p/TWAD15.htm', payload: {} })).statusCode).toBe(404);
  });
});

describe('Shopify addresses after a Shopify import', () => {
  test('/products/{handle} and /collections/{handle} are the store\'s own pages', async () => {
    const product = await shopify.app.inject({ url: '/products/tidewell-aquadrive-1-5-hp-pool-pump' });
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('AquaDrive 1.5 HP Pool Pump');
    const collection = await shopify.app.inject({ url: '/collections/filter-cartridges' });
    expect(collection.statusCode).toBe(200);
    expect((await shopify.app.inject({ url: '/products/no-such-handle' })).statusCode).toBe(404);
  });
});

describe('an operator\'s redirects CSV', () => {
  const post = (app: FastifyInstance, csv: string, token = TOKEN) =>
    app.inject({ method: 'POST', url: '/api/admin/redirects', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: { csv } });

  test('operators only', async () => {
    expect((await volusion.app.inject({ method: 'POST', url: '/api/admin/redirects', payload: { csv: 'from,to\n/a,/b\n' } })).statusCode).toBe(401);
    expect((await post(volusion.app, 'from,to\n/a,/b\n', 'wrong')).statusCode).toBe(403);
  });

  test('lands whole with chains collapsed, and each old address answers 301 to the end of its chain', async () => {
    const res = await post(volusion.app, `from,to\r\n/Old-Pump.htm,/old-pump-2.htm\r\n/old-pump-2.htm,${PUMP}\r\nhttps://old.example/Spring-Sale/,https://promo.example/sale\r\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 3, collapsed: 1, total: 3 });
    for (const url of ['/old-pump.htm', '/OLD-PUMP.HTM?utm_source=mail', '/old-pump-2.htm']) {
      const hop = await volusion.app.inject({ url });
      expect(hop.statusCode, url).toBe(301);
      expect(hop.headers.location, url).toBe(PUMP);
    }
    expect((await volusion.app.inject({ url: '/spring-sale/' })).headers.location).toBe('https://promo.example/sale');
    // one audit row, written with the redirects: who, the route, the redirects before and after, the file's lines
    const audit = await volusion.app.inject({ url: '/api/admin/audit?action=redirects.import', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(audit.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({
        actor: { kind: 'bootstrap', id: null },
        action: 'redirects.import',
        route: 'POST /api/admin/redirects',
        entity: 'redirects',
        before: { redirects: 0 },
        after: { format: 'csv', dryRun: false, lines: 3, written: 3, imported: 3, collapsed: 1, total: 3, redirects: 3 },
      }),
    ]);
    // and no generic row beside it
    expect((await volusion.app.inject({ url: '/api/admin/audit?entity=redirects', headers: { authorization: `Bearer ${TOKEN}` } })).json<{ entries: unknown[] }>().entries).toHaveLength(1);
  });

  test('a loop is refused with its line in plain words, and nothing is written', async () => {
    const before = await countRedirects(volusion.db);
    const res = await post(volusion.app, 'from,to\n/new-a,/new-b\n/new-b,/new-a\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: '2 lines of the file cannot be taken; nothing was imported.',
      problems: [
        { line: 2, reason: "Line 2: '/new-a' goes round in a loop (/new-a → /new-b → /new-a), so it would never arrive" },
        { line: 3, reason: "Line 3: '/new-b' goes round in a loop (/new-b → /new-a → /new-b), so it would never arrive" },
      ],
    });
    expect(await countRedirects(volusion.db)).toBe(before);
    expect((await volusion.app.inject({ url: '/new-a' })).statusCode).toBe(404);
    // nothing written, nothing audited
    expect((await volusion.app.inject({ url: '/api/admin/audit?action=redirects.import', headers: { authorization: `Bearer ${TOKEN}` } })).json<{ entries: unknown[] }>().entries).toHaveLength(1);
  });

  test.each([
    ['', 'The file is empty'],
    ['from,to\n', 'The file has no redirects (only a header, or nothing).'],
    ['old,new\n/a,/b\n', "The file has no 'from' column"],
  ])('a file that is no redirects CSV is one clear 400: %j', async (csv, message) => {
    const res = await post(volusion.app, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  // on a SQLite file in both projects: the CLI is under test here, not the database
  test('npm run redirects:import -- FILE imports into the store\'s database, and refuses a loop with its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-redirects-cli-'));
    const dbPath = join(dir, 'store.db');
    writeFileSync(join(dir, 'good.csv'), 'from,to\n/a.htm,/b.htm\n/b.htm,/products/pump\n');
    writeFileSync(join(dir, 'loop.csv'), 'from,to\n/c.htm,/a.htm\n/a.htm,/c.htm\n');
    const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/server/modules/redirects/cli.ts', join(dir, file), '--db', dbPath], { encoding: 'utf8' });
    const good = run('good.csv');
    expect(good.stdout).toContain('2 redirects imported, 1 chains collapsed; the store has 2 redirects.');
    expect(good.status).toBe(0);
    const loop = run('loop.csv');
    expect(loop.status).toBe(1);
    expect(loop.stderr).toContain("Line 2: '/c.htm' goes round in a loop (/c.htm → /a.htm → /c.htm), so it would never arrive");
    const db = openSqlite(dbPath);
    try {
      expect(db.sync?.all<{ to_url: string }>("SELECT to_url FROM redirects WHERE from_key = '/a.htm'")).toEqual([{ to_url: '/products/pump' }]);
    } finally {
      void db.close();
    }
  });
});
