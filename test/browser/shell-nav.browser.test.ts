/**
 * The header without JavaScript, in Chromium against the production build: the phone menu opens and leads into a category with scripts off; the main navigation
 * fits one row, opens its category panel from the keyboard (Escape closes it and gives the focus
 * back) and leaves the first products on the first screen of a collection page, at both widths. Screenshots of
 * the home and a collection page at both widths, with and without JavaScript, go to
 * test-results/screenshots.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, VIEWPORTS, type ViewportName } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'mobile'];

/** The first top-level collection of the navigation (the nav call, as the header reads it). */
async function firstCollection(): Promise<{ title: string; url: string }> {
  const res = await fetch(`${storeUrl()}/api/nav?collectionUrlPrefix=/collections`);
  const body = (await res.json()) as { navData: Array<{ title: string; url: string }> };
  const link = body.navData[0];
  if (!link) throw new Error('the store has no navigation');
  return link;
}

/** A page in a fresh context with scripts off, sized (and on a phone, identified) as the viewport. */
async function pageWithoutScripts(viewport: ViewportName): Promise<Page> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({
    baseURL: storeUrl(),
    viewport: VIEWPORTS[viewport],
    javaScriptEnabled: false,
    isMobile: mobile,
    hasTouch: mobile,
    ...(mobile ? { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36' } : {}),
  });
  return context.newPage();
}

test('without JavaScript a phone opens the menu and reaches a category', async () => {
  const category = await firstCollection();
  const page = await pageWithoutScripts('mobile');
  await page.goto('/');
  await screenshot(page, 'shell-home-mobile-nojs', { fullPage: false });
  const links = page.locator('header nav a[href^="/collections/"]');
  expect(await links.first().isVisible()).toBe(false);
  await page.locator('header summary', { hasText: 'Menu' }).click();
  await screenshot(page, 'shell-home-mobile-nojs-menu', { fullPage: false });
  const link = page.locator('header nav').getByRole('link', { name: category.title, exact: true });
  if (!(await link.isVisible())) await page.locator('header nav summary').filter({ hasNotText: 'Menu' }).first().click();
  await link.click();
  await page.waitForURL((url) => url.pathname === category.url);
  await page.getByRole('heading', { level: 1, name: category.title }).waitFor();
  await page.context().close();
});

test('without JavaScript a desktop opens the category panel', async () => {
  const category = await firstCollection();
  const page = await pageWithoutScripts('desktop');
  await page.goto('/');
  await screenshot(page, 'shell-home-desktop-nojs', { fullPage: false });
  const link = page.locator('header nav').getByRole('link', { name: category.title, exact: true });
  expect(await link.isVisible()).toBe(false);
  await page.locator('header nav summary').first().click();
  await link.click();
  await page.waitForURL((url) => url.pathname === category.url);
  await page.goto(category.url);
  await screenshot(page, 'shell-collection-desktop-nojs', { fullPage: false });
  await page.context().close();
});

describe.each(VIEWPORT_NAMES)('the main navigation at %s width', (viewport) => {
  test('fits one row, and a collection page shows products on its first screen', async () => {
    const category = await firstCollection();
    const page = await newPage(browser, viewport);
    await page.goto('/');
    await screenshot(page, `shell-home-${viewport}`, { fullPage: false });
    if (viewport === 'desktop') {
      const tops = await page.locator('header nav .nav-bar > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(1);
      expect(new Set(tops).size).toBe(1);
    }
    await page.goto(category.url);
    await page.getByRole('heading', { level: 1, name: category.title }).waitFor();
    await screenshot(page, `shell-collection-${viewport}`, { fullPage: false });
    const firstCard = page.locator('main .sk-card').first();
    await firstCard.waitFor();
    // the first row of cards starts on the first screen, on a phone too (the description opens at
    // three lines, the child collections are one row of chips, the toolbar two columns)
    const box = await firstCard.boundingBox();
    expect(box!.y + 120).toBeLessThan(VIEWPORTS[viewport].height);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('opens the category panel from the keyboard; Escape closes it and returns the focus; axe finds nothing serious', async () => {
    const category = await firstCollection();
    const page = await newPage(browser, viewport);
    await page.goto('/');
    if (viewport === 'mobile') {
      const menu = page.locator('header summary', { hasText: 'Menu' });
      await menu.focus();
      await page.keyboard.press('Enter');
    }
    const group = page.locator('header nav .nav-group > summary').first();
    await group.focus();
    await page.keyboard.press('Enter');
    const link = page.locator('header nav').getByRole('link', { name: category.title, exact: true });
    await link.waitFor({ state: 'visible' });
    const isOpen = () => group.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
    expect(await isOpen()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.nav-panel') !== null)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `shell-menu-open-${viewport}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await link.waitFor({ state: 'hidden' });
    expect(await group.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await isOpen()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
