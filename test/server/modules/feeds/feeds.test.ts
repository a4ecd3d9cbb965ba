/**
 * The feed routes on a store (SQLite, and PostgreSQL in the server-pg project): a store made from
 * the sample Volusion file gives one TSV row per variant of every listed product, within Google's
 * limits, with absolute links on the request's origin; the notices as Google's consumer_notice and
 * return_policy_label; the JSON Lines carry the same rows and each variant's notices; the
 * answer has an ETag (304 for a client holding it) and is compressed; a price change makes a new
 * feed with a new ETag.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { recordCatalogueChange } from '../../../../src/server/platform/scale/catalogue-log.repository.ts';
import { FEED_COLUMNS, FEED_LIMITS } from '../../../../src/server/modules/feeds/schemas.ts';
import { prop65FullWarning, type ProductNotice } from '../../../../src/domain/shipping/notices.ts';
import { bytes, emptyStore, sample, SAMPLE_IMAGES } from '../imports/imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const TOKEN = 'feeds-operator-token-0123456789';
const TABLET_NOTICES: ProductNotice[] = [{ kind: 'prop65', cancer: ['chloroform'], reproductiveHarm: ['chloroform'] }, { kind: 'not-returnable-once-opened' }];
let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  db = await emptyStore();
  const report = await importCatalogue(db, bytes(sample('volusion-pool-parts.csv'), 4096), {
    format: 'volusion',
    categories: bytes(sample('volusion-pool-parts-categories.csv'), 4096),
    ...SAMPLE_IMAGES,
  });
  expect(report.totals.rejected).toBe(0);
  expect(report.problems).toEqual([]);
  // the tablets: a Proposition 65 warning, not returnable once opened, and the 10 lb tub shipping as hazmat
  await db.run('UPDATE products SET notices_json = ? WHERE sku = ?', [JSON.stringify(TABLET_NOTICES), 'MATAB']);
  await db.run("UPDATE variants SET ship_class = 'hazmat-ground' WHERE sku = 'MATAB-10'");
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-feeds-'));
  app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), operators: { token: TOKEN, allowedHosts: [], allowedOrigins: [] } });
});

afterAll(async () => {
  await app?.close();
});

async function tsv(headers: Record<string, string> = {}) {
  const res = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test', ...headers } });
  const lines = res.body.split('\n');
  expect(lines.pop()).toBe('');
  const [header, ...rest] = lines;
  const rows = rest.map((l) => Object.fromEntries(l.split('\t').map((cell, i) => [FEED_COLUMNS[i]!, cell])) as Record<string, string>);
  return { res, header, rows };
}

async function listedVariants(): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM variants v JOIN products p ON p.id = v.product_id WHERE p.is_indexed = 1'))?.n);
}

describe('GET /feeds/google-merchant.tsv', () => {
  test('one row per variant of every listed product, within Google\'s limits, links absolute on the request\'s origin', async () => {
    const { res, header, rows } = await tsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(header).toBe(FEED_COLUMNS.join('\t'));
    expect(rows).toHaveLength(await listedVariants());
    for (const row of rows) {
      expect(Object.keys(row)).toHaveLength(FEED_COLUMNS.length);
      expect(Array.from(row.id!).length).toBeLessThanOrEqual(FEED_LIMITS.id);
      expect(Array.from(row.title!).length).toBeLessThanOrEqual(FEED_LIMITS.title);
      expect(Array.from(row.description!).length).toBeLessThanOrEqual(FEED_LIMITS.description);
      expect(row.description).not.toMatch(/<\/?[a-z]/i);
      expect(row.link).toMatch(/^http:\/\/shop\.test\/products\//);
      // every product of the sample has a picture of its own (files beside it), on the store's origin
      expect(row.image_link).toMatch(/^http:\/\/shop\.test\/media\/images\/\d+-800\.png$/);
      expect(row.price).toMatch(/^\d+\.\d{2} USD$/);
      expect(row.condition).toBe('new');
    }
    const pump = rows.find((r) => r.id === 'TWAD15');
    const pumpImage = (await db.get<{ url: string }>("SELECT i.url FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.sku = 'TWAD15' AND i.position = 0"))!.url;
    expect(pump).toMatchObject({
      title: 'Tidewell AquaDrive 1.5 HP Pool Pump',
      link: 'http://shop.test/products/tidewell-aquadrive-1-5-hp-pool-pump',
      image_link: `http://shop.test${pumpImage}`,
      availability: 'in_stock',
      price: '729.00 USD',
      sale_price: '649.00 USD',
      brand: 'Tidewell',
      gtin: '081234500015',
      mpn: 'AD-150-T',
      product_type: 'Pumps & Parts > Pool Pumps',
      shipping_weight: '30 lb',
      item_group_id: '',
    });
    // a Volusion parent with child products: one row per child, one item_group_id
    const speeds = rows.filter((r) => r.item_group_id === 'TWADVS');
    expect(speeds.map((r) => [r.id, r.price])).toEqual([['TWADVS-115', '1249.00 USD'], ['TWADVS-230', '1279.00 USD']]);
    expect(new Set(speeds.map((r) => new URL(r.link!).searchParams.get('variant'))).size).toBe(2);
  });

  test('the JSON Lines carry the same rows, empty fields left out, and each variant\'s notices', async () => {
    const { rows } = await tsv();
    const res = await app.inject({ url: '/feeds/products.jsonl', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    const lines = res.body.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map(({ notices: _notices, ...fields }) => fields)).toEqual(rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ''))));
    const notices = Object.fromEntries(lines.filter((l) => l.notices).map((l) => [l.id, l.notices]));
    expect(notices).toEqual({
      'MATAB-10': [...TABLET_NOTICES, { kind: 'hazmat-handling' }],
      'MATAB-25': TABLET_NOTICES,
    });
  });

  test('the notices go where Google\'s spec has them: the Prop 65 warning as consumer_notice, not returnable once opened as return_policy_label', async () => {
    const { header, rows } = await tsv();
    expect(header!.split('\t').slice(-2)).toEqual(['consumer_notice', 'return_policy_label']);
    const tablets = rows.filter((r) => r.item_group_id === 'MATAB');
    expect(tablets.map((r) => [r.id, r.consumer_notice, r.return_policy_label])).toEqual([
      ['MATAB-10', `prop_65:${prop65FullWarning(TABLET_NOTICES)}`, 'not-returnable-once-opened'],
      ['MATAB-25', `prop_65:${prop65FullWarning(TABLET_NOTICES)}`, 'not-returnable-once-opened'],
    ]);
    // every other product has none
    expect(rows.filter((r) => r.item_group_id !== 'MATAB').every((r) => r.consumer_notice === '' && r.return_policy_label === '')).toBe(true);
  });

  test('an ETag, and 304 with no body for a client holding the current feed', async () => {
    const first = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test', 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  test('compressed with brotli or gzip when the client takes them', async () => {
    const plain = (await tsv()).res.body;
    const br = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test', 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gz = await app.inject({ url: '/feeds/products.jsonl', headers: { host: 'shop.test', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8').split('\n')[0]).toContain('"id"');
  });

  test('a price change makes a new feed with a new ETag', async () => {
    const before = await tsv();
    const etag = String(before.res.headers.etag);
    const id = Number((await db.get<{ id: number }>("SELECT id FROM products WHERE sku = 'TWAD15'"))?.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/price`,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', host: '127.0.0.1' },
      payload: { priceCents: 59900, compareAtPriceCents: null },
    });
    expect(res.statusCode).toBe(200);
    const stale = await app.inject({ url: '/feeds/google-merchant.tsv', headers: { host: 'shop.test', 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(etag);
    const after = await tsv();
    expect(after.rows.find((r) => r.id === 'TWAD15')).toMatchObject({ price: '599.00 USD', sale_price: '' });
  });

  test('a product priced on request is in neither feed (a channel needs a price; $0.00 would say free)', async () => {
    const id = Number((await db.get<{ id: number }>("SELECT id FROM products WHERE sku = 'MATAB'"))?.id);
    // a catalogue write as the store makes one: the change and its catalogue-log version together
    const flag = async (on: number) => {
      const change = await db.transaction(async (tx) => {
        await tx.run('UPDATE products SET call_for_price = ? WHERE id = ?', [on, id]);
        return await recordCatalogueChange(tx, [id]);
      });
      await app.catalogue.reindex(change.ids, change.version);
    };
    await flag(1);
    try {
      const { rows } = await tsv();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.id!.startsWith('MATAB'))).toEqual([]);
      const jsonl = await app.inject({ url: '/feeds/products.jsonl', headers: { host: 'shop.test' } });
      expect(jsonl.body).not.toContain('"MATAB-');
    } finally {
      await flag(0);
    }
    expect((await tsv()).rows.some((r) => r.id!.startsWith('MATAB'))).toBe(true);
  });
});
