/**
 * Parts that fit (issue 15) in Chromium at both widths: type a model number in the header, open
 * the model from the dropdown's Equipment group, open its diagram, choose a callout with the
 * keyboard, add its part, see it in the cart; search an old part number and land on its
 * replacement; save a model to My equipment and filter a listing by it. axe-core finds no serious
 * or critical violation on the equipment page, a model page and a product page with its fitment.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EquipmentListResponse, EquipmentResponse, ProductResponse, ProductsSearchResponse } from '../../src/api/types.ts';
import type { Equipment } from '../../src/domain/equipment.ts';
import { VIEWPORTS, newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, type ViewportName } from './harness.ts';

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

/** A model whose first drawing names, at a callout past the first, a part that can be added. */
async function modelWithAddablePart(): Promise<{ model: Equipment; diagramIndex: number; number: number; title: string }> {
  const { equipment } = await api<EquipmentListResponse>('/api/equipment?limit=40');
  for (const summary of equipment) {
    const { equipment: model } = await api<EquipmentResponse>(`/api/equipment/handle/${encodeURIComponent(summary.handle)}`);
    const diagram = model.diagrams[0];
    if (!diagram) continue;
    for (const callout of diagram.callouts.slice(1)) {
      const part = model.parts.find((p) => p.product.id === callout.productId);
      if (part && part.product.availableForSale && part.product.inventoryLevelId !== null && part.product.price > 0 && (part.product.availableQuantity > 2 || part.product.bypassNegativeQuantity)) {
        return { model, diagramIndex: 0, number: callout.number, title: part.product.title };
      }
    }
  }
  throw new Error('no model of the test store has an addable part on its first drawing');
}

/** A replaced product: its handle, an old number its replacement lists, and the replacement's title. */
async function supersededPart(): Promise<{ handle: string; number: string; replacement: string }> {
  for (let page = 0; page < 10; page++) {
    const { products } = await api<ProductsSearchResponse<{ handle: string }>>(`/api/products/filter?limit=50&page=${page}&fields=handle`);
    for (const card of products) {
      const { product } = await api<ProductResponse>(`/api/products/handle/${encodeURIComponent(card.handle)}`);
      if (!product.SupersededBy) continue;
      const { product: replacement } = await api<ProductResponse>(`/api/products/handle/${encodeURIComponent(product.SupersededBy.handle)}`);
      const old = replacement.PartNumbers?.find((n) => n.kind === 'supersedes');
      if (old) return { handle: product.handle, number: old.number, replacement: replacement.title };
    }
  }
  throw new Error('the test store has no superseded part number');
}

