/**
 * From the product page to the checkout link, in Chromium against the production build: choose
 * an option, add to the cart, the overlay (desktop) or the badge (mobile), the cart page's
 * quantity input with the spec's messages, discount codes, totals, the checkout link; and the
 * recently viewed list. At desktop and mobile widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, newPage, openBrowser, pageErrors, uniqueEmail, type ViewportName } from './harness.ts';
import { filter, productWithOptions } from './shopper.helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];

const money = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function totals(page: Page) {
  const list = page.getByRole('definition');
  return {
    async read(): Promise<Record<string, string>> {
      const terms = await page.locator('dl.sk-totals dt').allInnerTexts();
      const values = await page.locator('dl.sk-totals dd').allInnerTexts();
      return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
    },
    list,
  };
}

function cartButton(page: Page, viewport: ViewportName) {
  return page.getByRole('banner').getByRole(viewport === 'desktop' ? 'button' : 'link', { name: /^Cart \(\d+\)$/ });
}

/** Runs a JSON call from the page (its cookies, its origin), answering the status. */
async function pageCall(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<number> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return res.status;
    },
    { method, path, body, headers },
  );
}

/** A fresh signed-in customer with one saved address, who has placed an order of `inventoryLevelId`; answers the order number. */
async function customerWithOrder(page: Page, inventoryLevelId: number): Promise<number> {
  await page.goto('/');
  const email = uniqueEmail('order-mode');
  const password = 'pool-and-spa-2030!';
  expect(await pageCall(page, 'POST', '/api/auth/register', { email, password, firstName: 'Olive', lastName: 'Order' })).toBe(200);
  expect(await pageCall(page, 'POST', '/api/auth/login', { email, password })).toBe(200);
  const address = { firstName: 'Olive', lastName: 'Order', address1: '12 Cabana Ct', city: 'Seattle', zip: '98101', phone: '2065550123', countryCode: 'US', stateCode: 'WA' };
  expect(await pageCall(page, 'POST', '/api/mailingAddresses', address)).toBe(200);
  expect(await pageCall(page, 'POST', '/api/checkouts/lineItems', { inventoryLevelId, quantity: 1 }, { 'Idempotency-Key': `k-${Date.now()}-${Math.random()}` })).toBe(200);
  await page.goto('/shoppingcart.asp');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\/[^/]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill('2099');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
  return Number((await page.locator('.order-no strong').textContent())?.replace('#', ''));
}

