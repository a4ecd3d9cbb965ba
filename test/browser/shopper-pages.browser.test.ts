/**
 * The second round of a shopper's findings on pages, in Chromium at both widths: every page view
 * after a client-side navigation names its page; an equipment page's 'Shop all N parts that fit'
 * shows those N parts under a heading naming the model; the equipment finder answers Enter without
 * JavaScript; a short collection description has no Read More that does nothing; the hosted
 * checkout asks for no /favicon.ico. Screenshots of a product page, the equipment page and /login
 * go to test-results/screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EquipmentListResponse } from '../../src/api/types.ts';
import { VIEWPORTS, newPage, openBrowser, pageErrors, screenshot, storeUrl, type ViewportName } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${storeUrl()}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Records the page_view events the page sends (gtag is the browser environment's analytics). */
async function recordPageViews(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const views: { title: unknown; path: string }[] = [];
    (window as unknown as { __views: typeof views }).__views = views;
    (window as unknown as { gtag: (...args: unknown[]) => void }).gtag = (_command, name, payload) => {
      if (name === 'page_view') views.push({ title: (payload as { page_title?: unknown }).page_title, path: location.pathname });
    };
  });
}

const views = (page: Page) => page.evaluate(() => (window as unknown as { __views: { title: string; path: string }[] }).__views);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('at %s width', (viewport) => {
  test('each page view after a client-side navigation carries its page\'s title', async () => {
    const { equipment } = await api<EquipmentListResponse>('/api/equipment?limit=1');
    const page = await newPage(browser, viewport);
    await recordPageViews(page);
    await page.goto('/');
    await expect.poll(async () => (await views(page)).length).toBe(1);
    // four client-side navigations, through the app's own links (no reload): each one's view is
    // sent once its page is there (a page still loading has no title yet)
    const go = async (href: string) => {
      const before = (await views(page)).length;
      await page.evaluate((to) => {
        const a = document.createElement('a');
        a.href = to;
        document.body.appendChild(a);
        a.click();
        a.remove();
      }, href);
      await expect.poll(async () => (await views(page)).length, { timeout: 15_000 }).toBe(before + 1);
    };
    await go('/collections/pumps');
    const product = await page.locator('main a[href*="/products/"]').first().getAttribute('href');
    await go(product!);
    await go(`/equipment/${equipment[0]!.handle}`);
    await go('/login');
    await expect.poll(async () => (await views(page)).length).toBe(5);
    const seen = await views(page);
    expect(seen.map((v) => v.path)).toEqual(['/', '/collections/pumps', new URL(product!, storeUrl()).pathname, `/equipment/${equipment[0]!.handle}`, '/login']);
    for (const view of seen) {
      expect(view.title, view.path).not.toBe('');
      expect(view.title, view.path).toMatch(/Skimmer Pool & Spa Supply/);
    }
    expect(seen.at(-1)!.title).toBe('Sign in - Skimmer Pool & Spa Supply');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test("'Shop all N parts that fit' shows the N parts under a heading that names the model", async () => {
    const { equipment } = await api<EquipmentListResponse>('/api/equipment?limit=20');
    const model = equipment.find((m) => m.partCount > 0)!;
    const page = await newPage(browser, viewport);
    await page.goto(`/equipment/${model.handle}`);
    await page.getByRole('link', { name: `Shop all ${model.partCount} parts that fit` }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe(`Parts that fit the ${model.title}`);
    await expect.poll(() => page.getByText(`${model.partCount} matches found`).count()).toBe(1);
    expect(await page.getByText('No products match your search criteria, please try again.').count()).toBe(0);
    // the products beside the sidebar on desktop, below it on a phone: never squeezed into its column
    const grid = await page.locator('main .sk-listing > section').boundingBox();
    expect(grid!.width).toBeGreaterThan(viewport === 'desktop' ? 700 : 300);
    // a fresh load of the same address lists the same parts
    await page.goto(page.url());
    expect(await page.getByText(`${model.partCount} matches found`).count()).toBe(1);
    expect(await page.locator('main h1').textContent()).toMatch(/^Parts that fit /);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('without JavaScript, Enter in the equipment finder lists the matching models', async () => {
    const { equipment } = await api<EquipmentListResponse>('/api/equipment?limit=1');
    const context = await browser.newContext({ baseURL: storeUrl(), viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/equipment');
    const box = page.getByLabel('Enter your equipment model');
    await box.fill(equipment[0]!.modelNumber);
    await box.press('Enter');
    await page.waitForURL(/\/equipment\?q=/);
    await expect.poll(() => page.locator(`main a[href="/equipment/${equipment[0]!.handle}"]`).count()).toBeGreaterThan(0);
    await context.close();
  });

  test('a collection description shorter than its cap has no Read More; a taller one toggles', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/collections/pumps');
    const description = page.locator('#collection-description');
    await description.waitFor();
    const { scroll, client } = await description.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    const toggle = page.getByRole('button', { name: 'Read More' });
    if (scroll > client + 1) {
      await toggle.click();
      await expect.poll(() => page.getByRole('button', { name: 'Read Less' }).count()).toBe(1);
    } else {
      expect(await toggle.count()).toBe(0);
    }
    // a description made short in place: the toggle goes once its box is measured again
    await page.getByRole('button', { name: /Read (More|Less)/ }).count().then(async (n) => {
      if (n > 0 && (await page.getByRole('button', { name: 'Read Less' }).count()) > 0) await page.getByRole('button', { name: 'Read Less' }).click();
    });
    await description.evaluate((el) => {
      el.innerHTML = '<p>Short.</p>';
    });
    await expect.poll(() => page.getByRole('button', { name: /Read More/ }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('screenshots: a product page, the equipment page and /login', async () => {
    const { products } = await api<{ products: { handle: string }[] }>('/api/products/filter?limit=1&sortBy=best_selling');
    const page = await newPage(browser, viewport);
    for (const [name, path] of [['product', `/products/${products[0]!.handle}`], ['equipment', '/equipment'], ['login', '/login']] as const) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await screenshot(page, `shopper-pages-${name}-${viewport}`, { fullPage: false });
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

test('the hosted checkout page asks for no /favicon.ico', async () => {
  const page = await newPage(browser, 'desktop');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/favicon.ico') asked.push(request.url());
  });
  // a cart with one line, then its hosted checkout (the checkout's webUrl)
  const { products } = await api<{ products: { inventoryLevelId: number | null; availableForSale: boolean; price: number }[] }>('/api/products/filter?limit=24');
  const item = products.find((p) => p.availableForSale && p.inventoryLevelId !== null && p.price > 0)!;
  await page.goto('/');
  const webUrl = await page.evaluate(async (levelId) => {
    const res = await fetch('/api/checkouts/lineItems', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `fav-${Date.now()}` },
      body: JSON.stringify({ inventoryLevelId: levelId, quantity: 1 }),
    });
    return ((await res.json()) as { checkout: { webUrl: string } }).checkout.webUrl;
  }, item.inventoryLevelId);
  await page.goto(new URL(webUrl).pathname);
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);
  await page.context().close();
});
