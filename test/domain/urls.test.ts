import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BRANDS_PATH,
  DEFAULT_BLOG_PATH,
  HEADER_SEARCH_LIMIT,
  HOME_GRID_LIMIT,
  QUERY_FIELDS,
  SEARCH_RESULTS_PATH,
  brandLink,
  createStoreLinks,
  fromQueryString,
  headerCollectionsQuery,
  headerProductsQuery,
  headerSearchLink,
  homeGridQuery,
  normalizeProductsFilterParams,
  parseProductsFilterQuery,
  parseTagFilterSegment,
  parseTagParam,
  productPageParams,
  productsFilterQuery,
  resolveTagFilterSegment,
  searchLink,
  tagFilterSegment,
  tagParam,
  tagPrefixSlug,
  toQueryString,
  toQueryStringWith,
  vendorLink,
} from '../../src/domain/urls.ts';
import type { ProductsFilterParams } from '../../src/domain/urls.ts';
import { normalizeSearchQuery } from '../../src/domain/search.ts';
import type { SearchQuery } from '../../src/domain/entities.ts';
import { pageSizeArb, searchQueryArb, sortByArb, tagPairArb } from '../../src/domain/testing/search.ts';

/** Any object shaped like a search query, with junk values in every field. */
const looseQueryArb = fc.record(
  {
    q: fc.string({ unit: 'binary' }),
    v: fc.oneof(fc.string(), fc.constant('  ')),
    t: fc.array(fc.tuple(fc.string(), fc.string({ unit: 'binary' }))),
    c: fc.oneof(fc.string(), fc.nat().map(String)),
    minPrice: fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((c) => c / 100)),
    maxPrice: fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((c) => c / 100)),
    sortBy: fc.oneof(sortByArb, fc.string()),
    limit: fc.oneof(fc.integer(), pageSizeArb, fc.double()),
    page: fc.oneof(fc.integer(), fc.double(), fc.nat()),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<SearchQuery>;

describe('search query object to URL query string', () => {
  test.each<[string, SearchQuery, string]>([
    ['an empty query writes nothing', {}, ''],
    [
      'writes the parameters in the spec order',
      { v: 'Hayward', maxPrice: 500, minPrice: 100, limit: 48, sortBy: 'price_asc', q: 'pump', c: '12', t: [['Brand', 'Pentair']], page: 2 },
      'page=2&t=Brand,Pentair&c=12&q=pump&sortBy=price_asc&limit=48&minPrice=100.00&maxPrice=500.00&v=Hayward',
    ],
    ['repeats t for each pair', { t: [['Brand', 'Pentair'], ['Filter Type', 'Sand']] }, 't=Brand,Pentair&t=Filter%20Type,Sand'],
    ['keeps page 0 (zero-based)', { page: 0 }, 'page=0'],
    ['leaves out absent and empty fields', { q: '', v: '  ', t: [], c: '' }, ''],
    ['drops an unknown sort', { q: 'pump', sortBy: 'cheapest' as never }, 'q=pump'],
    ['writes an invalid limit as the median', { limit: 10 }, 'limit=24'],
    ['writes prices with two decimals', { minPrice: 12.5 }, 'minPrice=12.50'],
    ['percent-encodes values, keeping commas', { q: 'a&b=c, 50% + more' }, 'q=a%26b%3Dc,%2050%25%20%2B%20more'],
  ])('%s', (_title, query, expected) => {
    expect(toQueryString(query)).toBe(expected);
  });
});

