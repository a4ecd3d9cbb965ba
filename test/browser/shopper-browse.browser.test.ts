/**
 * The shopper's way to a product, in Chromium against the production build: a collection with
 * its tag and vendor filters, sort and pages; the header search by keyword, by part number and
 * with a price phrase; the search page's Quick View. At desktop and mobile widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, newPage, openBrowser, pageErrors, type ViewportName } from './harness.ts';
import { api, cardPrices, cardTitles, filter, openFilters, type ListedProduct } from './shopper.helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];
const COLLECTION = 'replacement-parts';

async function collectionId(handle: string): Promise<number> {
  const { collection } = await api<{ collection: { id: number } }>(`/api/collections/handle/${handle}`);
  return collection.id;
}

function showing(page: Page): Promise<string> {
  return page.locator('.sk-pagination__text').first().innerText();
}

function ascending(values: readonly number[]): boolean {
  return values.every((v, i) => i === 0 || v >= values[i - 1]!);
}

async function headerSearch(page: Page): Promise<ReturnType<Page['getByRole']>> {
  return page.getByRole('search').filter({ has: page.getByPlaceholder('Enter Keyword or Part Number...') }).getByPlaceholder('Enter Keyword or Part Number...');
}

/** The Products group of the header search dropdown. */
function suggestions(page: Page) {
  return page.getByRole('banner').getByRole('region', { name: 'Products', exact: true });
}

