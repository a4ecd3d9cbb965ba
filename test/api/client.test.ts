import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import fc from 'fast-check';
import { createClient, defaultIdempotencyKey, type ApiClient, type TransportAnswer, type TransportCall } from '../../src/api/client.ts';
import { ApiError, INVALID_CHECKOUT_MESSAGE } from '../../src/api/errors.ts';
import type { ProductCardData } from '../../src/domain/entities.ts';
import { addressUpdateRequest, emptyAddressForm } from '../../src/domain/address.ts';
import type { MailingAddressUpdate } from '../../src/api/types.ts';
import { normalizeProductsFilterParams, parseProductsFilterQuery, productsFilterQuery } from '../../src/domain/urls.ts';
import { BASE, jsonBody, jsonResponse, recordingFetch } from './api.helpers.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(answer: unknown = { ok: true }) {
  const rec = recordingFetch(() => jsonResponse(answer));
  let keys = 0;
  const client = createClient({ baseUrl: BASE, fetch: rec.fetch, idempotencyKey: () => `key-${++keys}` });
  const onlyAttempt = () => {
    expect(rec.attempts).toHaveLength(1);
    return rec.attempts[0]!;
  };
  const only = (): Request => onlyAttempt().request;
  return { client, rec, only, onlyAttempt };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

type Row = {
  name: keyof ApiClient;
  label: string;
  run: (c: ApiClient) => Promise<unknown>;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: [string, string][];
  body: unknown;
  /** Content-Type expected, or null for none. */
  contentType: string | null;
  idempotent: boolean;
};

const J = 'application/json';
const row = (
  name: keyof ApiClient,
  label: string,
  run: Row['run'],
  method: Row['method'],
  path: string,
  query: [string, string][] = [],
  body: unknown = null,
  contentType: string | null = null,
  idempotent = false,
): Row => ({ name, label, run, method, path, query, body, contentType, idempotent });

