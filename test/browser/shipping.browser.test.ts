/**
 * Shipping and tax in a real browser against the real server: a customer whose default address is
 * in California puts chlorine tablets, a pump and a sand filter in the cart. Each product page
 * says when it ships and arrives for the account's ZIP (and shows the Proposition 65 warning link
 * of the tablets); the cart shows three shipments, a shipping row each and the sales tax row,
 * with the product pages' dates; the hosted checkout shows the same three shipments with those
 * dates, the full Proposition 65 warning and the sales tax; the order page shows the stored
 * shipments and the tax it charged. A guest enters a ZIP once with 'Change ZIP' and the next
 * product page knows it. Screenshots of the arrival block, the cart and the order page at 1280 and
 * 390 px (test-results/screenshots).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, uniqueEmail, type ViewportName } from './harness.ts';
import { filter, type ListedProduct } from './shopper.helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The Beverly Hills ZIP of the journey's address. */
const ZIP = '90210';

interface Pick {
  handle: string;
  title: string;
  inventoryLevelId: number;
  kind: 'parcel' | 'hazmat' | 'freight';
}

interface EstimateAnswer {
  quote?: { shipments: { kind: Pick['kind'] }[]; notices: { kind: string }[] };
}

/** POST /api/shipping/estimate of one unit of a level to the journey's ZIP. */
async function estimate(inventoryLevelId: number): Promise<EstimateAnswer> {
  const res = await fetch(`${storeUrl()}/api/shipping/estimate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ lines: [{ inventoryLevelId, quantity: 1 }], destination: { zip: ZIP } }),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 422) throw new Error(`the estimate answered ${res.status}: ${text}`);
  return JSON.parse(text) as EstimateAnswer;
}

const picked = new Map<string, Promise<Pick>>();

/** A sellable product of a search that ships as one shipment of `kind` (with a Prop 65 warning in California when asked); the same one for the whole file. */
function pick(q: string, kind: Pick['kind'], prop65 = false): Promise<Pick> {
  const key = `${q} ${kind} ${prop65}`;
  let found = picked.get(key);
  if (!found) picked.set(key, (found = search(q, kind, prop65)));
  return found;
}

async function search(q: string, kind: Pick['kind'], prop65: boolean): Promise<Pick> {
  const { products } = await filter(`q=${encodeURIComponent(q)}&limit=12&page=0&fields=handle,title,inventoryLevelId,availableForSale,price`);
  for (const p of products as (ListedProduct & { inventoryLevelId: number | null })[]) {
    if (!p.availableForSale || p.inventoryLevelId === null || p.price <= 0) continue;
    const { quote } = await estimate(p.inventoryLevelId);
    if (!quote || quote.shipments.length !== 1 || quote.shipments[0]!.kind !== kind) continue;
    if (prop65 && !quote.notices.some((n) => n.kind === 'prop65')) continue;
    return { handle: p.handle, title: p.title, inventoryLevelId: p.inventoryLevelId, kind };
  }
  throw new Error(`no ${kind} product for '${q}' in the test store`);
}

/** Runs a JSON call from the page (its cookies), answering the status. */
async function pageCall(page: Page, method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return page.evaluate(
    async ({ method, path, body, headers }) =>
      (await fetch(path, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, body: JSON.stringify(body) })).status,
    { method, path, body, headers },
  );
}

/** The product page's arrival block once its estimate is in: its ships and arrival lines. */
async function arrivalOf(page: Page, handle: string): Promise<{ ships: string; arrives: string }> {
  await page.goto(`/products/${handle}`);
  const block = page.getByRole('region', { name: 'Delivery estimate' });
  await block.locator('.sk-arrival__arrives').waitFor();
  const ships = (await block.locator('.sk-arrival__ships').textContent()) ?? '';
  const arrives = (await block.locator('.sk-arrival__arrives strong').textContent()) ?? '';
  return { ships, arrives };
}

describe('shipping, dates and tax on every surface', () => {
  test('chlorine, a pump and a filter to California: the product pages\' dates, three shipments, the Prop 65 warning and tax in the cart, at checkout and on the order', async () => {
    const [chlorine, pump, filterProduct] = [await pick('chlorine tablets', 'hazmat', true), await pick('pump', 'parcel'), await pick('sand filter', 'freight')];
    const page = await newPage(browser, 'desktop');
    await page.goto('/');
    const email = uniqueEmail('shipping');
    const password = 'pool-and-spa-2030!';
    expect(await pageCall(page, 'POST', '/api/auth/register', { email, password, firstName: 'Cal', lastName: 'Ifornia' })).toBe(200);
    expect(await pageCall(page, 'POST', '/api/auth/login', { email, password })).toBe(200);
    expect(
      await pageCall(page, 'POST', '/api/mailingAddresses', {
        firstName: 'Cal', lastName: 'Ifornia', address1: '9336 Civic Center Dr', city: 'Beverly Hills', zip: ZIP, phone: '3105550123', countryCode: 'US', stateCode: 'CA', makeDefault: true,
      }),
    ).toBe(200);

    // the product pages, for the account's default address ZIP
    const dates = new Map<Pick['kind'], { ships: string; arrives: string }>();
    for (const p of [chlorine, pump, filterProduct]) {
      const d = await arrivalOf(page, p.handle);
      expect(d.ships).toMatch(/^Order (within .+ and it ships today|now and it ships .+)$/);
      expect(d.arrives).toMatch(/^Arrives \w{3}, \w{3} \d+ – \w{3}, \w{3} \d+$/);
      expect(await page.getByText(`Delivery to ${ZIP}`).isVisible()).toBe(true);
      dates.set(p.kind, d);
      if (p === chlorine) await screenshot(page, 'shipping-product-arrival-desktop', { fullPage: false });
    }

    // the cart: three shipments with the product pages' dates, a shipping row each and the sales tax
    for (const p of [chlorine, pump, filterProduct]) {
      expect(await pageCall(page, 'POST', '/api/checkouts/lineItems', { inventoryLevelId: p.inventoryLevelId, quantity: 1 }, { 'Idempotency-Key': `ship-${p.inventoryLevelId}-${Date.now()}` })).toBe(200);
    }
    await page.goto('/shoppingcart.asp');
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await shipments.getByRole('listitem').nth(2).waitFor();
    const cartShipments = await shipments.getByRole('listitem').evaluateAll((items) =>
      items.map((i) => ({ head: i.querySelector('strong')?.textContent ?? '', arrives: i.querySelector('.sk-shipment__arrives')?.textContent ?? '' })),
    );
    expect(cartShipments.map((s) => s.head)).toEqual(['Parcels by Ground', 'Pool chemicals by Ground', 'Freight']);
    expect(cartShipments.map((s) => s.arrives)).toEqual([dates.get('parcel')!.arrives, dates.get('hazmat')!.arrives, dates.get('freight')!.arrives]);
    const taxRow = page.locator('.sk-totals__tax');
    expect(await taxRow.locator('dt').textContent()).toMatch(/^Sales tax \(CA \d+(\.\d+)?%\)$/);
    const cartTotal = await page.locator('.sk-totals__total dd').textContent();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'shipping-cart-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'shipping-cart-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // the hosted checkout: the same shipments and dates, the full warning and the sales tax before payment
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    if ((await page.locator('li.shipment').count()) === 0) {
      await page.getByRole('button', { name: 'Update shipping' }).click();
      await page.locator('li.shipment').first().waitFor();
    }
    const checkoutShipments = await page.locator('li.shipment').evaluateAll((items) =>
      items.map((i) => ({ head: i.querySelector('h3')?.textContent ?? '', arrives: i.querySelector('.arrives')?.textContent ?? '' })),
    );
    expect(checkoutShipments.map((s) => s.head.replace(/ · .*$/, ''))).toEqual([
      'Shipment 1 of 3: Parcels by Ground',
      'Shipment 2 of 3: Pool chemicals by Ground',
      'Shipment 3 of 3: Freight by Freight',
    ]);
    // the checkout's arrival line is the cart's (with its estimate note)
    expect(checkoutShipments.map((s, i) => s.arrives.startsWith(cartShipments[i]!.arrives))).toEqual([true, true, true]);
    expect(await page.getByRole('note').filter({ hasText: 'WARNING: This product can expose you to chemicals including chloroform' }).count()).toBe(1);
    await page.getByText(/^Sales tax \(CA /).first().waitFor();
    // the checkout charges the cart's total
    expect(await page.getByRole('button', { name: /^Place order/ }).textContent()).toContain(cartTotal!.replace(/^\$/, ''));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YYYY)').fill('2099');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    const orderNumber = Number((await page.locator('.order-no strong').textContent())?.replace('#', ''));

    // the order page: the stored shipments with their dates, and the tax row
    await page.goto(`/account/orders/${orderNumber}`);
    const orderShipments = page.getByRole('region', { name: 'Shipments' });
    await orderShipments.getByRole('listitem').nth(2).waitFor();
    expect(await orderShipments.locator('.sk-shipment__arrives').allTextContents()).toEqual(cartShipments.map((s) => s.arrives));
    expect(await page.getByLabel('Order totals').getByText(/^Sales tax \(CA /).count()).toBe(1);
    expect(await page.getByLabel('Order totals').locator('.order-total-strong dd').textContent()).toBe(cartTotal);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'shipping-order-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'shipping-order-390');

    // the tablets' page: the Proposition 65 warning link expands the full warning
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/products/${chlorine.handle}`);
    // the warning's code is loaded before the page hydrates, so React handles it from the page's
    // hydration mark on: a click right after it is not lost (when the warning hydrated in a later
    // pass of its own boundary, such a click failed twice in 2026-11-29's runs)
    await hydrated(page);
    expect(await page.locator('details.sk-prop65').evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await page.getByText('⚠ WARNING: California Proposition 65').click();
    await page.getByText(/This product can expose you to chemicals including chloroform/).waitFor();
    await screenshot(page, 'shipping-product-prop65-desktop', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a warning opened before the page has hydrated stays open (its code arriving late)', async () => {
    const chlorine = await pick('chlorine tablets', 'hazmat', true);
    const page = await newPage(browser, 'desktop');
    // every script 2.5 s late, as on a slow phone: the shopper opens the warning in the server's HTML
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto(`/products/${chlorine.handle}`, { waitUntil: 'commit' });
    const warning = page.locator('details.sk-prop65');
    await warning.locator('summary').click();
    expect(await warning.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')))).toBe(false);
    // hydrated, with its lazy code: the same element, still open (it was replaced by a closed one)
    await expect
      .poll(() => warning.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 })
      .toBe(true);
    await page.getByText(/This product can expose you to chemicals including chloroform/).waitFor();
    expect(await warning.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test.each(['desktop', 'mobile'] as ViewportName[])('a guest enters a ZIP once with Change ZIP (a bad one is refused before any call) and the next page knows it, at %s width', async (viewport) => {
    const pump = await pick('pump', 'parcel');
    const chlorine = await pick('chlorine tablets', 'hazmat', true);
    const page = await newPage(browser, viewport);
    const estimates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/shipping/estimate')) estimates.push(r.method());
    });
    await page.goto(`/products/${pump.handle}`);
    const block = page.getByRole('region', { name: 'Delivery estimate' });
    await block.getByText('Enter your ZIP code to see when it arrives.').waitFor();
    const field = block.getByLabel('ZIP code');
    await field.fill('9021');
    await block.getByRole('button', { name: 'Update' }).click();
    await block.getByRole('alert').getByText('Enter a 5-digit ZIP code.').waitFor();
    expect(estimates).toEqual([]);
    await field.fill(ZIP);
    await field.press('Enter');
    await block.locator('.sk-arrival__arrives').waitFor();
    expect(estimates).toHaveLength(1);
    expect(await block.getByText(`Delivery to ${ZIP}`).isVisible()).toBe(true);
    await screenshot(page, `shipping-product-arrival-${viewport}-guest`, { fullPage: false });
    // Alaska refuses chemicals in the quote's own words
    await page.goto(`/products/${chlorine.handle}`);
    await page.getByRole('region', { name: 'Delivery estimate' }).locator('.sk-arrival__arrives').waitFor();
    await page.getByRole('button', { name: 'Change ZIP' }).click();
    await page.getByLabel('ZIP code').fill('99501');
    await page.getByLabel('ZIP code').press('Enter');
    await page.getByRole('alert').getByText(/^Pool chemicals ship by ground within the contiguous US only/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the cart's view of the same ZIP: the shipment and the sales tax row
    await page.getByRole('button', { name: 'Change ZIP' }).click();
    await page.getByLabel('ZIP code').fill(ZIP);
    await page.getByLabel('ZIP code').press('Enter');
    await page.getByRole('region', { name: 'Delivery estimate' }).locator('.sk-arrival__arrives').waitFor();
    expect(await pageCall(page, 'POST', '/api/checkouts/lineItems', { inventoryLevelId: pump.inventoryLevelId, quantity: 1 }, { 'Idempotency-Key': `guest-${Date.now()}` })).toBe(200);
    await page.goto('/shoppingcart.asp');
    await page.getByRole('region', { name: 'Shipments' }).getByRole('listitem').first().waitFor();
    expect(await page.locator('.sk-totals__tax dt').textContent()).toMatch(/^Sales tax \(CA /);
    await screenshot(page, `shipping-cart-guest-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
