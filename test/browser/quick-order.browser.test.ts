/**
 * The second frontend, examples/quick-order, built only on the packed library: the tarball is
 * packed (test/integrator/pack.helpers.ts, shared with the integrator tests), installed into the
 * example's node_modules by its own script, type-checked and built with its own Vite config, then
 * served by `vite preview` with /api proxied to the store the browser project started. A
 * technician's journey in Chromium: paste ten lines, fix the one that did not resolve, add all,
 * see the cart, go to checkout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Product } from '../../src/domain/entities.ts';
import { partKey, resolvePart } from '../../src/domain/quick-order.ts';
import { packedTarball, ROOT } from '../integrator/pack.helpers.ts';
import { newPage, openBrowser, pageErrors, screenshot, storeUrl } from './harness.ts';

const EXAMPLE = join(ROOT, 'examples/quick-order');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { cwd: EXAMPLE, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

/** Ten products of the test store that can be ordered twice, with distinct part numbers. */
async function tenParts(): Promise<{ partNumber: string; title: string }[]> {
  const base = storeUrl();
  const list = (await (await fetch(`${base}/api/products/filter?limit=60&fields=handle,availableForSale`)).json()) as { products: { handle: string; availableForSale: boolean }[] };
  const out: { partNumber: string; title: string }[] = [];
  const keys = new Set<string>();
  for (const card of list.products) {
    if (!card.availableForSale) continue;
    const { product } = (await (await fetch(`${base}/api/products/handle/${card.handle}`)).json()) as { product: Product };
    const variant = product.Variants[0];
    const level = variant?.availableInventoryLevels.find((l) => l.availableForSale);
    const partNumber = product.sku;
    if (!partNumber || !variant?.availableForSale || !level || (variant.availableQuantity < 3 && !level.bypassNegativeQuantity)) continue;
    if (keys.has(partKey(partNumber))) continue;
    // the store writes one base hyphenated in one product and spaced in another: keep the parts
    // whose number names one product only, as the pad's own lookup would find it
    const hits = (await (await fetch(`${base}/api/products/filter?q=${encodeURIComponent(partNumber)}&limit=3&fields=handle`)).json()) as { products: { handle: string }[] };
    const found = await Promise.all(hits.products.map(async (h) => ((await (await fetch(`${base}/api/products/handle/${h.handle}`)).json()) as { product: Product }).product));
    if (resolvePart({ partNumber, quantity: 2 }, found).status !== 'resolved') continue;
    keys.add(partKey(partNumber));
    out.push({ partNumber, title: product.title });
    if (out.length === 10) break;
  }
  if (out.length < 10) throw new Error(`the test store has only ${out.length} orderable products with a part number`);
  return out;
}

let browser: Browser;
let server: PreviewServer;
let outDir: string;
let padUrl: string;

beforeAll(async () => {
  const tarball = await packedTarball();
  run(process.execPath, ['scripts/install-skimmer.mjs', '--tarball', tarball]);
  // the example compiles against the package's declarations, as an integrator's app would
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
  outDir = mkdtempSync(join(tmpdir(), 'skimmer-quick-order-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build
  run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  process.env.SKIMMER_API = storeUrl();
  const { preview } = await import('vite');
  server = await preview({ root: EXAMPLE, configFile: join(EXAMPLE, 'vite.config.ts'), build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  padUrl = server.resolvedUrls!.local[0]!;
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('examples/quick-order on the packed library', () => {
  test('the example imports nothing but skimmer entries, React and its own modules', () => {
    const specs = readdirSync(join(EXAMPLE, 'src'))
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => [...readFileSync(join(EXAMPLE, 'src', f), 'utf8').matchAll(/from\s+'([^']+)'|import\s+'([^']+)'/g)].map((m) => m[1] ?? m[2]!));
    expect(specs.filter((s) => !/^(\.\/|skimmer\/(domain|api|machines|hooks|ui)(\/|$)|react$|react-dom\/client$)/.test(s))).toEqual([]);
    expect(specs).toContain('skimmer/hooks');
    // what was installed is the tarball, not a link to the repository
    const installed = JSON.parse(readFileSync(join(EXAMPLE, 'node_modules/skimmer/package.json'), 'utf8')) as { exports: Record<string, unknown>; dependencies: Record<string, string> };
    expect(Object.keys(installed.dependencies)).not.toContain('fastify');
    expect(readdirSync(join(EXAMPLE, 'node_modules/skimmer'))).not.toContain('src');
  });

  test('a technician pastes ten lines, fixes one, adds all and sees the cart', async () => {
    const parts = await tenParts();
    const lines = parts.map((p, i) => {
      const written = i === 3 ? `${p.partNumber}QQ` : i % 3 === 2 ? p.partNumber.toLowerCase() : p.partNumber;
      const quantity = (i % 2) + 1;
      return i % 3 === 0 ? `${written} ${quantity}` : i % 3 === 1 ? `${written}, ${quantity}` : `${written}\t${quantity}`;
    });
    const page = await newPage(browser, 'desktop');
    await page.goto(padUrl);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Read lines' }).click();

    const rows = page.locator('.qo-lines > li');
    await expect.poll(() => rows.count()).toBe(10);
    await expect.poll(() => page.locator('.qo-lines > li[data-status="resolved"]').count(), { timeout: 20_000 }).toBe(9);
    const typo = rows.nth(3);
    expect(await typo.getAttribute('data-status')).toBe('not-found');
    expect(await typo.locator('.qo-error').textContent()).toBe(`No product has the part number ${parts[3]!.partNumber}QQ.`);

    // fix it in place: the row's input, then Enter
    const input = page.getByRole('textbox', { name: 'Line 4' });
    await input.fill(`${parts[3]!.partNumber}, 2`);
    await input.press('Enter');
    await expect.poll(() => page.locator('.qo-lines > li[data-status="resolved"]').count(), { timeout: 20_000 }).toBe(10);
    expect(await typo.locator('.qo-title').first().textContent()).toContain(parts[3]!.title);

    await page.getByRole('button', { name: /^Add all to cart/ }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 30_000 }).toBe('Added 10 lines to the cart.');
    expect(await page.locator('.qo-lines > li[data-status="added"]').count()).toBe(10);

    const cart = page.getByRole('region', { name: 'Cart' });
    await expect.poll(() => cart.locator('li').count()).toBe(10);
    // quantities 1, 2, 1, 2 ... with the fixed line at 2: 15 units
    const units = lines.reduce((sum, _l, i) => sum + (i === 3 ? 2 : (i % 2) + 1), 0);
    expect(await page.getByLabel(/items in cart$/).textContent()).toBe(String(units));
    expect(await cart.textContent()).toContain(parts[9]!.title);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, 'quick-order-added');

    // and on to the store's hosted checkout
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/[\w-]+$/);
    await page.context().close();
  });
});