const ROWS: Row[] = [
  // catalogue
  row('productByHandle', 'product by handle', (c) => c.productByHandle('hayward-pump'), 'GET', '/api/products/handle/hayward-pump'),
  row(
    'filterProducts',
    'every search parameter in the spec order',
    (c) =>
      c.filterProducts({
        q: 'pump',
        v: 'Hayward',
        t: [
          ['Size', '1 HP'],
          ['Voltage', '115V'],
        ],
        minPrice: 10,
        maxPrice: 99.5,
        sortBy: 'price_asc',
        limit: 24,
        page: 2,
        c: '12',
        isFeatured: true,
        fields: ['id', 'title', 'handle', 'vendor'],
      }),
    'GET',
    '/api/products/filter',
    [
      ['q', 'pump'],
      ['v', 'Hayward'],
      ['t', 'Size,1 HP'],
      ['t', 'Voltage,115V'],
      ['minPrice', '10.00'],
      ['maxPrice', '99.50'],
      ['sortBy', 'price_asc'],
      ['limit', '24'],
      ['page', '2'],
      ['c', '12'],
      ['isFeatured', 'true'],
      ['fields', 'id,title,handle,vendor'],
    ],
  ),
  row(
    'filterProducts',
    'the home grid query (page 0, limit 4, featured, best_selling)',
    (c) => c.filterProducts({ page: 0, limit: 4, isFeatured: true, sortBy: 'best_selling' }),
    'GET',
    '/api/products/filter',
    [
      ['sortBy', 'best_selling'],
      ['limit', '4'],
      ['page', '0'],
      ['isFeatured', 'true'],
    ],
  ),
  row('filterProducts', 'no parameters, no query string', (c) => c.filterProducts(), 'GET', '/api/products/filter'),
  row(
    'filterProducts',
    'the default sort (empty) and empty q are left out',
    (c) => c.filterProducts({ q: '', sortBy: '', page: 0 }),
    'GET',
    '/api/products/filter',
    [['page', '0']],
  ),
  row(
    'searchCollections',
    'collections of a search with a field list',
    (c) => c.searchCollections({ q: 'filter', minPrice: 5, maxPrice: 50, fields: ['title', 'handle', 'id'] }),
    'GET',
    '/api/collections',
    [
      ['q', 'filter'],
      ['minPrice', '5.00'],
      ['maxPrice', '50.00'],
      ['fields', 'title,handle,id'],
    ],
  ),
  row('collectionByIdOrCat', 'the cat lookup', (c) => c.collectionByIdOrCat('301'), 'GET', '/api/collections/301'),
  row('collectionByHandle', 'collection by handle', (c) => c.collectionByHandle('pool-pumps'), 'GET', '/api/collections/handle/pool-pumps'),
  row('featuredProducts', 'featured products of a collection', (c) => c.featuredProducts(12), 'GET', '/api/collections/12/products/featured'),
  row('featuredProducts', 'featured products with a limit', (c) => c.featuredProducts(12, { limit: 8 }), 'GET', '/api/collections/12/products/featured', [
    ['limit', '8'],
  ]),
  row('hierarchy', 'collection hierarchy', (c) => c.hierarchy(12), 'GET', '/api/collections/12/hierarchy'),
  row('upperHierarchy', 'upper hierarchy', (c) => c.upperHierarchy(12), 'GET', '/api/collections/12/upper-hierarchy'),
  row(
    'nav',
    'navigation with depth 2 by default',
    (c) => c.nav({ collectionUrlPrefix: '/collections', imagePlacement: 'menuImage' }),
    'GET',
    '/api/nav',
    [
      ['collectionUrlPrefix', '/collections'],
      ['imagePlacement', 'menuImage'],
      ['depth', '2'],
    ],
  ),
  row('nav', 'navigation with only a depth', (c) => c.nav({ depth: 1 }), 'GET', '/api/nav', [['depth', '1']]),
  row(
    'vendors',
    'the footer brands: page 0, limit 10, PRODUCT_COUNT, DESC',
    (c) => c.vendors(),
    'GET',
    '/api/products/vendors/fullDetail',
    [
      ['page', '0'],
      ['limit', '10'],
      ['sortBy', 'PRODUCT_COUNT'],
      ['order', 'DESC'],
    ],
  ),
  row(
    'siteReviews',
    'seller reviews: limit 6, page 0, trailing slash',
    (c) => c.siteReviews(),
    'GET',
    '/api/reviews/siteReviews/',
    [
      ['limit', '6'],
      ['page', '0'],
    ],
  ),
  row('articles', 'articles send no parameters by default', (c) => c.articles(), 'GET', '/api/articles'),
  row(
    'articles',
    'articles send the parameters given',
    (c) => c.articles({ page: 1, limit: 10, sortBy: 'CREATED', order: 'DESC' }),
    'GET',
    '/api/articles',
    [
      ['page', '1'],
      ['limit', '10'],
      ['sortBy', 'CREATED'],
      ['order', 'DESC'],
    ],
  ),
  row('articleByHandle', 'article by handle', (c) => c.articleByHandle('opening-your-pool'), 'GET', '/api/articles/handle/opening-your-pool'),
  row('articlesByTag', 'articles by tag', (c) => c.articlesByTag('maintenance'), 'GET', '/api/articles/tags/maintenance'),
  row('articlesByTag', 'articles by tag, paged', (c) => c.articlesByTag('maintenance', { page: 2, limit: 10 }), 'GET', '/api/articles/tags/maintenance', [
    ['page', '2'],
    ['limit', '10'],
  ]),
  row('productsByIds', 'products by ids, comma separated', (c) => c.productsByIds([1, 2]), 'GET', '/api/products/byIds', [['ids', '1,2']]),
  row('relatedProducts', 'related products', (c) => c.relatedProducts(5), 'GET', '/api/products/5/related'),
  row('productReviews', 'product reviews', (c) => c.productReviews(5), 'GET', '/api/products/5/reviews'),
  row(
    'productReviews',
    'product reviews with paging',
    (c) => c.productReviews(5, { page: 1, limit: 20 }),
    'GET',
    '/api/products/5/reviews',
    [
      ['page', '1'],
      ['limit', '20'],
    ],
  ),
  row('productQuestions', 'product questions', (c) => c.productQuestions(5), 'GET', '/api/products/5/questions'),
  row('brands', 'brands', (c) => c.brands(), 'GET', '/api/brands'),
  row('brandByName', 'one brand', (c) => c.brandByName('Hayward'), 'GET', '/api/brands/Hayward'),
  row('help', 'help index', (c) => c.help(), 'GET', '/api/help'),
  row('helpByHandle', 'one help answer', (c) => c.helpByHandle('shipping-times'), 'GET', '/api/help/shipping-times'),
  row('questions', 'questions', (c) => c.questions(), 'GET', '/api/questions'),
  row('questionsByTopic', 'questions of a topic', (c) => c.questionsByTopic(3), 'GET', '/api/questions/topics/3'),
  row('questionByDisplayableId', 'one question', (c) => c.questionByDisplayableId('Q-1042'), 'GET', '/api/questions/Q-1042'),
  row('page', 'generic page', (c) => c.page('about-us'), 'GET', '/api/pages/about-us'),
  row('pageById', 'generic page by id (expert assistance)', (c) => c.pageById(355), 'GET', '/api/pages/id/355'),
  row('config', 'store and theme configuration', (c) => c.config(), 'GET', '/api/config'),
  // cart and checkout
  row('getCheckout', 'fetch the cart', (c) => c.getCheckout(), 'GET', '/api/checkouts'),
  row(
    'addLineItem',
    'add one line',
    (c) => c.addLineItem({ inventoryLevelId: 7, quantity: 1 }),
    'POST',
    '/api/checkouts/lineItems',
    [],
    { inventoryLevelId: 7, quantity: 1 },
    J,
    true,
  ),
  row(
    'addLineItem',
    'add several lines',
    (c) =>
      c.addLineItem({
        lineItems: [
          { inventoryLevelId: 7, quantity: 1 },
          { inventoryLevelId: 9, quantity: 2 },
        ],
      }),
    'POST',
    '/api/checkouts/lineItems',
    [],
    {
      lineItems: [
        { inventoryLevelId: 7, quantity: 1 },
        { inventoryLevelId: 9, quantity: 2 },
      ],
    },
    J,
    true,
  ),
  row(
    'setLineItemQuantity',
    'set a quantity',
    (c) => c.setLineItemQuantity({ inventoryLevelId: 7, quantity: 3 }),
    'PUT',
    '/api/checkouts/lineItems',
    [],
    { inventoryLevelId: 7, quantity: 3 },
    J,
  ),
  row('deleteLineItem', 'delete a line', (c) => c.deleteLineItem(41), 'DELETE', '/api/checkouts/lineItems/41', [], null, J),
  row(
    'applyDiscountCode',
    'apply a discount code',
    (c) => c.applyDiscountCode('c9f1', 'SPRING10'),
    'POST',
    '/api/checkouts/c9f1/discountCodes',
    [['code', 'SPRING10']],
    null,
    J,
  ),
  row(
    'removeDiscountCode',
    'remove a discount code',
    (c) => c.removeDiscountCode('c9f1', 'SPRING10'),
    'DELETE',
    '/api/checkouts/c9f1/discountCodes',
    [['code', 'SPRING10']],
    null,
    J,
  ),
  row(
    'addProductsByHandles',
    'add products by handles',
    (c) => c.addProductsByHandles(['pump-a', 'filter-b']),
    'POST',
    '/api/checkouts/products',
    [],
    { handles: ['pump-a', 'filter-b'] },
    J,
    true,
  ),
  // orders
  row(
    'addRelatedProductToOrder',
    'add a related product to an order: JSON header, no body',
    (c) => c.addRelatedProductToOrder(1001, 5),
    'POST',
    '/api/orders/1001/relatedProducts/5',
    [],
    null,
    J,
  ),
  row('orders', "the customer's orders", (c) => c.orders(), 'GET', '/api/orders'),
  row('order', 'one order', (c) => c.order(1001), 'GET', '/api/orders/1001'),
  // account
  row('customer', 'customer', (c) => c.customer(), 'GET', '/api/customer'),
  row('user', 'user, with an absolute path', (c) => c.user(), 'GET', '/api/user'),
  row(
    'updateMailingAddress',
    'update an address with the empty fields dropped',
    (c) =>
      c.updateMailingAddress(3, {
        firstName: 'Ana',
        lastName: 'Lee',
        company: '',
        address1: '1 Main St',
        address2: '  ',
        city: null,
        zip: '98101',
        phone: '2065550100',
        countryCode: 'US',
        stateCode: 'WA',
        makeDefault: false,
      }),
    'PUT',
    '/api/mailingAddresses/3',
    [],
    {
      firstName: 'Ana',
      lastName: 'Lee',
      address1: '1 Main St',
      zip: '98101',
      phone: '2065550100',
      countryCode: 'US',
      stateCode: 'WA',
      makeDefault: false,
    },
    J,
  ),
  row('deleteMailingAddress', 'delete an address', (c) => c.deleteMailingAddress(8, 3), 'DELETE', '/api/customer/8/mailingAddresses/3'),
  row('countries', 'countries, trailing slash', (c) => c.countries(), 'GET', '/api/countries/'),
  row('states', 'states with page 0', (c) => c.states('US'), 'GET', '/api/states', [
    ['page', '0'],
    ['countryCode', 'US'],
  ]),
  row('transactions', 'transactions', (c) => c.transactions(8), 'GET', '/api/user/8/transactions'),
  row('transactions', 'transactions filtered by displayable id', (c) => c.transactions(8, 'TX-77'), 'GET', '/api/user/8/transactions', [
    ['displayableId', 'TX-77'],
  ]),
  row('transactions', 'an empty filter is left out', (c) => c.transactions(8, ' '), 'GET', '/api/user/8/transactions'),
  row('paymentMethods', 'payment methods', (c) => c.paymentMethods(8), 'GET', '/api/user/8/paymentMethods'),
  row('deletePaymentMethod', 'delete a payment method', (c) => c.deletePaymentMethod(8, 2), 'DELETE', '/api/user/8/paymentMethods/2'),
  row(
    'updatePaymentMethod',
    'change a card address',
    (c) => c.updatePaymentMethod(8, 2, { mailingAddressId: 3 }),
    'PUT',
    '/api/user/8/paymentMethods/2',
    [],
    { mailingAddressId: 3 },
    J,
  ),
  row(
    'updatePaymentMethod',
    'change a gift card address with its flag',
    (c) => c.updatePaymentMethod(8, 2, { mailingAddressId: 3, isGiftCard: true }),
    'PUT',
    '/api/user/8/paymentMethods/2',
    [],
    { mailingAddressId: 3, isGiftCard: true },
    J,
  ),
  row(
    'setRecoveryEmail',
    'set the recovery email',
    (c) => c.setRecoveryEmail({ token: 'captcha-1', recoveryEmail: 'ana@example.com' }),
    'PUT',
    '/api/user/recoveryEmail',
    [],
    { token: 'captcha-1', recoveryEmail: 'ana@example.com' },
    J,
  ),
  row(
    'verifyRecoveryEmail',
    'verify the recovery email',
    (c) => c.verifyRecoveryEmail('captcha-2'),
    'POST',
    '/api/user/recoveryEmail/verify',
    [],
    { token: 'captcha-2' },
    J,
  ),
  row('recoveryEmail', 'read the recovery email', (c) => c.recoveryEmail(), 'GET', '/api/user/recoveryEmail'),
  // newsletter
  row(
    'subscribe',
    'subscribe: query email, JSON token body',
    (c) => c.subscribe('ana@example.com', 'captcha-3'),
    'POST',
    '/api/newsletterSubscriptions/subscribe',
    [['email', 'ana@example.com']],
    { token: 'captcha-3' },
    J,
  ),
  // equipment (issue 15)
  row('equipmentList', 'equipment by model number, type and brand', (c) => c.equipmentList({ q: ' sp-2607 ', type: 'pump', brand: 'Hayward', page: 1, limit: 12 }), 'GET', '/api/equipment', [
    ['q', 'sp-2607'],
    ['type', 'pump'],
    ['brand', 'Hayward'],
    ['page', '1'],
    ['limit', '12'],
  ]),
  row('equipmentByHandle', 'a model by handle', (c) => c.equipmentByHandle('hayward-sp2607x10'), 'GET', '/api/equipment/handle/hayward-sp2607x10'),
  row('myEquipment', 'my saved models', (c) => c.myEquipment(), 'GET', '/api/account/equipment'),
  row('saveMyEquipment', 'save models: JSON handles body', (c) => c.saveMyEquipment(['a', 'b']), 'PUT', '/api/account/equipment', [], { handles: ['a', 'b'] }, J),
  row('removeMyEquipment', 'remove a saved model', (c) => c.removeMyEquipment('a b'), 'DELETE', '/api/account/equipment/a%20b'),
  // shipping: the quote for lines and a ZIP, no account needed
  row(
    'estimateShipping',
    'a shipping and tax quote: JSON lines and destination body',
    (c) => c.estimateShipping({ lines: [{ inventoryLevelId: 7, quantity: 2 }], destination: { zip: '92101' }, service: '2-day' }),
    'POST',
    '/api/shipping/estimate',
    [],
    { lines: [{ inventoryLevelId: 7, quantity: 2 }], destination: { zip: '92101' }, service: '2-day' },
    J,
  ),
];

