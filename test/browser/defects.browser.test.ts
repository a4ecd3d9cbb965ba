/**
 * Issue 18, what only a browser shows: the cart overlay opens in the viewport after an add on a
 * scrolled page (defect 2); a failing lazy chunk (footer, exit popup) fails alone with the spec's
 * chunk message (defect 8); axe-core on the search results page after a header search (defect 9);
 * the media viewer's Close button in view at 1366x900 (defect 10). Desktop and mobile widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, openBrowser, pageErrors, seriousA11yViolations, type ViewportName } from './harness.ts';
import { filter } from './shopper.helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];

/** The first enabled 'Add to Cart' button of `scope` at or below 1500 px of the page, scrolled into view. */
async function addButtonPastScroll(page: Page, scope: Locator): Promise<Locator> {
  // the cards' buttons are disabled while the cart is read or written (after a page load, after an
  // add): wait for one the shopper could press before choosing
  await scope.getByRole('button', { name: 'Add to Cart', disabled: false }).first().waitFor();
  const buttons = scope.getByRole('button', { name: 'Add to Cart' });
  const count = await buttons.count();
  let chosen: Locator | null = null;
  for (let i = 0; i < count; i += 1) {
    const b = buttons.nth(i);
    if (await b.isDisabled()) continue;
    const { top, inRow } = await b.evaluate((el) => {
      const r = el.getBoundingClientRect();
      // a slider's cards beyond its window are off to the side: only the ones shown count
      return { top: r.top + window.scrollY, inRow: r.left >= 0 && r.right <= window.innerWidth };
    });
    if (!inRow) continue;
    chosen = b;
    if (top >= 1500) break;
  }
  if (!chosen) throw new Error('no enabled Add to Cart button');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await chosen.scrollIntoViewIfNeeded();
  return chosen;
}

/** Adds from `scope` on a page scrolled past 1500 px (as far as the page allows) and checks the overlay is on screen. */
async function addAndExpectOverlayInView(page: Page, scope: Locator, viewport: ViewportName): Promise<void> {
  const button = await addButtonPastScroll(page, scope);
  const scrollY = await page.evaluate(() => window.scrollY);
  // the page really is scrolled (the header is out of view)
  expect(scrollY).toBeGreaterThan(400);
  await button.click();
  const overlay = page.getByRole('region', { name: 'Cart' });
  await overlay.getByRole('link', { name: 'View Cart' }).waitFor({ state: 'visible', timeout: 15_000 });
  const box = await overlay.boundingBox();
  const size = page.viewportSize()!;
  expect(box, `overlay at ${viewport}`).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  // it shows the line just added
  await expect.poll(() => overlay.getByRole('list', { name: 'Items in cart' }).getByRole('listitem').count()).toBeGreaterThan(0);
}

describe.each(VIEWPORTS)('the cart overlay after an add on a scrolled page at %s width (defect 2)', (viewport) => {
  test('from a search results grid, a collection grid, the home grids and a product slider, the overlay opens inside the viewport', async () => {
    const page = await newPage(browser, viewport);
    // search results: 48 cards, a long page
    await page.goto('/searchresults.asp?q=pump&limit=48');
    await addAndExpectOverlayInView(page, page.getByRole('main'), viewport);

    // a collection grid
    const { collections } = (await (await page.request.get('/api/collections?limit=5')).json()) as { collections?: Array<{ handle: string }> };
    await page.goto('/');
    const firstCollection = collections?.[0]?.handle;
    if (firstCollection) {
      await page.goto(`/collections/${firstCollection}?limit=48`);
      await addAndExpectOverlayInView(page, page.getByRole('main'), viewport);
    }

    // the home page grids (NEW PRODUCTS is the last, far down)
    await page.goto('/');
    await addAndExpectOverlayInView(page, page.getByRole('main'), viewport);

    // a slider: the product page's related products
    const { products } = await filter('limit=30&sortBy=best_selling&fields=id,handle');
    let slid = false;
    for (const p of products.slice(0, 10)) {
      const related = (await (await page.request.get(`/api/products/${p.id}/related`)).json()) as { products?: unknown[] };
      if (!related.products || related.products.length === 0) continue;
      await page.goto(`/products/${p.handle}`);
      const slider = page.locator('section.sk-slider', { has: page.getByRole('heading', { name: 'Related products' }) });
      // the related area loads when it comes into view: scroll down step by step until it has cards
      for (let y = 400; y < 12_000 && (await slider.getByRole('button', { name: 'Add to Cart' }).count()) === 0; y += 400) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
      }
      await addAndExpectOverlayInView(page, slider.first(), viewport);
      slid = true;
      break;
    }
    expect(slid).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe.each(VIEWPORTS)('errors that looked like success at %s width (defect 7)', (viewport) => {
  test("the newsletter's error message is drawn in a danger style, not the success message's white", async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const input = page.getByPlaceholder('Email address');
    // the footer's code loads as its place comes into view
    await expect.poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return input.count();
    }, { timeout: 15_000 }).toBe(1);
    await input.scrollIntoViewIfNeeded();
    await input.fill('not-an-email');
    await input.press('Enter');
    const message = page.getByText('Invalid subscription request.', { exact: true }).first();
    await message.waitFor();
    const style = await message.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor };
    });
    // the block's text (and its success message) is white on the store's blue
    expect(style.color).not.toBe('rgb(255, 255, 255)');
    await page.context().close();
  });
});

