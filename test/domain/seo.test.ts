import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  absoluteUrl,
  breadcrumbListLd,
  itemListLd,
  jsonLdText,
  mergeHead,
  META_DESCRIPTION_MAX,
  metaDescription,
  organizationLd,
  splitHoistedHead,
  webSiteLd,
} from '../../src/domain/seo.ts';
import { contentHead, homeHead, searchHead } from '../../src/domain/seo-pages.ts';
import { collectionHead } from '../../src/domain/seo-collection.ts';
import { articleHead, articleLd } from '../../src/domain/seo-article.ts';
import { productHead, productMainImageUrl } from '../../src/domain/seo-product.ts';
import { productArb } from '../../src/domain/testing/catalogue.ts';
import type { Product } from '../../src/domain/entities.ts';

const origin = 'https://shop.test';
// a cheap path arbitrary (fast-check's web path arbitrary takes seconds to build its samples on a busy machine)
const pathArb = fc.array(fc.constantFrom('a', 'pumps', 'x y', '%20', '-', 'p.asp', ''), { maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
const anyPathArb = fc.oneof(pathArb, pathArb.map((path) => path.slice(1)), pathArb.map((path) => `https://cdn.test${path}`), pathArb.map((path) => `//cdn.test${path}`));
const store = { origin, storeName: 'Skimmer', storeLogoUrl: '/media/logo.png', storeEmail: 'help@shop.test', contactPhoneNumber: '555-0100' };

/** schema.org's required fields of a ListItem in a BreadcrumbList or an ItemList. */
function expectListItems(items: { '@type': string; position: number }[]): void {
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(items[0]!.position + index);
  });
}

describe('absoluteUrl', () => {
  test.each([
    ['https://shop.test', '/products/pump', 'https://shop.test/products/pump'],
    ['https://shop.test/', 'products/pump', 'https://shop.test/products/pump'],
    ['https://shop.test', 'https://cdn.test/a.png', 'https://cdn.test/a.png'],
    ['https://shop.test', '//cdn.test/a.png', 'https://cdn.test/a.png'],
  ])('%s + %s', (base, path, expected) => {
    expect(absoluteUrl(base, path)).toBe(expected);
  });
  test('is idempotent', () => {
    fc.assert(
      fc.property(anyPathArb, (path) => absoluteUrl(origin, absoluteUrl(origin, path)) === absoluteUrl(origin, path)),
    );
  });
});

describe('jsonLdText', () => {
  test('no text can close the script element, and JSON.parse gives the value back', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonLdText(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script');
  });
});

describe('metaDescription', () => {
  test('collapses white space and cuts long text at a word with an ellipsis', () => {
    expect(metaDescription('  Fits   SuperFlo\npumps. ')).toBe('Fits SuperFlo pumps.');
    expect(metaDescription('   ')).toBeNull();
    const long = metaDescription('word '.repeat(100))!;
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(long.endsWith('word…')).toBe(true);
  });
  test('laws: at most max characters, and idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 2, max: 300 }), (text, max) => {
        const once = metaDescription(text, max);
        if (once === null) return;
        expect(once.length).toBeLessThanOrEqual(max);
        expect(metaDescription(once, max)).toBe(once);
      }),
    );
  });
});

describe('BreadcrumbList', () => {
  test('Home first, crumbs absolute, the last crumb is the page', () => {
    const ld = breadcrumbListLd([{ title: 'Pumps', url: '/collections/pumps' }, { title: 'SuperFlo' }], { origin, pageUrl: `${origin}/products/superflo` });
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Pumps', item: `${origin}/collections/pumps` },
        { '@type': 'ListItem', position: 3, name: 'SuperFlo', item: `${origin}/products/superflo` },
      ],
    });
  });
  test('a leading Home crumb is not repeated; positions run 1..n with every item a URL', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: fc.string({ minLength: 1 }), url: fc.option(pathArb.filter((path) => path !== '/'), { nil: undefined }) }), { maxLength: 6 }), fc.boolean(), (crumbs, withHome) => {
        const ld = breadcrumbListLd(withHome ? [{ title: 'Home', url: '/' }, ...crumbs] : crumbs, { origin, pageUrl: `${origin}/here` });
        expect(ld.itemListElement.length).toBe(crumbs.length + 1);
        expect(ld.itemListElement.map((i) => i.position)).toEqual(ld.itemListElement.map((_, i) => i + 1));
        for (const item of ld.itemListElement) expect(item.item.startsWith(origin) || /^https:/.test(item.item)).toBe(true);
      }),
    );
  });
});

