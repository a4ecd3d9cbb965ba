// The examples of docs/library.md ("Using skimmer/domain"), run as written, and the results the
// page prints beside them checked against the page's text, so the documentation cannot drift from
// the code.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  cartItemCount, cartReducer, compareAt, formatPrice, fromQueryString, parsePricePhrase,
  showingText, toQueryString, validateQuantity,
} from '../../src/domain/index.ts';
import { cartLinesArb, searchQueryArb } from '../../src/domain/testing/index.ts';
import type { CartLine } from '../../src/domain/index.ts';

const line: CartLine = {
  lineItemId: 1, inventoryLevelId: 10, title: 'Pump lid O-ring', imageUrl: null, quantity: 2,
  price: 4.5, availableForSale: true, availableQuantity: 20, sku: 'O-230', handle: 'pump-lid-o-ring',
  bypassNegativeQuantity: false,
};

const page = readFileSync(new URL('../../docs/library.md', import.meta.url), 'utf8');

describe('docs/library.md examples', () => {
  test.each([
    ["formatPrice(0, 'product');   // 'Please call us for price on this product.'"],
    ["formatPrice(0, 'list');      // 'FREE'"],
    ["formatPrice(1234.5);         // '$1,234.50'"],
    ["validateQuantity('12', { availableQuantity: 5, availableForSale: true });\n// { ok: false, reason: 'too-many', error: \"Can't add more than 5\" }"],
    ["showingText(0, 24, 130, 'products');         // 'Showing 1 - 24 of 130 products.'"],
    ["import { cartLinesArb, searchQueryArb } from 'skimmer/domain/testing';"],
  ])('the page shows %s', (example) => {
    expect(page).toContain(example);
  });

  test('prices', () => {
    expect(formatPrice(0, 'product')).toBe('Please call us for price on this product.');
    expect(formatPrice(0, 'list')).toBe('FREE');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    const shown = compareAt({ price: 80, compareAtPrice: 100, availableForSale: true });
    expect(shown).not.toBeNull();
    expect(JSON.stringify(shown)).toMatch(/20/);
  });

  test('cart and quantity', () => {
    const lines = cartReducer([line], { type: 'add', line: { ...line, lineItemId: 2, quantity: 3 } });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(5);
    expect(validateQuantity('12', { availableQuantity: 5, availableForSale: true })).toMatchObject({
      ok: false,
      reason: 'too-many',
      error: "Can't add more than 5",
    });
  });

  test('search and URLs', () => {
    const phrase = parsePricePhrase('sand filter under $500');
    expect(phrase).not.toBeNull();
    expect(JSON.stringify(phrase)).toMatch(/500/);
    const query = { q: 'pump', t: [['Brand', 'AquaCrest']] as [string, string][], page: 2 };
    expect(fromQueryString(toQueryString(query))).toEqual(query);
    expect(showingText(0, 24, 130, 'products')).toBe('Showing 1 - 24 of 130 products.');
  });

  test('arbitraries', () => {
    fc.assert(
      fc.property(cartLinesArb(), fc.nat(), (lines, i) => {
        const picked = lines[i % Math.max(1, lines.length)];
        const after = picked ? cartReducer(lines, { type: 'delete', lineItemId: picked.lineItemId }) : lines;
        return cartItemCount(after) <= cartItemCount(lines);
      }),
    );
    fc.assert(fc.property(searchQueryArb, (q) => {
      expect(fromQueryString(toQueryString(q))).toEqual(q);
    }));
  });
});
