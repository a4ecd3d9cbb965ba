/**
 * robots.txt and the sitemaps, as text built from the sitemap rows: a sitemap
 * index naming one file per kind (products, collections, articles, brands, equipment models, pages), each file at
 * most {@link SITEMAP_MAX_URLS} URLs (a kind with more is split into numbered files:
 * products-1.xml, products-2.xml ...), every URL absolute and written by the same link rules the
 * pages use for their canonical URL (createStoreLinks, brandLink, helpAnswerPath), so the
 * sitemap and the canonical links agree.
 * @module
 */
import { CONTENT_PATHS, helpAnswerPath } from '../../../domain/content.ts';
import { equipmentBrowseLink, equipmentLink } from '../../../domain/equipment.ts';
import { absoluteUrl } from '../../../domain/seo.ts';
import { brandLink, createStoreLinks, type LinkPaths } from '../../../domain/urls.ts';
import type { SitemapData } from './repository.ts';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The kinds of sitemap, in the index's order. */
export const SITEMAP_KINDS = ['products', 'collections', 'articles', 'brands', 'equipment', 'pages'] as const;

/** A kind of sitemap. */
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One URL of a sitemap. */
export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** When it last changed (W3C date-time), or null to leave lastmod out. */
  lastmod: string | null;
}

/** One file of the sitemap index. */
export interface SitemapFile {
  kind: SitemapKind;
  /** 1, 2, ... */
  number: number;
  /** Its path on the store ('/sitemaps/products-1.xml'). */
  path: string;
  urls: SitemapUrl[];
  /** The newest lastmod of its URLs, or null. */
  lastmod: string | null;
}

/** A date as W3C date-time (UTC ISO 8601); text that is not a date gives null. */
function w3cDate(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The path of a sitemap file. @example sitemapPath('products', 2); // '/sitemaps/products-2.xml' */
export function sitemapPath(kind: SitemapKind, number: number): string {
  return `/sitemaps/${kind}-${number}.xml`;
}

/**
 * Every indexable URL of the store by kind, absolute, with its lastmod. Products, collections and
 * articles follow the configured paths; a collection whose handle is 'vendors' is left out (the
 * vendors page shadows it). 'equipment' holds each model's page (its diagrams and the parts that
 * fit it, by the same link rule as its canonical URL). 'pages' holds the home page, the index
 * pages (collections, blog, brands, help, questions, equipment), the generic pages and the help
 * answers.
 *
 * @example sitemapUrls(data, storeConfig, 'https://shop.test').products[0]; // { loc: 'https://shop.test/products/pump', lastmod: '2025-...' }
 */
export function sitemapUrls(data: SitemapData, paths: LinkPaths, origin: string): Record<SitemapKind, SitemapUrl[]> {
  const links = createStoreLinks(paths);
  const url = (path: string, lastmod: string | null): SitemapUrl => ({ loc: absoluteUrl(origin, path), lastmod: w3cDate(lastmod) });
  const fixed = [links.collections(), links.articles(), CONTENT_PATHS.brands, CONTENT_PATHS.help, CONTENT_PATHS.questions, equipmentBrowseLink()];
  const seen = new Set<string>(['/']);
  const pages: SitemapUrl[] = [url('/', data.latest)];
  for (const path of [...fixed, ...data.pages.map((p) => p.key), ...data.helpAnswers.map((h) => helpAnswerPath(h.key))]) {
    const normal = path.startsWith('/') ? path : `/${path}`;
    if (seen.has(normal)) continue;
    seen.add(normal);
    pages.push(url(normal, null));
  }
  return {
    products: data.products.map((p) => url(links.product(p.key), p.lastmod)),
    collections: data.collections.filter((c) => c.key !== 'vendors').map((c) => url(links.collection(c.key), c.lastmod)),
    articles: data.articles.map((a) => url(links.article(a.key), a.lastmod)),
    brands: data.brands.map((b) => url(brandLink(b.key), b.lastmod)),
    equipment: (data.equipment ?? []).map((e) => url(equipmentLink(e.key), e.lastmod)),
    pages,
  };
}

function newest(urls: readonly SitemapUrl[]): string | null {
  let best: string | null = null;
  for (const u of urls) if (u.lastmod && (best === null || u.lastmod > best)) best = u.lastmod;
  return best;
}

/**
 * The files of the sitemap index: each kind cut into files of at most `max` URLs, numbered from
 * 1; a kind with no URL has no file.
 * Laws: every URL is in exactly one file, in order; no file holds more than `max`.
 *
 * @example sitemapFiles(urls).map((f) => f.path); // ['/sitemaps/products-1.xml', '/sitemaps/collections-1.xml', ...]
 */
export function sitemapFiles(urls: Record<SitemapKind, SitemapUrl[]>, max = SITEMAP_MAX_URLS): SitemapFile[] {
  const size = Math.max(1, Math.floor(max));
  const files: SitemapFile[] = [];
  for (const kind of SITEMAP_KINDS) {
    const list = urls[kind];
    for (let start = 0, number = 1; start < list.length; start += size, number++) {
      const part = list.slice(start, start + size);
      files.push({ kind, number, path: sitemapPath(kind, number), urls: part, lastmod: newest(part) });
    }
  }
  return files;
}

/** Text for XML content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One sitemap file (urlset). */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}${body ? '\n' : ''}</urlset>\n`;
}

/** The sitemap index naming each file with its newest lastmod. */
export function sitemapIndexXml(files: readonly SitemapFile[], origin: string): string {
  const body = files
    .map((f) => `<sitemap><loc>${xmlEscape(absoluteUrl(origin, f.path))}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}${body ? '\n' : ''}</sitemapindex>\n`;
}

/**
 * Paths no search engine should crawl: the API and the shopper's own pages (cart, account,
 * orders, addresses, wallet, sign-in and its steps, the newsletter confirmation). Search results
 * are not listed: they answer `noindex` in their head, which a crawler must be allowed to read.
 */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/api/',
  '/shoppingcart.asp',
  '/myaccount.asp',
  '/account/',
  '/orders.asp',
  '/address.asp',
  '/wallet',
  '/recovery-email',
  '/login',
  '/register',
  '/logout',
  '/change-password',
  '/reset-password',
  '/recover-account',
  '/start-verification',
  '/verify-account',
  '/confirm-subscription',
];

/** robots.txt: every crawler, the paths above disallowed, and the sitemap index. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join('\n');
}