describe.each(VIEWPORTS)('shopper cart at %s width', (viewport) => {
  test("a product page opened with an orderId is in 'Add to Order' mode and adds the product to that order", async () => {
    const { products } = await filter('limit=40&sortBy=id_asc&fields=id,title,handle,price,availableForSale,inventoryLevelId,availableQuantity,bypassNegativeQuantity');
    const sellable = (products as unknown as Array<{ id: number; title: string; handle: string; price: number; availableForSale: boolean; inventoryLevelId: number | null; availableQuantity: number; bypassNegativeQuantity: boolean }>).filter(
      (p) => p.availableForSale && p.price > 0 && p.inventoryLevelId !== null && (p.bypassNegativeQuantity || p.availableQuantity > 3),
    );
    const [ordered, extra] = sellable.slice(viewport === 'desktop' ? 0 : 2) as [(typeof sellable)[0], (typeof sellable)[0]];
    const page = await newPage(browser, viewport);
    const orderId = await customerWithOrder(page, ordered.inventoryLevelId!);
    expect(orderId).toBeGreaterThan(0);

    await page.goto(`/products/${extra.handle}?orderId=${orderId}`);
    await page.getByRole('heading', { level: 1, name: extra.title }).waitFor();
    const form = page.locator('form.sk-addform');
    expect(await form.getByLabel('Quantity').count()).toBe(0);
    await form.getByRole('button', { name: 'Add to Order' }).click();
    await form.getByText("You've added this product to your order. Expect hearing from us soon.").waitFor();
    // the cart is not touched: the order got the line
    await expect.poll(() => cartButton(page, viewport).getAttribute('aria-label')).toBe('Cart (0)');
    await page.goto(`/account/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: `Order #${orderId}` }).waitFor();
    await page.getByRole('table', { name: 'Items' }).getByText(extra.title).waitFor();
    await page.getByText('Added after the order was placed').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  test('choose an option, add to the cart, then change the quantity, apply codes and reach the checkout link', async () => {
    const { product, variant, option, value, stock } = await productWithOptions();
    const page = await newPage(browser, viewport);
    await page.goto(`/products/${product.handle}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await hydrated(page);

    // options: the product price until every option is chosen, then the variant's
    const form = page.locator('form.sk-addform');
    await form.getByLabel(option, { exact: true }).selectOption(value);
    await expect.poll(() => page.locator('.sk-price .sk-price__now').first().innerText()).toBe(money(variant.price));
    await form.getByRole('button', { name: 'Add to Cart' }).click();

    if (viewport === 'desktop') {
      // the overlay slides in from the cart button and lists the line
      const overlay = page.getByRole('region', { name: 'Cart' });
      await overlay.waitFor();
      await overlay.getByText(product.title, { exact: false }).first().waitFor();
      expect(await cartButton(page, viewport).getAttribute('aria-expanded')).toBe('true');
      // a click outside closes it
      await page.getByRole('heading', { level: 1 }).click();
      await overlay.waitFor({ state: 'hidden' });
      await cartButton(page, viewport).click();
      await overlay.getByRole('link', { name: 'View Cart' }).click();
    } else {
      await expect.poll(() => cartButton(page, viewport).getAttribute('aria-label')).toBe('Cart (1)');
      await cartButton(page, viewport).click();
    }
    await page.waitForURL((url) => url.pathname === '/shoppingcart.asp');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();

    const qty = page.getByRole('textbox', { name: /^Quantity of / });
    await expect.poll(() => qty.inputValue()).toBe('1');
    const read = totals(page).read;
    await expect.poll(async () => (await read()).Subtotal).toBe(money(variant.price));

    // plus adds one
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => qty.inputValue()).toBe('2');
    await expect.poll(async () => (await read()).Subtotal).toBe(money(Math.round(variant.price * 200) / 100));

    // the spec's messages for refused values; nothing is sent
    const error = page.locator('.sk-qty__error');
    await qty.fill(String(stock + 1));
    await expect.poll(() => error.innerText()).toBe(`Can't add more than ${stock}`);
    await qty.fill('0');
    await expect.poll(() => error.innerText()).toBe('Quantity must be greater than 0');
    await qty.fill('');
    await expect.poll(() => error.innerText()).toBe('Invalid quantity');
    // non-digits are stripped
    await qty.fill('3x');
    await expect.poll(() => qty.inputValue()).toBe('3');
    await expect.poll(() => error.count()).toBe(0);
    await expect.poll(async () => (await read()).Subtotal).toBe(money(Math.round(variant.price * 300) / 100));
    expect(await qty.getAttribute('aria-invalid')).toBe('false');

    // discount codes
    const code = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await code.fill('EXPIRED2020');
    await apply.click();
    const notice = page.locator('.sk-coupon [role="alert"]');
    await expect.poll(() => notice.getAttribute('class')).toContain('danger');
    expect((await notice.innerText()).length).toBeGreaterThan(0);
    expect(await code.inputValue()).toBe('EXPIRED2020');

    await code.fill('SAVE10');
    await apply.click();
    await expect.poll(() => notice.innerText()).toBe('Coupon code: SAVE10 has been added successfully.');
    expect(await code.inputValue()).toBe('');
    const subtotal = Math.round(variant.price * 300);
    // 10 percent off, to the cent (the server's rounding of the half cent is its own)
    // the Discount row names its code and reads as a negative amount ('Discount (SAVE10)', '-$12.34')
    await expect.poll(async () => Math.abs(Math.abs(Number((await read())['Discount (SAVE10)']?.replace(/[$,]/g, ''))) * 100 - subtotal * 0.1)).toBeLessThan(1);
    await page.locator('.sk-coupon li', { hasText: 'SAVE10' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => notice.innerText()).toBe('The discount code was successfully removed.');
    // without a discount there is no Discount row
    await expect.poll(async () => Object.keys(await read()).filter((k) => k.startsWith('Discount'))).toEqual([]);

    await code.fill('FREESHIP');
    await apply.click();
    await expect.poll(() => notice.innerText()).toBe('Coupon code: FREESHIP has been added successfully.');
    await expect.poll(async () => (await read()).Shipping).toBe('FREE');
    const all = await read();
    expect(all.Total).toMatch(/^\$[\d,]+\.\d{2}$/);

    // the checkout button goes to the checkout's webUrl (the hosted page, /checkout/{id})
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => /^\/checkout\/[^/]+$/.test(url.pathname));
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('removing the last line empties the cart page', async () => {
    const { products } = await filter('limit=24&sortBy=price_asc&minPrice=5');
    const card = products.find((p) => p.availableForSale)!;
    const page = await newPage(browser, viewport);
    await page.goto(`/searchresults.asp?q=${encodeURIComponent(card.title)}`);
    const article = page.locator('section[aria-labelledby="listing-products"] article.sk-card', { hasText: card.title }).first();
    await article.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => cartButton(page, viewport).getAttribute('aria-label')).toBe('Cart (1)');
    await page.goto('/shoppingcart.asp');
    await page.getByRole('button', { name: `Remove ${card.title}` }).click();
    await page.getByRole('main').getByText('No items in cart').waitFor();
    await expect.poll(() => cartButton(page, viewport).getAttribute('aria-label')).toBe('Cart (0)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('the recently viewed list shows the products seen before, newest first, and removes one', async () => {
    const { products } = await filter('limit=3&sortBy=id_desc');
    const [a, b, c] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];
    const page = await newPage(browser, viewport);
    for (const p of [a, b, c]) {
      await page.goto(`/products/${p.handle}`);
      await page.getByRole('heading', { level: 1, name: p.title }).waitFor();
      await hydrated(page);
    }
    // on the third product: the two before it, newest first, not the product itself
    // the page's lazy place for it, which renders the slider once it comes into view
    const region = page.locator('[data-lazy-section="Recently viewed"]');
    await region.scrollIntoViewIfNeeded();
    const slider = page.locator('section.sk-slider', { has: page.getByRole('heading', { name: 'Recently viewed' }) });
    const titles = () => slider.locator('.sk-card__title').allInnerTexts();
    await expect.poll(titles).toEqual([b.title, a.title]);
    await slider.getByRole('button', { name: `Remove ${a.title} from recently viewed` }).click();
    await expect.poll(titles).toEqual([b.title]);
    // the list is kept in local storage: a reload shows the same
    await page.reload();
    await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
    await region.scrollIntoViewIfNeeded();
    await expect.poll(titles).toEqual([b.title]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
