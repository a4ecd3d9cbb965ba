/**
 * The back office's Imports and Operators pages in a real browser against the real server: the
 * owner sends the sample Shopify catalogue (examples/catalogues/shopify-pool-parts.csv) with its
 * pictures as a dry run and reads the report (nothing written: the shared test store keeps its
 * catalogue for the other files), then imports a one-product file made from the sample's first
 * product under a new handle and finds it on the storefront; invites a staff operator on the
 * Operators page, who sets a password from the one-time link and sees Imports but not Operators
 * at phone width. axe-core: no serious or critical violation; screenshots at 1280 and 390 px go
 * to /tmp/admin-shots/imports-*.png and operators-*.png.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../support/store-process.ts';
import { OWNER_PASSWORD } from './global-setup.ts';
import { newPage, openBrowser, pageErrors, seriousA11yViolations, uniqueEmail } from './harness.ts';

const OWNER_EMAIL = 'owner@skimmer.test';
const SHOTS = '/tmp/admin-shots';
const CATALOGUES = join(ROOT, 'examples', 'catalogues');
const SAMPLE = join(CATALOGUES, 'shopify-pool-parts.csv');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

/** The sample's first product (every row of its handle) under a new handle, title and SKU. */
function oneProductFile(stamp: string): { csv: string; handle: string; title: string } {
  const lines = readFileSync(SAMPLE, 'utf8').split('\n');
  const handle = 'tidewell-aquadrive-1-5-hp-pool-pump';
  const rows = lines.slice(1).filter((line) => line.startsWith(`${handle},`));
  const newHandle = `admin-import-pump-${stamp}`;
  const title = `AquaDrive Import Check ${stamp}`;
  const csv = [lines[0], ...rows.map((r) => r.replaceAll(`${handle},`, `${newHandle},`).replace('AquaDrive 1.5 HP Pool Pump', title).replace(',TW-AD15,', `,TW-IMP-${stamp},`))].join('\n') + '\n';
  return { csv, handle: newHandle, title };
}

