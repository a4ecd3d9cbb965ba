/**
 * What search engines and link previews read in a page's head: the head data
 * of one page (title, meta description, canonical URL, Open Graph and Twitter card, JSON-LD), the
 * schema.org JSON-LD builders of every kind the store shows (BreadcrumbList, ItemList,
 * Organization, WebSite with a SearchAction, Article; the Product one is product-json-ld.ts) and
 * the two string steps the server render takes to move the head tags React hoists into the
 * document's `<head>` ({@link splitHoistedHead}, {@link mergeHead}).
 *
 * Pure: no clock (a date comes in as an argument), no browser, no Node.
 * @module
 */
import { SEARCH_RESULTS_PATH } from './urls.ts';

/** schema.org's context, as every JSON-LD object of the store writes it. */
export const SCHEMA_CONTEXT = 'https://schema.org';

/**
 * The longest meta description the store writes, in characters (search engines cut longer
 * snippets near 155-160 characters).
 * @default 160
 */
export const META_DESCRIPTION_MAX = 160;

/**
 * The longest Article headline, in characters (Google's Article guidance: at most 110).
 * @default 110
 */
export const ARTICLE_HEADLINE_MAX = 110;

/** Any JSON-LD object ready for JSON.stringify. */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** An image preloaded from the head with the srcset and sizes of the `<img>` that shows it. */
export interface PreloadImage {
  /** The URL of the picture (the `<img src>`). */
  href: string;
  /** The `<img srcset>` ('' when the picture comes in one size). */
  srcSet: string;
  /** The `<img sizes>`. */
  sizes: string;
}

/** Everything the head component writes for one page. */
export interface PageHeadData {
  /** The document title (store name appended, see page-title.ts). */
  title: string;
  /** The meta description, or null for none. */
  description: string | null;
  /** The page's absolute canonical URL, or null (a page that is not one, e.g. the cart). */
  url: string | null;
  /** The store name (og:site_name). */
  siteName: string;
  /** The Open Graph type. */
  type: 'website' | 'product' | 'article';
  /** The picture of the link preview (absolute URL) and its text. */
  image?: { url: string; alt: string } | null;
  /** The above-the-fold picture, preloaded with its responsive sizes. */
  preloadImage?: PreloadImage | null;
  /** The JSON-LD objects of the page, each one `<script type="application/ld+json">`. */
  jsonLd: readonly JsonLd[];
  /** A page search engines should not index (the cart, search results with no query...). */
  noindex?: boolean;
}

/**
 * An absolute URL from a path on the store's origin; an absolute URL ('https://...') is kept, a
 * protocol-relative one gets 'https:'. The origin's trailing slashes are dropped.
 *
 * @example
 * absoluteUrl('https://shop.test/', '/products/pump'); // 'https://shop.test/products/pump'
 * absoluteUrl('https://shop.test', 'https://cdn.test/a.png'); // 'https://cdn.test/a.png'
 */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  const base = origin.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * JSON text safe inside a `<script>` element: `<`, `>`, `&` and the two JavaScript line
 * separators are written as \u escapes, so no text can close the element or start a comment;
 * JSON.parse gives back the same value.
 *
 * @example jsonLdText({ name: '</script>' }); // '{"name":"\\u003c/script\\u003e"}'
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A meta description from plain text: white space collapsed, trimmed, and cut at a word
 * boundary to at most `max` characters with '…' when longer. Empty text gives null.
 * Laws: the answer is at most `max` characters; applying it twice changes nothing.
 *
 * @example metaDescription('  Fits   SuperFlo pumps.  '); // 'Fits SuperFlo pumps.'
 */
export function metaDescription(text: string | null | undefined, max = META_DESCRIPTION_MAX): string | null {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  if (flat.length <= max) return flat;
  const room = Math.max(1, max - 1);
  const cut = flat.slice(0, room);
  const space = cut.lastIndexOf(' ');
  // a word boundary in the last third keeps whole words; one long word is cut where it must be
  const kept = (space > room * 0.66 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '');
  return `${kept}…`;
}

