/**
 * The client against the reference server (no port: a fetch over `app.inject`), so the paths,
 * query strings and answer keys of src/api/types.ts are checked against the server's real
 * routes, not only against a fake. Covers the read calls the server serves today; the cart and
 * account routes join when the server has them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createClient, type ApiClient, type FetchLike } from '../../src/api/client.ts';
import { GENERIC_ERROR_MESSAGE } from '../../src/api/errors.ts';
import { seededApp } from '../server/modules/catalogue/catalogue.helpers.ts';

const NULL_BODY = new Set([101, 204, 205, 304]);

/** A fetch that hands each Request to Fastify's inject and turns the answer into a Response. */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body === null ? undefined : await request.text();
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body === undefined ? {} : { payload: body }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(NULL_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

let app: FastifyInstance;
let api: ApiClient;

beforeAll(async () => {
  ({ app } = await seededApp(60, 11));
  api = createClient({ baseUrl: 'http://skimmer.test', fetch: injectFetch(app) });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('the client against the reference server', () => {
  test('product search answers products and pageInfo, and a product by its handle answers the product', async () => {
    const page = await api.filterProducts({ limit: 4, page: 0, fields: ['id', 'title', 'handle', 'vendor'] });
    expect(page.products.length).toBeGreaterThan(0);
    expect(page.products.length).toBeLessThanOrEqual(4);
    expect(Object.keys(page.products[0]!).sort()).toEqual(['handle', 'id', 'title', 'vendor']);
    expect(page.pageInfo).toMatchObject({ limitPerPage: 4, count: page.products.length });

    const full = await api.filterProducts({ page: 0, limit: 1 });
    const { product } = await api.productByHandle(full.products[0]!.handle);
    expect(product.id).toBe(full.products[0]!.id);
    expect(Array.isArray(product.Variants)).toBe(true);
  });

  test('the home grid and header queries are accepted as the domain writes them', async () => {
    await expect(api.filterProducts({ page: 0, limit: 4, isFeatured: true })).resolves.toHaveProperty('products');
    await expect(api.filterProducts({ page: 0, limit: 4, sortBy: 'best_selling' })).resolves.toHaveProperty('products');
    await expect(api.filterProducts({ page: 0, limit: 4, sortBy: 'id_desc', minPrice: 10, maxPrice: 500 })).resolves.toHaveProperty('pageInfo');
    await expect(api.searchCollections({ q: 'pump', page: 0, limit: 4, fields: ['title', 'handle', 'id'] })).resolves.toHaveProperty(
      'collections',
    );
  });

  test('products by ids, related products, reviews and questions answer their lists', async () => {
    const { products } = await api.filterProducts({ page: 0, limit: 2 });
    const ids = products.map((p) => p.id);
    expect((await api.productsByIds(ids)).products.map((p) => p.id)).toEqual(ids);
    await expect(api.relatedProducts(ids[0]!)).resolves.toHaveProperty('products');
    await expect(api.productReviews(ids[0]!, { page: 0, limit: 5 })).resolves.toMatchObject({ reviews: expect.any(Array), pageInfo: expect.any(Object) });
    await expect(api.productQuestions(ids[0]!)).resolves.toMatchObject({ questions: expect.any(Array) });
  });

  test('collections: by handle, by id (cat), featured products and both hierarchies', async () => {
    const { navData } = await api.nav({ collectionUrlPrefix: '/collections', imagePlacement: 'menuImage' });
    expect(navData.length).toBeGreaterThan(0);
    const { collections } = await api.searchCollections({ q: '', page: 0, limit: 50, fields: ['id', 'handle', 'title'] });
    const some = collections[0];
    expect(some).toBeDefined();
    const { collection } = await api.collectionByHandle(some!.handle);
    expect(collection.id).toBe(some!.id);
    await expect(api.collectionByIdOrCat(String(some!.id))).resolves.toMatchObject({ collection: { handle: some!.handle } });
    await expect(api.featuredProducts(some!.id, { limit: 4 })).resolves.toHaveProperty('products');
    await expect(api.hierarchy(some!.id)).resolves.toMatchObject({ hierarchy: { default: expect.any(Array) } });
    await expect(api.upperHierarchy(some!.id)).resolves.toMatchObject({ hierarchy: { default: expect.any(Array) } });
  });

  test('vendors, site reviews, articles, brands, help, questions, pages, countries, states and config answer their keys', async () => {
    await expect(api.vendors()).resolves.toMatchObject({ vendors: expect.any(Array) });
    await expect(api.siteReviews()).resolves.toMatchObject({ siteReviews: expect.any(Array), total: expect.any(Number) });
    const { articles, pageInfo } = await api.articles({ page: 0, limit: 10, sortBy: 'CREATED', order: 'DESC' });
    expect(pageInfo.limitPerPage).toBe(10);
    await expect(api.articles()).resolves.toHaveProperty('articles');
    const article = articles[0]!;
    await expect(api.articleByHandle(article.handle)).resolves.toMatchObject({ article: { id: article.id } });
    const tag = articles.flatMap((a) => a.tags ?? [])[0]!;
    expect((await api.articlesByTag(tag)).articles.length).toBeGreaterThan(0);
    const { brands } = await api.brands();
    await expect(api.brandByName(brands[0]!.name)).resolves.toMatchObject({ brand: { id: brands[0]!.id } });
    const { topics } = await api.help();
    const answer = topics.flatMap((t) => t.answers)[0]!;
    await expect(api.helpByHandle(answer.handle)).resolves.toMatchObject({ answer: { id: answer.id } });
    const q = await api.questions();
    const { threads } = await api.questionsByTopic(q.topics[0]!.id, { page: 0, limit: 5 });
    await expect(api.questionByDisplayableId(threads[0]!.displayableId)).resolves.toMatchObject({ thread: { id: threads[0]!.id } });
    await expect(api.pageById(355)).resolves.toMatchObject({ page: { id: 355 } });
    const { countries } = await api.countries();
    expect(countries.length).toBeGreaterThan(0);
    await expect(api.states('US')).resolves.toMatchObject({ states: expect.any(Array) });
    const config = await api.config();
    expect(config.storeConfig.storeName).toEqual(expect.any(String));
    expect(config.themeConfig.storeCurrency).toEqual(expect.any(String));
  });

  test("an unknown handle is a non-ok answer: the generic message, with the server's error kept", async () => {
    await expect(api.productByHandle('no-such-product-handle')).rejects.toMatchObject({
      message: GENERIC_ERROR_MESSAGE,
      kind: 'http',
      status: 404,
      serverMessage: expect.any(String),
    });
  });
});
