/**
 * Accounts in a real browser against the real server: register, sign out and in, add, edit and
 * delete an address (with the invalid phone and postal-code marks), set and verify a recovery
 * email through the dev mailbox, a second customer who cannot see or change the first one's data,
 * a signed-out visitor of the wallet, recovery email and orders sent to /login.asp and back after
 * signing in, the phone and postcode libraries loaded only with the address form, and axe on the
 * account, login, register and recovery-email pages at both widths.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mailbox, newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, uniqueEmail, VIEWPORTS, type ViewportName } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'pool-parts-2030!';
const DEMO = { email: 'demo@skimmer.test', password: 'skimmer-demo-2030' };

async function register(page: Page, email: string, first = 'Pat', last = 'Diver'): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // a new account is signed in at once and lands on the account page
  await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
}

async function signIn(page: Page, email: string, password: string, path = '/login.asp'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills the open address dialog; `phone` and `zip` default to valid Washington values. */
async function fillAddress(dialog: ReturnType<Page['getByRole']>, { address1, city, phone = '(206) 555-0123', zip = '98101' }: { address1: string; city: string; phone?: string; zip?: string }) {
  await dialog.getByLabel(/^Country/).selectOption('US');
  await dialog.getByLabel(/^State/).selectOption('WA');
  await dialog.getByLabel('Address Line 1').fill(address1);
  await dialog.getByLabel('City').fill(city);
  await dialog.getByLabel('Postal Code').fill(zip);
  await dialog.getByLabel('First Name').fill('Pat');
  await dialog.getByLabel('Last Name').fill('Diver');
  await dialog.getByLabel('Phone Number').fill(phone);
}

/** Markers of the two address-form libraries in built code: libphonenumber-js's metadata, postcode-validator's Jersey pattern. */
const ADDRESS_LIBRARIES = { 'libphonenumber-js': /country_calling_codes|countryCallingCodes/, 'postcode-validator': /\^JE\\d/ } as const;
const scriptBodies = new Map<string, Promise<string>>();

/** The address-form libraries found in the scripts this document has loaded so far. */
async function addressLibrariesLoaded(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => new URL(u).pathname.endsWith('.js')));
  const bodies = await Promise.all(
    [...new Set(urls)].map((url) => {
      if (!scriptBodies.has(url)) scriptBodies.set(url, fetch(url).then((r) => r.text()));
      return scriptBodies.get(url)!;
    }),
  );
  return Object.entries(ADDRESS_LIBRARIES).filter(([, marker]) => bodies.some((body) => marker.test(body))).map(([name]) => name);
}

