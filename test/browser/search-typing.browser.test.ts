/**
 * The header search box on a slow device: every character typed before and while the page becomes
 * interactive is kept, and Enter searches for the whole text (6x CPU slowdown, a fresh profile).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, openBrowser, pageErrors, type ViewportName } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'mobile'];

/** A part number as a pool pro types it from the label of the old part. */
const TYPED = 'AQU4549V10';

describe.each(VIEWPORT_NAMES)('the header search box on a slow device at %s width', (viewport) => {
  test('keeps every character typed before the page is interactive', async () => {
    const page = await newPage(browser, viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // not awaited: the harness's goto waits for hydration, and the shopper does not
    const loading = page.goto('/', { waitUntil: 'commit' });
    const input = page.locator('header input[type="search"]');
    await input.waitFor({ state: 'attached' });
    await input.pressSequentially(TYPED, { delay: 40 });
    await loading;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(TYPED);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await input.press('Enter');
    await page.waitForURL(/\/searchresults\.asp/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(TYPED);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