describe('ItemList', () => {
  test('positions continue over pages through the offset', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string(), url: pathArb }), { maxLength: 30 }), fc.nat(1000), (items, offset) => {
        const ld = itemListLd(items, { origin, offset });
        expect(ld.numberOfItems).toBe(items.length);
        expectListItems(ld.itemListElement);
        if (items.length > 0) expect(ld.itemListElement[0]!.position).toBe(offset + 1);
      }),
    );
  });
});

describe('Organization and WebSite', () => {
  test('the store with its logo, e-mail and phone; the search box template', () => {
    expect(organizationLd({ name: 'Skimmer', origin, logoUrl: '/media/logo.png', email: 'help@shop.test', telephone: '' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Skimmer',
      url: `${origin}/`,
      logo: `${origin}/media/logo.png`,
      email: 'help@shop.test',
    });
    const site = webSiteLd({ name: 'Skimmer', origin });
    expect(site.url).toBe(`${origin}/`);
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target.urlTemplate).toBe(`${origin}/searchresults.asp?q={search_term_string}`);
    // the placeholder named by query-input is the one in the template
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  });
});

describe('Article', () => {
  test('headline, dates, author, publisher, picture', () => {
    const ld = articleLd({ title: 'Opening your pool', url: `${origin}/articles/open`, author: 'Ann', datePublished: '2025-04-01T00:00:00.000Z', imageUrl: '/media/a.png', description: 'How.' }, { name: 'Skimmer', origin, logoUrl: '/logo.png' });
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'Opening your pool',
      datePublished: '2025-04-01T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Ann' },
      publisher: { '@type': 'Organization', name: 'Skimmer', logo: { '@type': 'ImageObject', url: `${origin}/logo.png` } },
      image: [`${origin}/media/a.png`],
      description: 'How.',
    });
  });
  test('a post with no author is the store\'s; a long title is cut to 110 characters', () => {
    const ld = articleLd({ title: 'x '.repeat(100), url: `${origin}/a`, author: ' ', datePublished: '2025-01-01' }, { name: 'Skimmer', origin });
    expect(ld.author).toEqual({ '@type': 'Organization', name: 'Skimmer', url: `${origin}/` });
    expect(ld.headline.length).toBeLessThanOrEqual(110);
  });
});