describe('one function per call', () => {
  test.each(ROWS.map((r) => [r.name, r.label, r] as const))('%s: %s', async (_name, _label, r) => {
    const { client, onlyAttempt } = setup({ answer: r.name });
    await expect(r.run(client)).resolves.toEqual({ answer: r.name });
    const attempt = onlyAttempt();
    const request = attempt.request;
    const url = new URL(request.url);
    expect(request.method).toBe(r.method);
    expect(url.origin).toBe(BASE);
    expect(url.pathname).toBe(r.path);
    expect([...url.searchParams.entries()]).toEqual(r.query);
    expect(jsonBody(attempt)).toEqual(r.body);
    expect(request.headers.get('content-type')).toBe(r.contentType);
    expect(request.headers.get('idempotency-key')).toBe(r.idempotent ? 'key-1' : null);
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.credentials).toBe('include');
  });

  test('the table covers every function of the client', () => {
    const { client } = setup();
    expect(new Set(ROWS.map((r) => r.name))).toEqual(new Set(Object.keys(client)));
  });

  test.each([
    ['a handle with a space, a slash and a question mark', (c: ApiClient) => c.productByHandle('a b/c?d'), '/api/products/handle/a%20b%2Fc%3Fd'],
    ['a brand name with an ampersand', (c: ApiClient) => c.brandByName('Pentair & Co'), '/api/brands/Pentair%20%26%20Co'],
    ['a tag with a slash', (c: ApiClient) => c.articlesByTag('spa/hot tub'), '/api/articles/tags/spa%2Fhot%20tub'],
  ])('encodes a path segment so it stays one segment: %s', async (_label, run, path) => {
    const { client, only } = setup();
    await run(client);
    expect(new URL(only().url).pathname).toBe(path);
  });

  test('the search query is the domain writer\'s, so the server parser reads back the same query', async () => {
    const { client, only } = setup();
    const query = { q: 'pool pump', t: [['Brand', 'Pentair']] as [string, string][], minPrice: 100, limit: 4, page: 0, fields: ['title', 'handle', 'id'] as const };
    await client.filterProducts({ ...query, fields: [...query.fields] });
    const search = new URL(only().url).search;
    expect(search).toBe(`?${productsFilterQuery({ ...query, fields: [...query.fields] })}`);
    expect(search).toBe('?q=pool%20pump&t=Brand,Pentair&minPrice=100.00&limit=4&page=0&fields=title,handle,id');
    expect(parseProductsFilterQuery(search)).toEqual(normalizeProductsFilterParams({ ...query, fields: [...query.fields] }));
  });

  test("'Fits my equipment' travels as one fits parameter the server parser reads back", async () => {
    const { client, only } = setup();
    await client.filterProducts({ q: 'impeller', fits: ['hayward-sp2607x10', 'pentair-ccp320'], limit: 4 });
    const search = new URL(only().url).search;
    expect(search).toBe('?q=impeller&limit=4&fits=hayward-sp2607x10,pentair-ccp320');
    expect(parseProductsFilterQuery(search).fits).toEqual(['hayward-sp2607x10', 'pentair-ccp320']);
  });

  test("the domain's address update body is sent as is", async () => {
    const { client, onlyAttempt } = setup({ mailingAddress: null });
    const request = addressUpdateRequest({ ...emptyAddressForm(), id: 7, firstName: ' Ann ', zip: '98101', countryCode: 'us', stateCode: 'WA' });
    expect(request).not.toBeNull();
    expectTypeOf(request!.body).toExtend<MailingAddressUpdate>();
    await client.updateMailingAddress(request!.id, request!.body);
    expect(new URL(onlyAttempt().request.url).pathname).toBe('/api/mailingAddresses/7');
    expect(jsonBody(onlyAttempt())).toEqual(request!.body);
  });

  test('products by an empty id list answer an empty list without a request', async () => {
    const { client, rec } = setup();
    await expect(client.productsByIds([])).resolves.toEqual({ products: [] });
    expect(rec.attempts).toHaveLength(0);
  });

  test('a discount code with reserved characters travels intact in the query', async () => {
    const { client, only } = setup();
    await client.applyDiscountCode('c9f1', 'A&B=C D');
    expect(new URL(only().url).searchParams.get('code')).toBe('A&B=C D');
  });

  test('the field list narrows the card type', async () => {
    const { client } = setup({ products: [], pageInfo: {} });
    const res = await client.filterProducts({ fields: ['id', 'title'] });
    expectTypeOf(res.products).toEqualTypeOf<Pick<ProductCardData, 'id' | 'title'>[]>();
    const all = await client.filterProducts();
    expectTypeOf(all.products).toEqualTypeOf<Pick<ProductCardData, keyof ProductCardData>[]>();
  });
});

