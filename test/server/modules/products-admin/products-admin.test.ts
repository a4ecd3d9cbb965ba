/**
 * The back office's products (modules/products-admin): the list and its filters, a product's
 * editor, edits and bulk edits of prices and stock. Each write is refused whole (400 with
 * { error }, nothing written) or written with its audit row and shown by the storefront's search
 * and product page at once (the catalogue change feed). Roles: owner and staff may, fulfilment may
 * not, nobody without a session. On SQLite and (server-pg project) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { adjustPriceCents } from '../../../../src/domain/price-adjust.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { PICTURES_MAX, ProductsAdminService } from '../../../../src/server/modules/products-admin/index.ts';
import { sessionHeaders, signedInOperator, type SignedInOperator } from '../admin/admin.helpers.ts';
import { ordersApp } from '../orders-admin/orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
});
afterAll(async () => {
  await app?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers loosely
type Json = Record<string, any>;

async function op(who: SignedInOperator | null, method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const headers = who === null ? { 'content-type': 'application/json' } : method === 'GET' ? { cookie: who.cookie } : sessionHeaders(who);
  const res = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }) });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Everything an edit or a bulk edit may write, and the audit log's length. */
async function fingerprint(): Promise<string> {
  return JSON.stringify([
    await db.all('SELECT id, title, price_cents, compare_at_price_cents, description_html, seo_title, is_indexed, is_featured, call_for_price FROM products ORDER BY id'),
    await db.all('SELECT id, price_cents, compare_at_price_cents FROM variants ORDER BY id'),
    await db.all('SELECT id, price_cents, quantity, available_for_sale, bin_location FROM inventory_levels ORDER BY id'),
    await db.all('SELECT product_id, tag_id FROM product_tags ORDER BY product_id, tag_id'),
    await db.all('SELECT id, position, alt_text FROM product_images ORDER BY id'),
    (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log'))!.n,
    (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM catalogue_log'))!.n,
  ]);
}

/** A product with one variant and one level, priced as given (its own fixture: no other test touches it). */
let nextFixture = 0;
async function fixtureProduct(priceCents: number, quantity = 20): Promise<{ id: number; handle: string; sku: string; variantId: number; levelId: number }> {
  const rows = await db.all<{ id: number; handle: string; sku: string }>(
    `SELECT p.id, p.handle, p.sku FROM products p WHERE p.sku IS NOT NULL AND p.call_for_price = 0
       AND (SELECT COUNT(*) FROM variants v WHERE v.product_id = p.id) = 1
       AND (SELECT COUNT(*) FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.product_id = p.id) = 1 ORDER BY p.id`,
  );
  const p = rows[nextFixture++];
  if (!p) throw new Error('no fixture product left');
  const variant = (await db.get<{ id: number }>('SELECT id FROM variants WHERE product_id = ?', [p.id]))!;
  const level = (await db.get<{ id: number }>('SELECT id FROM inventory_levels WHERE variant_id = ? ORDER BY position, id LIMIT 1', [variant.id]))!;
  await db.run('UPDATE products SET price_cents = ?, compare_at_price_cents = NULL, is_indexed = 1 WHERE id = ?', [priceCents, p.id]);
  await db.run('UPDATE variants SET price_cents = ?, compare_at_price_cents = NULL WHERE id = ?', [priceCents, variant.id]);
  await db.run('UPDATE inventory_levels SET price_cents = ?, compare_at_price_cents = NULL, quantity = ?, available_for_sale = 1, bypass_negative_quantity = 0 WHERE variant_id = ?', [priceCents, quantity, variant.id]);
  // the store's index and caches learn the fixture like any other change
  await app.catalogue.reindex([p.id]);
  return { ...p, variantId: variant.id, levelId: level.id };
}

/** The storefront's search answer's card of a product, found by its SKU. */
async function searchCard(sku: string, id: number): Promise<Json | undefined> {
  const res = await app.inject({ url: `/api/products/filter?q=${encodeURIComponent(sku)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: Json[] }).products.find((p) => p.id === id);
}

describe('who may', () => {
  test('owner and staff list, read and edit; fulfilment is refused 403 and anonymous 401, writing nothing', async () => {
    const p = await fixtureProduct(1500);
    for (const who of [owner, staff]) {
      expect((await op(who, 'GET', '/api/admin/products?limit=5')).status).toBe(200);
      expect((await op(who, 'GET', `/api/admin/products/${p.id}`)).status).toBe(200);
    }
    expect((await op(staff, 'PATCH', `/api/admin/products/${p.id}`, { isFeatured: true })).status).toBe(200);
    const before = await fingerprint();
    for (const [who, code] of [[fulfilment, 403], [null, 401]] as const) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/products', undefined], ['GET', `/api/admin/products/${p.id}`, undefined],
        ['PATCH', `/api/admin/products/${p.id}`, { title: 'Taken over' }],
        ['POST', '/api/admin/products/bulk-edit', { filter: { ids: [p.id] }, price: { setCents: 1 } }],
      ] as const) {
        const res = await op(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(code);
        expect(Object.keys(res.body)).toEqual(['error']);
      }
    }
    // a session's write without its CSRF token
    const noCsrf = await app.inject({ method: 'PATCH', url: `/api/admin/products/${p.id}`, headers: { cookie: owner.cookie, 'content-type': 'application/json' }, payload: { title: 'No token' } });
    expect(noCsrf.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});

describe('the list', () => {
  test('pages every product once, newest first, whatever the page size', async () => {
    const all = (await db.all<{ id: number }>('SELECT id FROM products ORDER BY id DESC')).map((r) => Number(r.id));
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const res = await op(owner, 'GET', `/api/admin/products?limit=7${before === null ? '' : `&before=${before}`}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.products.map((p: Json) => p.id));
      before = res.body.nextBefore;
    } while (before !== null);
    expect(seen).toEqual(all);
  });

  test('filters by title text, SKU, low stock, indexed and pictures', async () => {
    const p = await fixtureProduct(2500, 2);
    await db.run("UPDATE products SET title = 'Zzyzx Skimmer Basket', is_indexed = 0 WHERE id = ?", [p.id]);
    await db.run('DELETE FROM product_images WHERE product_id = ?', [p.id]);
    // written behind the store's back: the index learns it as from the change feed
    await app.catalogue.reindex([p.id]);
    const ids = async (query: string) => (await op(owner, 'GET', `/api/admin/products?limit=200&${query}`)).body.products.map((x: Json) => x.id) as number[];
    expect(await ids('q=zzyzx')).toEqual([p.id]);
    expect(await ids('q=SKIMMER%20basket')).toContain(p.id);
    expect(await ids(`q=${encodeURIComponent(p.sku.toLowerCase())}`)).toContain(p.id);
    expect(await ids(`q=${p.id}`)).toContain(p.id);
    expect(await ids('q=100%25_off')).toEqual([]);
    expect(await ids('lowStock=2')).toContain(p.id);
    expect(await ids('lowStock=1')).not.toContain(p.id);
    expect(await ids('indexed=false')).toContain(p.id);
    expect(await ids('indexed=true')).not.toContain(p.id);
    expect(await ids('noImage=true')).toContain(p.id);
    expect(await ids('noImage=false')).not.toContain(p.id);
    expect(await ids('q=zzyzx&lowStock=2&indexed=false&noImage=true')).toEqual([p.id]);
    // without the search index (or when it finds more than TEXT_IDS_MAX), the text is read by LIKE: the same answers
    const bySql = new ProductsAdminService({ db, reindex: async () => undefined });
    const sqlIds = async (q: string) => (await bySql.list({ q, limit: 200 })).products.map((x) => x.id);
    expect(await sqlIds('zzyzx')).toEqual([p.id]);
    expect(await sqlIds('SKIMMER basket')).toContain(p.id);
    expect(await sqlIds(p.sku.toUpperCase())).toContain(p.id);
    expect(await sqlIds('100%_off')).toEqual([]);
    const row = (await op(owner, 'GET', '/api/admin/products?q=zzyzx')).body.products[0];
    expect(row).toMatchObject({ id: p.id, title: 'Zzyzx Skimmer Basket', priceCents: 2500, stock: 2, lowestStock: 2, isIndexed: false, imageUrl: null, variantCount: 1 });
  });

  test.each([
    'limit=0', 'limit=500', 'lowStock=-1', 'lowStock=abc', 'indexed=yes', 'before=0', `q=${'x'.repeat(101)}`,
  ])('refuses %s with 400 { error }', async (query) => {
    const res = await op(owner, 'GET', `/api/admin/products?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
  });
});

describe('an edit', () => {
  let shared: Awaited<ReturnType<typeof fixtureProduct>> | undefined;
  test('reads a product for editing, 404 for an unknown one', async () => {
    const p = await fixtureProduct(1999);
    const res = await op(owner, 'GET', `/api/admin/products/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ id: p.id, handle: p.handle, priceCents: 1999, variants: [{ id: p.variantId, priceCents: 1999, levels: [{ id: p.levelId, quantity: 20, availableForSale: true }] }] });
    expect((await op(owner, 'GET', '/api/admin/products/99999999')).status).toBe(404);
    expect((await op(owner, 'PATCH', '/api/admin/products/99999999', { title: 'Ghost' })).status).toBe(404);
  });

  test('writes texts, price, compare-at price and stock; the storefront\'s search and product page show them at once; the audit row has before and after', async () => {
    const p = await fixtureProduct(4000, 12);
    expect((await searchCard(p.sku, p.id))?.price).toBe(40); // cached now
    const res = await op(owner, 'PATCH', `/api/admin/products/${p.id}`, {
      title: 'Quartzline Pump Lid', seoTitle: '  Pump lid  ', priceCents: 3450, compareAtPriceCents: 4200,
      variants: [{ id: p.variantId, levels: [{ id: p.levelId, quantity: 7, expectedQuantity: 12, binLocation: 'A-3' }] }],
      tags: [{ prefix: 'Material', value: 'Quartz' }, { prefix: 'Material', value: 'Quartz' }, { prefix: 'Fits', value: 'Zzyzx 9000' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product).toMatchObject({
      title: 'Quartzline Pump Lid', seoTitle: 'Pump lid', priceCents: 3450, compareAtPriceCents: 4200,
      variants: [{ priceCents: 3450, compareAtPriceCents: 4200, levels: [{ quantity: 7, binLocation: 'A-3' }] }],
      tags: [{ prefix: 'Fits', value: 'Zzyzx 9000' }, { prefix: 'Material', value: 'Quartz' }],
    });
    expect(await searchCard(p.sku, p.id)).toMatchObject({ title: 'Quartzline Pump Lid', price: 34.5, compareAtPrice: 42 });
    const byTitle = await app.inject({ url: '/api/products/filter?q=quartzline' });
    expect((byTitle.json() as { products: Json[] }).products.map((x) => x.id)).toContain(p.id);
    const page = (await app.inject({ url: `/api/products/handle/${p.handle}` })).json().product as Json;
    expect(page.title).toBe('Quartzline Pump Lid');
    expect(page.Variants[0]).toMatchObject({ price: 34.5, availableQuantity: 7 });
    const audit = await db.all<{ actor_id: number; action: string; route: string; before_json: string; after_json: string }>(
      "SELECT actor_id, action, route, before_json, after_json FROM audit_log WHERE action = 'product.update' AND entity_id = ?", [String(p.id)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: owner.id, route: 'PATCH /api/admin/products/:productId' });
    expect(JSON.parse(audit[0]!.before_json)).toMatchObject({ priceCents: 4000, variants: [{ levels: [{ quantity: 12 }] }] });
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ title: 'Quartzline Pump Lid', priceCents: 3450, variants: [{ levels: [{ quantity: 7 }] }] });
  });

  test('a product kept from search engines and a level taken off sale', async () => {
    const p = await fixtureProduct(1200, 5);
    const res = await op(staff, 'PATCH', `/api/admin/products/${p.id}`, { isIndexed: false, variants: [{ id: p.variantId, levels: [{ id: p.levelId, availableForSale: false }] }] });
    expect(res.status).toBe(200);
    const page = (await app.inject({ url: `/api/products/handle/${p.handle}` })).json().product as Json;
    expect(page).toMatchObject({ isIndexed: false, availableForSale: false });
  });

  test('reorders pictures, sets their text and removes the ones left out', async () => {
    const row = (await db.get<{ product_id: number }>('SELECT product_id FROM product_images GROUP BY product_id HAVING COUNT(*) >= 2 ORDER BY product_id LIMIT 1'))!;
    const id = Number(row.product_id);
    const images = (await op(owner, 'GET', `/api/admin/products/${id}`)).body.product.images as Json[];
    const res = await op(owner, 'PATCH', `/api/admin/products/${id}`, { images: [{ id: images[1]!.id, altText: 'Lid, top view' }] });
    expect(res.status).toBe(200);
    expect(res.body.product.images).toEqual([{ id: images[1]!.id, url: images[1]!.url, altText: 'Lid, top view' }]);
  });

  test('a stale expected stock answers 409 and writes nothing', async () => {
    const p = await fixtureProduct(900, 10);
    const before = await fingerprint();
    const res = await op(owner, 'PATCH', `/api/admin/products/${p.id}`, { title: 'Never', variants: [{ id: p.variantId, levels: [{ id: p.levelId, quantity: 3, expectedQuantity: 11 }] }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/changed to 10/);
    expect(await fingerprint()).toBe(before);
  });

  test.each([
    ['junk', '{"title":'],
    ['an array', '[]'],
    ['nothing', {}],
    ['an unknown field', { name: 'x' }],
    ['an empty title', { title: '' }],
    ['a blank title', { title: '   ' }],
    ['a negative price', { priceCents: -1 }],
    ['a fractional price', { priceCents: 10.5 }],
    ['a price as text', { priceCents: '100' }],
    ['a compare-at price below the price', { priceCents: 1000, compareAtPriceCents: 900 }],
    ['a compare-at price equal to the price', { priceCents: 1000, compareAtPriceCents: 1000 }],
    ['another product\'s variant', { variants: [{ id: 1_000_000, priceCents: 100 }] }],
    ['a variant twice', 'twice'],
    ['another variant\'s level', 'level'],
    ['a negative stock', 'negative'],
    ['an unknown picture', { images: [{ id: 99_999_999 }] }],
    ['a tag without a value', { tags: [{ prefix: 'Material', value: '' }] }],
    ['a tag of blanks', { tags: [{ prefix: 'Material', value: '   ' }] }],
  ])('refuses %s with 400 { error } and writes nothing', async (_what, body) => {
    shared ??= await fixtureProduct(5000);
    const p = shared;
    const other = (await db.get<{ id: number }>('SELECT id FROM inventory_levels WHERE variant_id <> ? ORDER BY id LIMIT 1', [p.variantId]))!.id;
    const payload = body === 'twice' ? { variants: [{ id: p.variantId, priceCents: 1 }, { id: p.variantId, priceCents: 2 }] }
      : body === 'level' ? { variants: [{ id: p.variantId, levels: [{ id: other, quantity: 1 }] }] }
        : body === 'negative' ? { variants: [{ id: p.variantId, levels: [{ id: p.levelId, quantity: -5 }] }] }
          : body;
    const before = await fingerprint();
    const res = await op(owner, 'PATCH', `/api/admin/products/${p.id}`, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });
});

describe('a bulk edit', () => {
  test('a dry run answers the count and a sample, and writes nothing', async () => {
    const a = await fixtureProduct(1999);
    const b = await fixtureProduct(1005);
    const before = await fingerprint();
    const res = await op(owner, 'POST', '/api/admin/products/bulk-edit', { filter: { ids: [a.id, b.id] }, price: { percent: -10 }, stock: { add: 5 }, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: 2, changed: 2, dryRun: true });
    expect(res.body.sample.find((x: Json) => x.id === a.id)).toMatchObject({ before: { priceCents: 1999, stock: 20 }, after: { priceCents: 1799, stock: 25 } });
    expect(await fingerprint()).toBe(before);
  });

  test('moves prices by a percentage to the cent (the domain\'s rounding) and stock by units; audited per product; the storefront shows it', async () => {
    const prices = [1999, 1005, 1, 333];
    const ps: Awaited<ReturnType<typeof fixtureProduct>>[] = [];
    for (const c of prices) ps.push(await fixtureProduct(c, 4));
    await db.run('UPDATE variants SET compare_at_price_cents = 2500 WHERE id = ?', [ps[0]!.variantId]);
    await db.run('UPDATE products SET compare_at_price_cents = 2500 WHERE id = ?', [ps[0]!.id]);
    const ids = ps.map((p) => p.id);
    expect((await searchCard(ps[1]!.sku, ps[1]!.id))?.price).toBe(10.05);
    const preview = await op(staff, 'POST', '/api/admin/products/bulk-edit', { filter: { ids }, price: { percent: 12.5 }, stock: { add: -6 }, dryRun: true });
    expect(preview.body.matched).toBe(4);
    const res = await op(staff, 'POST', '/api/admin/products/bulk-edit', { filter: { ids }, price: { percent: 12.5 }, stock: { add: -6 }, expectedCount: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ matched: 4, changed: 4, dryRun: false });
    for (const [i, p] of ps.entries()) {
      const want = adjustPriceCents(prices[i]!, { kind: 'percent', basisPoints: 1250 });
      const rows = await db.all<{ price_cents: number; quantity: number }>(
        'SELECT l.price_cents, l.quantity FROM inventory_levels l WHERE l.variant_id = ?', [p.variantId],
      );
      expect(rows.map((r) => [Number(r.price_cents), Number(r.quantity)])).toEqual([[want, 0]]);
      const product = await db.get<{ price_cents: number; compare_at_price_cents: number | null }>('SELECT price_cents, compare_at_price_cents FROM products WHERE id = ?', [p.id]);
      expect(Number(product!.price_cents)).toBe(want);
      if (i === 0) expect(Number(product!.compare_at_price_cents)).toBe(2813); // 2812.5, half away from zero
    }
    // 1999 -> 2248.875 -> 2249; 1005 -> 1130.625 -> 1131; 1 -> 1.125 -> 1; 333 -> 374.625 -> 375
    expect(ps.map((_, i) => adjustPriceCents(prices[i]!, { kind: 'percent', basisPoints: 1250 }))).toEqual([2249, 1131, 1, 375]);
    expect((await searchCard(ps[1]!.sku, ps[1]!.id))?.price).toBe(11.31);
    const page = (await app.inject({ url: `/api/products/handle/${ps[1]!.handle}` })).json().product as Json;
    expect(page.Variants[0]).toMatchObject({ price: 11.31, availableQuantity: 0 });
    const audit = await db.all<{ entity_id: string; actor_id: number; before_json: string; after_json: string }>("SELECT entity_id, actor_id, before_json, after_json FROM audit_log WHERE action = 'product.bulk-edit' ORDER BY id");
    const mine = audit.filter((r) => ids.map(String).includes(r.entity_id));
    expect(mine).toHaveLength(4);
    expect(mine.every((r) => Number(r.actor_id) === staff.id)).toBe(true);
    const first = mine.find((r) => r.entity_id === String(ps[0]!.id))!;
    expect(JSON.parse(first.before_json)).toMatchObject({ priceCents: 1999, compareAtPriceCents: 2500, levels: [{ quantity: 4 }] });
    expect(JSON.parse(first.after_json)).toMatchObject({ priceCents: 2249, compareAtPriceCents: 2813, levels: [{ quantity: 0 }], change: { price: { percent: 12.5 } } });
  });

  test('by an amount over a text filter, keeping compare-at prices that stay above the price', async () => {
    const a = await fixtureProduct(1000);
    const b = await fixtureProduct(1000);
    await db.run("UPDATE products SET title = 'Bulkfilter Gasket A' WHERE id = ?", [a.id]);
    await db.run("UPDATE products SET title = 'Bulkfilter Gasket B' WHERE id = ?", [b.id]);
    await db.run('UPDATE variants SET compare_at_price_cents = 1600 WHERE id = ?', [a.variantId]);
    await db.run('UPDATE variants SET compare_at_price_cents = 1100 WHERE id = ?', [b.variantId]);
    await app.catalogue.reindex([a.id, b.id]);
    const res = await op(owner, 'POST', '/api/admin/products/bulk-edit', { filter: { q: 'bulkfilter gasket' }, price: { amountCents: 250, compareAt: 'keep' } });
    expect(res.body).toMatchObject({ matched: 2, changed: 2 });
    const pair = async (vid: number) => await db.get<{ price_cents: number; compare_at_price_cents: number | null }>('SELECT price_cents, compare_at_price_cents FROM variants WHERE id = ?', [vid]);
    expect(await pair(a.variantId)).toMatchObject({ price_cents: 1250, compare_at_price_cents: 1600 });
    expect(await pair(b.variantId)).toMatchObject({ price_cents: 1250, compare_at_price_cents: null });
  });

  test('a count that changed since the preview answers 409 and writes nothing', async () => {
    const a = await fixtureProduct(700);
    const before = await fingerprint();
    const res = await op(owner, 'POST', '/api/admin/products/bulk-edit', { filter: { ids: [a.id] }, stock: { set: 50 }, expectedCount: 3 });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });

  test.each([
    ['junk', '{"filter":'],
    ['no filter', { price: { percent: 5 } }],
    ['an empty filter', { filter: {}, price: { percent: 5 } }],
    ['nothing to change', { filter: { ids: [1] } }],
    ['two price moves', { filter: { ids: [1] }, price: { percent: 5, amountCents: 100 } }],
    ['only compareAt', { filter: { ids: [1] }, price: { compareAt: 'keep' } }],
    ['a percentage with three decimals', { filter: { ids: [1] }, price: { percent: 1.125 } }],
    ['a percentage below -100', { filter: { ids: [1] }, price: { percent: -101 } }],
    ['a percentage as text', { filter: { ids: [1] }, price: { percent: '10' } }],
    ['both stock moves', { filter: { ids: [1] }, stock: { set: 1, add: 1 } }],
    ['a negative stock', { filter: { ids: [1] }, stock: { set: -1 } }],
    ['an unknown field', { filter: { ids: [1] }, price: { percent: 5 }, everything: true }],
    ['an unknown filter', { filter: { vendor: 'x' }, price: { percent: 5 } }],
  ])('refuses %s with 400 { error } and writes nothing', async (_what, body) => {
    const before = await fingerprint();
    const res = await op(owner, 'POST', '/api/admin/products/bulk-edit', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(await fingerprint()).toBe(before);
  });
});

describe('a picture upload', () => {
  const upload = async (who: SignedInOperator | null, id: number, bytes: Buffer, type: string, query = '') => {
    const headers: Record<string, string> = who === null ? { 'content-type': type } : { ...sessionHeaders(who), 'content-type': type };
    const res = await app.inject({ method: 'POST', url: `/api/admin/products/${id}/images${query}`, headers, payload: bytes });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const png = async (hue: number) => {
    const { default: sharp } = await import('sharp');
    return await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: hue, g: 120, b: 200 } } }).png().toBuffer();
  };

  test('adds the picture last, kept by the media pipeline, served at its URL, audited and on the storefront', async () => {
    const p = await fixtureProduct(4_200);
    const before = (await op(owner, 'GET', `/api/admin/products/${p.id}`)).body.product;
    const auditBefore = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'product.image.add'"))!.n;
    const res = await upload(staff, p.id, await png(10), 'image/png', '?altText=%20Pump%20lid%20from%20above%20&fileName=lid.png');
    expect(res.status).toBe(200);
    const images = res.body.product.images as Json[];
    expect(images).toHaveLength(before.images.length + 1);
    expect(images.slice(0, -1)).toEqual(before.images);
    const added = images.at(-1)!;
    expect(added).toEqual({ id: expect.any(Number), url: `/media/images/${added.id}-800.png`, altText: 'Pump lid from above' });
    const stored = await db.get<{ content_type: string; width: number; source: string }>(
      'SELECT m.content_type, m.width, i.source FROM product_images i JOIN media_files m ON m.hash = i.file_hash WHERE i.id = ?', [added.id],
    );
    expect(stored).toEqual({ content_type: 'image/webp', width: 40, source: 'upload:lid.png' });
    const served = await app.inject({ url: added.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'product.image.add'"))!.n).toBe(auditBefore + 1);
    const page = await app.inject({ url: `/api/products/handle/${p.handle}` });
    expect(JSON.stringify(page.json())).toContain(added.url);
  });

  test('a file that is no picture, another type, a long text or no right: refused, nothing written', async () => {
    const p = await fixtureProduct(4_300);
    const was = await fingerprint();
    const junk = await upload(owner, p.id, Buffer.from('not a picture at all'), 'image/png');
    expect(junk).toEqual({ status: 400, body: { error: 'The file is not a JPEG, PNG, GIF or WebP picture.' } });
    const json = await upload(owner, p.id, Buffer.from('{"url":"http://x"}'), 'application/json');
    expect(json.status).toBe(415);
    expect(typeof json.body.error).toBe('string');
    expect((await upload(owner, p.id, await png(20), 'image/png', `?altText=${'a'.repeat(501)}`)).status).toBe(400);
    expect((await upload(fulfilment, p.id, await png(30), 'image/png')).status).toBe(403);
    expect((await upload(null, p.id, await png(40), 'image/png')).status).toBe(401);
    expect((await upload(owner, 99_999_999, await png(50), 'image/png')).status).toBe(404);
    expect(await fingerprint()).toBe(was);
  });

  test(`a product keeps at most ${PICTURES_MAX} pictures: the next upload is refused with the reason`, async () => {
    const p = await fixtureProduct(4_400);
    const have = (await op(owner, 'GET', `/api/admin/products/${p.id}`)).body.product.images.length as number;
    for (let i = have; i < PICTURES_MAX; i += 1) expect((await upload(owner, p.id, await png(60 + i), 'image/png')).status).toBe(200);
    expect(await upload(owner, p.id, await png(200), 'image/png')).toEqual({ status: 409, body: { error: `A product keeps at most ${PICTURES_MAX} pictures: remove one first.` } });
  });
});