describe('page heads', () => {
  const product: Product = {
    id: 1,
    handle: 'superflo',
    title: 'SuperFlo Pump',
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    sku: 'SP 2607',
    vendor: 'Pentair',
    weight: 20,
    price: 649.5,
    compareAtPrice: null,
    availableForSale: true,
    imageUrl: null,
    descriptionHtml: '<p>A quiet   pump.</p>',
    avgRating: 4.5,
    totalReviews: 3,
    productCode: 'SPX',
    isFeatured: false,
    Images: [{ id: 7, url: '/media/images/7-800.png', altText: null } as Product['Images'][number]],
    Model3Ds: [],
    PDFs: [],
    Options: [],
    Variants: [],
    Collections: [],
    Reviews: [{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 4 }],
  };

  test('product: Product with its offer and rating (spec rules), BreadcrumbList, the main picture preloaded', () => {
    const head = productHead(store, product, {
      title: 'SuperFlo Pump - Skimmer',
      path: '/products/superflo',
      crumbs: [{ title: 'Pumps', url: '/collections/pumps' }, { title: 'SuperFlo Pump' }],
      now: Date.UTC(2025, 2, 1, 10),
      merchantReturnDays: 14,
      timeZone: 'UTC',
      mainImageSizes: '100vw',
    });
    expect(head.url).toBe(`${origin}/products/superflo`);
    expect(head.description).toBe('A quiet pump.');
    expect(head.type).toBe('product');
    expect(head.preloadImage).toEqual({ href: '/media/images/7-800.png', srcSet: expect.stringContaining('/media/images/7-200.png 200w'), sizes: '100vw' });
    // read back as the page's script text: parseable JSON
    const [ld, crumbs] = head.jsonLd.map((data) => JSON.parse(jsonLdText(data)));
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'SuperFlo Pump',
      sku: 'SP-2607',
      image: [`${origin}/media/images/7-800.png`],
      offers: { '@type': 'Offer', price: '649.50', priceCurrency: 'USD', priceValidUntil: '2025-03-08', hasMerchantReturnPolicy: { merchantReturnDays: 14, applicableCountry: 'US' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.33, reviewCount: 3 },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.at(-1).item).toBe(`${origin}/products/superflo`);
  });

  test('product: every generated product has name and an offer with price and currency; images absolute', () => {
    fc.assert(
      fc.property(productArb(), (p) => {
        const head = productHead(store, p, { title: 't', path: `/products/${p.handle}`, crumbs: [], now: 0, mainImageSizes: '1px' });
        const ld = JSON.parse(jsonLdText(head.jsonLd[0]));
        expect(typeof ld.name).toBe('string');
        expect(ld.offers.price).toMatch(/^-?\d+\.\d\d$/);
        expect(ld.offers.priceCurrency).toBe('USD');
        for (const image of ld.image ?? []) expect(image).toMatch(/^https?:/);
        expect(head.preloadImage?.href ?? null).toBe(productMainImageUrl(p) ? expect.any(String) : null);
        expect(head.noindex).toBe(p.isIndexed === false);
      }),
      { numRuns: 50 },
    );
  });

  test('home: Organization and WebSite', () => {
    const head = homeHead(store, { seoTitle: 'Pool parts', seoDescription: 'Parts.', heroImageUrl: null });
    expect(head.title).toBe('Pool parts - Skimmer');
    expect(head.url).toBe(`${origin}/`);
    expect(head.jsonLd.map((ld) => ld['@type'])).toEqual(['Organization', 'WebSite']);
  });

  test('collection: ItemList of the products shown and BreadcrumbList; not indexed is noindex', () => {
    const head = collectionHead(store, { title: 'Pumps', seoDescription: null, descriptionHtml: '<h2>Pumps</h2><p>All pumps.</p>', imageUrl: null, isIndexed: false }, {
      title: 'Pumps - Skimmer',
      path: '/collections/pumps',
      crumbs: [{ title: 'Collections', url: '/collections' }, { title: 'Pumps' }],
      items: [{ name: 'A', url: '/products/a' }, { name: 'B', url: '/products/b' }],
      offset: 24,
    });
    expect(head.jsonLd.map((ld) => ld['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect(JSON.parse(jsonLdText(head.jsonLd[0])).itemListElement[0]).toEqual({ '@type': 'ListItem', position: 25, url: `${origin}/products/a`, name: 'A' });
    expect(head.description).toBe('Pumps All pumps.');
    expect(head.noindex).toBe(true);
  });

  test('search: noindex, ItemList and BreadcrumbList', () => {
    const head = searchHead(store, { title: 'Search', path: '/searchresults.asp?q=pump', crumbs: [{ title: 'Search' }], items: [{ name: 'A', url: '/products/a' }] });
    expect(head.noindex).toBe(true);
    expect(head.jsonLd.map((ld) => ld['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
  });

  test('article: Article and BreadcrumbList; content page without a path: noindex, no canonical', () => {
    const head = articleHead(store, { title: 'Open - Skimmer', description: 'How', path: '/articles/open', crumbs: [{ title: 'Open' }], article: { title: 'Open', author: 'Ann', datePublished: '2025-01-01', imageUrl: null } });
    expect(head.type).toBe('article');
    expect(head.jsonLd.map((ld) => ld['@type'])).toEqual(['Article', 'BreadcrumbList']);
    const cart = contentHead(store, { title: 'Shopping Cart - Skimmer', path: null, crumbs: [{ title: 'Shopping Cart' }] });
    expect(cart).toMatchObject({ url: null, noindex: true, jsonLd: [] });
  });
});

describe('head in the first HTML', () => {
  test('splitHoistedHead cuts the leading run of title, meta and link tags', () => {
    const html = '<title>Pump &amp; co</title><meta name="description" content="a &gt; b"/><link rel="canonical" href="https://x/p"/><div><title>not me</title></div>';
    expect(splitHoistedHead(html)).toEqual({
      head: '<title>Pump &amp; co</title><meta name="description" content="a &gt; b"/><link rel="canonical" href="https://x/p"/>',
      body: '<div><title>not me</title></div>',
    });
    expect(splitHoistedHead('<div>x</div>')).toEqual({ head: '', body: '<div>x</div>' });
  });
  test('law: head + body is the HTML', () => {
    const tag = fc.constantFrom('<title>t</title>', '<meta name="a" content="b"/>', '<link rel="x" href="/y"/>', '<div>d</div>', '<p>p</p>', 'text');
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 8 }), (parts) => {
        const html = parts.join('');
        const { head, body } = splitHoistedHead(html);
        expect(head + body).toBe(html);
        expect(body.startsWith('<title') || body.startsWith('<meta') || body.startsWith('<link')).toBe(false);
      }),
    );
  });
  test('mergeHead drops the template title, description and canonical the page replaces', () => {
    const template = '<meta charset="UTF-8" />\n<title>Store</title>\n<meta name="description" content="Store things" />\n<script>x</script>';
    const merged = mergeHead(template, '<title>Pump</title><meta name="description" content="A pump"/>');
    expect(merged.match(/<title>/g)).toHaveLength(1);
    expect(merged).toContain('<title>Pump</title>');
    expect(merged).not.toContain('Store things');
    expect(merged).toContain('<script>x</script>');
    expect(mergeHead(template, '')).toBe(template);
    expect(mergeHead(template, '<meta property="og:title" content="x"/>')).toContain('<title>Store</title>');
  });
});
