import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { InventoryLevel, Product, Variant } from '../../src/domain/entities.ts';
import {
  AVAILABILITY_TEXT,
  PRODUCT_PAGE_TEXT,
  WARRANTY_TEXT,
  availabilityOf,
  availabilityText,
  breadcrumbCollectionId,
  pageTitle,
  pdfCards,
  pdfDisplayName,
  productAvailability,
  productPageTitle,
  skuWithDashes,
} from '../../src/domain/product-page.ts';
import { DEFAULT_MERCHANT_RETURN_DAYS, isoDate, merchantReturnDays, priceValidUntil, productJsonLd } from '../../src/domain/product-json-ld.ts';

function level(overrides: Partial<InventoryLevel> = {}): InventoryLevel {
  return {
    id: 1,
    variantId: 1,
    inventoryPrice: 10,
    inventoryCompareAtPrice: null,
    availableForSale: true,
    availableQuantity: 5,
    bypassNegativeQuantity: false,
    ...overrides,
  };
}

function variant(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 1,
    title: 'Default Title',
    variantPosition: 1,
    price: 10,
    compareAtPrice: null,
    availableForSale: true,
    availableQuantity: 5,
    availableInventoryLevels: [level()],
    Options: [],
    ...overrides,
  };
}

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    handle: 'pump-basket',
    title: 'Pump Basket',
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    sku: 'SP 1500 X',
    vendor: 'Hayward',
    weight: 1.5,
    price: 29.9,
    compareAtPrice: null,
    availableForSale: true,
    imageUrl: 'https://img.test/main.jpg',
    descriptionHtml: '<p>Fits <b>Super Pump</b>&nbsp;models.</p>',
    avgRating: 4.5,
    totalReviews: 2,
    productCode: 'SPX1500',
    isFeatured: false,
    Images: [{ id: 1, url: 'https://img.test/1.jpg', altText: null }],
    Model3Ds: [],
    PDFs: [],
    Options: [],
    Variants: [variant()],
    Collections: [],
    Reviews: [{ starsRating: 5 }, { starsRating: 4 }],
    ...overrides,
  };
}

const NOW = Date.UTC(2025, 2, 1, 10, 0, 0);

describe('availability', () => {
  test('uses the spec texts', () => {
    expect(AVAILABILITY_TEXT).toEqual({
      inStock: 'In Stock and Ready to Ship!!!',
      outOfStock: 'Out of stock',
      unavailable: 'Currently unavailable',
    });
  });

  test.each([
    [{ availableForSale: true, availableQuantity: 3 }, 'In Stock and Ready to Ship!!!'],
    [{ availableForSale: true, availableQuantity: 0 }, 'Out of stock'],
    [{ availableForSale: true, availableQuantity: -2 }, 'Out of stock'],
    [{ availableForSale: true, availableQuantity: 0, bypassNegativeQuantity: true }, 'In Stock and Ready to Ship!!!'],
    [{ availableForSale: false, availableQuantity: 9 }, 'Currently unavailable'],
    [{ availableForSale: false, availableQuantity: 0, bypassNegativeQuantity: true }, 'Currently unavailable'],
  ])('shows %j as %j', (input, text) => {
    expect(availabilityText(availabilityOf(input))).toBe(text);
  });

  test('a product not for sale is unavailable whatever its variants hold', () => {
    expect(productAvailability(product({ availableForSale: false }), null)).toBe('unavailable');
  });

  test('before a choice, the product is in stock when any variant is', () => {
    const p = product({ Variants: [variant({ id: 1, availableQuantity: 0 }), variant({ id: 2, availableQuantity: 4 })] });
    expect(productAvailability(p, null)).toBe('in-stock');
  });

  test('before a choice, the product is out of stock when no variant for sale has stock', () => {
    const p = product({ Variants: [variant({ id: 1, availableQuantity: 0 }), variant({ id: 2, availableQuantity: 7, availableForSale: false })] });
    expect(productAvailability(p, null)).toBe('out-of-stock');
  });

  test('a product for sale without variants counts as in stock', () => {
    expect(productAvailability(product({ Variants: [] }), null)).toBe('in-stock');
  });

  test('a selected variant decides on its own', () => {
    const empty = variant({ availableQuantity: 0, availableInventoryLevels: [level({ availableQuantity: 0 })] });
    expect(productAvailability(product(), empty)).toBe('out-of-stock');
    expect(productAvailability(product(), variant({ availableForSale: false }))).toBe('unavailable');
  });

  test('an inventory level that allows negative quantity makes the selected variant in stock', () => {
    const backorder = variant({ availableQuantity: 0, availableInventoryLevels: [level({ availableQuantity: 0, bypassNegativeQuantity: true })] });
    expect(productAvailability(product(), backorder)).toBe('in-stock');
  });

  test('a bypass flag on a level not for sale does not count', () => {
    const v = variant({ availableQuantity: 0, availableInventoryLevels: [level({ availableForSale: false, bypassNegativeQuantity: true })] });
    expect(productAvailability(product(), v)).toBe('out-of-stock');
  });

  test('is never in stock when not for sale, and in stock whenever for sale with stock', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -10, max: 10 }), fc.boolean(), (availableForSale, availableQuantity, bypassNegativeQuantity) => {
        const a = availabilityOf({ availableForSale, availableQuantity, bypassNegativeQuantity });
        if (!availableForSale) expect(a).toBe('unavailable');
        else if (availableQuantity > 0 || bypassNegativeQuantity) expect(a).toBe('in-stock');
        else expect(a).toBe('out-of-stock');
      }),
    );
  });
});

