import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CHROME_TEXT, cartLineTotalText, headerNavigation } from '../../src/domain/chrome.ts';
import { FOOTER_TEXT, PAYMENT_METHODS, footerCategories } from '../../src/domain/footer.ts';
import type { NavLink } from '../../src/domain/entities.ts';

const link = (id: number, url: string, children: NavLink[] = [], max: number | null = null): NavLink => ({
  id, title: `Link ${id}`, url, children, maxChildItemsToDisplay: max,
});
const kids = (n: number): NavLink[] => Array.from({ length: n }, (_, i) => link(100 + i, `/c/${i}`));

describe('chrome texts', () => {
  test.each([
    ['noItemsInCart', 'No items in cart'],
    ['viewCart', 'View Cart'],
    ['close', 'Close'],
    ['confirm', 'Confirm'],
    ['home', 'Home'],
  ] as const)('%s reads the spec text %s', (key, text) => {
    expect(CHROME_TEXT[key]).toBe(text);
  });

  test.each([
    ['sellerReviews', 'SELLER REVIEWS'],
    ['seeMoreReviews', 'See more reviews »'],
    ['footerNavigate', 'NAVIGATE'],
    ['footerCategories', 'CATEGORIES'],
    ['footerBrands', 'POPULAR BRANDS'],
    ['footerAccount', 'MY ACCOUNT'],
    ['footerConnect', 'CONNECT WITH US'],
  ] as const)('footer %s reads the spec text %s', (key, text) => {
    expect(FOOTER_TEXT[key]).toBe(text);
  });

  test('lists the eight payment methods of the spec in order', () => {
    expect(PAYMENT_METHODS).toEqual(['Amex', 'Apple Pay', 'Diners', 'Discover', 'Google Pay', 'Mastercard', 'PayPal', 'Visa']);
  });
});

describe('headerNavigation', () => {
  test('caps children at 8 unless maxChildItemsToDisplay is set', () => {
    const nav = headerNavigation([link(1, '/a', kids(12)), link(2, '/b', kids(12), 10)], []);
    expect(nav.map((l) => l.children.length)).toEqual([8, 10]);
  });

  test('appends additionalHeaderLinks after the nav data', () => {
    const nav = headerNavigation([link(1, '/a')], [link(9001, '/brands'), link(9002, '/blogs')]);
    expect(nav.map((l) => l.url)).toEqual(['/a', '/brands', '/blogs']);
  });

  test('drops an additional link whose url the nav data already has', () => {
    const nav = headerNavigation([link(1, '/brands')], [link(9001, '/brands')]);
    expect(nav.map((l) => l.id)).toEqual([1]);
  });

  test('reads missing nav data as empty', () => {
    expect(headerNavigation(null, undefined)).toEqual([]);
  });

  test('never shows more than the cap and keeps the children order (property)', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.option(fc.nat(20), { nil: null }), (count, max) => {
        const children = kids(count);
        const [shown] = headerNavigation([link(1, '/a', children, max)], []);
        const cap = max ?? 8;
        expect(shown?.children.length).toBe(Math.min(count, cap));
        expect(shown?.children).toEqual(children.slice(0, cap));
      }),
    );
  });
});

describe('footerCategories', () => {
  test('keeps the title and url of each top-level link', () => {
    expect(footerCategories([link(1, '/collections/pumps', kids(3))])).toEqual([{ title: 'Link 1', url: '/collections/pumps' }]);
  });
});

describe('cartLineTotalText', () => {
  test.each([
    [{ price: 0.1, quantity: 3 }, '$0.30'],
    [{ price: 19.99, quantity: 2 }, '$39.98'],
    [{ price: 5, quantity: 1 }, '$5.00'],
  ])('multiplies in cents: %o reads %s', (line, text) => {
    expect(cartLineTotalText(line, '$')).toBe(text);
  });

  test('equals the unit price in cents times the quantity (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 99 }), (cents, quantity) => {
        const total = cents * quantity;
        const expected = `$${Math.floor(total / 100).toLocaleString('en-US')}.${String(total % 100).padStart(2, '0')}`;
        expect(cartLineTotalText({ price: cents / 100, quantity }, '$')).toBe(expected);
      }),
    );
  });
});
