/**
 * The back office in a real browser against the real server (issue 34, item 8): a customer places
 * an order on the storefront; an operator signs in at /admin, opens the orders list, finds the
 * order, opens it and fulfils it with a tracking number; the order's page then shows it shipped
 * with its tracking number. At desktop width the owner does it, then refunds one unit; at phone width a fulfilment
 * operator the owner made sets a password on the set-password page of their link first, and sees
 * neither the mail nor the refund and cancel forms of their role. axe-core reports no serious or
 * critical violation on each page; screenshots at 1280 and 390 px go to /tmp/admin-shots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OWNER_PASSWORD } from './global-setup.ts';
import { newPage, openBrowser, pageErrors, seriousA11yViolations, storeUrl, uniqueEmail, type ViewportName } from './harness.ts';
import { filter } from './shopper.helpers.ts';

/** The first owner of the test store (no ADMIN_EMAIL nor PUBLIC_URL: owner@ the demo domain). */
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
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

/** Runs a JSON call from the page (its cookies, its origin). */
async function pageCall(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body, headers },
  );
}

/** A customer's order of one in-stock product, placed through the storefront's checkout: its number. */
async function placeOrder(viewport: ViewportName): Promise<number> {
  const page = await newPage(browser, viewport);
  await page.goto('/');
  const email = uniqueEmail('admin-order');
  const password = 'pool-and-spa-2030!';
  expect((await pageCall(page, 'POST', '/api/auth/register', { email, password, firstName: 'Pat', lastName: 'Poolside' })).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/auth/login', { email, password })).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/mailingAddresses', {
    firstName: 'Pat', lastName: 'Poolside', address1: '12 Cabana Ct', city: 'Seattle', zip: '98101', phone: '2065550123', countryCode: 'US', stateCode: 'WA', makeDefault: true,
  })).status).toBe(200);
  const { products } = await filter('limit=40&page=0&sortBy=id_asc&fields=id,price,availableForSale,inventoryLevelId,availableQuantity,bypassNegativeQuantity');
  const product = (products as unknown as { price: number; availableForSale: boolean; inventoryLevelId: number | null; availableQuantity: number; bypassNegativeQuantity: boolean }[])
    .find((p) => p.availableForSale && p.price > 0 && p.inventoryLevelId !== null && (p.bypassNegativeQuantity || p.availableQuantity >= 5));
  if (!product) throw new Error('no sellable product in the test store');
  const add = await pageCall(page, 'POST', '/api/checkouts/lineItems', { inventoryLevelId: product.inventoryLevelId, quantity: 2 }, { 'Idempotency-Key': `admin-${Date.now()}-${Math.random()}` });
  expect(add.status).toBe(200);
  await page.goto('/shoppingcart.asp');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill('2099');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
  const orderNumber = Number((await page.locator('.order-no strong').textContent())?.replace('#', ''));
  expect(orderNumber).toBeGreaterThan(0);
  await page.context().close();
  return orderNumber;
}

