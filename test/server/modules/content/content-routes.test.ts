import { countWords, htmlToText } from '../../../../src/domain/read-time.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openTestDb } from '../../db.helpers.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { seedContent } from '../../../../src/server/modules/content/seed.ts';
import { contentRoutes, INTERNAL_ERROR_MESSAGE } from '../../../../src/server/modules/content/routes.ts';
import { createContentRepository } from '../../../../src/server/modules/content/repository.ts';
import type { ContentRepository } from '../../../../src/server/modules/content/repository.ts';
import { EXPERT_ASSISTANCE_PAGE } from '../../../../src/server/modules/content/config.ts';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  await seedContent(db, { seed: 11 });
  // A stored article carrying hostile HTML: it must leave the server clean.
  await db.run(
    'INSERT INTO articles (id, handle, title, author, created_at, image_url, seo_description, body_html) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [9999, 'hostile-html', 'Hostile', 'Mallory', '2001-01-01T00:00:00.000Z', null, null,
      '<p onmouseover="steal()">Read<script>alert(1)</script> <a href="javascript:alert(2)">me</a></p><img src="/x.png" onerror="alert(3)">'],
  );
  await db.run('INSERT INTO article_tags (article_id, position, tag, tag_key) VALUES (?, ?, ?, ?)', [9999, 0, 'Hostile Tag', 'hostile tag']);
  app = Fastify();
  await app.register(contentRoutes, { db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body, json: () => res.json() as Record<string, unknown> };
}

type Link = { id: number; title: string; url: string; children: Link[]; maxChildItemsToDisplay: number | null; imageUrl: string | null };
const depthOf = (links: Link[]): number => (links.length === 0 ? 0 : 1 + Math.max(...links.map((l) => depthOf(l.children))));

describe('GET /api/nav', () => {
  test('answers navData two levels deep by default', async () => {
    const res = await get('/api/nav');
    expect(res.status).toBe(200);
    const nav = res.json().navData as Link[];
    expect(nav.length).toBeGreaterThan(5);
    expect(depthOf(nav)).toBe(2);
    expect(nav[0]?.url).toMatch(/^\/collections\/[a-z0-9-]+$/);
  });

  test.each([[1, 1], [2, 2], [3, 2], [4, 2]])('limits the tree to depth=%i (tree depth %i)', async (depth, expected) => {
    const nav = (await get(`/api/nav?depth=${depth}`)).json().navData as Link[];
    expect(depthOf(nav)).toBe(expected);
  });

  test('links collections under collectionUrlPrefix', async () => {
    const nav = (await get('/api/nav?collectionUrlPrefix=/shop/c/&depth=2')).json().navData as Link[];
    for (const l of nav) {
      expect(l.url.startsWith('/shop/c/')).toBe(true);
      for (const c of l.children) expect(c.url.startsWith('/shop/c/')).toBe(true);
    }
  });

  test('carries menu images only when an imagePlacement is asked for', async () => {
    const plain = (await get('/api/nav')).json().navData as Link[];
    const withImages = (await get('/api/nav?imagePlacement=menu')).json().navData as Link[];
    expect(plain.every((l) => l.imageUrl === null)).toBe(true);
    expect(withImages.every((l) => typeof l.imageUrl === 'string' && l.imageUrl.startsWith('/media/'))).toBe(true);
  });

  test('keeps maxChildItemsToDisplay on the links that set it', async () => {
    const nav = (await get('/api/nav')).json().navData as Link[];
    const caps = nav.map((l) => l.maxChildItemsToDisplay).filter((c) => c !== null);
    expect(caps.sort()).toEqual([12, 6]);
  });

  test.each(['depth=0', 'depth=5', 'depth=two', 'collectionUrlPrefix=javascript:alert(1)', 'collectionUrlPrefix=//evil.example', 'imagePlacement=<b>'])(
    'answers 400 JSON for %s',
    async (qs) => {
      const res = await get(`/api/nav?${qs}`);
      expect(res.status).toBe(400);
      expect(typeof res.json().error).toBe('string');
    },
  );
});

