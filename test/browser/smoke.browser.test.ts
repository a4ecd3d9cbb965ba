import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, openBrowser, pageErrors, storeUrl, VIEWPORTS } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('harness', () => {
  test.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)('the production home page renders its product grids at %s width', async (viewport) => {
    const page = await newPage(browser, viewport);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${storeUrl()}/`);
    await page.getByRole('heading', { name: 'FEATURED PRODUCTS' }).waitFor();
    expect(await page.evaluate(() => window.innerWidth)).toBe(VIEWPORTS[viewport].width);
    // the storefront's script ran: the search box of the header is there
    await page.getByPlaceholder('Enter Keyword or Part Number...').first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
