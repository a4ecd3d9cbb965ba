/**
 * Issue 18, the domain rules behind defects 4, 10: the search heading of a listing reached by a
 * link, the price slider of a listing with nothing to price, and a collection description that
 * repeats the title.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { descriptionWithoutTitle } from '../../src/domain/catalog-text.ts';
import { priceRangeView } from '../../src/domain/filters.ts';
import { searchHeading } from '../../src/domain/listing.ts';
import { fromQueryString, toQueryString } from '../../src/domain/urls.ts';

describe('searchHeading', () => {
  test.each([
    [{ q: 'pump' }, 'Search for "pump"'],
    [{ q: 'pump', v: 'Pentair' }, 'Search for "pump"'],
    [{ v: 'Pentair' }, 'Products by Pentair'],
    [{ isFeatured: true }, 'Featured products'],
    [{}, 'Search for ""'],
  ])('%j reads %s', (query, heading) => {
    expect(searchHeading(query)).toBe(heading);
  });

  test("'isFeatured=true' survives the page URL round trip; other values are dropped", () => {
    expect(fromQueryString('isFeatured=true')).toEqual({ isFeatured: true });
    expect(fromQueryString('isFeatured=false')).toEqual({});
    expect(toQueryString({ q: 'pump', isFeatured: true })).toBe('q=pump&isFeatured=true');
  });
});

describe('priceRangeView', () => {
  test('no priced product and no bound: no slider', () => {
    expect(priceRangeView(0, { minPrice: null, maxPrice: null })).toBeNull();
  });

  test('a bound that matched nothing keeps the slider, scaled to the bound', () => {
    expect(priceRangeView(0, { minPrice: 50, maxPrice: 80 })).toEqual({ ceiling: 80, min: 50, max: 80, text: '$50.00 - $80.00' });
  });

  test('the values always lie within 0..ceiling and the ceiling covers the dearest product', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e6, noNaN: true }), (top) => {
        const view = priceRangeView(top, { minPrice: null, maxPrice: null })!;
        expect(view.ceiling).toBeGreaterThanOrEqual(top);
        expect(view.ceiling).toBe(Math.max(1, Math.ceil(top)));
        expect(view.min).toBe(0);
        expect(view.max).toBe(view.ceiling);
      }),
    );
  });
});

describe('descriptionWithoutTitle', () => {
  test.each([
    ['<h2>Automation</h2><p>Parts.</p>', '<p>Parts.</p>'],
    ['  <H1 class="x">  automation </H1>\n<p>Parts.</p>', '<p>Parts.</p>'],
    ['<h2><strong>Automation</strong></h2><p>Parts.</p>', '<p>Parts.</p>'],
    ['<h2>Why automate?</h2><p>Parts.</p>', '<h2>Why automate?</h2><p>Parts.</p>'],
    ['<p>Automation</p><p>Parts.</p>', '<p>Automation</p><p>Parts.</p>'],
    ['<p>Parts.</p><h2>Automation</h2>', '<p>Parts.</p><h2>Automation</h2>'],
  ])('%j becomes %j', (html, expected) => {
    expect(descriptionWithoutTitle(html, 'Automation')).toBe(expected);
  });
});