/** One crumb of a trail: its name and, except for the current page, its link. */
export interface CrumbLike {
  title: string;
  url?: string | null;
}

/** schema.org BreadcrumbList. */
export interface BreadcrumbListLd extends JsonLd {
  '@context': typeof SCHEMA_CONTEXT;
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
}

/**
 * The BreadcrumbList of a page's trail: Home first (at '/'), then the crumbs in order (a leading
 * Home crumb is not repeated), each an absolute URL; the last crumb, which has no link on the
 * page, is the page itself (`pageUrl`). Positions count from 1.
 *
 * @example
 * breadcrumbListLd([{ title: 'Pumps', url: '/collections/pumps' }, { title: 'SuperFlo' }], { origin, pageUrl });
 */
export function breadcrumbListLd(crumbs: readonly CrumbLike[], options: { origin: string; pageUrl: string; homeTitle?: string }): BreadcrumbListLd {
  const rest = crumbs[0]?.url === '/' ? crumbs.slice(1) : crumbs;
  const trail: CrumbLike[] = [{ title: options.homeTitle ?? 'Home', url: '/' }, ...rest];
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: crumb.url ? absoluteUrl(options.origin, crumb.url) : options.pageUrl,
    })),
  };
}

/** schema.org ItemList (a summary list: each element a URL). */
export interface ItemListLd extends JsonLd {
  '@context': typeof SCHEMA_CONTEXT;
  '@type': 'ItemList';
  name?: string;
  numberOfItems: number;
  itemListElement: { '@type': 'ListItem'; position: number; url: string; name: string }[];
}

/**
 * The ItemList of a listing page (collection, search results, blog list): the items shown, in
 * order, each with its absolute URL and name. `offset` is the number of items on the pages
 * before this one, so positions continue across pages (page 2 of 24 a page starts at 25).
 *
 * @example itemListLd([{ name: 'SuperFlo', url: '/products/superflo' }], { origin, name: 'Pumps' });
 */
export function itemListLd(items: readonly { name: string; url: string }[], options: { origin: string; name?: string; offset?: number }): ItemListLd {
  const offset = Number.isInteger(options.offset) && (options.offset ?? 0) > 0 ? (options.offset ?? 0) : 0;
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'ItemList',
    ...(options.name ? { name: options.name } : {}),
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: offset + index + 1, url: absoluteUrl(options.origin, item.url), name: item.name })),
  };
}

/** What the store says about itself (store configuration). */
export interface StoreIdentity {
  /** The store name. */
  name: string;
  /** The store's origin ('https://shop.test'). */
  origin: string;
  /** The logo (a path or URL), or ''. */
  logoUrl?: string | null;
  /** The store's e-mail address, or ''. */
  email?: string | null;
  /** The store's phone number, or ''. */
  telephone?: string | null;
}

/** schema.org Organization. */
export interface OrganizationLd extends JsonLd {
  '@context': typeof SCHEMA_CONTEXT;
  '@type': 'Organization';
  name: string;
  url: string;
  logo?: string;
  email?: string;
  telephone?: string;
}

/**
 * The store as an Organization (home page): name, home URL, and logo, e-mail and phone when the
 * configuration has them.
 *
 * @example organizationLd({ name: 'Skimmer', origin: 'https://shop.test', logoUrl: '/media/logo.png' });
 */
export function organizationLd(store: StoreIdentity): OrganizationLd {
  const logo = (store.logoUrl ?? '').trim();
  const email = (store.email ?? '').trim();
  const telephone = (store.telephone ?? '').trim();
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Organization',
    name: store.name,
    url: absoluteUrl(store.origin, '/'),
    ...(logo ? { logo: absoluteUrl(store.origin, logo) } : {}),
    ...(email ? { email } : {}),
    ...(telephone ? { telephone } : {}),
  };
}

/** schema.org WebSite with a SearchAction (the sitelinks search box). */
export interface WebSiteLd extends JsonLd {
  '@context': typeof SCHEMA_CONTEXT;
  '@type': 'WebSite';
  name: string;
  url: string;
  potentialAction: { '@type': 'SearchAction'; target: { '@type': 'EntryPoint'; urlTemplate: string }; 'query-input': string };
}

