/**
 * Wallet, checkout and orders in a real browser against the real server: a fresh customer adds a
 * test card in the 600x400 popup, edits its billing address and deletes it; checks out with a
 * saved address; sees the order, adds a related product to it ('Add to Order') and finds both
 * transactions in the wallet's history; a guest checks out with an email. axe-core reports no
 * serious or critical violation on the wallet, checkout, order list and order pages, at desktop
 * and mobile widths; every page is screenshotted (test-results/screenshots).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, uniqueEmail, VIEWPORTS } from './harness.ts';
import { api, filter } from './shopper.helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Card {
  id: number;
  title: string;
  price: number;
  availableForSale: boolean;
  inventoryLevelId: number | null;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}

/** A sellable product whose related list offers a sellable product other than itself. */
async function productWithRelated(): Promise<Card> {
  const { products } = await filter('limit=40&page=0&sortBy=id_asc&fields=id,title,price,availableForSale,inventoryLevelId,availableQuantity,bypassNegativeQuantity');
  for (const p of products as unknown as Card[]) {
    if (!p.availableForSale || p.price <= 0 || p.inventoryLevelId === null || (!p.bypassNegativeQuantity && p.availableQuantity < 5)) continue;
    const related = await api<{ products: Card[] }>(`/api/products/${p.id}/related`);
    if (related.products.some((r) => r.id !== p.id && r.availableForSale && r.price > 0 && (r.bypassNegativeQuantity || r.availableQuantity > 2))) return p;
  }
  throw new Error('no sellable product with sellable related products in the test store');
}

/** Runs a JSON call from the page (its cookies, its origin), answering status and body. */
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