describe('checkout id rule of the discount calls', () => {
  test.each([
    ['apply', ''],
    ['apply', '   '],
    ['remove', ''],
    ['remove', '   '],
  ])("%s without a checkout id rejects with 'Invalid checkout.' and sends nothing (id %j)", async (which, id) => {
    const { client, rec } = setup();
    const call = which === 'apply' ? client.applyDiscountCode(id, 'SPRING10') : client.removeDiscountCode(id, 'SPRING10');
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message: INVALID_CHECKOUT_MESSAGE, kind: 'invalid', status: null });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(rec.attempts).toHaveLength(0);
  });
});

describe('client options', () => {
  test.each([
    ['https://shop.test', 'https://shop.test/api/checkouts'],
    ['https://shop.test/', 'https://shop.test/api/checkouts'],
    ['https://shop.test/store', 'https://shop.test/store/api/checkouts'],
    ['https://shop.test/store//', 'https://shop.test/store/api/checkouts'],
  ])('keeps the base URL path prefix: %s', async (baseUrl, expected) => {
    const rec = recordingFetch(() => jsonResponse({ checkout: null }));
    await createClient({ baseUrl, fetch: rec.fetch }).getCheckout();
    expect(rec.attempts[0]!.request.url).toBe(expected);
  });

  test("sends the configured headers, with the client's own headers winning", async () => {
    const rec = recordingFetch(() => jsonResponse({}));
    const client = createClient({ baseUrl: BASE, fetch: rec.fetch, headers: { 'X-Store': 'north', Accept: 'text/html' } });
    await client.config();
    const headers = rec.attempts[0]!.request.headers;
    expect(headers.get('x-store')).toBe('north');
    expect(headers.get('accept')).toBe('application/json');
  });

  test('runs the ky hooks it is given', async () => {
    const rec = recordingFetch(() => jsonResponse({}));
    const seen: string[] = [];
    const client = createClient({
      baseUrl: BASE,
      fetch: rec.fetch,
      hooks: {
        beforeRequest: [
          (request) => {
            seen.push(`${request.method} ${new URL(request.url).pathname}`);
            request.headers.set('X-Trace', 'abc');
          },
        ],
      },
    });
    await client.customer();
    expect(seen).toEqual(['GET /api/customer']);
    expect(rec.attempts[0]!.request.headers.get('x-trace')).toBe('abc');
  });

  test('uses the credentials policy it is given', async () => {
    const rec = recordingFetch(() => jsonResponse({}));
    await createClient({ baseUrl: BASE, fetch: rec.fetch, credentials: 'same-origin' }).customer();
    expect(rec.attempts[0]!.request.credentials).toBe('same-origin');
  });

  test('passes the caller signal through, so an aborted call rejects with the AbortError', async () => {
    const rec = recordingFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
        }),
    );
    const controller = new AbortController();
    const call = createClient({ baseUrl: BASE, fetch: rec.fetch }).productByHandle('x', { signal: controller.signal });
    await vi.waitFor(() => expect(rec.attempts).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('no globals at import time', () => {
  test('the module imports and a client is created with no global fetch or crypto', async () => {
    vi.stubGlobal('fetch', undefined);
    vi.stubGlobal('crypto', undefined);
    vi.resetModules();
    const api = await import('../../src/api/index.ts');
    expect(() => api.createClient({ baseUrl: BASE })).not.toThrow();
  });

  test('the package entry exports the clients (catalogue, account, content), the error type, the response rules and the retry figures', async () => {
    const api = await import('../../src/api/index.ts');
    expect(Object.keys(api).sort()).toEqual(
      [
        'ApiError',
        'CART_RETRY_LIMIT',
        'CART_RETRY_STEP_MS',
        'DEFAULT_TIMEOUT_MS',
        'ESTIMATE_MAX_LINES',
        'ESTIMATE_SHIPPING_PATH',
        'GENERIC_ERROR_MESSAGE',
        'INVALID_CHECKOUT_MESSAGE',
        'NAV_DEPTH',
        'RETRY_METHODS',
        'SITE_REVIEWS_DEFAULTS',
        'VENDORS_DEFAULTS',
        'createClient',
        'createAccountClient',
        'createContentClient',
        'allCollections',
        'allVendors',
        'brandWithProducts',
        'COLLECTIONS_MAX_REQUESTS',
        'COLLECTIONS_PAGE',
        'VENDORS_PAGE',
        'orMissing',
        'defaultIdempotencyKey',
        'dropEmptyFields',
        'errorText',
        'hasErrorField',
        'isApiError',
        'isJsonContentType',
        'isNetworkFailure',
        'readAnswer',
        'readResponse',
        'retryDelay',
        'totalRetryDelay',
      ].sort(),
    );
    expect(api.GENERIC_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
    expect(api.INVALID_CHECKOUT_MESSAGE).toBe('Invalid checkout.');
    expect([api.CART_RETRY_LIMIT, api.CART_RETRY_STEP_MS]).toEqual([60, 2000]);
  });

  test('the default fetch is globalThis.fetch read at call time', async () => {
    const client = createClient({ baseUrl: BASE });
    const rec = recordingFetch(() => jsonResponse({ customer: {} }));
    vi.stubGlobal('fetch', rec.fetch);
    await expect(client.customer()).resolves.toEqual({ customer: {} });
    expect(rec.attempts).toHaveLength(1);
  });

  test('the default idempotency key comes from globalThis.crypto.randomUUID at call time', async () => {
    const rec = recordingFetch(() => jsonResponse({ checkout: null }));
    const client = createClient({ baseUrl: BASE, fetch: rec.fetch });
    vi.stubGlobal('crypto', { randomUUID: () => 'uuid-from-crypto' });
    await client.addLineItem({ inventoryLevelId: 1, quantity: 1 });
    expect(rec.attempts[0]!.request.headers.get('idempotency-key')).toBe('uuid-from-crypto');
  });
});

describe('default idempotency key', () => {
  test('is a UUID v4, fresh on each call', () => {
    const a = defaultIdempotencyKey();
    const b = defaultIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });

  test('falls back to getRandomValues where randomUUID is missing (insecure contexts)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a) });
    fc.assert(
      fc.property(fc.constant(null), () => {
        expect(defaultIdempotencyKey()).toMatch(UUID_V4);
      }),
      { numRuns: 50 },
    );
  });

  test('says how to fix it when there is no crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => defaultIdempotencyKey()).toThrow(/pass idempotencyKey to createClient/);
  });
});

describe('a transport instead of fetch (ClientOptions.transport)', () => {
  function transportSetup(answer: (call: TransportCall) => TransportAnswer | Promise<TransportAnswer>, headers?: HeadersInit) {
    const calls: TransportCall[] = [];
    const fetchCalls: unknown[] = [];
    let keys = 0;
    const client = createClient({
      baseUrl: BASE,
      transport: async (call) => {
        calls.push(call);
        return answer(call);
      },
      fetch: async (input) => {
        fetchCalls.push(input);
        return jsonResponse({});
      },
      idempotencyKey: () => `key-${++keys}`,
      ...(headers ? { headers } : {}),
    });
    return { client, calls, fetchCalls };
  }
  const json = (value: unknown, status = 200): TransportAnswer => ({ status, headers: [['content-type', 'application/json; charset=utf-8']], body: JSON.stringify(value) });
  const header = (call: TransportCall | undefined, name: string) => call?.headers.find(([n]) => n === name)?.[1] ?? null;

  test.each(ROWS.map((r) => [r.name, r.label, r] as const))('%s: %s sends what the fetch path sends, as data', async (_name, _label, r) => {
    const { client, calls, fetchCalls } = transportSetup(() => json({ answer: r.name }));
    await expect(r.run(client)).resolves.toEqual({ answer: r.name });
    expect(calls).toHaveLength(1);
    expect(fetchCalls).toHaveLength(0);
    const call = calls[0];
    const url = new URL(call?.url ?? '');
    expect(call?.method).toBe(r.method);
    expect(url.origin).toBe(BASE);
    expect(url.pathname).toBe(r.path);
    expect([...url.searchParams.entries()]).toEqual(r.query);
    expect(call?.body === undefined ? undefined : JSON.parse(call.body)).toEqual(r.body ?? undefined);
    expect(header(call, 'content-type')).toBe(r.contentType);
    expect(header(call, 'idempotency-key')).toBe(r.idempotent ? 'key-1' : null);
    expect(header(call, 'accept')).toBe('application/json');
  });

  test('the options headers travel too, the client’s own winning on conflict', async () => {
    const { client, calls } = transportSetup(() => json({ customer: {} }), { 'X-Locale': 'en-US', Accept: 'text/plain' });
    await client.customer();
    expect(calls[0]?.headers).toEqual([
      ['x-locale', 'en-US'],
      ['accept', 'application/json'],
    ]);
  });

  test('the answers are read by the shared response rules', async () => {
    const failing = transportSetup(() => json({ error: 'No such product.' }, 404)).client;
    await expect(failing.productByHandle('nope')).rejects.toMatchObject({ kind: 'http', status: 404, serverMessage: 'No such product.', message: 'Something went wrong. Please try again.' });
    const refused = transportSetup(() => json({ error: 'Out of stock.' })).client;
    await expect(refused.getCheckout()).rejects.toMatchObject({ kind: 'server', message: 'Out of stock.' });
    const garbled = transportSetup(() => ({ status: 200, headers: [['Content-Type', 'application/json']], body: '{"products": [' })).client;
    await expect(garbled.brands()).rejects.toMatchObject({ kind: 'parse' });
    const text = transportSetup(() => ({ status: 200, headers: [['content-type', 'text/plain']], body: 'plain words' })).client;
    await expect(text.help()).resolves.toBe('plain words');
    const empty = transportSetup(() => ({ status: 204, headers: [], body: '' })).client;
    await expect(empty.help()).resolves.toBeNull();
  });

  test('a transport that throws is a network failure; an aborted call is not sent', async () => {
    const broken = transportSetup(() => {
      throw new Error('the app is gone');
    }).client;
    await expect(broken.brands()).rejects.toMatchObject({ kind: 'network', message: 'the app is gone' });
    await expect(broken.brands()).rejects.toBeInstanceOf(ApiError);
    const { client, calls } = transportSetup(() => json({ brands: [] }));
    const controller = new AbortController();
    controller.abort();
    await expect(client.brands({ signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });
});