describe('GET /api/reviews/siteReviews/', () => {
  test('answers 6 reviews of page 0 with the total, newest first', async () => {
    const res = await get('/api/reviews/siteReviews/?limit=6&page=0');
    expect(res.status).toBe(200);
    const body = res.json() as { siteReviews: { url: string; message: string | null; name: string; stars: number }[]; total: number };
    expect(body.siteReviews).toHaveLength(6);
    expect(body.total).toBe(36);
    for (const r of body.siteReviews) {
      expect(Object.keys(r).sort()).toEqual(['message', 'name', 'stars', 'url']);
      expect(r.stars).toBeGreaterThanOrEqual(1);
      expect(r.stars).toBeLessThanOrEqual(5);
    }
  });

  test('carries a null message as null (the storefront shows its default)', async () => {
    const all = (await get('/api/reviews/siteReviews?limit=100')).json().siteReviews as { message: string | null }[];
    expect(all.some((r) => r.message === null)).toBe(true);
  });

  test('pages without overlap and answers an empty page past the end', async () => {
    const a = (await get('/api/reviews/siteReviews/?limit=6&page=0')).json().siteReviews as { url: string }[];
    const b = (await get('/api/reviews/siteReviews/?limit=6&page=1')).json().siteReviews as { url: string }[];
    expect(a.filter((x) => b.some((y) => y.url === x.url))).toEqual([]);
    expect((await get('/api/reviews/siteReviews/?page=99')).json().siteReviews).toEqual([]);
  });

  test('defaults to the carousel page size of 6', async () => {
    expect((await get('/api/reviews/siteReviews/')).json().siteReviews).toHaveLength(6);
  });
});

describe('GET /api/articles', () => {
  type A = { id: number; handle: string; title: string; createdAt: string; tags: string[]; bodyHtml?: string };
  test('answers 10 articles newest first by default, without bodies, with pageInfo', async () => {
    const res = await get('/api/articles');
    expect(res.status).toBe(200);
    const body = res.json() as { articles: A[]; pageInfo: { limitPerPage: number; totalObjects: number; totalPages: number; count: number } };
    expect(body.articles).toHaveLength(10);
    const dates = body.articles.map((a) => a.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.articles.every((a) => a.bodyHtml === undefined && a.tags.length > 0)).toBe(true);
    expect(body.pageInfo).toMatchObject({ limitPerPage: 10, totalObjects: 42, totalPages: 5, count: 10 });
  });

  test("each listed article says how many words its body has (the list's read time)", async () => {
    const list = (await get('/api/articles')).json().articles as (A & { wordCount: number })[];
    for (const a of list.slice(0, 3)) {
      const full = (await get(`/api/articles/handle/${a.handle}`)).json().article as A;
      expect(a.wordCount).toBe(countWords(htmlToText(full.bodyHtml)));
      expect(a.wordCount).toBeGreaterThan(0);
    }
  });

  test('accepts the request the storefront builds: page, limit 10, sortBy CREATED, order DESC', async () => {
    const a = (await get('/api/articles?page=0&limit=10&sortBy=CREATED&order=DESC')).json();
    const b = (await get('/api/articles')).json();
    expect(a).toEqual(b);
  });

  test.each([
    ['sortBy=TITLE&order=ASC', (x: A, y: A) => x.title <= y.title],
    ['sortBy=title&order=desc', (x: A, y: A) => x.title >= y.title],
    ['sortBy=ID&order=ASC', (x: A, y: A) => x.id < y.id],
    ['sortBy=CREATED&order=ASC', (x: A, y: A) => x.createdAt <= y.createdAt],
  ])('orders by %s', async (qs, inOrder) => {
    const list = (await get(`/api/articles?limit=50&${qs}`)).json().articles as A[];
    for (let i = 1; i < list.length; i++) expect(inOrder(list[i - 1] as A, list[i] as A)).toBe(true);
  });

  test('answers one article by handle with its sanitised body', async () => {
    const res = await get('/api/articles/handle/hostile-html');
    expect(res.status).toBe(200);
    const article = res.json().article as A;
    expect(article.bodyHtml).toBe('<p>Read <a>me</a></p><img src="/x.png" />');
    expect(article.tags).toEqual(['Hostile Tag']);
  });

  test('answers a seeded article with paragraphs and its fields', async () => {
    const article = (await get('/api/articles/handle/salt-cell-care-cleaning-scaling-and-lifespan')).json().article as Record<string, unknown>;
    expect(article).toMatchObject({ title: 'Salt Cell Care: Cleaning, Scaling and Lifespan', handle: 'salt-cell-care-cleaning-scaling-and-lifespan' });
    for (const key of ['id', 'imageUrl', 'author', 'createdAt', 'seoDescription', 'bodyHtml', 'tags']) expect(article).toHaveProperty(key);
    expect(String(article.bodyHtml)).toContain('<h2>Step by step</h2>');
  });

  test('answers articles with a tag, ignoring case', async () => {
    const lower = (await get('/api/articles/tags/pumps?limit=100')).json().articles as A[];
    const exact = (await get('/api/articles/tags/Pumps?limit=100')).json().articles as A[];
    expect(lower.length).toBeGreaterThan(3);
    expect(exact).toEqual(lower);
    expect(lower.every((a) => a.tags.includes('Pumps'))).toBe(true);
  });

  test('answers a tag with spaces and an unknown tag as an empty list', async () => {
    expect(((await get('/api/articles/tags/hostile%20tag')).json().articles as A[]).map((a) => a.handle)).toEqual(['hostile-html']);
    const none = await get('/api/articles/tags/no-such-tag');
    expect(none.status).toBe(200);
    expect(none.json().articles).toEqual([]);
  });

  test.each(['/api/articles/handle/no-such-article', '/api/articles/handle/hostile-html-2'])('answers 404 JSON for %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Article not found.' });
  });

  test.each(['limit=0', 'limit=101', 'limit=ten', 'page=-1', 'page=1.5', 'sortBy=PRICE', 'order=UP'])('answers 400 JSON for %s', async (qs) => {
    const res = await get(`/api/articles?${qs}`);
    expect(res.status).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  test('answers 400 for a handle with characters no handle has', async () => {
    expect((await get('/api/articles/handle/bad%20handle')).status).toBe(400);
  });
});