/** A fulfilment operator made by the owner over the API: their one-time set-password path. */
async function newFulfilmentOperator(email: string): Promise<string> {
  const origin = storeUrl();
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${origin}/api/admin/session`, { method: 'POST', headers: json, body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }) });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('skimmer_op='))?.split(';')[0] ?? '';
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const made = await fetch(`${origin}/api/admin/operators`, {
    method: 'POST', headers: { ...json, cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ email, name: 'Fran Fulfilment', role: 'fulfilment' }),
  });
  expect(made.status).toBe(200);
  const { link } = (await made.json()) as { link: string };
  const url = new URL(link);
  expect(url.pathname).toBe('/admin/set-password');
  return `${url.pathname}${url.search}`;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * From the dashboard through the orders list to the order's page, then ships it. The list is
 * searched by the order's number, or (`bySku`: the packer types or scans the part's SKU) by the SKU
 * of its line.
 */
async function fulfilFromTheList(page: Page, orderNumber: number, viewport: ViewportName, who: string, bySku = false): Promise<void> {
  const width = viewport === 'desktop' ? 1280 : 390;
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByRole('link', { name: `#${orderNumber}`, exact: true }).first().waitFor();
  await expectAccessible(page, `orders list (${who}, ${viewport})`);
  await shot(page, `orders-${width}`);

  // the filters: unfulfilled orders, then the order's number (or its line's SKU) as text
  const detail = await pageCall(page, 'GET', `/api/admin/orders/${orderNumber}`);
  const sku = (detail.body as { order: { lines: { sku: string | null }[] } }).order.lines[0]!.sku;
  expect(sku).toBeTruthy();
  const text = bySku ? sku! : String(orderNumber);
  await page.getByLabel('Fulfilment').selectOption('unfulfilled');
  await page.getByLabel('Search').fill(text);
  // Enter in the search field applies the filters (no pointer needed)
  await page.getByLabel('Search').press('Enter');
  await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('fulfilment') === 'unfulfilled' && url.searchParams.get('q') === text);
  if (bySku) await expect.poll(() => page.locator('table.admin-table tbody tr').count()).toBeGreaterThanOrEqual(1);
  else await expect.poll(() => page.locator('table.admin-table tbody tr').count()).toBe(1);
  await page.getByRole('link', { name: `#${orderNumber}`, exact: true }).click();

  await page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
  await expectAccessible(page, `order page (${who}, ${viewport})`);
  await shot(page, `order-${width}`);

  // a tracking number is required: the form says so and sends nothing
  const fulfil = page.getByRole('form', { name: 'Fulfil' });
  await fulfil.getByRole('button', { name: 'Mark shipped' }).click();
  await fulfil.getByRole('alert').filter({ hasText: 'Enter the tracking number.' }).waitFor();
  const tracking = `1Z999AA1${String(orderNumber).padStart(10, '0')}`;
  await fulfil.getByLabel('Carrier').selectOption('ups');
  await fulfil.getByLabel('Tracking number').fill(tracking);
  await fulfil.getByRole('button', { name: 'Mark shipped' }).click();
  await page.getByRole('status').filter({ hasText: `Shipped with tracking number ${tracking}.` }).waitFor();
  // the order as the API answered it: fulfilled, its shipment's tracking number, no fulfil form left
  await page.getByText('Fulfilled', { exact: true }).first().waitFor();
  await page.getByRole('link', { name: tracking }).waitFor();
  expect(await page.getByRole('form', { name: 'Fulfil' }).count()).toBe(0);
  await expectAccessible(page, `order shipped (${who}, ${viewport})`);
  await shot(page, `order-shipped-${width}`);

  // the server has it too
  const answer = await pageCall(page, 'GET', `/api/admin/orders/${orderNumber}`);
  expect(answer.status).toBe(200);
  const order = (answer.body as { order: { fulfilmentStatus: string; fulfilments: { trackingNumber: string }[] } }).order;
  expect(order.fulfilmentStatus).toBe('fulfilled');
  expect(order.fulfilments.map((f) => f.trackingNumber)).toEqual([tracking]);
}