/** The placeholder of the SearchAction's URL template. */
export const SEARCH_TERM_PLACEHOLDER = '{search_term_string}';

/**
 * The store as a WebSite whose search is the results page with `q` (home page).
 *
 * @example webSiteLd({ name: 'Skimmer', origin: 'https://shop.test' }).potentialAction.target.urlTemplate;
 * // 'https://shop.test/searchresults.asp?q={search_term_string}'
 */
export function webSiteLd(store: Pick<StoreIdentity, 'name' | 'origin'>): WebSiteLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'WebSite',
    name: store.name,
    url: absoluteUrl(store.origin, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(store.origin, SEARCH_RESULTS_PATH)}?q=${SEARCH_TERM_PLACEHOLDER}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

// a <title>...</title>, or a <meta .../> or <link .../> (React writes void tags with '/>')
const HOISTED_TAG = /(?:<title(?:\s[^>]*)?>[^<]*<\/title>|<(?:meta|link)\s[^>]*?\/?>)/y;

/**
 * Splits the leading run of hoisted head tags off a server render's HTML. React 19 writes the
 * `<title>`, `<meta>` and `<link>` elements a tree renders (and the preloads it adds) as one run
 * before the first element when the root is not `<html>`: that run belongs in the document's
 * `<head>`, the rest inside the app's root element.
 *
 * @example
 * splitHoistedHead('<title>Pump</title><meta name="description" content="x"/><div>..</div>');
 * // { head: '<title>Pump</title><meta name="description" content="x"/>', body: '<div>..</div>' }
 */
export function splitHoistedHead(html: string): { head: string; body: string } {
  // sticky: each tag must start where the last one ended (no copy of the rest of the page per tag)
  const tag = new RegExp(HOISTED_TAG.source, 'y');
  let at = 0;
  while (tag.exec(html) !== null) at = tag.lastIndex;
  return { head: html.slice(0, at), body: html.slice(at) };
}

/**
 * The template's `<head>` inner HTML with a page's head tags added before its end: the
 * template's own `<title>`, `<meta name="description">` and `<link rel="canonical">` go when the
 * page's tags have their own (the browser and React's hydration take the first title, so a
 * stale one must not stay). Without page tags the template is returned unchanged.
 *
 * @example mergeHead('<meta charset="UTF-8"><title>Store</title>', '<title>Pump</title>'); // '<meta charset="UTF-8"><title>Pump</title>'
 */
export function mergeHead(templateHead: string, head: string, strip: (templateHead: string, replaced: ReplacedHeadTags) => string = stripHeadTags): string {
  if (!head) return templateHead;
  return `${strip(templateHead, replacedHeadTags(head))}${head}`;
}

/** Which of the template's own head tags a page's head tags replace. */
export interface ReplacedHeadTags {
  title: boolean;
  description: boolean;
  canonical: boolean;
}

/** The template head tags a page's head tags replace ({@link mergeHead}). */
export function replacedHeadTags(head: string): ReplacedHeadTags {
  return {
    title: /<title[\s>]/i.test(head),
    description: /<meta\s[^>]*name="description"/i.test(head),
    canonical: /<link\s[^>]*rel="canonical"/i.test(head),
  };
}

/**
 * The template's head without the tags a page replaces ({@link mergeHead}): the same for every
 * page of a store with the same tags, so a server may keep it.
 */
export function stripHeadTags(templateHead: string, replaced: ReplacedHeadTags): string {
  let template = templateHead;
  if (replaced.title) template = template.replace(/\s*<title(?:\s[^>]*)?>[\s\S]*?<\/title>/gi, '');
  if (replaced.description) template = template.replace(/\s*<meta\s[^>]*name="description"[^>]*>/gi, '');
  if (replaced.canonical) template = template.replace(/\s*<link\s[^>]*rel="canonical"[^>]*>/gi, '');
  return template;
}