describe('breadcrumb collection', () => {
  const collections = [{ id: 7, handle: 'pumps' }, { id: 9, handle: 'motors' }];
  test.each([
    ['the collection the path names', 'motors', 9],
    ["the first collection without a path collection", null, 7],
    ["the first collection when the product is not in the path's", 'heaters', 7],
  ] as const)('is %s', (_case, handle, expected) => {
    expect(breadcrumbCollectionId({ Collections: collections }, handle)).toBe(expected);
  });

  test('is null for a product in no collection', () => {
    expect(breadcrumbCollectionId({ Collections: [] }, 'pumps')).toBeNull();
  });
});

describe('fixed texts', () => {
  test('warranty text is the spec sentence', () => {
    expect(WARRANTY_TEXT).toBe('This product has a 1 year warranty from the manufacturer only.');
  });

  test('loading, shipping and share texts are the spec strings', () => {
    expect(PRODUCT_PAGE_TEXT).toEqual({ loading: 'Fetching product...', shipping: 'Calculated at Checkout', shareEmailSubject: 'Check this out' });
  });
});

describe('page title', () => {
  test.each([
    ['Pump Basket', 'Skimmer', 'Pump Basket - Skimmer'],
    ['Pump Basket - Skimmer', 'Skimmer', 'Pump Basket - Skimmer'],
    ['SKIMMER pump basket', 'Skimmer', 'SKIMMER pump basket'],
    ['  Pump Basket  ', 'Skimmer', 'Pump Basket - Skimmer'],
    ['', 'Skimmer', 'Skimmer'],
    [null, 'Skimmer', 'Skimmer'],
    ['Pump Basket', '', 'Pump Basket'],
  ])('appends the store name when absent (case-insensitive): %j + %j', (title, store, expected) => {
    expect(pageTitle(title, store)).toBe(expected);
  });

  test('uses the SEO title when set', () => {
    expect(productPageTitle({ title: 'Pump', seoTitle: 'Super Pump Basket' }, 'Skimmer')).toBe('Super Pump Basket - Skimmer');
    expect(productPageTitle({ title: 'Pump', seoTitle: '  ' }, 'Skimmer')).toBe('Pump - Skimmer');
  });

  test('is idempotent and always names the store', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), (title, store) => {
        const once = pageTitle(title, store);
        expect(pageTitle(once, store)).toBe(once);
        expect(once.toLowerCase()).toContain(store.trim().toLowerCase());
      }),
    );
  });
});