function headerSearch(page: Page) {
  return page.getByRole('search').filter({ has: page.getByPlaceholder('Enter Keyword or Part Number...') }).getByPlaceholder('Enter Keyword or Part Number...');
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('parts that fit at %s width', (viewport) => {
  test('a model number in the header opens the model; a callout chosen with the keyboard adds its part to the cart', async () => {
    const { model, number, title } = await modelWithAddablePart();
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const box = headerSearch(page);
    await box.fill(model.modelNumber);
    const group = page.getByRole('banner').getByRole('region', { name: 'Equipment', exact: true });
    await group.getByRole('link', { name: new RegExp(model.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await page.waitForURL((url) => url.pathname === `/equipment/${model.handle}`);
    await page.getByRole('heading', { level: 1, name: model.title }).waitFor();
    // open its (first) drawing: with several, the drawing's button; the first is shown already
    if (model.diagrams.length > 1) await page.getByRole('button', { name: model.diagrams[0]!.title, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: model.diagrams[0]!.title }).waitFor();
    // keyboard: focus callout 1, then the arrow key to the part's callout. The mouse leaves the
    // drawing and the parts first: a row under a resting pointer is hovered when the page scrolls
    // beneath it, and a hover highlights that row's callout instead (the browser's behaviour, and
    // the explorer's: under load the scrolls below moved the highlight to another row)
    await page.mouse.move(0, 0);
    const first = page.getByRole('button', { name: /^1: / });
    await first.focus();
    for (let n = 1; n < number; n++) await page.keyboard.press('ArrowRight');
    const chosen = page.getByRole('button', { name: new RegExp(`^${number}: `) });
    await expect.poll(() => chosen.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await chosen.getAttribute('aria-pressed')).toBe('true');
    const highlighted = page.locator('.sk-eq-parts tr.is-highlighted');
    await expect.poll(() => highlighted.count()).toBe(1);
    expect(await highlighted.getByRole('link').first().innerText()).toBe(title);
    // the part's own row from here on, whatever is highlighted later
    const row = page.locator('.sk-eq-parts tr').filter({ has: page.getByRole('link', { name: title, exact: true }) }).first();
    await chosen.scrollIntoViewIfNeeded();
    await screenshot(page, `equipment-model-callout-${viewport}`, { fullPage: false });
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `equipment-model-row-${viewport}`, { fullPage: false });
    // the row's add button, with the keyboard too
    await row.getByRole('button', { name: 'Add to Cart' }).focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('banner').getByRole(viewport === 'desktop' ? 'button' : 'link', { name: 'Cart (1)' });
    await cart.waitFor();
    if (viewport === 'desktop') {
      // the cart button opens the overlay with the line
      const overlay = page.getByRole('region', { name: 'Cart' });
      if (!(await overlay.isVisible())) await cart.click();
      await overlay.getByText(title).first().waitFor();
      await overlay.getByRole('link', { name: 'View Cart' }).click();
    } else {
      await cart.click();
    }
    await page.waitForURL((url) => url.pathname === '/shoppingcart.asp');
    await page.getByRole('main').getByText(title).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('an old part number in the header search lands on its replacement', async () => {
    const { handle, number, replacement } = await supersededPart();
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const box = headerSearch(page);
    await box.fill(number);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/searchresults.asp');
    const firstCard = page.locator('.sk-listing').getByRole('link', { name: replacement, exact: true }).first();
    await firstCard.click();
    await page.getByRole('heading', { level: 1, name: replacement }).waitFor();
    const numbers = page.getByRole('region', { name: 'Part numbers' });
    await numbers.waitFor();
    expect(await numbers.innerText()).toContain(number);
    await numbers.scrollIntoViewIfNeeded();
    await screenshot(page, `equipment-product-sections-${viewport}`, { fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the old product names its replacement, with a link and the replacement's add button
    await page.goto(`/products/${handle}`);
    const notice = page.getByRole('note').filter({ hasText: `This part has been replaced by ${replacement}` });
    await notice.waitFor();
    // read once hydrated (the link is the replacement's, the button its add button)
    await expect.poll(async () => `${await notice.getByRole('link').allInnerTexts()} | ${await notice.getByRole('button').count()}`).toBe(`${replacement} | 1`);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `equipment-product-replaced-${viewport}`, { fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a model saved to My equipment filters a listing (Fits my equipment); the equipment pages pass axe', async () => {
    const { model, title } = await modelWithAddablePart();
    const page = await newPage(browser, viewport);
    await page.goto(`/equipment/${model.handle}`);
    await page.getByRole('heading', { level: 1, name: model.title }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save to My equipment' }).click();
    await page.getByText('Saved in My equipment').waitFor();
    await page.goto('/equipment');
    await page.getByRole('region', { name: 'My equipment' }).getByRole('link', { name: model.title }).waitFor();
    await page.getByLabel('Enter your equipment model').waitFor();
    await screenshot(page, `equipment-index-${viewport}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`/searchresults.asp?q=${encodeURIComponent(title)}`);
    const fits = page.getByLabel('Fits my equipment');
    await fits.check();
    await page.waitForURL((url) => url.searchParams.get('fits') === model.handle);
    const expected = await api<ProductsSearchResponse>(`/api/products/filter?q=${encodeURIComponent(title)}&fits=${encodeURIComponent(model.handle)}&limit=24&fields=title`);
    expect(expected.products.length).toBeGreaterThan(0);
    const fitting = new Set(model.parts.map((p) => p.product.title));
    expect(expected.products.every((p) => fitting.has(p.title))).toBe(true);
    await page.locator('.sk-listing').getByRole('link', { name: expected.products[0]!.title, exact: true }).first().click();
    // the part's page says it fits the saved model
    const verdict = page.getByText(`Fits your ${model.title}`);
    await verdict.waitFor();
    await verdict.scrollIntoViewIfNeeded();
    await screenshot(page, `equipment-product-fits-${viewport}`, { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
