/**
 * A store moved from Volusion, in the browser: the sample Volusion export (with its categories)
 * made into a store with `npm run seed -- --from` (its pictures are files beside it, under
 * examples/catalogues/images, as an operator copies a Volusion photos folder), then the store
 * started as `npm start` runs it, on the storefront built by the global setup. A product of the
 * file is found by the header search, its page shows its price and its picture (served from the
 * store's own /media/images), and its old Volusion addresses land on it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, startStoreProcess, type StoreProcess } from '../support/store-process.ts';
import { newPage, openBrowser, pageErrors } from './harness.ts';

const PUMP = { code: 'TWAD15', title: 'Tidewell AquaDrive 1.5 HP Pool Pump', path: '/products/tidewell-aquadrive-1-5-hp-pool-pump', price: '$649.00' };

/**
 * The build the global setup made for the store it started (`{work}/dist`): that store is a
 * child of the Vitest process (this file's parent, or this process with threads) whose folder is
 * a 'skimmer-browser-' temporary folder.
 */
function globalBuild(): string {
  const parents = new Set([String(process.ppid), String(process.pid)]);
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      // /proc/{pid}/stat: 'pid (name) state ppid ...'
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      if (ppid && parents.has(ppid) && /skimmer-browser-/.test(cwd) && existsSync(join(cwd, 'dist', 'web', 'index.html'))) return join(cwd, 'dist');
    } catch {
      // a process that ended meanwhile, or another user's
    }
  }
  throw new Error('The browser project\'s store (started by test/browser/global-setup.ts) was not found; run this file with --project browser.');
}

let work: string;
let store: StoreProcess;
let browser: Browser;

beforeAll(async () => {
  const dist = globalBuild();
  work = mkdtempSync(join(tmpdir(), 'skimmer-volusion-'));
  symlinkSync(dist, join(work, 'dist'));
  const dbPath = join(work, 'data', 'skimmer.db');
  // the sample as shipped: its photourl cells are paths of pictures beside it (images/...png)
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/server/seed/cli.ts'), '--from', join(ROOT, 'examples/catalogues/volusion-pool-parts.csv'), '--format', 'volusion', '--categories', join(ROOT, 'examples/catalogues/volusion-pool-parts-categories.csv'), '--db', dbPath],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`npm run seed -- --from failed:\n${out.stdout}\n${out.stderr}`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'RECAPTCHA_SECRET', 'ADMIN_TOKEN', 'ALLOWED_ORIGINS', 'PUBLIC_LINK_BASE', 'MAILBOX', 'SESSION_SECURE', 'PUBLIC_URL']) delete env[name];
  store = await startStoreProcess({
    cwd: work,
    env: { ...env, NODE_ENV: 'test', HOST: '0.0.0.0', DATA_DIR: join(work, 'data'), DATABASE_PATH: dbPath, LOG_LEVEL: 'warn' },
  });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function productPageShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: PUMP.title }).waitFor();
  await expect.poll(() => page.getByText(PUMP.price).first().isVisible()).toBe(true);
  // the picture is the store's own, and it loaded (the Content-Security-Policy lets only the store's origin in)
  const picture = page.getByRole('main').locator('img[src^="/media/images/"]').first();
  await picture.waitFor();
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
}

describe('a store moved from Volusion', () => {
  test('a product of the file is found by the header search and its page shows its price and picture', async () => {
    const page = await newPage(browser, 'desktop');
    await page.goto(`${store.url}/`);
    const box = page.getByRole('search').filter({ has: page.getByPlaceholder('Enter Keyword or Part Number...') }).getByPlaceholder('Enter Keyword or Part Number...');
    await box.fill('AquaDrive 1.5');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/searchresults.asp' && url.searchParams.get('q') === 'AquaDrive 1.5');
    const card = page.getByRole('main').getByRole('link', { name: PUMP.title }).first();
    await card.waitFor();
    await card.click();
    await page.waitForURL((url) => url.pathname === PUMP.path);
    await productPageShown(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test.each([
    `/ProductDetails.asp?ProductCode=${PUMP.code}`,
    `/Tidewell-AquaDrive-1-5-HP-Pool-Pump-p/${PUMP.code.toLowerCase()}.htm`,
    `/product_p/${PUMP.code}.htm`,
  ])('its old address %s lands on it', async (old) => {
    const page = await newPage(browser, 'mobile');
    const response = await page.goto(`${store.url}${old}`);
    expect(new URL(page.url()).pathname).toBe(PUMP.path);
    expect(await response?.request().redirectedFrom()?.response().then((r) => r?.status())).toBe(301);
    await productPageShown(page);
    await page.context().close();
  });
});