describe('PDF display name', () => {
  test.each([
    ['1700000000-12-34-ab-Pump-Manual.pdf', 'Pump-Manual.pdf'],
    ['a-b-c-d-manual.pdf', 'manual.pdf'],
    ['a-b-c-d-', 'a-b-c-d-'],
    ['a-b-c-d', 'a-b-c-d'],
    ['manual.pdf', 'manual.pdf'],
    ['', ''],
  ])('drops the first four dash-separated segments of %j, keeping short names whole', (stored, shown) => {
    expect(pdfDisplayName(stored)).toBe(shown);
  });

  test('gives back the name behind any four-segment prefix (round trip)', () => {
    const segment = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes('-'));
    const name = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 4, maxLength: 4 }), name, (prefix, shown) => {
        expect(pdfDisplayName(`${prefix.join('-')}-${shown}`)).toBe(shown);
      }),
    );
  });

  test('builds the PDF cards, falling back to the URL file name', () => {
    expect(
      pdfCards([
        { url: 'https://cdn.test/x.pdf', Attachment: { localFilename: '1-2-3-4-Spec-Sheet.pdf' } },
        { url: 'https://cdn.test/files/guide.pdf?v=2', Attachment: { localFilename: '' } },
      ]),
    ).toEqual([
      { url: 'https://cdn.test/x.pdf', name: 'Spec-Sheet.pdf' },
      { url: 'https://cdn.test/files/guide.pdf?v=2', name: 'guide.pdf' },
    ]);
    expect(pdfCards(null)).toEqual([]);
  });
});

describe('SKU', () => {
  test.each([
    ['SP 1500 X', 'SP-1500-X'],
    ['SP  1500', 'SP--1500'],
    [' SP1500 ', 'SP1500'],
    ['SP\t1500', 'SP-1500'],
    [null, ''],
  ])('turns each space of %j into a dash', (sku, shown) => {
    expect(skuWithDashes(sku)).toBe(shown);
  });

  test('never contains whitespace and keeps its length once trimmed', () => {
    fc.assert(
      fc.property(fc.string(), (sku) => {
        const out = skuWithDashes(sku);
        expect(out).not.toMatch(/\s/);
        expect(out).toHaveLength(sku.trim().length);
      }),
    );
  });
});

describe('dates', () => {
  test('formats a time as YYYY-MM-DD in UTC by default', () => {
    expect(isoDate(Date.UTC(2025, 0, 31, 23, 59))).toBe('2025-01-31');
    expect(isoDate(new Date('0005-01-01T00:00:00Z'))).toBe('0005-01-01');
  });

  test('formats in the store time zone when given, falling back to UTC for an unknown zone', () => {
    expect(isoDate(Date.UTC(2025, 0, 31, 3, 0), 'America/Los_Angeles')).toBe('2025-01-30');
    expect(isoDate(Date.UTC(2025, 0, 31, 3, 0), 'Not/AZone')).toBe('2025-01-31');
  });

  test('gives null for an invalid time', () => {
    expect(isoDate(Number.NaN)).toBeNull();
    expect(isoDate(new Date('nonsense'))).toBeNull();
  });

  test('the price is valid for one week from now', () => {
    expect(priceValidUntil(new Date('2025-03-01T10:00:00Z'))).toBe('2025-03-08');
    expect(priceValidUntil(Date.UTC(2024, 1, 25))).toBe('2024-03-03'); // leap year
    expect(priceValidUntil(Date.UTC(2025, 11, 28))).toBe('2026-01-04');
  });

  test('priceValidUntil equals the UTC date seven days later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9000, 0, 1) }), (now) => {
        expect(priceValidUntil(now)).toBe(new Date(now + 7 * 86_400_000).toISOString().slice(0, 10));
      }),
    );
  });
});

describe('return window', () => {
  test.each([
    [14, 14],
    [60, 60],
    [null, 30],
    [undefined, 30],
    [0, 30],
    [-5, 30],
    [12.5, 30],
    [Number.NaN, 30],
  ])('uses merchantReturnDays %s when a positive integer, else 30', (configured, days) => {
    expect(merchantReturnDays(configured)).toBe(days);
  });

  test('defaults to 30 days', () => {
    expect(DEFAULT_MERCHANT_RETURN_DAYS).toBe(30);
  });
});

