/**
 * The content pages in Chromium against the production build and the real server: a blog post
 * read from /blogs and from a tag, a help answer, a question thread, a brand page, a generic page
 * and the expert-assistance .htm page; the footer newsletter subscription confirmed through the
 * emailed link on /confirm-subscription; and axe-core (no serious or critical violation) with a
 * full-page screenshot of every content page (blog list and tag, article, help and an answer,
 * questions with a topic and a thread, brands and a brand, the three index pages, collections and
 * vendors, a generic and a .htm page, the newsletter confirmation) at desktop and mobile widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mailbox, newPage, openBrowser, pageErrors, screenshot, seriousA11yViolations, storeUrl, uniqueEmail, type ViewportName } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The canonical link's path (with its query), or null. */
async function canonical(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    return href ? new URL(href).pathname + new URL(href).search : null;
  });
}

describe('content pages', () => {
  test('a blog post read from /blogs, then another from one of its tags', async () => {
    const page = await newPage(browser, 'desktop');
    await page.goto('/blogs');
    await h1(page).filter({ hasText: 'Blog' }).waitFor();
    const articles = page.getByRole('region', { name: 'Articles' });
    const first = articles.getByRole('heading', { level: 2 }).first().getByRole('link');
    const title = await first.innerText();
    expect(await first.getAttribute('href')).toMatch(/^\/blogs\/[a-z0-9-]+$/);
    await page.getByText(/^Showing 1 - 10 of \d+ articles\.$/).waitFor();
    await first.click();
    await page.waitForURL(/\/blogs\/[a-z0-9-]+$/);
    await h1(page).filter({ hasText: title }).waitFor();
    await page.getByText(/^\d+ min read$/).waitFor();
    await page.locator('.ct-article .ct-prose p').first().waitFor();
    expect(await page.title()).toContain(title);
    expect(await canonical(page)).toMatch(/^\/articles\/[a-z0-9-]+$/);

    const tag = page.getByRole('list', { name: 'Tags' }).getByRole('link').first();
    const tagName = await tag.innerText();
    await tag.click();
    await h1(page).filter({ hasText: `Articles tagged "${tagName}"` }).waitFor();
    const tagged = page.getByRole('region', { name: 'Articles' }).getByRole('heading', { level: 2 }).getByRole('link');
    // the heading is known from the URL at once; the list arrives with the answer
    await tagged.first().waitFor();
    const count = await tagged.count();
    expect(count).toBeGreaterThan(0);
    const other = tagged.nth(count - 1);
    const otherTitle = await other.innerText();
    await other.click();
    await page.waitForURL(/\/articles\/[a-z0-9-]+$/);
    await h1(page).filter({ hasText: otherTitle }).waitFor();
    await page.getByRole('link', { name: tagName, exact: true }).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a help answer, a question thread and a brand page, reached by their links', async () => {
    const page = await newPage(browser, 'desktop');
    await page.goto('/help.asp');
    await h1(page).filter({ hasText: 'Help Center' }).waitFor();
    await page.getByRole('link', { name: 'How long does shipping take?' }).click();
    await page.waitForURL(/\/help_answer\/how-long-does-shipping-take$/);
    await h1(page).filter({ hasText: 'How long does shipping take?' }).waitFor();
    await page.locator('.ct-prose p').first().waitFor();
    await page.getByRole('navigation', { name: /^More in / }).waitFor();

    await page.goto('/questions');
    await h1(page).filter({ hasText: 'Questions & Answers' }).waitFor();
    await page.getByRole('heading', { level: 2 }).first().getByRole('link').click();
    await page.waitForURL(/\/questions\/Topic\/[a-z0-9-]+\/\d+$/);
    const thread = page.locator('.ct-threads').getByRole('link').first();
    const question = await thread.innerText();
    await thread.click();
    await page.waitForURL(/\/questions\/[A-Za-z0-9-]+\/[a-z0-9-]+$/);
    await h1(page).filter({ hasText: question }).waitFor();
    await page.getByRole('heading', { level: 2, name: /^Answers/ }).waitFor();

    await page.goto('/brands');
    await h1(page).filter({ hasText: 'Brands' }).waitFor();
    const brand = page.locator('.ct-tile__title').first();
    const name = await brand.innerText();
    await brand.click();
    await h1(page).filter({ hasText: name }).waitFor();
    await page.getByRole('heading', { level: 2, name: `${name} products` }).waitFor();
    await page.locator('.sk-card').first().waitFor();
    expect(await page.getByRole('link', { name: 'See all in search' }).getAttribute('href')).toBe(`/searchresults.asp?v=${encodeURIComponent(name)}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('a generic page, the expert-assistance .htm page, and not-found for other segments', async () => {
    const page = await newPage(browser, 'mobile');
    await page.goto('/about-us');
    await h1(page).filter({ hasText: 'About Us' }).waitFor();
    expect(await canonical(page)).toBe('/about-us');
    await page.goto('/expert-assistance/355.htm');
    await h1(page).filter({ hasText: 'Request Expert Assistance' }).waitFor();
    await page.getByRole('heading', { level: 2, name: "Can't find your part?" }).waitFor();
    expect(await canonical(page)).toBe('/expert-assistance/355.htm');
    await page.goto('/expert-assistance/355');
    await h1(page).filter({ hasText: '404 Not Found' }).waitFor();
    await page.goto('/no-such-page-here');
    await h1(page).filter({ hasText: '404 Not Found' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  test('the footer newsletter subscription is confirmed through the emailed link, once', async () => {
    const page = await newPage(browser, 'desktop');
    await page.goto('/help.asp');
    await h1(page).filter({ hasText: 'Help Center' }).waitFor();
    const block = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    for (let i = 0; i < 20 && (await block.count()) === 0; i += 1) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(150);
    }
    // the footer's code comes once the page has settled (a first interaction): the form is used
    // once React has it, not while its code is still arriving (a click then raced the hydration)
    await page.mouse.move(5, 5);
    await expect
      .poll(() => block.locator('form').evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), { timeout: 20_000 })
      .toBe(true);
    const email = uniqueEmail('content-newsletter');
    await block.getByRole('textbox', { name: 'Email address' }).fill(email);
    await block.getByRole('button', { name: /subscribe/i }).click();
    await block.getByText('Please check your email to confirm.').waitFor();
    let link: string | undefined;
    await expect
      .poll(async () => (link = (await mailbox(email)).flatMap((m) => m.links).find((l) => l.includes('/confirm-subscription?token='))), { timeout: 10_000 })
      .toBeTruthy();
    await page.goto(link!);
    await page.getByText('Your subscription is confirmed. Thank you for subscribing!').waitFor();
    expect(await page.title()).toContain('Newsletter subscription');
    // the token works once
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

const A11Y_PAGES: { name: string; path: string | (() => Promise<string>); heading: RegExp }[] = [
  { name: 'blog', path: '/blogs', heading: /^Blog$/ },
  { name: 'blog-tag', path: async () => `/articles/tags/${encodeURIComponent((await firstArticle()).tags[0]!)}`, heading: /^Articles tagged / },
  { name: 'article', path: async () => `/blogs/${(await firstArticle()).handle}`, heading: /./ },
  { name: 'help', path: '/help.asp', heading: /^Help Center$/ },
  { name: 'help-answer', path: '/help_answer/how-long-does-shipping-take', heading: /^How long does shipping take\?$/ },
  { name: 'questions', path: '/questions', heading: /^Questions & Answers$/ },
  { name: 'questions-topic', path: async () => (await firstThread()).topicPath, heading: /./ },
  { name: 'questions-thread', path: async () => (await firstThread()).threadPath, heading: /./ },
  { name: 'brands', path: '/brands', heading: /^Brands$/ },
  { name: 'brand', path: async () => `/brands/${encodeURIComponent(await firstBrand())}`, heading: /./ },
  { name: 'pindex', path: '/pindex.asp', heading: /^Product Index$/ },
  { name: 'cindex', path: '/cindex.asp', heading: /^Category Index$/ },
  { name: 'productslist', path: '/productslist.asp', heading: /^All Products$/ },
  { name: 'collections', path: '/collections', heading: /^Collections$/ },
  { name: 'vendors', path: '/collections/vendors', heading: /^Vendors$/ },
  { name: 'generic', path: '/about-us', heading: /^About Us$/ },
  { name: 'htm-page', path: '/expert-assistance/355.htm', heading: /^Request Expert Assistance$/ },
  { name: 'confirm-subscription', path: '/confirm-subscription', heading: /^Newsletter subscription$/ },
];

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${storeUrl()}${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

let article: { handle: string; tags: string[] } | undefined;
async function firstArticle(): Promise<{ handle: string; tags: string[] }> {
  article ??= (await getJson<{ articles: { handle: string; tags: string[] }[] }>('/api/articles?limit=1')).articles[0]!;
  return article;
}

let threadPaths: { topicPath: string; threadPath: string } | undefined;
async function firstThread(): Promise<{ topicPath: string; threadPath: string }> {
  if (threadPaths) return threadPaths;
  const { topics } = await getJson<{ topics: { id: number; handle: string }[] }>('/api/questions');
  const topic = topics[0]!;
  const { threads } = await getJson<{ threads: { displayableId: string; handle: string }[] }>(`/api/questions/topics/${topic.id}?page=0&limit=1`);
  threadPaths = { topicPath: `/questions/Topic/${topic.handle}/${topic.id}`, threadPath: `/questions/${threads[0]!.displayableId}/${threads[0]!.handle}` };
  return threadPaths;
}

async function firstBrand(): Promise<string> {
  return (await getJson<{ brands: { name: string }[] }>('/api/brands')).brands[0]!.name;
}

describe.each(['desktop', 'mobile'] as ViewportName[])('content pages at %s width', (viewport) => {
  test('axe-core finds no serious or critical violation on the blog, tag, article, help, questions, brands, index, collections, generic, .htm and newsletter pages', async () => {
    const page = await newPage(browser, viewport);
    const found: Record<string, unknown> = {};
    for (const entry of A11Y_PAGES) {
      const path = typeof entry.path === 'string' ? entry.path : await entry.path();
      await page.goto(path);
      await h1(page).filter({ hasText: entry.heading }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await screenshot(page, `content-${entry.name}-${viewport}`);
      const violations = await seriousA11yViolations(page);
      if (violations.length > 0) found[entry.name] = violations;
    }
    expect(found).toEqual({});
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 150_000);
});
