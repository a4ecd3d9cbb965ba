/**
 * The first-load JavaScript budget of issue 6, as a regression guard: the home, a collection, a
 * product and the search results page each load at most 130 KB of gzipped JavaScript before their
 * content is on screen, and none of them loads the phone and postcode libraries, socket.io-client
 * or the 3D viewer in that first load. Sizes, not timings: the same build gives the same bytes.
 * `npm run bench:web` prints the same figures beside Lighthouse's.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, openBrowser, storeUrl, VIEWPORTS, type ViewportName } from './harness.ts';

/** The goal of issue 6, in gzipped bytes. */
const BUDGET = 130 * 1024;

/** Code that only the pages using it may load: a marker string of each library's own code. */
const ONLY_WHERE_USED: [string, string][] = [
  ['libphonenumber-js', 'country_calling_codes'],
  ['socket.io-client', 'engine.io'],
  ['the 3D model viewer (three.js)', 'WebGLRenderer'],
];

let browser: Browser;
let routes: { name: string; path: string; ready: string }[];

beforeAll(async () => {
  browser = await openBrowser();
  const api = async <T>(path: string): Promise<T> => (await fetch(`${storeUrl()}${path}`)).json() as Promise<T>;
  const { products } = await api<{ products: { handle: string }[] }>('/api/products/filter?limit=1&sortBy=best_selling');
  const { collections } = await api<{ collections: { handle: string }[] }>('/api/collections?q=pump&fields=handle');
  routes = [
    { name: 'home', path: '/', ready: 'main h2' },
    { name: 'collection', path: `/collections/${collections[0]!.handle}`, ready: 'main h1' },
    { name: 'product', path: `/products/${products[0]!.handle}`, ready: 'main h1' },
    { name: 'search', path: '/searchresults.asp?q=pump', ready: 'main h1' },
  ];
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('first-load JavaScript at %s width', (viewport) => {
  test('each main page loads at most 130 KB gzipped before its content is on screen, without the libraries other pages use', async () => {
    for (const route of routes) {
      const page = await newPage(browser, viewport);
      const scripts: Promise<{ url: string; body: Buffer }>[] = [];
      let ready = false;
      page.on('request', (request) => {
        if (ready || request.resourceType() !== 'script') return;
        scripts.push(request.response().then(async (response) => ({ url: request.url(), body: response ? await response.body() : Buffer.alloc(0) })));
      });
      await page.goto(route.path);
      await page.locator(route.ready).first().waitFor();
      ready = true;
      const loaded = await Promise.all(scripts);
      const gzipped = loaded.reduce((sum, s) => sum + gzipSync(s.body, { level: 6 }).length, 0);
      expect(gzipped, `${route.name} at ${viewport}: ${(gzipped / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET);
      for (const [library, marker] of ONLY_WHERE_USED) {
        const carrier = loaded.find((s) => s.body.includes(marker));
        expect(carrier?.url, `${route.name} at ${viewport} loads ${library}`).toBeUndefined();
      }
      await page.context().close();
    }
  });
});
