/**
 * Rules of the content pages (blog, brands, help, questions,
 * newsletter confirmation, index pages, generic pages, the collections root and the vendors
 * page): their fixed texts, paths, paging, dates, read-time text, A-Z grouping and breadcrumbs.
 *
 * Pure functions only: dates are formatted from the string the API gives (never the clock).
 * @module
 */
import type { NavLink } from './entities.ts';
import { pageTitle } from './page-title.ts';
import { readTimeFromWords, readTimeMinutes } from './read-time.ts';
import { BRANDS_PATH } from './urls.ts';
import { dateFormatsByZone } from './date-formats.ts';

/**
 * The fixed texts of the content pages. The spec names the routes only; these words are our
 * choice, kept in one place so the pages and their tests agree.
 */
export const CONTENT_TEXT = {
  blog: 'Blog',
  articles: 'Articles',
  taggedWith: (tag: string) => `Articles tagged "${tag}"`,
  tags: 'Tags',
  by: 'By',
  readMore: 'Read more',
  backToBlog: 'Back to the blog',
  help: 'Help Center',
  helpIntro: 'Answers to the questions we hear most about orders, shipping, returns and parts.',
  questions: 'Questions & Answers',
  questionsIntro: 'Ask the pool and spa community and our parts specialists. Browse a topic to read its threads.',
  noThreads: 'No questions in this topic yet.',
  staffAnswer: 'Staff answer',
  answers: 'Answers',
  noAnswers: 'No answers yet.',
  brands: 'Brands',
  brandsIntro: 'Shop pool and spa parts by manufacturer.',
  brandProducts: (brand: string) => `${brand} products`,
  allBrandProducts: 'See all in search',
  noBrandProducts: 'No products from this brand right now.',
  collections: 'Collections',
  vendors: 'Vendors',
  productIndex: 'Product Index',
  categoryIndex: 'Category Index',
  productsList: 'All Products',
  noProducts: 'No products found.',
  newsletter: 'Newsletter subscription',
  confirming: 'Confirming your subscription...',
  confirmed: 'Your subscription is confirmed. Thank you for subscribing!',
  confirmedNote: 'You will receive the latest updates on new products and upcoming sales.',
  missingToken: 'This confirmation link is incomplete. Please use the link from your email.',
  continueShopping: 'Continue shopping',
  loadFailed: 'Something went wrong. Please try again.',
  retry: 'Try again',
} as const;

/**
 * Articles per page of the blog list (the blog requests 10 articles).
 * @default 10
 */
export const BLOG_PAGE_SIZE = 10;

/**
 * Threads per page of a question topic.
 * @default 20
 */
export const THREADS_PAGE_SIZE = 20;

/**
 * Products per page of the brand page, the product index and the products list (one of the
 * allowed page sizes, `PAGE_SIZES`).
 * @default 24
 */
export const CONTENT_PRODUCTS_PAGE_SIZE = 24;

/**
 * Entries per page of the A-Z product index (the largest allowed page size).
 * @default 76
 */
export const PRODUCT_INDEX_PAGE_SIZE = 76;

/** Fixed paths of the content routes. */
export const CONTENT_PATHS = {
  help: '/help.asp',
  questions: '/questions',
  brands: BRANDS_PATH,
  confirmSubscription: '/confirm-subscription',
  productIndex: '/pindex.asp',
  categoryIndex: '/cindex.asp',
  productsList: '/productslist.asp',
} as const;

/** A help answer: '/help_answer/{handle}'. @example helpAnswerPath('returns'); // '/help_answer/returns' */
export function helpAnswerPath(handle: string): string {
  return `/help_answer/${encodeURIComponent(handle)}`;
}

/**
 * A question topic: '/questions/Topic/{topicHandle}/{topicId}'.
 * @example questionTopicPath({ handle: 'pumps', id: 1 }); // '/questions/Topic/pumps/1'
 */
export function questionTopicPath(topic: { handle: string; id: number }): string {
  return `/questions/Topic/${encodeURIComponent(topic.handle)}/${topic.id}`;
}

/**
 * A question thread: '/questions/{displayableId}/{handle}'.
 * @example questionThreadPath({ displayableId: '104237', handle: 'seal' }); // '/questions/104237/seal'
 */
export function questionThreadPath(thread: { displayableId: string; handle: string }): string {
  return `/questions/${encodeURIComponent(thread.displayableId)}/${encodeURIComponent(thread.handle)}`;
}

/**
 * The id of an article or product-style page segment '{id}.htm' (route '/:handle/:id.htm'), or
 * null for anything else (the not-found page). Ids are positive integers without leading zeros.
 *
 * @example
 * htmPageId('355.htm'); // 355
 * htmPageId('355');     // null
 * htmPageId('0.htm');   // null
 */