describe('URL query string to search query object', () => {
  test.each<[string, string, SearchQuery]>([
    ['reads every parameter', '?page=1&t=Brand,Pentair&c=7&q=pool%20pump&sortBy=top_rated&limit=16&minPrice=5&maxPrice=20.5&v=Jandy', {
      page: 1,
      t: [['Brand', 'Pentair']],
      c: '7',
      q: 'pool pump',
      sortBy: 'top_rated',
      limit: 16,
      minPrice: 5,
      maxPrice: 20.5,
      v: 'Jandy',
    }],
    ['reads without a leading ?', 'q=pump', { q: 'pump' }],
    ['reads + as a space', 'q=pool+pump', { q: 'pool pump' }],
    ['renames search to q', 'search=heater', { q: 'heater' }],
    ['a non-empty q wins over search', 'search=heater&q=pump', { q: 'pump' }],
    ['search fills in an empty q', 'q=&search=heater', { q: 'heater' }],
    ['splits t on its first comma', 't=Material,PVC,%20CPVC', { t: [['Material', 'PVC, CPVC']] }],
    ['drops a t without a comma', 't=Brand', {}],
    ['drops a t with an empty side', 't=,Pentair&t=Brand,', {}],
    ['keeps one value per prefix, the last', 't=Brand,A&t=Voltage,230&t=Brand,B', { t: [['Brand', 'B'], ['Voltage', '230']] }],
    ['drops an unknown sort', 'sortBy=cheapest', {}],
    ['drops a wrongly cased sort', 'sortBy=PRICE_ASC', {}],
    ['an empty sort is the default and is left out', 'sortBy=', {}],
    ['an invalid limit becomes the median', 'limit=10', { limit: 24 }],
    ['a non-numeric limit becomes the median', 'limit=all', { limit: 24 }],
    ['an empty limit stays absent', 'limit=', {}],
    ['drops a negative page', 'page=-1', {}],
    ['drops a non-integer page', 'page=1.5', {}],
    ['drops a word page', 'page=two', {}],
    ['drops a negative min price', 'minPrice=-5&maxPrice=10', { maxPrice: 10 }],
    ['drops a max not above the min', 'minPrice=10&maxPrice=10', { minPrice: 10 }],
    ['drops a non-numeric price', 'minPrice=cheap&maxPrice=1%2C000', {}],
    ['drops a non-numeric collection id', 'c=pumps', {}],
    ['leaves out empty values', 'q=&v=&c=&page=', {}],
    ['ignores unknown keys', 'utm_source=mail&q=pump', { q: 'pump' }],
    ['survives a malformed escape', 'q=100%', { q: '100%' }],
  ])('%s', (_title, input, expected) => {
    expect(fromQueryString(input)).toEqual(expected);
  });

  test('reads URLSearchParams as well as strings', () => {
    expect(fromQueryString(new URLSearchParams([['q', 'pump'], ['page', '0']]))).toEqual({ q: 'pump', page: 0 });
    expect(fromQueryString(null)).toEqual({});
  });

  test('round trip: a valid query object comes back unchanged through the URL', () => {
    fc.assert(
      fc.property(searchQueryArb, (query) => {
        expect(fromQueryString(toQueryString(query))).toEqual(query);
      }),
    );
  });

  test('any query object comes back through the URL as its normal form', () => {
    fc.assert(
      fc.property(looseQueryArb, (query) => {
        expect(fromQueryString(toQueryString(query))).toEqual(normalizeSearchQuery(query));
      }),
    );
  });

  test('a query with a patch writes as the patched query does (toQueryStringWith), for any query and any patch of any fields', () => {
    // a patch names some fields, each with a value, a junk value or undefined (the field removed)
    const patchArb = fc
      .tuple(fc.oneof(searchQueryArb, looseQueryArb), fc.subarray(['q', 'v', 't', 'c', 'minPrice', 'maxPrice', 'sortBy', 'limit', 'page', 'isFeatured', 'fits'] as const), fc.boolean())
      .map(([values, fields, removeSome]) => {
        const patch: Record<string, unknown> = {};
        fields.forEach((field, i) => (patch[field] = removeSome && i % 2 === 0 ? undefined : (values as Record<string, unknown>)[field]));
        return patch as Partial<SearchQuery>;
      });
    fc.assert(
      fc.property(fc.oneof(searchQueryArb, looseQueryArb), fc.array(patchArb, { minLength: 1, maxLength: 4 }), (query, patches) => {
        const write = toQueryStringWith(query);
        for (const patch of patches) expect(write(patch)).toBe(toQueryString({ ...query, ...patch }));
      }),
      { numRuns: 500 },
    );
    expect(toQueryStringWith({ q: 'pump', page: 3, t: [['Brand', 'Pentair']] })({ sortBy: 'price_asc', page: undefined })).toBe('t=Brand,Pentair&q=pump&sortBy=price_asc');
  });

  test('reading then writing then reading any string is stable', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = fromQueryString(raw);
        expect(fromQueryString(toQueryString(once))).toEqual(once);
      }),
    );
  });
});

