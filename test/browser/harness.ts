/**
 * Helpers of the browser tests (`test/browser/**\/*.browser.test.ts`, Vitest project `browser`):
 * playwright-core driving Debian's Chromium against the production storefront and the real server
 * started by `global-setup.ts`.
 *
 * @example
 * let browser: Browser;
 * beforeAll(async () => { browser = await openBrowser(); });
 * afterAll(async () => { await browser?.close(); });
 * test('home renders', async () => {
 *   const page = await newPage(browser, 'mobile');
 *   await page.goto('/');
 *   await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
 *   expect(pageErrors(page)).toEqual([]);
 *   await page.context().close();
 * });
 * @module
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The two widths the storefront is tested at (the mobile layout applies at 800 px or less). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** A viewport name. */
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * The origin of the store under test, without a trailing slash.
 *
 * The server listens on every loopback address, and each test file (each Vitest worker) talks to
 * its own one, 127.0.0.2 to 127.0.0.251: the server's per-IP rate limits (10 sign-ups, resets or
 * recoveries per 15 minutes, 5 newsletter requests per hour) then count per file, not per run.
 * Cookies are per host, so use this origin for every page and request of a file.
 */
export function storeUrl(): string {
  const url = new URL(inject('storeUrl'));
  const worker = Number(process.env.VITEST_WORKER_ID ?? process.env.VITEST_POOL_ID ?? '0');
  url.hostname = `127.0.0.${2 + (Number.isFinite(worker) ? worker % 250 : 0)}`;
  return url.origin;
}

/** Chromium's path: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Launches headless Chromium (playwright-core). Close it in `afterAll`.
 * @throws Error when the Chromium executable is missing, saying how to install it.
 */
export async function openBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. The browser tests drive Debian's Chromium: ` +
        'install it with `apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

const errorsOf = new WeakMap<Page, string[]>();

/** Options of {@link newPage}. */
export interface NewPageOptions {
  /**
   * Let the exit-intent popup open. By default the context starts with the popup's 'shown' flag
   * in local storage (exitIntentPopUpShown), as for a visitor who has seen it: a popup opened by a
   * test's own scrolling (mobile) or pointer (desktop) would cover what the test clicks next.
   * @default false
   */
  exitIntent?: boolean;
}

/**
 * A page in a fresh browser context (own cookies and storage) whose relative URLs resolve against
 * `storeUrl()`, sized to the viewport; 'mobile' is also a touch device with a mobile user agent.
 * Uncaught exceptions and console errors of the page are collected: read them with `pageErrors`.
 * The exit-intent popup stays shut unless `options.exitIntent`.
 * Close it with `await page.context().close()`.
 */
let shopperSeq = 0;

/**
 * A client address of its own for each page (it only names the shopper in
 * the X-Forwarded-For header the test store trusts from loopback, no traffic goes there), so the
 * store's per-address limits count each page as one shopper.
 */
function nextShopperAddress(): string {
  shopperSeq += 1;
  // the test files run in processes of their own: each process its own third octet
  return `198.51.${process.pid % 256}.${(shopperSeq % 250) + 1}`;
}

export async function newPage(browser: Browser, viewport: ViewportName, options: NewPageOptions = {}): Promise<Page> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({
    baseURL: storeUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': nextShopperAddress() },
    viewport: VIEWPORTS[viewport],
    isMobile: mobile,
    hasTouch: mobile,
    ...(mobile
      ? { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36' }
      : {}),
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
  });
  if (!options.exitIntent) {
    await context.addInitScript(() => {
      try {
        if (window.localStorage.getItem('exitIntentPopUpShown') === null) window.localStorage.setItem('exitIntentPopUpShown', 'true');
      } catch {
        // storage refused (opaque origin): nothing to preset
      }
    });
  }
  const page = await context.newPage();
  // a storefront page is on screen before React handles it: every navigation waits for the
  // hydration mark (pages the storefront does not render, such as the hosted checkout, go on after
  // a short wait without it)
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 5000 }).catch(() => undefined);
    return response;
  };
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; the API answers 4xx on
    // purpose (a bad discount code, a quantity over the stock), so those are not page errors.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    errors.push(`console.error: ${text}`);
  });
  return page;
}

/**
 * Waits until the storefront's routed page has hydrated (`html[data-hydrated]`, set from inside the page's Suspense boundary): the
 * server's HTML is on screen before React handles clicks, so an interaction right after the heading
 * appears could otherwise be lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The uncaught exceptions and console errors a page produced so far (4xx resource loads
 * excluded). Assert `expect(pageErrors(page)).toEqual([])` at the end of a flow.
 */
export function pageErrors(page: Page): string[] {
  return [...(errorsOf.get(page) ?? [])];
}

/** One accessibility violation, as `seriousA11yViolations` reports it. */
export interface A11yViolation {
  /** axe rule id, e.g. 'color-contrast'. */
  id: string;
  /** 'serious' or 'critical'. */
  impact: string;
  /** What the rule asks for. */
  help: string;
  /** CSS selectors of the offending elements. */
  nodes: string[];
}

let axeSource: string | undefined;

/** Runs axe-core (from node_modules) in the page and returns its serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // evaluated over the DevTools protocol: an inline <script> tag is refused by the store's Content Security Policy
  await page.evaluate(`${axeSource};\nvoid 0;`);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Saves a PNG to test-results/screenshots/{name}.png (gitignored); returns its path. The whole
 * page by default; `{ fullPage: false }` keeps to the viewport, which is what a shopper sees of a
 * modal dialog (a full-page capture stretches the viewport, and fixed layers with it).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const dir = join(ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** One message of the store's mail. */
export interface MailboxMessage {
  id: string | number;
  subject: string;
  text: string;
  /** The http(s) links of the text, moved to `storeUrl()`'s origin so the test's cookies apply. */
  links: string[];
}

/**
 * The store's mail to an address (newest first, as the server lists them), read as operators
 * read it: GET /api/admin/mail?to= and each message's body from /api/admin/mail/{id}, with the
 * API token global-setup.ts made for the first owner. Links point at `storeUrl()`.
 */
export async function mailbox(to: string): Promise<MailboxMessage[]> {
  const origin = storeUrl();
  const headers = { authorization: `Bearer ${inject('operatorToken')}` };
  const read = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${origin}${path}`, { headers });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const list = await read<{ mail: Array<{ id: number }> }>(`/api/admin/mail?to=${encodeURIComponent(to)}&limit=200`);
  const messages = await Promise.all(list.mail.map(async (m) => (await read<{ mail: { id: number; subject: string; text: string } }>(`/api/admin/mail/${m.id}`)).mail));
  const server = new URL(inject('storeUrl'));
  const local = (link: string): string => {
    const url = new URL(link);
    if (url.port === server.port && ['localhost', '127.0.0.1', server.hostname].includes(url.hostname)) return `${origin}${url.pathname}${url.search}${url.hash}`;
    return url.href;
  };
  return messages.map((m) => {
    const links = (m.text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map(local);
    const text = m.text.replace(/https?:\/\/[^\s<>"')]+/g, (link) => local(link));
    return { id: m.id, subject: m.subject, text, links };
  });
}

let emailCount = 0;

/** A fresh address under example.test, unique within and across runs. */
export function uniqueEmail(prefix = 'shopper'): string {
  emailCount += 1;
  const safe = prefix.toLowerCase().replace(/[^a-z0-9.-]+/g, '-') || 'shopper';
  return `${safe}-${Date.now().toString(36)}-${process.pid}-${emailCount}@example.test`;
}