describe.each(VIEWPORTS)('shopper browsing at %s width', (viewport) => {
  test('a collection filters by tag and by vendor, and the counts match the catalogue', async () => {
    const c = await collectionId(COLLECTION);
    const all = await filter(`c=${c}&limit=1`);
    const page = await newPage(browser, viewport);
    await page.goto(`/collections/${COLLECTION}`);
    await page.getByRole('heading', { level: 1, name: 'Replacement Parts' }).waitFor();
    await expect.poll(() => showing(page)).toBe(`Showing 1 - 24 of ${all.pageInfo.totalObjects} products.`);

    // a tag of the 'Part Type' section, chosen in the sidebar
    const partType = all.pageInfo.availableTagFilters.find((t) => t.tagPrefix === 'Part Type')!;
    await openFilters(page, viewport);
    const section = page.getByRole('group', { name: 'Part Type' });
    await section.getByRole('radio', { name: `${partType.tagValue} (${partType.tagCount})` }).check();
    await page.waitForURL((url) => url.searchParams.getAll('t').includes(`Part Type,${partType.tagValue}`));
    await expect.poll(() => showing(page)).toBe(`Showing 1 - ${Math.min(24, partType.tagCount)} of ${partType.tagCount} products.`);
    expect(await section.getByRole('radio', { name: `${partType.tagValue} (${partType.tagCount})` }).isChecked()).toBe(true);

    // then a vendor of what is left
    const tagged = await filter(`c=${c}&limit=1&t=${encodeURIComponent(`Part Type,${partType.tagValue}`)}`);
    const vendor = tagged.pageInfo.availableVendors[0]!;
    await openFilters(page, viewport);
    await page.getByLabel('Vendors').selectOption(vendor.vendor);
    await page.waitForURL((url) => url.searchParams.get('v') === vendor.vendor);
    const both = await filter(`c=${c}&limit=24&v=${encodeURIComponent(vendor.vendor)}&t=${encodeURIComponent(`Part Type,${partType.tagValue}`)}`);
    await expect.poll(() => showing(page)).toBe(`Showing 1 - ${both.products.length} of ${both.pageInfo.totalObjects} products.`);
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual(both.products.map((p) => p.title).sort());

    // 'None' takes the tag filter off again
    await openFilters(page, viewport);
    await section.getByRole('radio', { name: 'None' }).check();
    await page.waitForURL((url) => url.searchParams.getAll('t').length === 0);
    const vendorOnly = await filter(`c=${c}&limit=1&v=${encodeURIComponent(vendor.vendor)}`);
    await expect.poll(() => showing(page)).toContain(`of ${vendorOnly.pageInfo.totalObjects} products.`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a tag filter in the path (prefix with hyphens for spaces, underscore, value) filters the collection', async () => {
    const c = await collectionId(COLLECTION);
    const all = await filter(`c=${c}&limit=1`);
    const tag = all.pageInfo.availableTagFilters.find((t) => t.tagPrefix === 'Part Type')!;
    const page = await newPage(browser, viewport);
    await page.goto(`/collections/${COLLECTION}/Part-Type_${encodeURIComponent(tag.tagValue)}`);
    await page.getByRole('heading', { level: 1, name: 'Replacement Parts' }).waitFor();
    await expect.poll(() => showing(page)).toBe(`Showing 1 - ${Math.min(24, tag.tagCount)} of ${tag.tagCount} products.`);
    await openFilters(page, viewport);
    expect(await page.getByRole('group', { name: 'Part Type' }).getByRole('radio', { name: `${tag.tagValue} (${tag.tagCount})` }).isChecked()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a collection sorts by price and pages through, keeping the page in the URL', async () => {
    const c = await collectionId(COLLECTION);
    const all = await filter(`c=${c}&limit=24&sortBy=price_asc`);
    const page = await newPage(browser, viewport);
    await page.goto(`/collections/${COLLECTION}`);
    await page.getByRole('heading', { level: 1, name: 'Replacement Parts' }).waitFor();
    await hydrated(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: lowest to highest' });
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'price_asc');
    await expect.poll(() => cardTitles(page)).toEqual(all.products.map((p) => p.title));
    const first = await cardPrices(page);
    expect(ascending(first)).toBe(true);

    await page.getByRole('navigation', { name: 'Pagination, top' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await expect.poll(() => showing(page)).toBe(`Showing 25 - 48 of ${all.pageInfo.totalObjects} products.`);
    const next = await filter(`c=${c}&limit=24&sortBy=price_asc&page=1`);
    await expect.poll(() => cardTitles(page)).toEqual(next.products.map((p) => p.title));
    const second = await cardPrices(page);
    expect(ascending(second)).toBe(true);
    expect(second[0]!).toBeGreaterThanOrEqual(first[first.length - 1]!);
    // the current page's button is disabled
    expect(await page.getByRole('navigation', { name: 'Pagination, bottom' }).getByRole('button', { name: '2', exact: true }).isDisabled()).toBe(true);

    // a reload keeps page and sort (both live in the URL)
    await page.reload();
    await expect.poll(() => showing(page)).toBe(`Showing 25 - 48 of ${all.pageInfo.totalObjects} products.`);
    await expect.poll(() => cardTitles(page)).toEqual(next.products.map((p) => p.title));
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('the header box searches by keyword: up to 4 suggestions, then the results page with its count', async () => {
    const expected = await filter('q=pump&limit=1');
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const box = await headerSearch(page);
    await box.fill('pump');
    const products = suggestions(page);
    await products.waitFor();
    const shown = await products.getByRole('link').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(4);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/searchresults.asp' && url.searchParams.get('q') === 'pump');
    expect(new URL(page.url()).searchParams.get('page')).toBe('0');
    await page.getByRole('heading', { level: 1, name: 'Search for "pump"' }).waitFor();
    const message = page.getByText(/matches found\. Can't find your part\? Click/);
    await message.waitFor();
    expect(await message.innerText()).toBe(`${expected.pageInfo.totalObjects} matches found. Can't find your part? Click HERE to request expert assistance!`);
    expect(await message.getByRole('link', { name: 'HERE' }).getAttribute('href')).toContain('355');
    expect(await page.title()).toBe('Search results - Skimmer Pool & Spa Supply');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a part number is found whatever its case, hyphens and spaces, and opens its product', async () => {
    const { products } = await filter('limit=76&sortBy=id_asc');
    const target = products.find((p): p is ListedProduct & { productCode: string } => !!p.productCode && /-/.test(p.productCode) && /[a-z]/i.test(p.productCode))!;
    const mangled = target.productCode.toLowerCase().replace(/[-\s]/g, '');
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const box = await headerSearch(page);
    await box.fill(mangled);
    const link = suggestions(page).getByRole('link', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await link.first().click();
    await page.waitForURL((url) => url.pathname === `/products/${target.handle}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();

    // the same part number with spaces, on the results page
    await page.goto(`/searchresults.asp?q=${encodeURIComponent(target.productCode.replace(/-/g, ' ').toUpperCase())}`);
    await expect.poll(() => cardTitles(page)).toContain(target.title);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a price phrase offers the pill; accepting it keeps the words and applies the bound', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/');
    const box = await headerSearch(page);
    await box.fill('filter under $100');
    const pill = page.getByRole('button', { name: 'Price filter: under $100.00' });
    await pill.waitFor();
    if (viewport === 'desktop') {
      await pill.hover();
      await expect.poll(() => page.locator('.price-pill-hint.is-shown').innerText()).toBe('Accept suggestion?');
    }
    await pill.click();
    await expect.poll(() => box.inputValue()).toBe('filter');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/searchresults.asp' && url.searchParams.get('q') === 'filter' && url.searchParams.get('maxPrice') !== null);
    expect(Number(new URL(page.url()).searchParams.get('maxPrice'))).toBe(100);
    const expected = await filter('q=filter&maxPrice=100&limit=1');
    await page.getByText(`${expected.pageInfo.totalObjects} matches found.`, { exact: false }).waitFor();
    await expect.poll(async () => (await cardPrices(page)).length).toBeGreaterThan(0);
    const prices = await cardPrices(page);
    expect(prices.every((p) => p <= 100)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('Quick View opens over the results, holds the focus, closes on Escape and adds to the cart', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/searchresults.asp?q=o-ring&sortBy=price_asc');
    const card = page.locator('section[aria-labelledby="listing-products"] article.sk-card').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) }).first();
    await card.waitFor();
    const title = (await card.locator('.sk-card__title').innerText()).trim();
    const opener = card.getByRole('button', { name: 'Quick View' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Product added to cart').waitFor();
    const cartButton = page.getByRole('banner').getByRole(viewport === 'desktop' ? 'button' : 'link', { name: /^Cart \(/ });
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart (1)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
