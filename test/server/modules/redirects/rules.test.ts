/**
 * The redirects' pure rules: the old addresses recognised (Volusion's shapes whatever their case,
 * Shopify's only where the store's paths are others), the matching key, and a redirects file's
 * check: chains collapsed, loops and bad lines refused in plain words.
 */
import { describe, expect, test } from 'vitest';
import { htmPageIdOf, legacyAddress, planRedirects, redirectKey, requestKeys } from '../../../../src/server/modules/redirects/rules.ts';

const shopifyPaths = { productPath: '/products', collectionPath: '/collections' };
const otherPaths = { productPath: '/p', collectionPath: '/c' };

describe('old addresses', () => {
  test.each([
    ['/ProductDetails.asp?ProductCode=TWAD15', { kind: 'product-code', code: 'TWAD15' }],
    ['/productdetails.asp?productcode=twad15', { kind: 'product-code', code: 'twad15' }],
    ['/PRODUCTDETAILS.ASP?PRODUCTCODE=A%20B', { kind: 'product-code', code: 'A B' }],
    ['/Tidewell-AquaDrive-1-5-HP-Pool-Pump-p/TWAD15.htm', { kind: 'product-code', code: 'TWAD15' }],
    ['/product_p/twad15.htm', { kind: 'product-code', code: 'twad15' }],
    ['/Product_P/TWAD15.HTM', { kind: 'product-code', code: 'TWAD15' }],
    ['/SearchResults.asp?Cat=2', { kind: 'category-id', id: 2 }],
    ['/searchresults.asp?cat=12&page=1', { kind: 'category-id', id: 12 }],
    ['/Pool-Pumps-s/2.htm', { kind: 'category-id', id: 2 }],
    ['/category_s/4.htm', { kind: 'category-id', id: 4 }],
  ] as const)('%s is %o', (url, expected) => {
    expect(legacyAddress(url, shopifyPaths)).toEqual(expected);
  });

  test.each([
    '/ProductDetails.asp', '/ProductDetails.asp?ProductCode=', '/SearchResults.asp?Cat=pumps', '/searchresults.asp?q=pump',
    '/SearchResults.asp?Cat=0', '/default.asp', '/expert-assistance/355.htm', '/pumps-s/abc.htm', '/products/pump', '/collections/pumps',
    '/product_p/%E0%A4%A.htm', '/', '/help.asp',
  ])('%s is none of them', (url) => {
    expect(legacyAddress(url, shopifyPaths)).toBeNull();
  });

  test("Shopify's /products/{handle} and /collections/{handle} only where the store's own paths are others", () => {
    expect(legacyAddress('/products/pump-lid', otherPaths)).toEqual({ kind: 'product-handle', handle: 'pump-lid' });
    expect(legacyAddress('/collections/pumps', otherPaths)).toEqual({ kind: 'collection-handle', handle: 'pumps' });
    expect(legacyAddress('/products/pump-lid', shopifyPaths)).toBeNull();
  });

  test('the generic page id an .htm address may name', () => {
    expect(htmPageIdOf('/Pumps-s/355.htm')).toBe(355);
    expect(htmPageIdOf('/product_p/TWAD15.htm')).toBeNull();
  });

  test('keys: path case-insensitive, no trailing slash, query kept; a request is tried with its query, then without', () => {
    expect(redirectKey('https://old.example/Pool-Pumps/?Page=2')).toBe('/pool-pumps?page=2');
    expect(redirectKey('/Old Page/')).toBe('/old%20page');
    expect(redirectKey('pumps')).toBeNull();
    expect(redirectKey('//evil.example/x')).toBeNull();
    expect(requestKeys('/Old-Pump.htm?utm_source=x')).toEqual(['/old-pump.htm?utm_source=x', '/old-pump.htm']);
  });
});

describe('a redirects file', () => {
  const line = (n: number, from: string, to: string) => ({ line: n, from, to });

  test('a chain a → b → c is stored as a → c and b → c', () => {
    const plan = planRedirects([line(2, '/a', '/b'), line(3, '/b', '/c')], []);
    expect(plan).toEqual({
      ok: true,
      imported: 2,
      collapsed: 1,
      rows: [{ fromKey: '/a', fromPath: '/a', to: '/c' }, { fromKey: '/b', fromPath: '/b', to: '/c' }],
    });
  });

  test('a stored redirect that now leads to a new one is re-pointed at the end of the chain', () => {
    const plan = planRedirects([line(2, '/b', 'https://new.example/c')], [{ fromKey: '/a', fromPath: '/a', to: '/B/' }]);
    expect(plan.ok && plan.rows).toEqual([{ fromKey: '/a', fromPath: '/a', to: 'https://new.example/c' }, { fromKey: '/b', fromPath: '/b', to: 'https://new.example/c' }]);
  });

  test('a loop is refused with its line and the addresses it goes round', () => {
    const plan = planRedirects([line(2, '/a', '/b'), line(3, '/b', '/c'), line(4, '/c', '/A')], []);
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.problems[0]).toEqual({ line: 2, reason: "Line 2: '/a' goes round in a loop (/a → /b → /c → /A), so it would never arrive" });
    expect(planRedirects([line(2, '/x', '/x')], [])).toEqual({ ok: false, problems: [{ line: 2, reason: "Line 2: '/x' goes round in a loop (/x → /x), so it would never arrive" }] });
  });

  test('a loop through a stored redirect is refused too', () => {
    const plan = planRedirects([line(5, '/b', '/a')], [{ fromKey: '/a', fromPath: '/a', to: '/b' }]);
    expect(plan).toEqual({ ok: false, problems: [{ line: 5, reason: "Line 5: '/b' goes round in a loop (/b → /a → /b), so it would never arrive" }] });
  });

  test.each([
    [line(2, '', '/b'), "Line 2: the 'from' address is empty"],
    [line(2, 'pumps.htm', '/b'), "Line 2: 'pumps.htm' is not an address of the old site (it must start with / or http)"],
    [line(2, '/', '/b'), "Line 2: '/' is the home page, which cannot be redirected"],
    [line(2, '/api/products', '/b'), "Line 2: '/api/products' is an address the store itself uses (/api/ /media/ /feeds/ /assets/ /sitemaps/)"],
    [line(2, '/a', ''), "Line 2: the 'to' address is empty"],
    [line(2, '/a', 'javascript:alert(1)'), "Line 2: 'javascript:alert(1)' is not a place to send visitors (a path starting with / or an http(s) URL)"],
  ])('%o is refused: %s', (row, reason) => {
    expect(planRedirects([row], [])).toEqual({ ok: false, problems: [{ line: 2, reason }] });
  });

  test('an old address given twice is refused at its second line', () => {
    expect(planRedirects([line(2, '/a', '/b'), line(3, '/A/', '/c')], [])).toEqual({ ok: false, problems: [{ line: 3, reason: "Line 3: '/A/' is already redirected on line 2" }] });
  });
});