describe('structured product data', () => {
  test('describes the product as a schema.org Product', () => {
    const ld = productJsonLd(product(), { now: NOW, url: 'https://shop.test/products/pump-basket' });
    expect(ld).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: 'Pump Basket',
      url: 'https://shop.test/products/pump-basket',
      sku: 'SP-1500-X',
      mpn: 'SPX1500',
      brand: { '@type': 'Brand', name: 'Hayward' },
      image: ['https://img.test/1.jpg'],
      description: 'Fits Super Pump models.',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.test/products/pump-basket',
        price: '29.90',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        priceValidUntil: '2025-03-08',
        itemCondition: 'https://schema.org/NewCondition',
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'US',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 30,
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/RestockingFees',
        },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 0 },
    });
  });

  test('takes the return window from the store configuration', () => {
    const ld = productJsonLd(product(), { now: NOW, merchantReturnDays: 14 });
    expect(ld.offers!.hasMerchantReturnPolicy.merchantReturnDays).toBe(14);
  });

  test('omits aggregateRating when there are no reviews', () => {
    const ld = productJsonLd(product({ Reviews: [] }), { now: NOW });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  test('rates the average of starsRating to two decimals (not the stored avgRating)', () => {
    const ld = productJsonLd(product({ avgRating: 1, Reviews: [{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 4 }] }), { now: NOW });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.33, reviewCount: 3 });
  });

  test('says OutOfStock when no variant has stock, and when the product is not for sale', () => {
    const empty = product({ Variants: [variant({ availableQuantity: 0, availableInventoryLevels: [level({ availableQuantity: 0 })] })] });
    expect(productJsonLd(empty, { now: NOW }).offers!.availability).toBe('https://schema.org/OutOfStock');
    expect(productJsonLd(product({ availableForSale: false }), { now: NOW }).offers!.availability).toBe('https://schema.org/OutOfStock');
  });

  test('leaves out empty sku, brand, images and description', () => {
    const ld = productJsonLd(product({ sku: null, vendor: ' ', Images: [], imageUrl: null, descriptionHtml: null, productCode: null }), { now: NOW });
    expect(ld).not.toHaveProperty('sku');
    expect(ld).not.toHaveProperty('brand');
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('description');
    expect(ld).not.toHaveProperty('mpn');
  });

  test('prefers the SEO description and falls back to imageUrl', () => {
    const ld = productJsonLd(product({ seoDescription: 'Genuine Hayward basket', Images: [] }), { now: NOW });
    expect(ld.description).toBe('Genuine Hayward basket');
    expect(ld.image).toEqual(['https://img.test/main.jpg']);
  });

  test('states no offer for a product priced on request, and a free one at 0.00', () => {
    const quoted = productJsonLd(product({ price: 0, callForPrice: true }), { now: NOW });
    expect(quoted).not.toHaveProperty('offers');
    expect(quoted.name).toBe(product().title);
    expect(productJsonLd(product({ price: 0 }), { now: NOW }).offers).toMatchObject({ price: '0.00' });
  });

  test('prints the price in cents-exact decimals and uses the given currency', () => {
    expect(productJsonLd(product({ price: 0.1 + 0.2 }), { now: NOW, currency: 'CAD' }).offers).toMatchObject({ price: '0.30', priceCurrency: 'CAD' });
    expect(productJsonLd(product({ price: 1234 }), { now: NOW }).offers!.price).toBe('1234.00');
  });

  test('leaves out priceValidUntil when the time is invalid, without throwing', () => {
    expect(productJsonLd(product(), { now: Number.NaN }).offers).not.toHaveProperty('priceValidUntil');
  });

  test('survives JSON serialisation unchanged', () => {
    const ld = productJsonLd(product(), { now: new Date(NOW) });
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  test('rating is within 0..5 with two decimals and counts the reviews', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 50 }), (stars) => {
        const ld = productJsonLd(product({ Reviews: stars.map((starsRating) => ({ starsRating })) }), { now: NOW });
        if (stars.length === 0) {
          expect(ld.aggregateRating).toBeUndefined();
          return;
        }
        const rating = ld.aggregateRating;
        expect(rating?.reviewCount).toBe(stars.length);
        expect(rating?.ratingValue).toBeGreaterThanOrEqual(0);
        expect(rating?.ratingValue).toBeLessThanOrEqual(5);
        expect(String(rating?.ratingValue)).toMatch(/^\d(\.\d{1,2})?$/);
      }),
    );
  });

  test('price always has exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const ld = productJsonLd(product({ price: cents / 100 }), { now: NOW });
        expect(ld.offers!.price).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(ld.offers!.price) * 100)).toBe(cents);
      }),
    );
  });
});
