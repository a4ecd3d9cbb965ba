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

/**
 * Runs in the page before its scripts: records each input event on the search box (its text, and
 * whether the input is still in the page), focus leaving an element, the search inputs added and
 * removed, and the hydration mark, in `window.typingLog`.
 */
function recordTyping(): void {
  const log: string[] = [];
  (window as unknown as { typingLog: string[] }).typingLog = log;
  const t0 = performance.now();
  const note = (text: string) => log.push(`${Math.round(performance.now() - t0)} ${text}`);
  // the search form or its input (not each ancestor the parser adds around them)
  const searchInput = (n: Node) => n instanceof Element && n.matches('form, input') && (n.matches('input[type="search"]') || n.querySelector('input[type="search"]') !== null);
  document.addEventListener('input', (e) => {
    const field = e.target as HTMLInputElement;
    note(`input "${field.value}"${field.isConnected ? '' : ' (detached)'}`);
  }, true);
  document.addEventListener('focusout', (e) => note(`focus leaves ${(e.target as Element).tagName}`), true);
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (searchInput(n)) note(`search input added (${(n as Element).tagName})`);
      for (const n of r.removedNodes) if (searchInput(n)) note(`search input removed (${(n as Element).tagName})`);
      if (r.type === 'attributes' && r.attributeName === 'data-hydrated') note('hydrated');
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

describe.each(VIEWPORT_NAMES)('the header search box on a slow device at %s width', (viewport) => {
  test('keeps every character typed before the page is interactive', async () => {
    const page = await newPage(browser, viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // not awaited: the harness's goto waits for hydration, and the shopper does not
    await page.addInitScript(recordTyping);
    const loading = page.goto('/', { waitUntil: 'commit' });
    const input = page.locator('header input[type="search"]');
    await input.waitFor({ state: 'attached' });
    await input.pressSequentially(TYPED, { delay: 40 });
    await loading;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe(TYPED).catch(async (error: Error) => {
      // what the page saw, for the next one who reads a failure (a rare one in CI, stop 42)
      const seen = await page.evaluate(() => (window as unknown as { typingLog?: string[] }).typingLog ?? []);
      throw new Error(`${error.message}\nwhat the page saw (ms since start):\n${seen.join('\n')}`);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await input.press('Enter');
    await page.waitForURL(/\/searchresults\.asp/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(TYPED);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