describe('t parameter values', () => {
  test.each([
    [['Brand', 'Pentair'], 'Brand,Pentair'],
    [['Filter Type', 'Cartridge, pleated'], 'Filter Type,Cartridge, pleated'],
  ] as const)('writes %j as %j and reads it back', (pair, text) => {
    expect(tagParam(pair)).toBe(text);
    expect(parseTagParam(text)).toEqual(pair);
  });

  test('a value without a comma is no tag pair', () => {
    expect(parseTagParam('Brand')).toBeNull();
  });
});

describe('collection tagFilter path segment', () => {
  test.each([
    [['Brand', 'Pentair'], 'Brand_Pentair'],
    [['Filter Type', 'Cartridge'], 'Filter-Type_Cartridge'],
    [['Pool  Type', 'Above Ground'], 'Pool--Type_Above Ground'],
    [['Size', '1_1/2 in'], 'Size_1_1/2 in'],
  ] as const)('writes %j as %j (spaces to hyphens, an underscore, the value) and reads it back', (pair, segment) => {
    expect(tagFilterSegment(pair)).toBe(segment);
    expect(parseTagFilterSegment(segment)).toEqual(pair);
  });

  test('the prefix slug turns every space into a hyphen', () => {
    expect(tagPrefixSlug('Filter Media Type')).toBe('Filter-Media-Type');
  });

  test.each([
    ['Anti-Vortex_Yes', ['Anti Vortex', 'Yes']],
    ['Pipe_Size_2in', ['Pipe', 'Size_2in']],
  ])('the format is ambiguous: %j reads as %j (first underscore, every hyphen a space)', (segment, pair) => {
    expect(parseTagFilterSegment(segment)).toEqual(pair);
  });

  test.each([['Brand'], ['_Pentair'], ['Brand_'], ['']])('%j is no tag filter', (segment) => {
    expect(parseTagFilterSegment(segment)).toBeNull();
  });

  test.each([
    ['Anti-Vortex_Yes', ['Anti-Vortex', 'Brand'], ['Anti-Vortex', 'Yes']],
    ['Pipe_Size_2in', ['Pipe_Size'], ['Pipe_Size', '2in']],
    ['Filter-Type_Sand', ['Filter', 'Filter Type'], ['Filter Type', 'Sand']],
    ['Filter-Type_Sand', [], ['Filter Type', 'Sand']],
    ['Brand_', ['Brand'], null],
  ] as const)('resolves %j against known prefixes %j as %j', (segment, known, pair) => {
    expect(resolveTagFilterSegment(segment, known)).toEqual(pair);
  });

  test('round trip: a pair whose prefix has no hyphen or underscore comes back from its segment', () => {
    fc.assert(
      fc.property(tagPairArb, (pair) => {
        expect(parseTagFilterSegment(tagFilterSegment(pair))).toEqual(pair);
      }),
    );
  });

  test('round trip: with the prefix known, any prefix comes back from its segment', () => {
    const prefix = fc.stringMatching(/^[A-Za-z][A-Za-z _-]{0,12}$/).map((s) => s.trim()).filter((s) => s !== '');
    fc.assert(
      fc.property(prefix, fc.string({ minLength: 1 }), (p, value) => {
        expect(resolveTagFilterSegment(tagFilterSegment([p, value]), [p])).toEqual([p, value]);
      }),
    );
  });
});

