/**
 * The server-rendered storefront in Chromium (issue 13): every main route hydrates without a
 * console error or hydration warning, the first load of a product, a collection and a search
 * page asks the API for nothing the HTML already carries, and with JavaScript off a shopper
 * browses from home to a product through a collection and through the search form.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, openBrowser, pageErrors, storeUrl } from './harness.ts';

let browser: Browser;
let product: { handle: string; title: string };
let collection: { handle: string; title: string };
let article: { handle: string };

beforeAll(async () => {
  browser = await openBrowser();
  const api = async <T>(path: string): Promise<T> => (await fetch(`${storeUrl()}${path}`)).json() as Promise<T>;
  product = (await api<{ products: { handle: string; title: string }[] }>('/api/products/filter?limit=1&sortBy=best_selling')).products[0]!;
  const { collections } = await api<{ collections: { handle: string; title: string; id: number }[] }>('/api/collections?q=pump');
  collection = collections[0]!;
  article = (await api<{ articles: { handle: string }[] }>('/api/articles?limit=1')).articles[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the page hydrated: React attaches its fiber to the server's elements. */
async function hydrated(page: import('playwright-core').Page): Promise<boolean> {
  return page.evaluate(() => {
    const h1 = document.querySelector('#root main h1, #root h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

describe('hydration', () => {
  test('home, collection, product, search, a blog post, help and the not-found page hydrate without a console error or hydration warning', async () => {
    const routes = ['/', `/collections/${collection.handle}`, `/products/${product.handle}`, '/searchresults.asp?q=pump', `/blogs/${article.handle}`, '/help.asp', '/no/such/page'];
    for (const path of routes) {
      const page = await newPage(browser, 'desktop');
      const messages: string[] = [];
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
      expect(pageErrors(page), path).toEqual([]);
      expect(messages.filter((m) => /hydrat|did not match|didn't match|#418|#423|#425/i.test(m)), path).toEqual([]);
      await page.context().close();
    }
  });

  test('the server HTML stays: the heading painted by the server is the one the shopper sees after hydration', async () => {
    const page = await newPage(browser, 'mobile');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { __serverH1?: Element | null }).__serverH1 = document.querySelector('#root h1');
      });
    });
    await page.goto(`/products/${product.handle}`, { waitUntil: 'networkidle' });
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => (window as { __serverH1?: Element | null }).__serverH1 === document.querySelector('#root h1'))).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('first load asks for nothing the HTML carries', () => {
  test.each([
    ['product', (): string => `/products/${product.handle}`, [/\/api\/products\/handle\//, /\/api\/nav\b/]],
    ['collection', (): string => `/collections/${collection.handle}`, [/\/api\/collections\/handle\//, /\/api\/products\/filter/, /\/api\/collections\/\d+\/hierarchy/, /\/api\/nav\b/]],
    ['search', (): string => '/searchresults.asp?q=pump', [/\/api\/products\/filter\?.*q=pump/, /\/api\/nav\b/]],
  ] as const)('%s page', async (_name, path, inHtml) => {
    const page = await newPage(browser, 'desktop');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
    });
    await page.goto(path(), { waitUntil: 'networkidle' });
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    const repeated = calls.filter((url) => inHtml.some((re) => re.test(url)));
    expect(repeated).toEqual([]);
    // the page shows its data (from the HTML) all the same
    expect(await page.locator('#root h1').first().textContent()).not.toBe('');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('without JavaScript', () => {
  test('a shopper browses from home to a product through a collection, and through the search form', async () => {
    const context = await browser.newContext({ baseURL: storeUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // home -> a collection from the header's navigation -> a product of its list
    await page.goto('/');
    expect(await page.locator('#root h2').first().textContent()).toBeTruthy();
    // the collections sit in the header's 'Shop by Category' panel, a disclosure that opens without JavaScript
    await page.locator('header nav summary').first().click();
    const navLink = page.locator('header a[href^="/collections/"]').first();
    const collectionHref = await navLink.getAttribute('href');
    await navLink.click();
    await page.waitForURL((url) => url.pathname === collectionHref);
    expect(await page.locator('main h1').textContent()).toBeTruthy();
    const productLink = page.locator('main a[href*="/products/"]').first();
    await productLink.click();
    await page.waitForURL(/\/products\//);
    const title = await page.locator('main h1').textContent();
    expect(title).toBeTruthy();
    // the sort and page links of a listing are plain links
    await page.goto('/searchresults.asp?q=pump');
    expect(await page.locator('noscript, nav[aria-label="Sort by"]').count()).toBeGreaterThan(0);
    // home -> the header's search form (a GET) -> a result -> the product
    await page.goto('/');
    await page.locator('header input[name="q"]').fill('pump');
    await page.locator('header input[name="q"]').press('Enter');
    await page.waitForURL(/\/searchresults\.asp\?q=pump/);
    expect(await page.locator('main h1').textContent()).toContain('pump');
    await page.locator('main a[href*="/products/"]').first().click();
    await page.waitForURL(/\/products\//);
    expect(await page.locator('main h1').textContent()).toBeTruthy();
    await context.close();
  });

  test('the listing links sort and page a collection without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: storeUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/searchresults.asp?q=pump');
    const sort = page.locator('nav[aria-label="Sort by"] a', { hasText: 'Price: lowest to highest' });
    await sort.click();
    await page.waitForURL(/sortBy=price_asc/);
    const pages = page.locator('nav[aria-label="Pages"] a', { hasText: '2' });
    if ((await pages.count()) > 0) {
      await pages.first().click();
      await page.waitForURL(/page=1/);
      expect(await page.locator('main a[href*="/products/"]').count()).toBeGreaterThan(0);
    }
    await context.close();
  });
});
