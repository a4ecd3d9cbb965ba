/**
 * The footer without JavaScript and with it, in Chromium against the real store:
 * - JavaScript off: the footer's links and texts are on the page as the server sent them, a
 *   policy link leads to its page, and the newsletter form posts as a plain form, coming back to
 *   the page with the spec's message (a bad address refused, a good one mailed a confirmation).
 * - JavaScript on: the footer is on screen before its code arrives (its code is no part of the
 *   first load), then hydrates once the page has settled and the form works through the API.
 * Screenshots of the footer without JavaScript go to test-results/screenshots/footer-nojs-*.png.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { scriptsAtHydration, snapshotScriptsAtHydration } from './first-load.ts';
import { mailbox, newPage, openBrowser, pageErrors, storeUrl, uniqueEmail, VIEWPORTS, type ViewportName } from './harness.ts';

const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'test-results', 'screenshots');

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a fresh context with JavaScript turned off, sized to the viewport. */
async function noScriptPage(viewport: ViewportName): Promise<Page> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({
    baseURL: storeUrl(),
    viewport: VIEWPORTS[viewport],
    isMobile: mobile,
    hasTouch: mobile,
    javaScriptEnabled: false,
    locale: 'en-US',
  });
  return await context.newPage();
}

/** Whether React has taken over an element (it keeps its fiber on the node once hydrated). */
async function hydratedByReact(page: Page, selector: string): Promise<boolean> {
  return await page.locator(selector).evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the footer without JavaScript at %s width', (viewport) => {
  test('shows its links and texts, and its newsletter form posts and comes back with the message', async () => {
    const page = await noScriptPage(viewport);
    await page.goto('/help.asp');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [['Help', '/help.asp'], ['Privacy Policy', '/privacy-policy'], ['Returns and Refunds', '/returns'], ['Shipping Policy', '/shipping-policy'], ['Terms of Service', '/terms-of-service'], ['Contact Us', '/contact-us'], ['My Account', '/myaccount.asp']]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    for (const words of ['NAVIGATE', 'POPULAR BRANDS', 'CONNECT WITH US', 'Mon-Fri 6AM-8PM PST', 'Subscribe to our newsletter', 'Get the latest updates on new products and upcoming sales.']) {
      await footer.getByText(words, { exact: true }).first().waitFor();
    }
    expect(await footer.locator('a[href^="/brands/"]').count()).toBe(10);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await footer.screenshot({ path: join(SCREENSHOTS, `footer-nojs-${viewport}.png`) });

    // a bad address: the server answers with the page again, the spec's message in the form
    const block = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    await block.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.searchParams.get('newsletter') === 'invalid');
    expect(new URL(page.url()).pathname).toBe('/help.asp');
    await page.getByRole('region', { name: 'Subscribe to our newsletter' }).getByText('Invalid subscription request.', { exact: true }).waitFor();

    // a good address, sent with Enter: the success message, and the confirmation mail
    const email = uniqueEmail(`footer-nojs-${viewport}`);
    const input = page.getByRole('region', { name: 'Subscribe to our newsletter' }).getByRole('textbox', { name: 'Email address' });
    await input.fill(email);
    await input.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('newsletter') === 'subscribed');
    expect(new URL(page.url()).pathname).toBe('/help.asp');
    expect(new URL(page.url()).hash).toBe('#newsletter');
    await page.getByRole('region', { name: 'Subscribe to our newsletter' }).getByText('Please check your email to confirm.', { exact: true }).waitFor();
    await expect.poll(async () => (await mailbox(email)).length, { timeout: 10_000 }).toBe(1);
    expect((await mailbox(email))[0]!.links.some((link) => link.includes('/confirm-subscription?token='))).toBe(true);

    // a policy link is a plain link to its page
    // the page is no wider than the screen (the header's row once made a phone's page 719 px wide,
    // zoomed out, and a tap on this link landed on another column)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.context().close();
  });
});

describe('the footer with JavaScript', () => {
  test('is on screen from the first HTML, hydrates once the page has settled, and its form then works in the page', async () => {
    const page = await newPage(browser, 'desktop');
    await snapshotScriptsAtHydration(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/help.asp');
    // when the page has hydrated the footer is the server's HTML: its code is no part of the first load
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).waitFor();
    const firstLoad = await scriptsAtHydration(page);
    expect(firstLoad.length).toBeGreaterThan(0);
    expect(firstLoad.filter((url) => /\/Footer-[^/]+\.js$/.test(url))).toEqual([]);

    // the first interaction settles the page: the footer's code arrives and React takes it over
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => hydratedByReact(page, 'footer.site-footer input[name="email"]'), { timeout: 15_000 }).toBe(true);
    expect(scripts.some((path) => /\/Footer-[^/]+\.js$/.test(path))).toBe(true);

    const block = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    await block.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await block.getByRole('textbox', { name: 'Email address' }).press('Enter');
    await block.getByText('Invalid subscription request.', { exact: true }).waitFor();
    // answered in the page by the newsletter machine: no form post, no new address
    expect(new URL(page.url()).search).toBe('');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
  test('an address typed before the footer hydrates is kept, and Enter after subscribes it in the page', async () => {
    const page = await newPage(browser, 'desktop');
    // the footer's code is held until the address is typed (a slow network, a shopper quick to type)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/Footer-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/help.asp');
    const input = page.locator('footer.site-footer input[name="email"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const email = uniqueEmail('typed-early');
    await input.fill(email);
    expect(await hydratedByReact(page, 'footer.site-footer input[name="email"]')).toBe(false);
    release();
    await expect.poll(() => hydratedByReact(page, 'footer.site-footer input[name="email"]'), { timeout: 15_000 }).toBe(true);
    const block = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    expect(await input.inputValue()).toBe(email);
    await input.press('Enter');
    await block.getByText('Please check your email to confirm.', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(async () => (await mailbox(email)).length).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