describe('link builders', () => {
  const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });

  test.each([
    ['collections root', links.collections(), '/collections'],
    ['vendors page', links.vendors(), '/collections/vendors'],
    ['collection', links.collection('pool-pumps'), '/collections/pool-pumps'],
    ['collection with a tag filter', links.collection('pumps', { tag: ['Horsepower', '1.5 HP'] }), '/collections/pumps/Horsepower_1.5%20HP'],
    ['collection with a two-word prefix', links.collection('filters', { tag: ['Filter Type', 'Sand'] }), '/collections/filters/Filter-Type_Sand'],
    [
      'collection suggestion with price bounds',
      links.collection('heaters', { query: { minPrice: 100, maxPrice: 900 } }),
      '/collections/heaters?minPrice=100.00&maxPrice=900.00',
    ],
    ['product', links.product('superflo-vs'), '/products/superflo-vs'],
    ['product under a collection', links.product('superflo-vs', { collection: 'pumps' }), '/collections/pumps/products/superflo-vs'],
    ['product with a variant', links.product('superflo-vs', { variant: 42 }), '/products/superflo-vs?variant=42'],
    ['product with a null collection', links.product('superflo-vs', { collection: null, variant: null }), '/products/superflo-vs'],
    ['product in Add to Order mode', links.product('superflo-vs', { orderId: 1024 }), '/products/superflo-vs?orderId=1024'],
    ['product with a variant in Add to Order mode', links.product('superflo-vs', { variant: 42, orderId: 7 }), '/products/superflo-vs?variant=42&orderId=7'],
    ['product with an order id that is not a whole number above 0', links.product('superflo-vs', { orderId: 0 }), '/products/superflo-vs'],
    ['articles root', links.articles(), '/articles'],
    ['article', links.article('opening-your-pool'), '/articles/opening-your-pool'],
    ['article tag', links.articleTag('Spa Care'), '/articles/tags/Spa%20Care'],
    ['blog (SEE MORE POSTS)', links.blog(), '/blogs'],
    ['blog post: blog base path plus /{handle}', links.blogPost('winterizing'), '/blogs/winterizing'],
    ['handles are encoded as path segments', links.product('a/b c'), '/products/a%2Fb%20c'],
  ])('%s', (_title, actual, expected) => {
    expect(actual).toBe(expected);
  });

  test.each([
    [
      { collectionPath: 'collections/', productPath: '/p//', articlePath: '', blogPath: 'news' },
      ['/collections', '/collections/x', '/p/y', '/', '/z', '/news', '/news/w'],
    ],
    [
      { collectionPath: '/', productPath: '', articlePath: '/a', blogPath: '/' },
      ['/', '/x', '/y', '/a', '/a/z', '/', '/w'],
    ],
  ])('normalises configured prefixes %j (leading slash, no trailing slash, root as /)', (paths, expected) => {
    const l = createStoreLinks(paths);
    expect([l.collections(), l.collection('x'), l.product('y'), l.articles(), l.article('z'), l.blog(), l.blogPost('w')]).toEqual(expected);
  });

  test('the blog base path defaults to /blogs', () => {
    expect(DEFAULT_BLOG_PATH).toBe('/blogs');
  });

  test.each([
    ['Hayward', '/searchresults.asp?v=Hayward'],
    ['Hayward Pool', '/searchresults.asp?v=Hayward%20Pool'],
    ['A&B', '/searchresults.asp?v=A%26B'],
  ])('the vendor link of %j is %j', (vendor, link) => {
    expect(vendorLink(vendor)).toBe(link);
    expect(fromQueryString(link.slice(link.indexOf('?')))).toEqual({ v: vendor });
  });

  test.each([
    ['Pentair', '/brands/Pentair'],
    ['A&B Pools', '/brands/A%26B%20Pools'],
  ])('the brand link of %j is %j', (name, link) => {
    expect(brandLink(name)).toBe(link);
    expect(BRANDS_PATH).toBe('/brands');
  });

  test('the search link carries the query object', () => {
    expect(SEARCH_RESULTS_PATH).toBe('/searchresults.asp');
    expect(searchLink({ q: 'pump', sortBy: 'price_asc' })).toBe('/searchresults.asp?q=pump&sortBy=price_asc');
    expect(searchLink({})).toBe('/searchresults.asp');
  });

  test('searching from the header box sets page=0', () => {
    expect(headerSearchLink({ q: 'sand filter', page: 4 })).toBe('/searchresults.asp?page=0&q=sand%20filter');
    expect(headerSearchLink({ q: 'ab' })).toBe('/searchresults.asp?page=0&q=ab');
  });

  test.each([[{ q: '' }], [{ q: '   ' }], [{}]])('a header search with an empty query %j goes nowhere', (query) => {
    expect(headerSearchLink(query)).toBeNull();
  });

  test('links never throw on lone surrogates', () => {
    expect(vendorLink('\uD83D')).toBe('/searchresults.asp?v=%EF%BF%BD');
    expect(links.product('\uDC00')).toBe('/products/%EF%BF%BD');
  });
});

