/**
 * The footer in the server's HTML: every page's first HTML carries the footer's links and texts
 * (help, policies, account, brands, contact) and a newsletter form that posts without JavaScript,
 * whose answer the page rendered for the answer's address shows. Rendered through the app's server
 * entry (src/app/entry-server.tsx) as the store serves pages, in Node, without a browser.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { render } from '../../src/app/entry-server.tsx';
import { FOOTER_ACCOUNT_LINKS, FOOTER_HOURS, FOOTER_NAVIGATE_LINKS, FOOTER_POLICY_LINKS } from '../../src/domain/footer.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/platform/db/database.ts';
import { isCatalogueReadPath } from '../../src/server/platform/render/index.ts';
import { seededDb } from './modules/catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-footer-ssr-'));
  const webDir = join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  copyFileSync('index.html', join(webDir, 'index.html'));
  db = await seededDb(60, 3);
  app = await buildApp({ db, dataDir: dir, webDir, storefrontEntry: async () => ({ render }), pageCache: { maxBytes: 0 } });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** The footer element of a page's HTML. */
function footerHtml(html: string): string {
  const start = html.indexOf('<footer class="site-footer"');
  expect(start, 'the page has a footer').toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</footer>', start) + '</footer>'.length);
}

/** Text of HTML with tags removed and the entities React writes decoded. */
function text(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
}

/** The `href`s of the anchors of some HTML, with their texts. */
function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: (m[1] ?? '').replace(/&amp;/g, '&'), text: text(m[2] ?? '').trim() }));
}

/** The page's data block (the cache the browser hydrates from). */
function cachedKeys(html: string): unknown[][] {
  const match = /<script type="application\/json" id="skimmer-data">([\s\S]*?)<\/script>/.exec(html);
  const data = JSON.parse(match?.[1] ?? '{}') as { queries: { queries: { queryKey: unknown[] }[] } };
  return data.queries.queries.map((q) => q.queryKey);
}

describe("the footer in the server's HTML", () => {
  test.each(['/', '/help.asp', '/shoppingcart.asp', '/no/such/page'])('%s carries the help, policy and account links, and the texts', async (path) => {
    const res = await app.inject({ url: path });
    expect([200, 404]).toContain(res.statusCode);
    const footer = footerHtml(res.body);
    const found = links(footer);
    for (const link of [...FOOTER_NAVIGATE_LINKS, ...FOOTER_POLICY_LINKS, ...FOOTER_ACCOUNT_LINKS]) {
      expect(found, `${link.title} -> ${link.url}`).toContainEqual({ href: link.url, text: link.title });
    }
    const words = text(footer);
    for (const heading of ['NAVIGATE', 'CATEGORIES', 'POPULAR BRANDS', 'MY ACCOUNT', 'CONNECT WITH US', 'SELLER REVIEWS', 'Subscribe to our newsletter']) expect(words).toContain(heading);
    for (const line of [...FOOTER_HOURS, 'Get the latest updates on new products and upcoming sales.', 'See more reviews »', 'This site is protected by reCAPTCHA']) expect(words).toContain(line);
    expect(words).toMatch(/© \d{4} .*All rights reserved\./);
  });

  test('POPULAR BRANDS lists the 10 brands with the most products, and the page carries them for hydration', async () => {
    const res = await app.inject({ url: '/help.asp' });
    const vendors = (await app.inject({ url: '/api/products/vendors/fullDetail?page=0&limit=10&sortBy=PRODUCT_COUNT&order=DESC' })).json().vendors as { name: string }[];
    expect(vendors.length).toBeGreaterThan(0);
    const brands = links(footerHtml(res.body)).filter((l) => l.href.startsWith('/brands/'));
    expect(brands.map((b) => b.text).sort()).toEqual(vendors.map((v) => v.name).slice(0, 10).sort());
    expect(cachedKeys(res.body)).toContainEqual(['vendors', 'footer']);
  });

  test("the brands' read is kept between renders with the navigation (the same answer on every page)", () => {
    expect(isCatalogueReadPath('/api/products/vendors/fullDetail')).toBe(true);
    expect(isCatalogueReadPath('/api/nav')).toBe(true);
  });

  test('the newsletter form is a plain form post: named email field, the page to come back to, no message yet', async () => {
    const res = await app.inject({ url: '/help.asp?topic=2' });
    const footer = footerHtml(res.body);
    const form = /<form [^>]*class="newsletter-form"[^>]*>/.exec(footer)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/newsletter/subscribe"');
    expect(footer).toMatch(/<input type="hidden" name="returnTo" value="\/help\.asp\?topic=2"\/?>/);
    const email = /<input [^>]*name="email"[^>]*>/.exec(footer)?.[0] ?? '';
    expect(email).toContain('type="email"');
    expect(footer).toMatch(/<section id="newsletter" class="newsletter"/);
    expect(text(footer)).not.toContain('Please check your email to confirm.');
  });

  test('posted without JavaScript, the form comes back to its page showing the outcome', async () => {
    const good = await app.inject({
      method: 'POST', url: '/newsletter/subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'footer-fan@example.com', returnTo: '/help.asp' }).toString(),
    });
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/help.asp?newsletter=subscribed#newsletter');
    const back = await app.inject({ url: String(good.headers.location).split('#')[0] });
    expect(back.statusCode).toBe(200);
    const footer = footerHtml(back.body);
    expect(text(footer)).toContain('Please check your email to confirm.');
    expect(footer).toMatch(/<input type="hidden" name="returnTo" value="\/help\.asp"\/?>/);

    const bad = await app.inject({
      method: 'POST', url: '/newsletter/subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'not-an-email', returnTo: '/help.asp' }).toString(),
    });
    expect(bad.headers.location).toBe('/help.asp?newsletter=invalid#newsletter');
    const shown = footerHtml((await app.inject({ url: '/help.asp?newsletter=invalid' })).body);
    expect(shown).toMatch(/<p [^>]*class="form-message tone-danger"[^>]*>Invalid subscription request\.<\/p>/);
    expect(await db.all('SELECT email FROM newsletter_subscriptions')).toEqual([{ email: 'footer-fan@example.com' }]);
  });

  test('an outcome the server never gives shows nothing (the page does not echo its address)', async () => {
    const footer = footerHtml((await app.inject({ url: '/help.asp?newsletter=Free%20money' })).body);
    expect(text(footer)).not.toContain('Free money');
    expect(footer).not.toContain('form-message');
  });
});
