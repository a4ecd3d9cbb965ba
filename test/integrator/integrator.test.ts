/**
 * What an integrator does with the package: the packed tarball (`npm run pack:lib`) installed into
 * a new project with React (npm, from the local tarball and the npm cache), then
 * - every entry imported from Node as ESM, and nothing of the server installed with it;
 * - a TypeScript file using the public types compiled under moduleResolution bundler and node16;
 * - that file (emitted by the node16 build) run with Node: react-dom/server renders
 *   SkimmerProvider with a fake client and a component using useCart and useSearchBox;
 * - the arbitraries of skimmer/domain/testing checked against the domain's own rules.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { npmInstall, packedTarball, ROOT } from './pack.helpers.ts';

const repo = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const range = (name: string) => repo.dependencies[name] ?? repo.devDependencies[name]!;

let dir: string;

function node(args: string[]): string {
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function tsc(project: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: dir });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

beforeAll(async () => {
  const tarball = await packedTarball();
  dir = mkdtempSync(join(tmpdir(), 'skimmer-integrator-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'integrator-app', private: true, type: 'module' }));
  npmInstall(dir, [
    tarball,
    `react@${range('react')}`,
    `react-dom@${range('react-dom')}`,
    `fast-check@${range('fast-check')}`,
    `@types/react@${range('@types/react')}`,
    `@types/react-dom@${range('@types/react-dom')}`,
  ]);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed library in a new project', () => {
  test('installs only the library and its dependencies: nothing of the server, database, images or 3D', () => {
    for (const name of ['fastify', 'better-sqlite3', 'sharp', 'three', 'socket.io', 'nodemailer', '@google/model-viewer', 'sanitize-html', 'react-router-dom', 'vite']) {
      expect(existsSync(join(dir, 'node_modules', name)), name).toBe(false);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'node_modules/skimmer/package.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    // the generated package.json lists what the built library imports, nothing of the repository's server
    const deps = Object.keys(pkg.dependencies!);
    expect(deps).toEqual(expect.arrayContaining(['@xstate/react', 'ky', 'libphonenumber-js', 'postcode-validator', 'xstate']));
    expect(deps.filter((d) => /fastify|sqlite|sharp|three|^socket\.io$|nodemailer|^pg$|redis|sanitize|react-router|^react(-dom)?$/.test(d))).toEqual([]);
    expect(pkg.peerDependencies).toMatchObject({ react: expect.any(String), 'react-dom': expect.any(String), 'fast-check': expect.any(String), '@google/model-viewer': expect.any(String) });
    expect(pkg.peerDependenciesMeta).toEqual({ 'fast-check': { optional: true }, '@google/model-viewer': { optional: true } });
    expect(pkg.sideEffects).toEqual(['**/*.css']);
  });

  test('every entry imports from Node as ESM, and the views stylesheet resolves', { timeout: 60_000 }, () => {
    const script = `
      const names = {
        'skimmer/domain': ['formatPrice', 'cartReducer', 'parseQuickOrderLine', 'resolvePart'],
        'skimmer/domain/address': ['isValidPostalCode', 'isValidMobilePhone', 'addressUpdateRequest'],
        'skimmer/domain/testing': ['productArb', 'cartLinesArb', 'mailingAddressArb', 'quickOrderItemArb'],
        'skimmer/api': ['createClient', 'isApiError'],
        'skimmer/machines': ['cartMachine', 'searchBoxMachine', 'quickOrderMachine', 'connectQuickOrder'],
        'skimmer/machines/address': ['addressBookMachine', 'addressCreateMachine'],
        'skimmer/hooks': ['SkimmerProvider', 'useCart', 'useSearchBox', 'useQuickOrder'],
        'skimmer/hooks/address': ['useAddressBook', 'useNewAddress'],
        'skimmer/ui': ['ProductCard', 'PriceTag', 'Header', 'CartPanel', 'AddressCard'],
        'skimmer/ui/address': ['AddressBook', 'AddressForm'],
      };
      const out = {};
      for (const [entry, wanted] of Object.entries(names)) {
        const m = await import(entry);
        out[entry] = wanted.filter((n) => m[n] === undefined);
      }
      out.css = import.meta.resolve('skimmer/ui/styles.css');
      console.log(JSON.stringify(out));
    `;
    writeFileSync(join(dir, 'entries.mjs'), script);
    const out = JSON.parse(node(['entries.mjs'])) as Record<string, string[] | string>;
    const { css, ...missing } = out;
    expect(missing).toEqual(Object.fromEntries(Object.keys(missing).map((k) => [k, []])));
    expect(Object.keys(missing)).toHaveLength(10);
    const styles = readFileSync(new URL(css as string), 'utf8');
    expect(styles).toMatch(/\.product-card|\.qty|\{/);
    expect(styles).not.toMatch(/@import/);
  });

  const APP = `
import { renderToString } from 'react-dom/server';
import { createElement as h } from 'react';
import type { ApiClient } from 'skimmer/api';
import { formatPrice, parseQuickOrderLine, type Checkout, type StoreConfig, type ThemeConfig } from 'skimmer/domain';
import { isValidPostalCode } from 'skimmer/domain/address';
import { connectQuickOrder, quickOrderMachine } from 'skimmer/machines';
import { SkimmerProvider, useCart, useSearchBox, type CartApi, type SearchBoxApi } from 'skimmer/hooks';
import type { PriceTagProps } from 'skimmer/ui';

const storeConfig: StoreConfig = {
  storeName: 'Pool Pros', storeLogoUrl: '/logo.png', storeFaviconUrl: '/favicon.ico', storefrontAnnouncement: '',
  contactPhoneNumber: '555-0100', storeEmail: 'help@pools.test', gTagId: null, appTimeZone: 'America/Chicago',
  merchantReturnDays: 30, recaptchaSiteKey: 'key', collectionPath: '/collections', productPath: '/products', articlePath: '/articles',
};
const themeConfig: ThemeConfig = {
  storeCurrency: '$', productTopBannerUrl: null, productNoImageUrl: '/none.png', defaultLimitPerPage: 24, infoCards: [],
  heroSection: { images: [] }, seoTitle: 'Pool Pros', seoDescription: '', featuredProducts: { url: '/c/featured', bannerUrl: '/b.png' },
  imagePlacements: { collection: { menuImage: 'thumbnail' } }, additionalHeaderLinks: [],
  exitIntentPopUp: { bgImageUrl: '/bg.png', discountMessage: '', discountCode: '' }, blogDescription: '',
};
const checkout: Checkout = {
  webUrl: 'https://pools.test/checkout/abc', subtotalPrice: 37.5, totalPrice: 37.5, currencyCode: 'USD',
  CheckoutShippingLine: { price: 0 }, DiscountCodes: [],
  LineItems: [{ id: 1, inventoryLevelId: 11, title: 'Skimmer Basket', imageUrl: null, currentQuantity: 3, totalUnitPrice: 12.5,
    availableForSale: true, availableQuantity: 9, sku: 'SKM-1', productHandle: 'skimmer-basket', bypassNegativeQuantity: false }],
};
const calls: string[] = [];
// every call the render would make is recorded: a server render makes none
const client = new Proxy({} as ApiClient, {
  get: (_t, key) => (key === 'then' ? undefined : (..._args: unknown[]) => { calls.push(String(key)); return new Promise(() => {}); }),
});

function Bar() {
  const cart: CartApi = useCart();
  const search: SearchBoxApi = useSearchBox();
  return h('header', null,
    h('input', { placeholder: search.placeholder, defaultValue: search.query }),
    h('span', null, 'items: ' + cart.itemCount),
    h('span', null, 'total: ' + (cart.totals?.total ?? '')));
}

const tag: PriceTagProps['context'] = 'list';
const line = parseQuickOrderLine('SP1600Z2 2');
const html = renderToString(
  h(SkimmerProvider, { client, storeConfig, themeConfig, initialData: { auth: { user: null, customer: {} }, checkout } }, h(Bar)),
);
console.log(JSON.stringify({
  html, calls, price: formatPrice(1234.5), tag, line, zip: isValidPostalCode('90210', 'US'),
  machine: quickOrderMachine.id, connect: typeof connectQuickOrder,
}));
`;

  test('a TypeScript app using the public types compiles under moduleResolution bundler and node16', { timeout: 180_000 }, async () => {
    writeFileSync(join(dir, 'app.ts'), APP);
    // skipLibCheck off: the package's own declarations are checked too, under each resolution
    const base = { target: 'ES2022', lib: ['ES2023', 'DOM'], strict: true, skipLibCheck: false, types: [] };
    writeFileSync(join(dir, 'tsconfig.bundler.json'), JSON.stringify({ compilerOptions: { ...base, module: 'esnext', moduleResolution: 'bundler', noEmit: true }, files: ['app.ts'] }));
    writeFileSync(join(dir, 'tsconfig.node16.json'), JSON.stringify({ compilerOptions: { ...base, module: 'node16', moduleResolution: 'node16', outDir: 'out' }, files: ['app.ts'] }));
    // both at once: each is a cold check of React's, XState's and the package's declarations
    const [bundler, node16] = await Promise.all([tsc('tsconfig.bundler.json'), tsc('tsconfig.node16.json')]);
    expect(bundler).toEqual({ status: 0, output: '' });
    expect(node16).toEqual({ status: 0, output: '' });
  });

  test('react-dom/server renders SkimmerProvider with useCart and useSearchBox from the package, calling nothing', { timeout: 60_000 }, () => {
    // out/app.js: the node16 build of the test above
    expect(existsSync(join(dir, 'out/app.js'))).toBe(true);
    const out = JSON.parse(node(['out/app.js'])) as { html: string; calls: string[]; price: string; line: unknown; zip: boolean; machine: string };
    expect(out.html).toContain('placeholder="Enter Keyword or Part Number..."');
    expect(out.html).toContain('<span>items: 3</span><span>total: $37.50</span>');
    expect(out.calls).toEqual([]);
    expect(out).toMatchObject({ price: '$1,234.50', line: { ok: true, partNumber: 'SP1600Z2', quantity: 2 }, zip: true, machine: 'quickOrder' });
  });

  test('the arbitraries of skimmer/domain/testing generate values that pass the domain rules', { timeout: 60_000 }, () => {
    writeFileSync(
      join(dir, 'arbitraries.mjs'),
      `
      import fc from 'fast-check';
      import { cartLinesArb, checkoutArb, mailingAddressArb, productArb, quickOrderItemArb, searchQueryArb } from 'skimmer/domain/testing';
      import { cartItemCount, cartReducer, formatQuickOrderLine, fromQueryString, parseQuickOrderLine, resolvePart, toQueryString, validateQuantity } from 'skimmer/domain';
      import { isValidMobilePhone, isValidPostalCode } from 'skimmer/domain/address';
      import { isDeepStrictEqual } from 'node:util';
      const plain = (v) => JSON.parse(JSON.stringify(v));
      const runs = { numRuns: 100 };
      const checked = [];
      fc.assert(fc.property(mailingAddressArb, (a) => isValidPostalCode(a.zip, a.Country.countryCode) && isValidMobilePhone(a.phone, a.Country.countryCode)), runs); checked.push('address');
      fc.assert(fc.property(cartLinesArb(), (lines) => lines.every((l) => cartItemCount(cartReducer(lines, { type: 'delete', lineItemId: l.lineItemId })) === cartItemCount(lines) - l.quantity)), runs); checked.push('cart lines');
      fc.assert(fc.property(searchQueryArb, (q) => isDeepStrictEqual(plain(fromQueryString(toQueryString(q))), plain(q))), runs); checked.push('search');
      fc.assert(fc.property(productArb(), (p) => p.Variants.every((v) => v.availableInventoryLevels.every((l) => l.variantId === v.id))), runs); checked.push('product');
      fc.assert(fc.property(checkoutArb(), (c) => c.LineItems.every((i) => validateQuantity(i.currentQuantity, { availableQuantity: Number.POSITIVE_INFINITY, availableForSale: true }).ok)), runs); checked.push('checkout');
      fc.assert(fc.property(quickOrderItemArb(), (i) => { const r = parseQuickOrderLine(formatQuickOrderLine(i)); return r.ok && r.partNumber === i.partNumber && r.quantity === i.quantity; }), runs); checked.push('quick order');
      fc.assert(fc.property(productArb(), (p) => { const sku = p.Variants.find((v) => v.sku)?.sku; return !sku || resolvePart({ partNumber: sku, quantity: 1 }, [p]).status !== 'not-found'; }), runs); checked.push('part lookup');
      console.log(JSON.stringify(checked));
      `,
    );
    expect(JSON.parse(node(['arbitraries.mjs']))).toEqual(['address', 'cart lines', 'search', 'product', 'checkout', 'quick order', 'part lookup']);
  });
});