describe.each(VIEWPORTS)('a failed lazy chunk at %s width (defect 8)', (viewport) => {
  test("the footer's chunk failing leaves the page in place, with the chunk message where the footer was", async () => {
    const page = await newPage(browser, viewport);
    await page.route(/\/assets\/Footer-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const alert = page.getByRole('alert').filter({ hasText: /^Loading chunk Footer-[\w-]+\.js failed/ });
    await alert.waitFor({ timeout: 15_000 });
    // the rest of the store stays: header, the page's content, and no 'Oops.' in place of the page
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('heading').count()).toBeGreaterThan(0);
    expect(await page.getByText('Oops.').count()).toBe(0);
    await page.context().close();
  });

  test("the exit popup's chunk failing leaves the page in place, with the chunk message in the popup's place", async () => {
    const page = await newPage(browser, viewport, { exitIntent: true });
    await page.route(/\/assets\/ExitIntentPopup-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // the popup's code loads once the page has settled (the first interaction)
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 200);
    const alert = page.getByRole('alert').filter({ hasText: /^Loading chunk ExitIntentPopup-[\w-]+\.js failed/ });
    await alert.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('heading').count()).toBeGreaterThan(0);
    expect(await page.getByText('Oops.').count()).toBe(0);
    await page.context().close();
  });
});

describe.each(VIEWPORTS)('accessibility of the search results page after a header search at %s width (defect 9)', (viewport) => {
  test('axe-core finds no serious or critical violation while loading, loaded, with the dropdown open and closed', async () => {
    const page = await newPage(browser, viewport);
    // hold the results a moment so the loading state (skeleton cards) is checked too
    let hold = true;
    await page.route(/\/api\/products\/filter\?/, async (route) => {
      if (hold && !route.request().url().includes('limit=4')) await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    await page.goto('/');
    const box = page.getByRole('banner').getByPlaceholder('Enter Keyword or Part Number...');
    await box.fill('pump');
    await box.press('Enter');
    await page.waitForURL(/\/searchresults\.asp\?/);
    await page.locator('[aria-busy="true"]').first().waitFor();
    expect(await seriousA11yViolations(page), 'loading').toEqual([]);
    hold = false;
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first().waitFor();
    expect(await seriousA11yViolations(page), 'loaded').toEqual([]);
    // the header dropdown open over the results
    await box.click();
    await box.fill('filter');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page), 'dropdown open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.mouse.click(2, 500);
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await seriousA11yViolations(page), 'dropdown closed').toEqual([]);
    await page.context().close();
  });
});

describe('the media viewer at 1366x900 (defect 10)', () => {
  test('its Close button is in view and can be clicked, for a picture among several and for a 3D model', async () => {
    const page = await newPage(browser, 'desktop');
    await page.setViewportSize({ width: 1366, height: 900 });
    // a product with several pictures (the viewer then has its previous/next row) and a 3D model
    const { products } = await filter('limit=60&sortBy=best_selling&fields=id,handle');
    let handle: string | null = null;
    for (const p of products) {
      const { product } = (await (await page.request.get(`/api/products/handle/${p.handle}`)).json()) as { product: { Images?: unknown[]; Model3Ds?: unknown[] } };
      if ((product.Images?.length ?? 0) >= 2 && (product.Model3Ds?.length ?? 0) >= 1) {
        handle = p.handle;
        break;
      }
    }
    expect(handle).not.toBeNull();
    await page.goto(`/products/${handle}`);
    const openers = page.getByRole('button', { name: /in the media viewer$/ });
    await expect.poll(() => openers.count()).toBeGreaterThanOrEqual(2);
    for (const opener of [openers.first(), openers.last()]) {
      await opener.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // the picture or the model viewer has settled in
      await page.waitForTimeout(1000);
      const close = dialog.getByRole('button', { name: 'Close', exact: true });
      const box = (await close.boundingBox())!;
      const frame = (await dialog.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      // inside the dialog's visible box, not in a part scrolled out of it
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
      const hit = await close.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
      });
      expect(hit).toBe(true);
      // clicked where it was hit-tested, without Playwright's wait for two equal animation frames:
      // the 3D model's canvas draws in software here, and on a loaded machine its frames came too
      // slowly for that wait to end within 30 s (it did in one full run)
      await close.click({ force: true });
      await dialog.waitFor({ state: 'detached' });
    }
    await page.context().close();
  });
});