describe('the back office', () => {
  test('the owner signs in at 1280 px, opens the orders list, opens an order, fulfils it with a tracking number and refunds one unit', async () => {
    const orderNumber = await placeOrder('desktop');
    // the page is rendered on the server: a signed-out visitor's HTML is the sign-in form, before any script
    const anonymous = await (await fetch(`${storeUrl()}/admin/orders`)).text();
    expect(anonymous).toContain('Sign in to the back office</h1>');
    expect(anonymous).toContain('id="admin-data"');
    const page = await newPage(browser, 'desktop');
    await page.goto('/admin');
    await expectAccessible(page, 'sign-in (desktop)');
    await shot(page, 'sign-in-1280');
    // a wrong password: the server's words, and still the sign-in page
    await signIn(page, OWNER_EMAIL, 'not the password at all');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }).count()).toBe(1);
    // with the keyboard only: the password field, then Enter
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Waiting to ship' }).waitFor();
    // the new order waits to ship
    await page.getByRole('link', { name: `#${orderNumber}`, exact: true }).waitFor();
    await expectAccessible(page, 'dashboard (owner, desktop)');
    await shot(page, 'dashboard-1280');
    // the owner's role reads the mail and the catalogue's stock
    expect(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mail' }).count()).toBe(1);
    await page.getByRole('heading', { level: 2, name: 'Low stock' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Failed mail' }).waitFor();

    // a signed-in operator's HTML carries the order itself (its page and its data, no call needed)
    const served = await page.evaluate(async (n) => (await fetch(`/admin/orders/${n}`)).text(), orderNumber);
    expect(served).toMatch(new RegExp(`<h1>Order #(<!-- -->)?${orderNumber}</h1>`));
    expect(served).toContain('Timeline</h2>');
    expect(served).toContain('"queryKey":["admin","order",' + orderNumber + ']');

    await fulfilFromTheList(page, orderNumber, 'desktop', 'owner');

    // a full load of the order's page: rendered on the server, hydrated from its data (no hydration
    // error), and its writes carry the session's CSRF token the page brought (the app asked no me)
    await page.goto(`/admin/orders/${orderNumber}`);
    await page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` }).waitFor();
    await page.getByRole('link', { name: `1Z999AA1${String(orderNumber).padStart(10, '0')}` }).waitFor();

    // the owner refunds one unit of the shipped line: by lines, the form's check first
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByRole('radio', { name: 'Lines' }).check();
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.getByRole('alert').filter({ hasText: 'Choose at least one unit to refund.' }).waitFor();
    await refund.getByLabel(/up to 2/).fill('1');
    await refund.getByLabel(/^Reason/).fill('One cover arrived cracked');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('status').filter({ hasText: 'The refund is on its way.' }).waitFor();
    await page.getByText('Partially refunded', { exact: true }).first().waitFor();
    const refunded = await pageCall(page, 'GET', `/api/admin/orders/${orderNumber}`);
    const after = (refunded.body as { order: { refundedCents: number; lines: { unitCents: number; refunded: number }[] } }).order;
    expect(after.lines[0]!.refunded).toBe(1);
    expect(after.refundedCents).toBeGreaterThanOrEqual(after.lines[0]!.unitCents);
    await expectAccessible(page, 'order refunded (owner, desktop)');
    await shot(page, 'order-refunded-1280');

    // sign out: the sign-in page again, and the API refuses the old session
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }).waitFor();
    expect((await pageCall(page, 'GET', '/api/admin/me')).status).toBe(401);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a fulfilment operator sets a password from their link, finds an order by its SKU and ships it at 390 px', async () => {
    const orderNumber = await placeOrder('mobile');
    const email = uniqueEmail('fulfilment');
    const path = await newFulfilmentOperator(email);
    const page = await newPage(browser, 'mobile');
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    await expectAccessible(page, 'set-password (mobile)');
    await shot(page, 'set-password-390');
    const password = 'ships every pool part on time';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('New password again').fill('a different password here');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The two passwords are not the same.' }).waitFor();
    await page.getByLabel('New password again').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, email, password);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'dashboard (fulfilment, mobile)');
    await shot(page, 'dashboard-390');
    // the fulfilment role: no mail in the navigation, nor the mail and stock it may not read on the dashboard
    expect(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mail' }).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Waiting to ship' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Low stock' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2, name: 'Failed mail' }).count()).toBe(0);
    // the page fits the phone's width (no sideways scrolling)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await fulfilFromTheList(page, orderNumber, 'mobile', 'fulfilment', true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // nor refunds or cancels, which the role may not do
    expect(await page.getByRole('form', { name: 'Refund' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Cancel order' }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
