/**
 * The back office's products pages in a real browser against the real server (issue 34, items 4
 * and 8): the owner signs in, opens the products list, filters it, opens a product, changes its
 * price and saves; the storefront's product page then shows the new price. The bulk edit's
 * preview is shown (not applied: the other journeys share the catalogue). axe-core reports no
 * serious or critical violation; screenshots at 1280 and 390 px go to /tmp/admin-shots/products-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OWNER_PASSWORD } from './global-setup.ts';
import { newPage, openBrowser, pageErrors, seriousA11yViolations, type ViewportName } from './harness.ts';

const OWNER_EMAIL = 'owner@skimmer.test';
const SHOTS = '/tmp/admin-shots';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  // what the operator sees first, without scrolling
  await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

async function signIn(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }).waitFor();
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function editPrice(viewport: ViewportName, cents: number): Promise<void> {
  const page = await newPage(browser, viewport);
  const errors = pageErrors(page);
  await page.goto('/admin/products');
  await signIn(page);
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  const table = page.getByRole('table', { name: 'Products, newest first' });
  await table.waitFor();
  await expectAccessible(page, `products list (${viewport})`);
  await shot(page, `products-list-${viewport}`);

  // a product with one variant, found by its SKU through the list's search
  const first = table.getByRole('link').first();
  const title = (await first.textContent())!.trim();
  await page.getByLabel('Search', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/\/admin\/products\?q=/);
  await page.getByRole('form', { name: 'Bulk edit the filtered products' }).waitFor();
  await page.getByLabel('Change').first().selectOption('percent');
  await page.getByLabel('Percent (e.g. 10 or -12.5)').fill('10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText(/products? match(es)?;/).waitFor();
  await expectAccessible(page, `products bulk preview (${viewport})`);
  await shot(page, `products-bulk-${viewport}`);

  await page.getByRole('table', { name: 'Products, newest first' }).getByRole('link', { name: title, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const form = page.getByRole('form', { name: 'Edit' });
  await expectAccessible(page, `product page (${viewport})`);
  await shot(page, `products-edit-${viewport}`);
  const dollars = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  await form.getByLabel(/^Price( \(every variant\))?$/).fill(dollars);
  await form.getByLabel(/^Compare-at price/).fill('');
  await form.getByRole('button', { name: 'Save product' }).click();
  await page.getByText('The product is saved. The storefront shows the change.').waitFor();
  await shot(page, `products-saved-${viewport}`);
  // the page renders on the server with the product as saved (the operator's cookie, no second fetch needed)
  const html = await page.evaluate(async () => (await fetch(location.href, { headers: { Accept: 'text/html' } })).text());
  expect(html).toContain('Save product');
  expect(html).toContain(`value="${dollars}"`);
  const href = await page.getByRole('link', { name: /^\/products\// }).getAttribute('href');
  expect(href).toMatch(/^\/products\//);

  // the storefront's product page shows the new price (the change feed reaches it)
  const shop = await newPage(browser, viewport);
  await expect.poll(async () => {
    await shop.goto(href!);
    return (await shop.locator('main').textContent()) ?? '';
  }, { timeout: 15_000 }).toContain(`$${dollars}`);
  expect(errors).toEqual([]);
  await page.close();
  await shop.close();
}

describe('the back office\'s products', () => {
  test('the owner edits a price at 1280 px and the storefront shows it', async () => {
    await editPrice('desktop', 12_345);
  });

  test('the owner edits a price at 390 px and the storefront shows it', async () => {
    await editPrice('mobile', 6_789);
  });
});
