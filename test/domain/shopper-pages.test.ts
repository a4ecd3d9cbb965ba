/**
 * The domain rules behind the shopper's second round of findings on pages and heads: the parts
 * that fit a model as a listing of their own, the heads of the shopper's own pages and of a
 * missing page, the product page's breadcrumb trail, and the media viewer's position line.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { searchHeading } from '../../src/domain/listing.ts';
import { mediaPositionText } from '../../src/domain/media-viewer.ts';
import { productBreadcrumbTrail } from '../../src/domain/product-page.ts';
import { canRunSearch } from '../../src/domain/search.ts';
import { accountHead, notFoundHead } from '../../src/domain/seo-pages.ts';

const handle = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,40}$/);

describe('the parts that fit a model as a listing', () => {
  test('a fits filter alone runs the search (the equipment page links to it without a keyword)', () => {
    expect(canRunSearch({ fits: ['acme-pump-a1'] })).toBe(true);
    expect(canRunSearch({ q: '', fits: ['acme-pump-a1'] })).toBe(true);
  });

  test('an empty or malformed fits filter does not', () => {
    expect(canRunSearch({ fits: [] })).toBe(false);
    expect(canRunSearch({ fits: ['', ' ', 'a,b'] })).toBe(false);
    expect(canRunSearch({ fits: null })).toBe(false);
  });

  test('law: any handle-shaped model runs, with or without a short keyword', () => {
    fc.assert(fc.property(handle, fc.string({ maxLength: 2 }), (h, q) => canRunSearch({ q, fits: [h] })));
  });

  test.each([
    [{ fits: ['acme-pump-a1'] }, 'Acme SuperFlow A1', 'Parts that fit the Acme SuperFlow A1'],
    [{ fits: ['acme-pump-a1'] }, null, 'Parts that fit your equipment'],
    [{ fits: ['acme-pump-a1', 'acme-filter-f2'] }, 'Acme SuperFlow A1', 'Parts that fit your equipment'],
    [{ fits: ['acme-pump-a1'], q: 'seal' }, 'Acme SuperFlow A1', 'Search for "seal"'],
    [{ fits: ['acme-pump-a1'], v: 'Acme' }, 'Acme SuperFlow A1', 'Products by Acme'],
  ])('%j with model %s reads %s, never \'Search for ""\'', (query, model, heading) => {
    expect(searchHeading(query, model)).toBe(heading);
  });
});

describe('heads of the shopper\'s own pages and of a missing page', () => {
  test.each(['Sign in', 'Create an account', 'Manage Account', 'Recovery email'])('%s: its own title with the store name, its canonical URL, noindex', (title) => {
    const head = accountHead({ origin: 'https://shop.test', storeName: 'Skimmer' }, { title, path: '/login' });
    expect(head.title).toBe(`${title} - Skimmer`);
    expect(head.url).toBe('https://shop.test/login');
    expect(head.noindex).toBe(true);
    expect(head.jsonLd).toEqual([]);
  });

  test('the not-found head: 404 Not Found with the store name, noindex, no canonical link', () => {
    expect(notFoundHead('Skimmer')).toMatchObject({ title: '404 Not Found - Skimmer', noindex: true, url: null, jsonLd: [] });
  });
});

describe('productBreadcrumbTrail', () => {
  const product = { title: 'Seal kit', Collections: [{ id: 3, handle: 'seals', title: 'Seals' }, { id: 4, handle: 'pump-parts', title: 'Pump parts' }] };
  const hierarchy = [
    { id: 1, title: 'Replacement Parts', handle: 'replacement-parts', LEVEL: 1 },
    { id: 4, title: 'Pump parts', handle: 'pump-parts', LEVEL: 2 },
  ];

  test('the upper hierarchy, then the product', () => {
    expect(productBreadcrumbTrail(product, { hierarchy })).toEqual([
      { title: 'Replacement Parts', handle: 'replacement-parts' },
      { title: 'Pump parts', handle: 'pump-parts' },
      { title: 'Seal kit' },
    ]);
  });

  test('without a hierarchy: the collection the path names (when the product is in it), then the product', () => {
    expect(productBreadcrumbTrail(product, { hierarchy: [], collectionHandle: 'pump-parts' })).toEqual([{ title: 'Pump parts', handle: 'pump-parts' }, { title: 'Seal kit' }]);
    expect(productBreadcrumbTrail(product, { hierarchy: [], collectionHandle: 'heaters' })).toEqual([{ title: 'Seal kit' }]);
    expect(productBreadcrumbTrail(product, { hierarchy: [] })).toEqual([{ title: 'Seal kit' }]);
  });

  test('law: the product is always the last step, with no link', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.nat(), title: fc.string(), handle: handle, LEVEL: fc.nat() }), { maxLength: 5 }), (h) => {
        const trail = productBreadcrumbTrail(product, { hierarchy: h });
        return trail.length === h.length + 1 && trail.at(-1)!.title === 'Seal kit' && trail.at(-1)!.handle === undefined;
      }),
    );
  });
});

describe('mediaPositionText', () => {
  test('a 3D model after four images reads its place among all five items', () => {
    expect(mediaPositionText('model', 4, 5)).toBe('3D model (5 of 5)');
  });

  test('an image reads its place', () => {
    expect(mediaPositionText('image', 1, 5)).toBe('Image 2 of 5');
  });

  test('law: the place is index + 1 of the total, for any item', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), fc.constantFrom('image' as const, 'model' as const), (total, i, kind) => {
        const index = i % total;
        return mediaPositionText(kind, index, total).includes(`${index + 1} of ${total}`);
      }),
    );
  });
});
