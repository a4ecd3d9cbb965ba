import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { createContentRepository } from '../../../../src/server/modules/content/repository.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { escapeHtml, fillStorefrontPage, jsonForScript, SerializedJson, withRenderedApp } from '../../../../src/server/platform/render/storefront-page.ts';
import { mergeHead } from '../../../../src/domain/seo.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

/** The placeholders as the storefront's index.html declares them. */
const TEMPLATE = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');

const config = (announcement: string) => ({ storeConfig: { storefrontAnnouncement: announcement, storeName: 'S' }, themeConfig: { a: 1 } });

/** The JSON the page carries in its skimmer-config script. */
function configIn(html: string): unknown {
  const match = /<script type="application\/json" id="skimmer-config">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('fillStorefrontPage', () => {
  test("the storefront's index.html declares the placeholders the server fills", () => {
    expect(TEMPLATE).toContain('<script type="application/json" id="skimmer-config"><!--skimmer:config--></script>');
    expect(TEMPLATE).toMatch(/<!--skimmer:announcement-bar-->[\s\S]*<!--skimmer:announcement-->[\s\S]*<!--\/skimmer:announcement-bar-->/);
  });

  test('writes the configuration and the announcement into the page', () => {
    const html = fillStorefrontPage(TEMPLATE, { config: config('Free shipping over $99 & more') });
    expect(configIn(html)).toEqual(config('Free shipping over $99 & more'));
    expect(html).toContain('<div class="announcement-bar" role="region" aria-label="Announcement"><p>Free shipping over $99 &amp; more</p></div>');
    expect(html).not.toContain('<!--skimmer:');
  });

  test('leaves the bar out when the announcement is blank, as the shell does', () => {
    const html = fillStorefrontPage(TEMPLATE, { config: config('   ') });
    expect(html).not.toContain('announcement-bar');
    expect(html).toContain('<div id="root"></div>');
  });

  test('a page without placeholders is answered as it is', () => {
    const plain = '<!doctype html><div id="root"></div>';
    expect(fillStorefrontPage(plain, { config: config('x') })).toBe(plain);
  });

  test('no announcement or configuration text can break out of its element', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '/', '&', '"', "'", 's', 'c', 'r', 'i', 'p', 't', '!', '-', '\u2028', ' ') }), (text) => {
        const html = fillStorefrontPage(TEMPLATE, { config: config(`x${text}`) });
        // the configuration survives the trip through the script element whole
        expect(configIn(html)).toEqual(config(`x${text}`));
        // the announcement is text: no tag from it reaches the page
        const bar = /<div class="announcement-bar"[^>]*><p>([\s\S]*?)<\/p><\/div>/.exec(html);
        expect(bar?.[1]).toBe(escapeHtml(`x${text}`.trim()));
        expect(bar?.[1]).not.toMatch(/[<>]/);
      }),
    );
  });

  test('escapes what HTML and script elements would read as markup', () => {
    expect(escapeHtml(`<a href="x">Tom's & co</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;');
    expect(jsonForScript({ t: '</script><!--' })).toBe('{"t":"\\u003c/script>\\u003c!--"}');
    // a value a render thread sent already as JSON text is written the same way
    fc.assert(fc.property(fc.jsonValue(), (value) => jsonForScript(new SerializedJson(JSON.stringify(value))) === jsonForScript(value)));
    expect(jsonForScript(new SerializedJson('{"t":"</script>\u2028"}'))).toBe('{"t":"\\u003c/script>\\u2028"}');
  });

  test("a page's head replaces the template's title, description and canonical link, whichever it has, page after page", () => {
    const template = (n: number) =>
      `<!doctype html><html><head><meta charset="UTF-8"><title>Store ${n}</title>\n<meta name="description" content="Parts ${n}"><link rel="canonical" href="/${n}"></head><body><div id="root"></div></body></html>`;
    const tagArb = fc.subarray(['<title>Pump</title>', '<meta name="description" content="A pump"/>', '<link rel="canonical" href="https://shop.test/pump"/>', '<meta property="og:title" content="Pump"/>']);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), tagArb), { minLength: 1, maxLength: 12 }), (pages) => {
        for (const [n, tags] of pages) {
          const page = template(n);
          const headHtml = tags.join('');
          const out = withRenderedApp(page, { html: '<main>x</main>', data: null, headHtml, head: { title: null, canonical: null, description: null } });
          const inner = page.slice(page.indexOf('<head>') + 6, page.indexOf('</head>'));
          expect(out.slice(out.indexOf('<head>') + 6, out.indexOf('</head>'))).toBe(mergeHead(inner, headHtml));
          expect(out.match(/<title>/g)?.length ?? 0).toBe(1);
          expect(out.match(/rel="canonical"/g)?.length ?? 0).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('script-safe JSON reads back as the same value and holds no <, U+2028 or U+2029', () => {
    const text = fc.string({ unit: fc.constantFrom('<', '/', 's', '!', '-', '\u2028', '\u2029', '"', '\\', 'é', '>') });
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(text, text), fc.array(text)), (value) => {
        const safe = jsonForScript(value);
        expect(/[<\u2028\u2029]/.test(safe)).toBe(false);
        expect(JSON.parse(safe)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the served storefront page', () => {
  let app: FastifyInstance;
  let db: Db;
  let webDir: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-page-'));
    webDir = join(dir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), TEMPLATE);
    db = await seededDb(20, 3);
    app = await buildApp({ db, dataDir: dir, webDir });
  });
  afterAll(async () => {
    await app.close();
  });

  test.each(['/', '/index.html', '/collections/pumps', '/searchresults.asp?q=pump'])('%s carries the store configuration and the announcement', async (url) => {
    const expected = await createContentRepository(db).config();
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(configIn(res.body)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(res.body).toContain(`<p>${escapeHtml(expected.storeConfig.storefrontAnnouncement)}</p>`);
  });

  test('a repeated visit is answered 304 by its ETag, and the page is revalidated every time', async () => {
    const first = await app.inject({ url: '/' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('a rebuilt page is read again', async () => {
    const file = join(webDir, 'index.html');
    writeFileSync(file, TEMPLATE.replace('<title>', '<title>Rebuilt '));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const res = await app.inject({ url: '/collections/pumps' });
    expect(res.body).toContain('<title>Rebuilt ');
  });
});