/** Registers and signs in a fresh customer in the page's context, with two saved addresses. */
async function signUp(page: Page): Promise<string> {
  const email = uniqueEmail('wallet');
  await page.goto('/');
  const password = 'pool-and-spa-2030!';
  expect((await pageCall(page, 'POST', '/api/auth/register', { email, password, firstName: 'Wanda', lastName: 'Wallet' })).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/auth/login', { email, password })).status).toBe(200);
  const address = (address1: string, city: string, zip: string) => ({
    firstName: 'Wanda', lastName: 'Wallet', address1, city, zip, phone: '2065550123', countryCode: 'US', stateCode: 'WA',
  });
  expect((await pageCall(page, 'POST', '/api/mailingAddresses', address('12 Cabana Ct', 'Seattle', '98101'))).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/mailingAddresses', address('7 Filter Ln', 'Tacoma', '98402'))).status).toBe(200);
  return email;
}

async function addToCart(page: Page, card: Card, quantity = 1): Promise<void> {
  const res = await pageCall(page, 'POST', '/api/checkouts/lineItems', { inventoryLevelId: card.inventoryLevelId, quantity }, { 'Idempotency-Key': `k-${Date.now()}-${Math.random()}` });
  expect(res.status).toBe(200);
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

/** From the cart page through its Checkout button to the hosted checkout page. */
async function goToCheckout(page: Page): Promise<void> {
  await page.goto('/shoppingcart.asp');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

async function fillTestCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill('2099');
  await page.getByLabel('Security code').fill('123');
}

describe('wallet, checkout and orders', () => {
  test('a customer adds a card in the popup, edits its billing address, deletes it, checks out, adds a related product to the order and sees the transactions', async () => {
    const product = await productWithRelated();
    const page = await newPage(browser, 'desktop');
    await signUp(page);

    // wallet: empty, then a card added in the hosted popup
    await page.goto('/wallet');
    await page.getByRole('tab', { name: 'Payment methods', selected: true }).waitFor();
    await page.getByText('No payment methods for this account').waitFor();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Add payment method' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
    await popup.getByLabel('Name on card').fill('Wanda Wallet');
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
    await popup.getByLabel('Month').fill('11');
    await popup.getByLabel('Year').fill('2031');
    await popup.getByLabel('Security code').fill('321');
    await popup.getByLabel('Billing address').selectOption({ index: 0 });
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Save card' }).click();
    await closed;
    const card = page.getByRole('list', { name: 'Payment methods', exact: true }).getByRole('listitem');
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('11/2031');
    expect(await card.textContent()).toContain('12 Cabana Ct');
    await expectAccessible(page, 'wallet with a card (desktop)');
    await screenshot(page, 'wallet-desktop');

    // edit the billing address: Save Changes waits for a choice
    await page.getByRole('button', { name: /^Edit billing address of Visa/ }).click();
    const modal = page.getByRole('dialog', { name: 'Edit billing address' });
    expect(await modal.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await modal.getByRole('radio', { name: /7 Filter Ln/ }).check();
    await expectAccessible(page, 'billing address modal');
    await screenshot(page, 'wallet-address-modal-desktop');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Address updated successfully').first().waitFor();
    await expect.poll(() => card.textContent()).toContain('7 Filter Ln');

    // delete it, with the confirmation
    await page.getByRole('button', { name: /^Delete Visa/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete payment method' });
    await confirm.getByText('Are you sure you want to delete this payment method?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Payment method deleted successfully').first().waitFor();
    await page.getByText('No payment methods for this account').waitFor();

    // check out with a saved address and a test card
    await addToCart(page, product, 2);
    await goToCheckout(page);
    await page.getByText('Signed in as').waitFor();
    expect(await page.getByRole('radio', { name: /12 Cabana Ct/ }).isChecked()).toBe(true);
    await fillTestCard(page);
    await expectAccessible(page, 'checkout (customer, desktop)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-customer-desktop');
    // a saved address hides the new-address fields; choosing a new one shows them
    expect(await page.getByLabel('Address line 1').isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'A new address (fill in below)' }).check();
    expect(await page.getByLabel('Address line 1').isVisible()).toBe(true);
    await page.getByRole('radio', { name: /12 Cabana Ct/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    const orderNumber = Number((await page.locator('.order-no strong').textContent())?.replace('#', ''));
    expect(orderNumber).toBeGreaterThan(0);
    await screenshot(page, 'checkout-confirmation-customer-desktop');
    await page.getByRole('link', { name: 'View your order' }).click();
    await page.waitForURL(`${storeUrl()}/account/orders/${orderNumber}`);

    // the order page: lines, totals, address; add a related product to the order
    await page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` }).waitFor();
    await page.getByRole('table', { name: 'Items' }).getByText(product.title).waitFor();
    await page.getByText('Seattle, WA 98101').waitFor();
    const related = page.getByRole('region', { name: 'Add to your order' });
    const add = related.getByRole('button', { name: /^Add to Order: / }).and(page.locator(':enabled')).first();
    await add.waitFor();
    await expectAccessible(page, 'order page (desktop)');
    await screenshot(page, 'order-desktop');
    await add.click();
    await related.getByText("You've added this product to your order. Expect hearing from us soon.").waitFor();
    await page.getByText('Added after the order was placed').waitFor();

    // the order list
    await page.goto('/orders.asp');
    await page.getByRole('link', { name: `Order #${orderNumber}` }).waitFor();
    await expectAccessible(page, 'order list (desktop)');
    await screenshot(page, 'orders-desktop');

    // the transactions: the payment and the pending add, filtered by displayable id
    await page.goto('/wallet');
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const history = page.getByRole('tabpanel', { name: 'Transaction History' }).getByRole('table');
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    const id = `T${String(orderNumber).padStart(8, '0')}`;
    await history.getByRole('cell', { name: id, exact: true }).waitFor();
    expect(await history.getByText('SUCCESS').count()).toBe(1);
    expect(await history.getByText('PENDING').count()).toBe(1);
    await page.getByLabel('Filter by transaction ID').fill(`${id}-`);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => history.getByRole('row').count()).toBe(2);
    await expectAccessible(page, 'transaction history (desktop)');
    await screenshot(page, 'wallet-transactions-desktop');

    // the same pages at the mobile width
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/wallet');
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await history.waitFor();
    await expectAccessible(page, 'transaction history (mobile)');
    await screenshot(page, 'wallet-transactions-mobile');
    await page.getByRole('tab', { name: 'Payment methods' }).click();
    await page.getByText('No payment methods for this account').waitFor();
    await expectAccessible(page, 'wallet (mobile)');
    await screenshot(page, 'wallet-mobile');
    await page.goto('/orders.asp');
    await page.getByRole('link', { name: `Order #${orderNumber}` }).waitFor();
    await expectAccessible(page, 'order list (mobile)');
    await screenshot(page, 'orders-mobile');
    await page.goto(`/account/orders/${orderNumber}`);
    await page.getByText('Added after the order was placed').waitFor();
    await related.getByRole('button', { name: /^Add to Order: / }).first().waitFor();
    await expectAccessible(page, 'order page (mobile)');
    await screenshot(page, 'order-mobile');
    expect(pageErrors(page)).toEqual([]);

    // another customer sees none of it: not the order, not in their list, not in their history
    const other = await newPage(browser, 'desktop');
    await signUp(other);
    await other.goto(`/account/orders/${orderNumber}`);
    await other.getByRole('alert').getByText('Order not found.').first().waitFor();
    expect(await other.getByText(product.title).count()).toBe(0);
    await other.goto('/orders.asp');
    await other.getByText('You have no orders yet.').waitFor();
    await other.goto('/wallet');
    await other.getByRole('tab', { name: 'Transaction History' }).click();
    await other.getByText('No transactions for this account.').waitFor();
    expect(pageErrors(other)).toEqual([]);
    await other.context().close();
    await page.context().close();
  }, 120_000);

  test('a guest checks out with an email and gets the order number; the wallet sends a guest to /login.asp', async () => {
    const product = await productWithRelated();
    const page = await newPage(browser, 'mobile');
    await page.goto('/wallet');
    await page.waitForURL(`${storeUrl()}/login.asp?returnTo=%2Fwallet`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await addToCart(page, product);
    await goToCheckout(page);
    // signing in merges the guest cart into the account's: the way back is the cart page
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/login.asp?returnTo=%2Fshoppingcart.asp');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('guest'));
    await page.getByLabel('First name').fill('Gus');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('Address line 1').fill('3 Splash Ave');
    await page.getByLabel('City', { exact: false }).first().fill('Spokane');
    await page.getByLabel('State / Province').selectOption('WA');
    await page.getByLabel('Postal code').fill('99201');
    // a declined card first: the form comes back with the message and what was typed
    await fillTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('3 Splash Ave');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    await expectAccessible(page, 'checkout with an error (guest, mobile)');
    await screenshot(page, 'checkout-guest-error-mobile');
    await fillTestCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    expect(await page.locator('.order-no strong').textContent()).toMatch(/^#\d+$/);
    expect(await page.getByRole('link', { name: 'View your order' }).count()).toBe(0);
    await expectAccessible(page, 'confirmation (guest, mobile)');
    await screenshot(page, 'checkout-confirmation-guest-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
    await addToCart(page, product);
    await goToCheckout(page);
    await expectAccessible(page, 'checkout (guest, desktop)');
    await screenshot(page, 'checkout-guest-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'checkout-guest-mobile');
    await expectAccessible(page, 'checkout (guest, mobile)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