describe('GET /api/brands', () => {
  test('answers every brand by name', async () => {
    const brands = (await get('/api/brands')).json().brands as { name: string; handle: string; logoUrl: string }[];
    expect(brands.length).toBeGreaterThan(5);
    const names = brands.map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test.each(['Pacific Spa Parts', 'pacific spa parts', 'pacific-spa-parts'])('answers one brand for %j', async (name) => {
    const res = await get(`/api/brands/${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    expect(res.json().brand).toMatchObject({ name: 'Pacific Spa Parts', handle: 'pacific-spa-parts' });
  });

  test('answers 404 JSON for an unknown brand', async () => {
    const res = await get('/api/brands/Nobody%20Pumps');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found.' });
  });
});

describe('GET /api/help', () => {
  test('answers topics with their answers', async () => {
    const topics = (await get('/api/help')).json().topics as { handle: string; answers: { handle: string }[] }[];
    expect(topics.length).toBe(6);
    expect(topics.reduce((n, t) => n + t.answers.length, 0)).toBe(30);
  });

  test('answers one answer with its topic and HTML', async () => {
    const res = await get('/api/help/how-do-i-search-by-part-number');
    expect(res.status).toBe(200);
    const answer = res.json().answer as { bodyHtml: string; topic: { handle: string } };
    expect(answer.topic.handle).toBe('finding-the-right-part');
    expect(answer.bodyHtml).toContain('SPX-1600-S');
  });

  test('answers 404 JSON for an unknown answer', async () => {
    const res = await get('/api/help/no-such-answer');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Help answer not found.' });
  });
});

describe('GET /api/questions', () => {
  type T = { id: number; handle: string; threadCount: number };
  type S = { displayableId: string; handle: string; createdAt: string; answerCount: number };

  test('answers topics whose thread counts add up to 60', async () => {
    const topics = (await get('/api/questions')).json().topics as T[];
    expect(topics.length).toBe(7);
    expect(topics.reduce((n, t) => n + t.threadCount, 0)).toBe(60);
  });

  test('answers a topic with its threads, newest first, paged', async () => {
    const res = await get('/api/questions/topics/1?limit=5');
    expect(res.status).toBe(200);
    const body = res.json() as { topic: T; threads: S[]; pageInfo: { totalObjects: number } };
    expect(body.topic.id).toBe(1);
    expect(body.threads).toHaveLength(5);
    expect(body.pageInfo.totalObjects).toBe(body.topic.threadCount);
    const dates = body.threads.map((t) => t.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test('answers a thread by displayableId with its answers, staff first', async () => {
    const first = ((await get('/api/questions/topics/2')).json().threads as S[])[0] as S;
    const res = await get(`/api/questions/${first.displayableId}`);
    expect(res.status).toBe(200);
    const thread = res.json().thread as { displayableId: string; handle: string; body: string; topic: { id: number }; answers: { isStaff: boolean }[] };
    expect(thread).toMatchObject({ displayableId: first.displayableId, handle: first.handle, topic: { id: 2 } });
    expect(thread.body.length).toBeGreaterThan(10);
    expect(thread.answers.length).toBe(first.answerCount);
    expect(thread.answers[0]?.isStaff).toBe(true);
  });

  test.each([['/api/questions/topics/999', 'Question topic not found.'], ['/api/questions/999999999', 'Question not found.']])(
    'answers 404 JSON for %s',
    async (url, error) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error });
    },
  );

  test.each(['/api/questions/topics/0', '/api/questions/topics/abc', '/api/questions/topics/1?page=-1', '/api/questions/a%20b'])(
    'answers 400 JSON for %s',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(400);
      expect(typeof res.json().error).toBe('string');
    },
  );
});

describe('GET /api/pages', () => {
  test.each(['about-us', 'shipping-policy', 'returns', 'privacy-policy', 'contact-us'])('answers the %s page at /%s', async (handle) => {
    const res = await get(`/api/pages/${handle}`);
    expect(res.status).toBe(200);
    expect(res.json().page).toMatchObject({ handle, path: `/${handle}` });
  });

  test('answers the expert-assistance page by id 355 with its /:handle/:id.htm path', async () => {
    const page = (await get('/api/pages/id/355')).json().page as Record<string, unknown>;
    expect(page).toMatchObject({ id: 355, handle: 'expert-assistance', path: '/expert-assistance/355.htm' });
    expect(EXPERT_ASSISTANCE_PAGE.path).toBe('/expert-assistance/355.htm');
    expect((await get('/api/pages/expert-assistance')).json().page).toEqual(page);
  });

  test('states the contact hours and a Washington address on the contact page', async () => {
    const html = ((await get('/api/pages/contact-us')).json().page as { bodyHtml: string }).bodyHtml;
    expect(html).toContain('Mon-Fri 6AM-8PM PST and Sat-Sun 6AM-3PM PST');
    expect(html).toContain(', WA ');
  });

  test.each([['/api/pages/no-such-page'], ['/api/pages/id/1']])('answers 404 JSON for %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Page not found.' });
  });

  test.each(['/api/pages/id/0', '/api/pages/id/x', '/api/pages/id/99999999999'])('answers 400 JSON for %s', async (url) => {
    expect((await get(url)).status).toBe(400);
  });
});

describe('GET /api/countries/ and /api/states', () => {
  test.each(['/api/countries/', '/api/countries'])('answers countries at %s', async (url) => {
    const countries = (await get(url)).json().countries as { countryCode: string; title: string }[];
    expect(countries[0]).toEqual({ countryCode: 'US', title: 'United States' });
    for (const code of ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'MX']) expect(countries.some((c) => c.countryCode === code)).toBe(true);
  });

  test('answers every US state and DC on page 0', async () => {
    const states = (await get('/api/states?page=0&countryCode=US')).json().states as { stateCode: string; title: string }[];
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ stateCode: 'WA', title: 'Washington' });
    expect(states).toContainEqual({ stateCode: 'DC', title: 'District of Columbia' });
  });

  test.each([['ca', 13], ['AU', 8], ['DE', 0], ['GB', 0]])('answers the states of %s (%i)', async (code, n) => {
    const res = await get(`/api/states?page=0&countryCode=${code}`);
    expect(res.status).toBe(200);
    expect(res.json().states).toHaveLength(n);
  });

  test('answers 404 JSON for an unknown country', async () => {
    const res = await get('/api/states?page=0&countryCode=ZZ');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Country not found.' });
  });

  test.each(['page=0', 'countryCode=USA', 'countryCode=1', 'countryCode=US&page=x'])('answers 400 JSON for %s', async (qs) => {
    const res = await get(`/api/states?${qs}`);
    expect(res.status).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('GET /api/config', () => {
  test('answers the store configuration', async () => {
    const { storeConfig } = (await get('/api/config')).json() as { storeConfig: Record<string, unknown> };
    expect(storeConfig).toMatchObject({
      storeName: 'Skimmer Pool & Spa Supply',
      gTagId: null,
      appTimeZone: 'America/Los_Angeles',
      merchantReturnDays: 30,
      collectionPath: '/collections',
      productPath: '/products',
      articlePath: '/articles',
      expertAssistanceUrl: '/expert-assistance/355.htm',
    });
    for (const key of ['storeLogoUrl', 'storeFaviconUrl', 'storefrontAnnouncement', 'contactPhoneNumber', 'storeEmail', 'recaptchaSiteKey']) {
      expect(typeof storeConfig[key]).toBe('string');
      expect(String(storeConfig[key]).length).toBeGreaterThan(3);
    }
  });

  test('answers every theme configuration field of spec section 3', async () => {
    const { themeConfig: t } = (await get('/api/config')).json() as { themeConfig: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(t.storeCurrency).toBe('$');
    expect(t.defaultLimitPerPage).toBe(24);
    expect(t.productTopBannerUrl).toMatch(/^\/media\//);
    expect(t.productNoImageUrl).toMatch(/^\/media\//);
    expect(t.infoCards.length).toBeGreaterThan(0);
    for (const card of t.infoCards) expect(typeof card.url).toBe('string');
    expect(t.heroSection.images.length).toBeGreaterThan(1);
    for (const img of t.heroSection.images) expect(img.backgroundUrl).toMatch(/^\/media\//);
    expect(typeof t.seoTitle).toBe('string');
    expect(typeof t.seoDescription).toBe('string');
    expect(Object.keys(t.featuredProducts).sort()).toEqual(['bannerUrl', 'url']);
    expect(typeof t.imagePlacements.collection.menuImage).toBe('string');
    expect(Array.isArray(t.additionalHeaderLinks)).toBe(true);
    expect(t.exitIntentPopUp).toMatchObject({ discountCode: 'FIRST10' });
    expect(typeof t.exitIntentPopUp.bgImageUrl).toBe('string');
    expect(typeof t.exitIntentPopUp.discountMessage).toBe('string');
    expect(typeof t.blogDescription).toBe('string');
  });

  test('serves every image the configuration names', async () => {
    const { storeConfig, themeConfig } = (await get('/api/config')).json() as Record<string, Record<string, unknown>>;
    const urls = JSON.stringify({ storeConfig, themeConfig }).match(/\/media\/content\/[a-z0-9-]+\.svg/g) ?? [];
    expect(urls.length).toBeGreaterThan(8);
    for (const url of new Set(urls)) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.type).toContain('image/svg+xml');
    }
  });

  test('answers the defaults when the settings rows are missing', async () => {
    const empty = await openTestDb();
    await migrate(empty);
    const local = Fastify();
    await local.register(contentRoutes, { db: empty });
    const res = await local.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().storeConfig.storeName).toBe('Skimmer Pool & Spa Supply');
    await local.close();
    await empty.close();
  });
});

describe('GET /media/content/:file', () => {
  test('serves a generated SVG at the requested width, not JSON-quoted', async () => {
    const res = await get('/media/content/hero-1-open-your-pool-400.svg');
    expect(res.status).toBe(200);
    expect(res.type).toContain('image/svg+xml');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('width="400"');
  });

  test.each([['/media/content/hero-1-900.svg', 404], ['/media/content/hero.svg', 404], ['/media/content/..%2Fsecret.svg', 400], ['/media/content/HERO-400.svg', 400]])(
    'refuses %s with %i JSON',
    async (url, status) => {
      const res = await get(url);
      expect(res.status).toBe(status);
      expect(typeof res.json().error).toBe('string');
    },
  );
});

describe('failures', () => {
  test('answer 500 with the generic JSON error, never a stack', async () => {
    const broken = createContentRepository(db);
    const failing: ContentRepository = {
      ...broken,
      brands: () => {
        throw new Error('disk on fire at /var/secret');
      },
    };
    const local = Fastify({ logger: false });
    await local.register(contentRoutes, { repository: failing });
    const res = await local.inject({ url: '/api/brands' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE });
    await local.close();
  });

  test.each([
    ['routerOptions', { routerOptions: { ignoreTrailingSlash: true } }],
    ['the deprecated top-level option', { ignoreTrailingSlash: true }],
  ])('register once on an app that ignores trailing slashes through %s', async (_how, opts) => {
    const local = Fastify(opts);
    await local.register(contentRoutes, { db });
    await local.ready();
    expect((await local.inject({ url: '/api/countries/' })).statusCode).toBe(200);
    expect((await local.inject({ url: '/api/reviews/siteReviews' })).statusCode).toBe(200);
    await local.close();
  });
});
