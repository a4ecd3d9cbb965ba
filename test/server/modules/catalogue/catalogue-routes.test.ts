import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { loadSearchDocuments, productCards } from '../../../../src/server/modules/catalogue/repository.ts';
import { getJson, seededApp } from './catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await seededApp(300, 11));
});
afterAll(async () => {
  await app.close();
});

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => await db.get<T>(sql, params) as T;

describe('GET /api/products/handle/{handle}', () => {
  test('answers { product } with the spec section 3 fields, variants and available inventory levels', async () => {
    const { id, handle } = await one<{ id: number; handle: string }>(
      'SELECT p.id, p.handle FROM products p WHERE (SELECT COUNT(*) FROM product_options o WHERE o.product_id = p.id) > 0 ORDER BY p.id LIMIT 1',
    );
    const { status, body } = await getJson(app, `/api/products/handle/${handle}`);
    expect(status).toBe(200);
    const p = body.product;
    expect(p.id).toBe(id);
    expect(Object.keys(p).sort()).toEqual(
      [
        'id', 'handle', 'title', 'seoTitle', 'seoDescription', 'isIndexed', 'sku', 'vendor', 'weight', 'price', 'compareAtPrice',
        'availableForSale', 'imageUrl', 'descriptionHtml', 'avgRating', 'totalReviews', 'productCode', 'isFeatured', 'Images',
        'Model3Ds', 'PDFs', 'Options', 'Variants', 'Collections', 'Reviews',
        // parts that fit (issue 15)
        'Fitments', 'PartNumbers', 'SupersededBy',
        // the replacement's part number (the old part's notice) and the product's notices (Prop 65, hazmat, returns)
        'SupersededByNumber', 'notices',
        // quoted by phone: 'Call for price' instead of a price and an add button (issue 31)
        'callForPrice',
      ].sort(),
    );
    expect(p.Options.length).toBeGreaterThan(0);
    const v = p.Variants[0];
    expect(Object.keys(v)).toEqual(expect.arrayContaining(['id', 'title', 'variantPosition', 'price', 'compareAtPrice', 'availableForSale', 'availableQuantity', 'availableInventoryLevels', 'Options']));
    expect(v.Options[0].VariantSelectedOptions.optionValueSelected).toEqual(expect.any(String));
    expect(p.Options[0].values).toContain(v.Options[0].VariantSelectedOptions.optionValueSelected);
    for (const l of p.Variants.flatMap((x: { availableInventoryLevels: unknown[] }) => x.availableInventoryLevels)) {
      expect(Object.keys(l).sort()).toEqual(['availableForSale', 'availableQuantity', 'bypassNegativeQuantity', 'id', 'inventoryCompareAtPrice', 'inventoryPrice', 'variantId'].sort());
      expect(l.availableForSale).toBe(true);
    }
    expect(p.Collections[0]).toEqual({ id: expect.any(Number), handle: expect.any(String), title: expect.any(String) });
  });

  test('prices leave as decimal amounts of the stored cents', async () => {
    const row = await one<{ handle: string; price_cents: number }>('SELECT handle, price_cents FROM products WHERE price_cents % 100 <> 0 LIMIT 1');
    const { body } = await getJson(app, `/api/products/handle/${row.handle}`);
    expect(body.product.price).toBe(row.price_cents / 100);
  });

  test('a single-variant product has the Default Title variant', async () => {
    const row = await one<{ handle: string }>("SELECT p.handle FROM products p JOIN variants v ON v.product_id = p.id WHERE v.title = 'Default Title' LIMIT 1");
    const { body } = await getJson(app, `/api/products/handle/${row.handle}`);
    expect(body.product.Variants.map((v: { title: string }) => v.title)).toEqual(['Default Title']);
    expect(body.product.Options).toEqual([]);
  });

  test('PDFs carry url and Attachment.localFilename; 3D models id, posterUrl and url', async () => {
    const pdf = await one<{ handle: string }>('SELECT p.handle FROM products p JOIN pdfs f ON f.product_id = p.id LIMIT 1');
    const { body } = await getJson(app, `/api/products/handle/${pdf.handle}`);
    expect(body.product.PDFs[0]).toEqual({ url: expect.stringMatching(/^\/media\/pdfs\/.+\.pdf$/), Attachment: { localFilename: expect.any(String) } });
    const model = await one<{ handle: string }>('SELECT p.handle FROM products p JOIN model3ds m ON m.product_id = p.id LIMIT 1');
    const res = await getJson(app, `/api/products/handle/${model.handle}`);
    expect(res.body.product.Model3Ds[0]).toEqual({ id: expect.any(Number), posterUrl: expect.stringMatching(/^\/media\//), url: expect.stringMatching(/\.gltf$/) });
  });

  test('avgRating and totalReviews come from the reviews starsRating', async () => {
    const row = await one<{ handle: string; n: number; avg: number }>(
      'SELECT p.handle, COUNT(r.id) AS n, AVG(r.stars_rating) AS avg FROM products p JOIN product_reviews r ON r.product_id = p.id GROUP BY p.id LIMIT 1',
    );
    const { body } = await getJson(app, `/api/products/handle/${row.handle}`);
    expect(body.product.totalReviews).toBe(row.n);
    expect(body.product.avgRating).toBeCloseTo(row.avg, 2);
    expect(body.product.Reviews).toHaveLength(row.n);
    expect(body.product.Reviews[0]).toEqual(expect.objectContaining({ starsRating: expect.any(Number) }));
  });

  test('an unknown handle answers 404 { error }', async () => {
    const { status, body } = await getJson(app, '/api/products/handle/no-such-product');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Product not found' });
  });

  test('description HTML is sanitised: no scripts, no event handlers, no javascript: links', async () => {
    const row = await one<{ id: number; handle: string }>('SELECT id, handle FROM products LIMIT 1');
    await db.run('UPDATE products SET description_html = ? WHERE id = ?', [
      '<p onclick="steal()">Fits <b>SPX-1600</b><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)></p>',
      row.id,
    ]);
    const { body } = await getJson(app, `/api/products/handle/${row.handle}`);
    const html: string = body.product.descriptionHtml;
    expect(html).toContain('Fits <b>SPX-1600</b>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });
});

describe('GET /api/products/filter', () => {
  test('answers { products, pageInfo } with exact paging', async () => {
    const { status, body } = await getJson(app, '/api/products/filter?limit=8&page=1');
    expect(status).toBe(200);
    expect(body.products).toHaveLength(8);
    expect(body.pageInfo).toEqual({
      limitPerPage: 8,
      totalObjects: 300,
      totalPages: 38,
      pages: 38,
      count: 8,
      availableTagPrefixes: expect.any(Array),
      availableTagFilters: expect.any(Array),
      availableVendors: expect.any(Array),
      productMaxPrice: expect.any(Number),
    });
    expect(body.pageInfo.availableTagFilters[0]).toEqual({ tagPrefix: expect.any(String), tagValue: expect.any(String), tagCount: expect.any(Number) });
    expect(body.pageInfo.availableVendors[0]).toEqual({ vendor: expect.any(String), vendorCount: expect.any(Number) });
    const vendorTotal = body.pageInfo.availableVendors.reduce((s: number, v: { vendorCount: number }) => s + v.vendorCount, 0);
    expect(vendorTotal).toBe(300);
  });

  test('the default page size is the median page size, 24', async () => {
    const { body } = await getJson(app, '/api/products/filter');
    expect(body.pageInfo.limitPerPage).toBe(24);
    expect(body.products).toHaveLength(24);
  });

  test('a page past the end is empty, not an error', async () => {
    const { status, body } = await getJson(app, '/api/products/filter?limit=100&page=50');
    expect(status).toBe(200);
    expect(body.products).toEqual([]);
    expect(body.pageInfo.count).toBe(0);
    expect(body.pageInfo.totalObjects).toBe(300);
  });

  test('part-number search ignores case, hyphens and spaces', async () => {
    const row = await one<{ id: number; product_code: string }>("SELECT id, product_code FROM products WHERE product_code LIKE '%-%' LIMIT 1");
    const squashed = row.product_code.replace(/[\s-]/g, '').toLowerCase();
    const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(squashed)}`);
    expect(body.products.map((p: { id: number }) => p.id)).toContain(row.id);
  });

  test('the vendor filter keeps only that vendor', async () => {
    const { body } = await getJson(app, '/api/products/filter?v=AquaCrest&limit=100');
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.vendor).toBe('AquaCrest');
  });

  test("repeated t filters combine across prefixes; one prefix keeps its last value", async () => {
    const { body } = await getJson(app, '/api/products/filter?t=Brand,AquaCrest&t=Brand,Hydrapeak&limit=100');
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.vendor).toBe('Hydrapeak');
  });

  test.each([
    ['t without a comma', '/api/products/filter?t=Brand', /prefix,value/],
    ['t with an empty value', '/api/products/filter?t=Brand,', /prefix,value/],
    ['an unknown sort', '/api/products/filter?sortBy=cheapest', /sortBy/],
    ['a negative page', '/api/products/filter?page=-1', /page/],
    ['a huge limit', '/api/products/filter?limit=1000', /limit/],
    ['a non-numeric price', '/api/products/filter?minPrice=cheap', /minPrice/],
    ['a non-numeric collection', '/api/products/filter?c=pumps', /c/],
    ['an unknown field', '/api/products/filter?fields=title,secret', /Unknown field 'secret'/],
  ])('%s answers 400 { error }', async (_name, url, message) => {
    const { status, body } = await getJson(app, url);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatch(message);
  });

  test('fields selects card fields', async () => {
    const { body } = await getJson(app, '/api/products/filter?limit=4&fields=title,handle,id,vendor');
    for (const p of body.products) expect(Object.keys(p).sort()).toEqual(['handle', 'id', 'title', 'vendor']);
  });

  test('the price range is inclusive; productMaxPrice ignores the price filter (the slider keeps its full range)', async () => {
    const { body } = await getJson(app, '/api/products/filter?minPrice=50&maxPrice=200&limit=100&sortBy=price_desc');
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) {
      expect(p.price).toBeGreaterThanOrEqual(50);
      expect(p.price).toBeLessThanOrEqual(200);
    }
    const unfiltered = await getJson(app, '/api/products/filter?sortBy=price_desc&limit=1');
    expect(body.pageInfo.productMaxPrice).toBe(unfiltered.body.products[0].price);
  });

  test('the home grid query: featured, best selling, four', async () => {
    const { body } = await getJson(app, '/api/products/filter?page=0&limit=4&isFeatured=true&sortBy=best_selling');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(4);
    for (const p of body.products) expect(p.isFeatured).toBe(true);
  });

  test('c filters to the collection and its subcollections', async () => {
    const { body } = await getJson(app, '/api/products/filter?c=1&limit=100');
    const ids: number[] = body.products.map((p: { id: number }) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    const docs = await loadSearchDocuments(db, ids);
    for (const d of docs) expect(d.collectionIds).toContain(1);
  });

  test('cards follow the first available inventory level', async () => {
    const row = await one<{ id: number }>(
      `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id JOIN inventory_levels l ON l.variant_id = v.id
       WHERE l.available_for_sale = 1 ORDER BY p.id LIMIT 1`,
    );
    const [card] = await productCards(db, [row.id]);
    const level = await one<{ id: number; quantity: number; price_cents: number }>(
      `SELECT l.id, l.quantity, l.price_cents FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
       WHERE v.product_id = ? AND l.available_for_sale = 1 ORDER BY v.position, v.id, l.position, l.id LIMIT 1`,
      [row.id],
    );
    expect(card?.inventoryLevelId).toBe(level.id);
    expect(card?.availableQuantity).toBe(level.quantity);
    expect(card?.price).toBe(level.price_cents / 100);
  });

  test('a product without an available level has no inventoryLevelId and is not for sale', async () => {
    const row = await db.get<{ id: number }>(
      `SELECT p.id FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
       WHERE v.product_id = p.id AND l.available_for_sale = 1) LIMIT 1`,
    );
    expect(row).toBeDefined();
    const [card] = await productCards(db, [row!.id]);
    expect(card).toEqual(expect.objectContaining({ inventoryLevelId: null, availableForSale: false, availableQuantity: 0 }));
  });
});

describe('GET /api/products/byIds, related, reviews, questions, vendors', () => {
  test('byIds answers cards in the order given, skipping unknown ids and repeats', async () => {
    const { body } = await getJson(app, '/api/products/byIds?ids=5,3,999999,5,1');
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([5, 3, 1]);
  });

  test.each(['', 'a,b', '1,,2', '-1', '1;2'])('byIds rejects ids=%j with 400', async (ids) => {
    const { status } = await getJson(app, `/api/products/byIds?ids=${encodeURIComponent(ids)}`);
    expect(status).toBe(400);
  });

  test('related answers the related products as cards', async () => {
    const row = await one<{ product_id: number }>('SELECT product_id FROM related_products LIMIT 1');
    const expected = await db.all<{ id: number }>('SELECT related_product_id AS id FROM related_products WHERE product_id = ? ORDER BY position', [row.product_id]);
    const { body } = await getJson(app, `/api/products/${row.product_id}/related`);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual(expected.map((r) => r.id));
  });

  test('reviews are paged with a pageInfo', async () => {
    const row = await one<{ product_id: number; n: number }>('SELECT product_id, COUNT(*) AS n FROM product_reviews GROUP BY product_id HAVING COUNT(*) > 2 LIMIT 1');
    const { body } = await getJson(app, `/api/products/${row.product_id}/reviews?limit=2&page=0`);
    expect(body.reviews).toHaveLength(2);
    expect(body.pageInfo).toEqual({ limitPerPage: 2, totalObjects: row.n, totalPages: Math.ceil(row.n / 2), pages: Math.ceil(row.n / 2), count: 2 });
    expect(body.reviews[0]).toEqual(expect.objectContaining({ starsRating: expect.any(Number), author: expect.any(String), createdAt: expect.any(String) }));
  });

  test('questions answer { questions } with answers', async () => {
    const row = await one<{ product_id: number }>('SELECT product_id FROM product_questions LIMIT 1');
    const { body } = await getJson(app, `/api/products/${row.product_id}/questions`);
    expect(body.questions.length).toBeGreaterThan(0);
    expect(body.questions[0]).toEqual(expect.objectContaining({ question: expect.any(String), askedBy: expect.any(String) }));
  });

  test.each(['related', 'reviews', 'questions'])('%s of an unknown product answers 404', async (what) => {
    const { status, body } = await getJson(app, `/api/products/999999/${what}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Product not found' });
  });

  test('vendors come with product counts, by count descending', async () => {
    const { body } = await getJson(app, '/api/products/vendors/fullDetail?page=0&limit=10&sortBy=PRODUCT_COUNT&order=DESC');
    expect(body.vendors).toHaveLength(10);
    const counts = body.vendors.map((v: { productCount: number }) => v.productCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const top = await one<{ n: number }>('SELECT COUNT(*) AS n FROM products GROUP BY vendor_id ORDER BY n DESC LIMIT 1');
    expect(counts[0]).toBe(top.n);
    expect(body.vendors[0]).toEqual({ id: expect.any(Number), name: expect.any(String), handle: expect.any(String), productCount: expect.any(Number) });
  });

  test('vendor counts follow catalogue writes after reindex', async () => {
    const before = (await getJson(app, '/api/products/vendors/fullDetail?sortBy=NAME&order=ASC&limit=100')).body.vendors;
    const target = before[before.length - 1];
    const row = await one<{ id: number; vendor_id: number }>('SELECT id, vendor_id FROM products WHERE vendor_id <> ? LIMIT 1', [target.id]);
    await db.run('UPDATE products SET vendor_id = ? WHERE id = ?', [target.id, row.id]);
    await app.catalogue.reindex([row.id]);
    const after = (await getJson(app, '/api/products/vendors/fullDetail?sortBy=NAME&order=ASC&limit=100')).body.vendors;
    expect(after.find((v: { id: number }) => v.id === target.id).productCount).toBe(target.productCount + 1);
    await db.run('UPDATE products SET vendor_id = ? WHERE id = ?', [row.vendor_id, row.id]);
    await app.catalogue.reindex([row.id]);
  });

  test('vendors by name ascending', async () => {
    const { body } = await getJson(app, '/api/products/vendors/fullDetail?sortBy=NAME&order=ASC&limit=100');
    const names = body.vendors.map((v: { name: string }) => v.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('collections', () => {
  test('GET /api/collections/{id} answers { collection } with breadcrumbs and child count', async () => {
    const leaf = await one<{ id: number }>('SELECT id FROM collections WHERE level = 3 LIMIT 1');
    const { status, body } = await getJson(app, `/api/collections/${leaf.id}`);
    expect(status).toBe(200);
    const c = body.collection;
    expect(Object.keys(c).sort()).toEqual(
      ['id', 'handle', 'title', 'seoTitle', 'seoDescription', 'isIndexed', 'imageUrl', 'descriptionHtml', 'breadcrumbs', 'childCollectionsCount'].sort(),
    );
    expect(c.breadcrumbs).toHaveLength(3);
    expect(c.breadcrumbs[2]).toEqual({ title: c.title, handle: c.handle });
    expect(c.childCollectionsCount).toBe(0);
  });

  test('GET /api/collections/{cat} accepts a handle too; unknown answers 404 { error }', async () => {
    expect((await getJson(app, '/api/collections/pumps')).body.collection.title).toBe('Pumps');
    const missing = await getJson(app, '/api/collections/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Collection not found' });
  });

  test('GET /api/collections/handle/{handle}', async () => {
    const { body } = await getJson(app, '/api/collections/handle/variable-speed-pumps');
    expect(body.collection.title).toBe('Variable Speed Pumps');
    expect(body.collection.childCollectionsCount).toBe(2);
    expect((await getJson(app, '/api/collections/handle/nope')).status).toBe(404);
  });

  test('hierarchy: the collection at LEVEL 1, children at LEVEL 2, each child one level below its parent', async () => {
    const { body } = await getJson(app, '/api/collections/1/hierarchy');
    const entries: { id: number; LEVEL: number; title: string; handle: string }[] = body.hierarchy.default;
    expect(entries[0]).toEqual({ id: 1, title: 'Pumps', handle: 'pumps', LEVEL: 1 });
    const children = entries.filter((e) => e.LEVEL === 2).map((e) => e.title);
    const expected = (await db.all<{ title: string }>('SELECT title FROM collections WHERE parent_id = 1')).map((r) => r.title);
    expect([...children].sort()).toEqual([...expected].sort());
    expect(Math.max(...entries.map((e) => e.LEVEL))).toBe(3);
  });

  test('upper-hierarchy: from the top level down to the collection', async () => {
    const leaf = await one<{ id: number }>('SELECT id FROM collections WHERE level = 3 LIMIT 1');
    const { body } = await getJson(app, `/api/collections/${leaf.id}/upper-hierarchy`);
    const entries = body.hierarchy.default;
    expect(entries.map((e: { LEVEL: number }) => e.LEVEL)).toEqual([1, 2, 3]);
    expect(entries[2].id).toBe(leaf.id);
  });

  test.each(['hierarchy', 'upper-hierarchy', 'products/featured'])('%s of an unknown collection answers 404', async (what) => {
    const { status, body } = await getJson(app, `/api/collections/999999/${what}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Collection not found' });
  });

  test('featured products of a collection are featured products of its subtree', async () => {
    const { body } = await getJson(app, '/api/collections/1/products/featured');
    for (const p of body.products) {
      expect(p.isFeatured).toBe(true);
      expect((await loadSearchDocuments(db, [p.id]))[0]?.collectionIds).toContain(1);
    }
  });

  test('collection search matches titles and passes the price filter through', async () => {
    const { body } = await getJson(app, '/api/collections?q=pump&minPrice=10&maxPrice=500&fields=id,title,handle,minPrice,maxPrice');
    expect(body.collections.length).toBeGreaterThan(0);
    expect(body.collections[0]).toEqual({ id: 1, title: 'Pumps', handle: 'pumps', minPrice: 10, maxPrice: 500 });
    for (const c of body.collections) expect(c.title.toLowerCase()).toContain('pump');
  });

  test('collection descriptions are sanitised', async () => {
    await db.run('UPDATE collections SET description_html = ? WHERE id = 2', ['<p style="x" onmouseover="y()">Hi<script>z()</script></p>']);
    await app.catalogue.tree.reload();
    const { body } = await getJson(app, '/api/collections/2');
    expect(body.collection.descriptionHtml).toBe('<p>Hi</p>');
  });
});

describe('server basics', () => {
  test('the OpenAPI document lists the catalogue routes', async () => {
    const { status, body } = await getJson(app, '/api/docs');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of ['/api/products/handle/{handle}', '/api/products/filter', '/api/collections', '/api/collections/{cat}', '/api/collections/{id}/hierarchy', '/api/products/vendors/fullDetail', '/api/products/byIds']) {
      expect(Object.keys(body.paths)).toContain(path);
    }
  });

  test('an unknown API path answers 404 JSON', async () => {
    const { status, body } = await getJson(app, '/api/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not found' });
  });

  test('without a built storefront, / answers a JSON notice', async () => {
    const { status, body } = await getJson(app, '/');
    expect(status).toBe(200);
    expect(body.docs).toBe('/api/docs');
  });

  test('reindex keeps the search index in step with catalogue writes', async () => {
    const row = await one<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    await db.run("UPDATE products SET title = 'Zyzzogeton Quasar Pump' WHERE id = ?", [row.id]);
    await app.catalogue.reindex([row.id]);
    const { body } = await getJson(app, '/api/products/filter?q=zyzzogeton');
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([row.id]);
  });
});

describe('handles', () => {
  test('a product handle typed in another case still finds the product', async () => {
    const row = await one<{ id: number; handle: string }>('SELECT id, handle FROM products ORDER BY id DESC LIMIT 1');
    const { status, body } = await getJson(app, `/api/products/handle/${row.handle.toUpperCase()}`);
    expect(status).toBe(200);
    expect(body.product.id).toBe(row.id);
  });
});