describe('product page query', () => {
  const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });

  test.each([
    ['', { variantId: null, orderId: null, orderMode: false }],
    ['?variant=4', { variantId: '4', orderId: null, orderMode: false }],
    ['variant=4&orderId=1024', { variantId: '4', orderId: 1024, orderMode: true }],
    ['orderId=%201024%20', { variantId: null, orderId: 1024, orderMode: true }],
    ['orderId=abc', { variantId: null, orderId: null, orderMode: false }],
    ['orderId=0', { variantId: null, orderId: null, orderMode: false }],
    ['orderId=-3', { variantId: null, orderId: null, orderMode: false }],
    ['orderId=1e3', { variantId: null, orderId: null, orderMode: false }],
    ['variant=&orderId=', { variantId: null, orderId: null, orderMode: false }],
    // shrunk by fast-check: a 16-digit safe integer is a valid order id
    ['orderId=1000000000000000', { variantId: null, orderId: 1000000000000000, orderMode: true }],
    ['orderId=9007199254740992', { variantId: null, orderId: null, orderMode: false }],
  ])('reads %j', (query, expected) => {
    expect(productPageParams(query)).toEqual(expected);
  });

  test('a product link with an order id reads back into Add to Order mode (round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.option(fc.integer({ min: 1, max: 99999 }), { nil: null }), (orderId, variant) => {
        const link = links.product('superflo', { orderId, variant });
        const read = productPageParams(link.slice(link.indexOf('?')));
        expect(read).toEqual({ variantId: variant === null ? null : String(variant), orderId, orderMode: true });
      }),
    );
  });
});