export function htmPageId(segment: string | null | undefined): number | null {
  const match = /^([1-9][0-9]{0,9})\.htm$/.exec(segment ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The zero-based page of a content list from the URL's `page` parameter: a non-negative integer,
 * else 0 (a bad value never breaks the page).
 *
 * @example
 * contentPageParam('2');   // 2
 * contentPageParam('-1');  // 0
 * contentPageParam(null);  // 0
 */
export function contentPageParam(value: string | null | undefined): number {
  if (value == null || !/^[0-9]{1,6}$/.test(value.trim())) return 0;
  return Number(value.trim());
}

/**
 * A list URL with its page: page 0 leaves the parameter out, so the first page has one URL.
 * @example contentPageUrl('/blogs', 2); // '/blogs?page=2'
 */
export function contentPageUrl(path: string, page: number): string {
  return Number.isSafeInteger(page) && page > 0 ? `${path}?page=${page}` : path;
}

/**
 * The SEO title of a content page: its SEO title when set, else its title, with the store name
 * appended when absent (the rule of the product and collection pages).
 *
 * @example contentTitle({ title: 'Returns' }, 'Skimmer'); // 'Returns - Skimmer'
 */
export function contentTitle(page: { title: string; seoTitle?: string | null }, storeName: string): string {
  const seo = page.seoTitle?.trim();
  return pageTitle(seo ? seo : page.title, storeName);
}

/**
 * A date of the API (ISO 8601) as the content pages show it, in the store's time zone:
 * 'May 26, 2025'. An unreadable date or time zone gives '' (the date is simply not shown).
 *
 * @example formatContentDate('2025-05-26T18:09:30.000Z', 'America/Los_Angeles'); // 'May 26, 2025'
 */
export function formatContentDate(iso: string | null | undefined, timeZone = 'UTC'): string {
  const time = Date.parse(iso ?? '');
  if (!Number.isFinite(time)) return '';
  return contentDateFormat(timeZone).format(time);
}

/** The content pages' date formatter of a time zone (one per zone: a blog page shows a date per article). */
const contentDateFormat = dateFormatsByZone({ year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The read-time estimate of an article (225 words per minute).
 * @example readTimeText('<p>' + 'word '.repeat(450) + '</p>'); // '2 min read'
 */
export function readTimeText(html: string | null | undefined): string {
  return `${readTimeMinutes(html)} min read`;
}

/**
 * The read-time estimate from a word count (the article lists carry `wordCount`, not the body).
 * @example wordsReadTimeText(450); // '2 min read'
 */
export function wordsReadTimeText(words: number): string {
  return `${readTimeFromWords(words)} min read`;
}

/**
 * A count with its noun, singular for one.
 * @example countText(1, 'answer'); // '1 answer'
 * @example countText(3, 'product'); // '3 products'
 */
export function countText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** A group of the A-Z indexes. */
export interface LetterGroup<T> {
  /** 'A' to 'Z', or '#' for titles that start with anything else. */
  letter: string;
  items: T[];
}

/** The index letter of a title: its first letter A-Z (accents folded), else '#'. */
export function indexLetter(title: string): string {
  const first = title.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/**
 * Sorts items by title (case- and accent-insensitive, numbers in numeric order) and groups them
 * by index letter, '#' first. Every item lands in exactly one group.
 *
 * @example
 * alphabetGroups([{ title: 'pumps' }, { title: 'Filters' }, { title: '3-way valves' }], (x) => x.title);
 * // [{ letter: '#', ... }, { letter: 'F', ... }, { letter: 'P', ... }]
 */
export function alphabetGroups<T>(items: readonly T[], titleOf: (item: T) => string): LetterGroup<T>[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const sorted = [...items].sort((a, b) => collator.compare(titleOf(a).trim(), titleOf(b).trim()));
  const groups = new Map<string, T[]>();
  for (const item of sorted) {
    const letter = indexLetter(titleOf(item));
    const list = groups.get(letter);
    if (list) list.push(item);
    else groups.set(letter, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, items: list }));
}

/** A top collection of the collections root. */
export interface TopCollection {
  id: number;
  title: string;
  url: string;
  imageUrl: string | null;
  children: { id: number; title: string; url: string }[];
}

/**
 * The top collections of the collections root, from the navigation data: the links that lead
 * under the collection path, with their children that do too. Other links (a blog or brands
 * entry an operator added to the menu) are left out.
 *
 * @example
 * topCollections([{ id: 1, title: 'Pumps', url: '/collections/pumps', children: [] }], '/collections');
 * // [{ id: 1, title: 'Pumps', url: '/collections/pumps', imageUrl: null, children: [] }]
 */
export function topCollections(links: readonly NavLink[], collectionPath: string): TopCollection[] {
  const base = collectionPath.trim().replace(/\/+$/, '');
  const prefix = base === '' ? '/' : `${base.startsWith('/') ? base : `/${base}`}/`;
  const isCollection = (url: string) => url.startsWith(prefix) && url.length > prefix.length;
  return links
    .filter((link) => isCollection(link.url))
    .map((link) => ({
      id: link.id,
      title: link.title,
      url: link.url,
      imageUrl: link.imageUrl ?? null,
      children: (link.children ?? []).filter((c) => isCollection(c.url)).map((c) => ({ id: c.id, title: c.title, url: c.url })),
    }));
}

/** One breadcrumb after Home: the last one is the current page (no url). */
export interface ContentCrumb {
  title: string;
  url?: string;
}

/**
 * Breadcrumbs of the content pages (Home is added by the breadcrumb component). The trail ends
 * at the page itself, without a link.
 *
 * @example
 * contentCrumbs([['Help Center', '/help.asp']], 'Returns');
 * // [{ title: 'Help Center', url: '/help.asp' }, { title: 'Returns' }]
 */
export function contentCrumbs(parents: readonly (readonly [string, string])[], current: string): ContentCrumb[] {
  return [...parents.map(([title, url]) => ({ title, url })), { title: current }];
}