describe('the back office\'s imports and operators', () => {
  test('the owner at 1280 px: a dry run of the sample with its report, a real import found on the storefront, a staff operator invited', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Imports' }).waitFor();
    await page.getByRole('heading', { name: 'Recent imports' }).waitFor();

    // the sample with its pictures, as a dry run
    const pictures = readdirSync(join(CATALOGUES, 'images')).filter((n) => n.endsWith('.png')).map((n) => join(CATALOGUES, 'images', n));
    await page.getByLabel('Format').selectOption('shopify');
    await page.getByLabel('Catalogue file').setInputFiles(SAMPLE);
    await page.getByLabel(/^Pictures/).setInputFiles(pictures);
    await page.getByRole('checkbox', { name: /Dry run/ }).check();
    await page.getByRole('button', { name: 'Check the file' }).click();
    const summary = page.getByRole('region', { name: /^Dry run imp_/ }).getByText(/^Dry run, nothing was written\. 51 rows: /);
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toMatch(/32 would be created/);
    await page.getByRole('region', { name: /^Dry run imp_/ }).getByText('Finished: 51 rows read.').waitFor();
    await expectAccessible(page, 'imports: a dry run\'s report');
    await page.screenshot({ path: join(SHOTS, 'imports-1280.png'), fullPage: true });
    // nothing was written: the sample's pump is not on the storefront
    expect((await page.request.get('/products/tidewell-aquadrive-1-5-hp-pool-pump')).status()).toBe(404);

    // one product for real, then on the storefront
    const stamp = String(Date.now());
    const one = oneProductFile(stamp);
    await page.getByLabel('Catalogue file').setInputFiles({ name: `one-pump-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(one.csv) });
    await page.getByRole('checkbox', { name: /Dry run/ }).uncheck();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByRole('region', { name: /^Import imp_/ });
    await report.getByText(/^\d+ rows?: 1 created, 0 updated, 0 unchanged, 0 rejected\.$/).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'See the products' }).waitFor();
    // the recent imports list it (the audit log), newest first
    await expect.poll(async () => (await page.getByRole('heading', { name: 'Recent imports' }).locator('..').locator('tbody tr').count()), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const shop = await newPage(browser, 'desktop');
    await expect.poll(async () => (await shop.request.get(`/products/${one.handle}`)).status(), { timeout: 15_000 }).toBe(200);
    await shop.goto(`/products/${one.handle}`);
    await shop.getByRole('heading', { level: 1, name: new RegExp(one.title) }).waitFor();
    expect(pageErrors(shop)).toEqual([]);
    await shop.context().close();

    // the exports are downloads
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Shopify CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('catalogue-shopify.csv');
    expect(readFileSync((await file.path())!, 'utf8')).toContain(one.handle);

    // a staff operator invited; the link shown once
    await nav.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operators' }).waitFor();
    const invite = page.getByRole('form', { name: 'Invite an operator' });
    const staffEmail = uniqueEmail('imports-staff');
    await invite.getByLabel('Email').fill(staffEmail);
    await invite.getByLabel('Name').fill('Sam Staff');
    await invite.getByLabel('Role').selectOption('staff');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const linkField = invite.getByLabel('One-time set-password link');
    await linkField.waitFor();
    const link = new URL(await linkField.inputValue());
    expect(link.pathname).toBe('/admin/set-password');
    await page.getByRole('table', { name: 'Operators' }).getByText(staffEmail).waitFor();
    await expectAccessible(page, 'operators');
    await page.screenshot({ path: join(SHOTS, 'operators-1280.png'), fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // at phone width: the staff operator sets a password from the link; Imports, no Operators
    const phone = await newPage(browser, 'mobile');
    await phone.goto(`${link.pathname}${link.search}${link.hash}`);
    const password = 'staff members import the pool shop';
    await phone.getByLabel('New password', { exact: true }).fill(password);
    await phone.getByLabel('New password again').fill(password);
    await phone.getByRole('button', { name: 'Set password' }).click();
    await phone.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
    await signIn(phone, staffEmail, password);
    const phoneNav = phone.getByRole('navigation', { name: 'Back office' });
    expect(await phoneNav.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    await phoneNav.getByRole('link', { name: 'Imports' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Imports' }).waitFor();
    expect(await phone.getByRole('heading', { name: 'Recent imports' }).count()).toBe(0);
    await expectAccessible(phone, 'imports (phone, staff)');
    await phone.screenshot({ path: join(SHOTS, 'imports-390.png'), fullPage: true });
    await phone.goto('/admin/operators');
    await phone.getByRole('alert').filter({ hasText: 'Only an owner manages operators and API tokens.' }).waitFor();
    await phone.context().close();
  });

  test('the owner at 390 px: the operators page with a token created, shown once', async () => {
    const page = await newPage(browser, 'mobile');
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await page.goto('/admin/operators');
    const create = page.getByRole('form', { name: 'New API token' });
    await create.getByLabel(/^Name/).fill('Stock feed');
    await create.getByRole('checkbox', { name: 'Catalogue' }).check();
    await create.getByRole('button', { name: 'Create token' }).click();
    const value = create.getByLabel('Token Stock feed');
    await value.waitFor();
    const token = await value.inputValue();
    expect(token.length).toBeGreaterThan(20);
    // the token works as a bearer for its scope, and not beyond it
    const products = await page.request.get('/api/admin/products?limit=1', { headers: { Authorization: `Bearer ${token}` } });
    expect(products.status()).toBe(200);
    const orders = await page.request.get('/api/admin/orders?limit=1', { headers: { Authorization: `Bearer ${token}` } });
    expect(orders.status()).toBe(403);
    await page.getByRole('table', { name: 'API tokens' }).getByText('Stock feed').first().waitFor();
    await expectAccessible(page, 'operators (phone)');
    await page.screenshot({ path: join(SHOTS, 'operators-390.png'), fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