describe('products filter API query', () => {
  test('the field lists are those of spec section 9', () => {
    expect(QUERY_FIELDS.described).toEqual(['title', 'seoDescription', 'handle', 'id']);
    expect(QUERY_FIELDS.basic).toEqual(['title', 'handle', 'id']);
    expect(QUERY_FIELDS.withVendor).toEqual(['title', 'handle', 'id', 'vendor']);
  });

  test.each<[string, ProductsFilterParams, string]>([
    [
      'writes the parameters in the spec order',
      { isFeatured: false, c: '3', page: 1, limit: 4, sortBy: 'id_desc', maxPrice: 9, minPrice: 1, t: [['Brand', 'Jandy']], v: 'Jandy', q: 'valve', fields: ['id'] },
      'q=valve&v=Jandy&t=Brand,Jandy&minPrice=1.00&maxPrice=9.00&sortBy=id_desc&limit=4&page=1&c=3&isFeatured=false&fields=id',
    ],
    ['accepts a limit outside the page-size set', { limit: 4 }, 'limit=4'],
    ['drops a limit that is not a positive integer', { limit: 0 }, ''],
    ['writes the fields comma-separated, deduplicated', { fields: ['title', ' handle ', 'title', 'bad field', ''] }, 'fields=title,handle'],
  ])('%s', (_title, params, expected) => {
    expect(productsFilterQuery(params)).toBe(expected);
  });

  test('the header box adds limit=4 (page 0) with its field lists', () => {
    expect(HEADER_SEARCH_LIMIT).toBe(4);
    expect(headerProductsQuery({ q: 'spx1600' })).toBe('q=spx1600&limit=4&page=0&fields=title,handle,id,vendor');
    expect(headerCollectionsQuery({ q: 'pumps', maxPrice: 500 })).toBe('q=pumps&maxPrice=500.00&limit=4&page=0&fields=title,handle,id');
  });

  test.each([
    ['featured', 'limit=4&page=0&isFeatured=true'],
    ['popular', 'sortBy=best_selling&limit=4&page=0'],
    ['new', 'sortBy=id_desc&limit=4&page=0'],
  ] as const)('the %s home grid asks %j', (grid, expected) => {
    expect(HOME_GRID_LIMIT).toBe(4);
    expect(homeGridQuery(grid)).toBe(expected);
  });

  test.each<[string, string, ProductsFilterParams]>([
    ['reads isFeatured, limit and fields', 'q=pump&limit=4&isFeatured=true&fields=title,handle,id', { q: 'pump', limit: 4, isFeatured: true, fields: ['title', 'handle', 'id'] }],
    ['reads isFeatured=false', 'isFeatured=false', { isFeatured: false }],
    ['drops other isFeatured values', 'isFeatured=1&isFeatured=yes', {}],
    ['drops a non-integer limit', 'limit=4.5', {}],
    ['drops a zero limit', 'limit=0', {}],
    ['renames search to q', 'search=pump', { q: 'pump' }],
    ['drops an empty fields list', 'fields=,,', {}],
  ])('the server reads the products filter query: %s', (_title, input, expected) => {
    expect(parseProductsFilterQuery(input)).toEqual(expected);
  });

  test('round trip: products filter parameters come back as their normal form', () => {
    fc.assert(
      fc.property(productsFilterParamsArb, (params) => {
        expect(parseProductsFilterQuery(productsFilterQuery(params))).toEqual(normalizeProductsFilterParams(params));
      }),
    );
  });

  test('the reader is the exact inverse of the writer: a query the writer can make comes back equal, its text the same text', () => {
    fc.assert(
      fc.property(productsFilterParamsArb.map(normalizeProductsFilterParams), (query) => {
        const text = productsFilterQuery(query);
        expect(parseProductsFilterQuery(text)).toEqual(query);
        expect(productsFilterQuery(parseProductsFilterQuery(text))).toBe(text);
      }),
    );
  });
});

/** Products filter parameters: search queries, valid and loose, with a limit, the featured flag and fields. */
const productsFilterParamsArb = fc
  .tuple(
    fc.oneof(searchQueryArb, looseQueryArb),
    fc.record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double()),
        isFeatured: fc.boolean(),
        fields: fc.array(fc.oneof(fc.constantFrom(...QUERY_FIELDS.described, 'vendor', 'Images.url'), fc.string())),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([query, extra]): ProductsFilterParams => ({ ...query, ...extra }));

describe('counter examples', () => {
  test('page -0 comes back through the URL as page 0 (shrunk by fast-check in CI)', () => {
    expect(normalizeSearchQuery({ page: -0 })).toEqual({ page: 0 });
    expect(Object.is(normalizeSearchQuery({ page: -0 }).page, 0)).toBe(true);
    expect(fromQueryString(toQueryString({ page: -0 }))).toEqual(normalizeSearchQuery({ page: -0 }));
  });
});