describe('accounts', () => {
  test('libphonenumber-js and postcode-validator load only with the address form', async () => {
    // the markers must name the libraries: both are in the installed packages' code
    expect(ADDRESS_LIBRARIES['postcode-validator'].test(await readFile('node_modules/postcode-validator/lib/esm/postcode-regexes.js', 'utf8'))).toBe(true);
    expect(ADDRESS_LIBRARIES['libphonenumber-js'].test(await readFile('node_modules/libphonenumber-js/metadata.mobile.json', 'utf8'))).toBe(true);
    const page = await newPage(browser, 'desktop');
    // every script of a page must be listed, however many images it loads first
    await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
    for (const [path, ready] of [
      ['/', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/login.asp', () => page.getByRole('button', { name: 'Sign in' }).waitFor()],
      ['/blogs', () => page.getByRole('region', { name: 'Articles' }).waitFor()],
    ] as const) {
      await page.goto(path);
      await ready();
      expect(await addressLibrariesLoaded(page), path).toEqual([]);
    }
    await signIn(page, DEMO.email, DEMO.password);
    await page.getByRole('article').first().waitFor();
    for (const [path, ready] of [
      ['/wallet', () => page.getByRole('tab', { name: 'Payment methods' }).waitFor()],
      ['/myaccount.asp?tab=wallet', () => page.getByRole('tab', { name: 'Payment methods' }).waitFor()],
      ['/recovery-email', () => page.getByLabel('Recovery Email').waitFor()],
      ['/orders.asp', () => page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor()],
    ] as const) {
      await page.goto(path);
      await ready();
      expect(await addressLibrariesLoaded(page), path).toEqual([]);
    }
    for (const path of ['/myaccount.asp', '/address.asp']) {
      await page.goto(path);
      await page.getByRole('article').first().waitFor();
      expect(await addressLibrariesLoaded(page), path).toEqual(['libphonenumber-js', 'postcode-validator']);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a signed-out visitor of the wallet, the recovery email or the orders signs in and comes back there', async () => {
    const page = await newPage(browser, 'mobile');
    const email = uniqueEmail('return');
    await register(page, email);
    for (const [path, ready] of [
      ['/wallet', () => page.getByRole('tab', { name: 'Payment methods', selected: true }).waitFor()],
      ['/recovery-email', () => page.getByLabel('Recovery Email').waitFor()],
      ['/orders.asp', () => page.getByText('You have no orders yet.').waitFor()],
    ] as const) {
      await page.goto('/logout');
      await page.getByText('You have been signed out.').waitFor();
      await page.goto(path);
      await page.waitForURL(`${storeUrl()}/login.asp?returnTo=${encodeURIComponent(path)}`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${storeUrl()}${path}`);
      await ready();
      // the login page replaced the redirecting entry: Back leaves, it does not bounce to sign-in
      await page.goBack();
      await page.waitForURL(`${storeUrl()}/logout`);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('register, sign out and in, then add, edit and delete addresses', async () => {
    const page = await newPage(browser, 'desktop');
    const email = uniqueEmail('acct');
    await register(page, email);
    await page.getByText('Account has no addresses.').waitFor();

    // sign out from the account menu: the server session ends
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('You have been signed out.').waitFor();
    expect(await page.evaluate(() => fetch('/api/user').then((r) => r.json()))).toEqual({ user: null });

    // a wrong password keeps the email typed; the right one returns to the account page
    await signIn(page, email, 'not the password at all');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();

    // add: State only after a country, invalid phone and postal code marked, then fixed
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Address' });
    expect(await dialog.getByLabel(/^State/).count()).toBe(0);
    await fillAddress(dialog, { address1: '12 Pool Lane', city: 'Spokane', phone: '12', zip: 'ABCDE' });
    await dialog.getByLabel('Company').focus();
    const phone = dialog.getByLabel('Phone Number');
    const zip = dialog.getByLabel('Postal Code');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('Please enter a valid mobile phone number.').waitFor();
    await dialog.getByText('Please enter a valid postal code.').waitFor();
    await phone.fill('(509) 555-0188');
    await zip.fill('99201');
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    expect(await phone.getAttribute('class')).toContain('ac-input--valid');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const first = page.getByRole('article').filter({ hasText: '12 Pool Lane' });
    await first.getByRole('heading', { name: 'Default Address' }).waitFor();

    // edit: the city changes on the card
    await first.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Address' });
    expect(await edit.getByLabel('Address Line 1').inputValue()).toBe('12 Pool Lane');
    await edit.getByLabel('City').fill('Walla Walla');
    await edit.getByRole('button', { name: 'Confirm' }).click();
    await first.getByText('Walla Walla, WA 99201').waitFor();

    // a second address, then delete it
    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page.getByRole('dialog', { name: 'Add Address' }), { address1: '99 Spa Court', city: 'Seattle' });
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const second = page.getByRole('article').filter({ hasText: '99 Spa Court' });
    await second.getByRole('heading', { name: 'Mailing Address' }).waitFor();
    await second.getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(() => second.count()).toBe(0);

    // /address.asp lists the same addresses, fresh from the server
    await page.goto('/address.asp');
    await page.getByRole('article').filter({ hasText: 'Walla Walla' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('set a recovery email and verify it through the mailbox', async () => {
    const page = await newPage(browser, 'mobile');
    await register(page, uniqueEmail('recover'));
    const recovery = uniqueEmail('backup');
    await page.goto('/recovery-email');
    await page.getByLabel('Recovery Email').fill(recovery);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.locator('.ac-notice').getByText('Recovery email updated successfully').waitFor();
    await page.getByText('Your recovery email is not verified').waitFor();
    await page.getByRole('button', { name: 'Update' }).waitFor();
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.locator('.ac-notice').getByText('Verification link has been sent to your recovery email.').waitFor();

    let link: string | undefined;
    await expect.poll(async () => (link = (await mailbox(recovery)).flatMap((m) => m.links).find((l) => l.includes('/verify-recovery-email'))), { timeout: 10_000 }).toBeTruthy();
    await page.goto(link!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Recovery email verified').waitFor();

    await page.goto('/recovery-email');
    await page.getByText('Recovery email verified').waitFor();
    expect(await page.getByRole('button', { name: 'Verify now' }).count()).toBe(0);
    expect(await page.getByLabel('Recovery Email').inputValue()).toBe(recovery);
    await page.context().close();
  });

  test("a second customer cannot see or change the first one's data", async () => {
    const ann = await newPage(browser, 'desktop');
    await register(ann, uniqueEmail('ann'), 'Ann', 'First');
    await ann.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(ann.getByRole('dialog'), { address1: '1 Private Road', city: 'Olympia' });
    await ann.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await ann.getByRole('article').filter({ hasText: '1 Private Road' }).waitFor();
    const annAddress = (await ann.evaluate(() => fetch('/api/customer').then((r) => r.json()))) as { customer: { id: number; MailingAddresses: { id: number }[] } };
    const addressId = annAddress.customer.MailingAddresses[0]!.id;

    const bob = await newPage(browser, 'desktop');
    await register(bob, uniqueEmail('bob'), 'Bob', 'Second');
    await bob.getByText('Account has no addresses.').waitFor();
    expect(await bob.getByText('1 Private Road').count()).toBe(0);
    await bob.goto('/address.asp');
    await bob.getByText('Account has no addresses.').waitFor();
    await bob.goto('/recovery-email');
    await bob.getByRole('button', { name: 'Add' }).waitFor();
    expect(await bob.getByLabel('Recovery Email').inputValue()).toBe('');

    // what Bob's page could forge against Ann's address is refused, and Ann's card is unchanged
    const forged = await bob.evaluate(async ({ id, customerId }) => {
      const put = await fetch(`/api/mailingAddresses/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ city: 'Hacked', makeDefault: false }) });
      const del = await fetch(`/api/customer/${customerId}/mailingAddresses/${id}`, { method: 'DELETE' });
      return [put.status, del.status];
    }, { id: addressId, customerId: annAddress.customer.id });
    expect(forged).toEqual([404, 404]);
    await ann.reload();
    await ann.getByRole('article').filter({ hasText: 'Olympia' }).waitFor();
    expect(await ann.getByText('Hacked').count()).toBe(0);
    await ann.context().close();
    await bob.context().close();
  });

  test.each(Object.keys(VIEWPORTS) as ViewportName[])('account pages have no serious axe violation and look right at %s width', async (viewport) => {
    const page = await newPage(browser, viewport);
    const check = async (name: string) => {
      await screenshot(page, `account-${name}-${viewport}`);
      expect(JSON.stringify(await seriousA11yViolations(page)), name).toBe('[]');
    };
    for (const [path, heading] of [
      ['/login.asp', 'Sign in'],
      ['/register', 'Create an account'],
      ['/reset-password', 'Reset your password'],
      ['/recover-account', 'Recover your account'],
      ['/verify-account', 'Verify your email'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path === '/login.asp') {
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('Please enter a valid email address.').waitFor();
      }
      await check(path.slice(1).replace(/\W+/g, '-'));
    }
    await signIn(page, DEMO.email, DEMO.password);
    await page.getByRole('article').first().waitFor();
    expect(page.url()).toBe(`${storeUrl()}/myaccount.asp`);
    await check('myaccount');
    await page.getByRole('article').first().getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Address' });
    await dialog.getByLabel(/^State/).waitFor();
    // the fields scroll inside the dialog; Close and Confirm stay in view without scrolling
    const size = page.viewportSize()!;
    for (const name of ['Close', 'Confirm']) {
      const box = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(size.height);
      expect(box.y, name).toBeGreaterThanOrEqual(0);
    }
    await screenshot(page, `account-myaccount-edit-${viewport}`, { fullPage: false });
    expect(JSON.stringify(await seriousA11yViolations(page)), 'myaccount-edit').toBe('[]');
    await page.keyboard.press('Escape');
    await page.goto('/myaccount.asp?tab=wallet');
    await page.getByRole('tab', { name: 'Payment methods' }).waitFor();
    await page.getByRole('list', { name: 'Payment methods', exact: true }).waitFor();
    await check('myaccount-wallet');
    // each page checked once its own content is there (the header's search form is there at once)
    for (const [path, heading, ready] of [
      ['/address.asp', 'Mailing addresses', () => page.getByRole('article').first()],
      ['/recovery-email', 'Recovery email', () => page.getByLabel('Recovery Email')],
      ['/change-password', 'Change password', () => page.getByRole('button', { name: 'Change password' })],
      ['/start-verification', 'Verify your email', () => page.getByRole('button', { name: 'Send verification email' })],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await ready().waitFor();
      await check(path.slice(1).replace(/\W+/g, '-'));
    }
    await page.goto('/logout');
    await page.getByText('You have been signed out.').waitFor();
    await screenshot(page, `account-logout-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
