/**
 * The head of each kind of storefront page, built from what the page already
 * shows: home (Organization and WebSite with its SearchAction), product (Product with its Offer
 * and AggregateRating, BreadcrumbList, the main picture preloaded), collection and search results
 * (ItemList, BreadcrumbList), blog post (Article, BreadcrumbList), other content pages
 * (BreadcrumbList) and pages no search engine should index (cart). The product page's head is in
 * seo-product.ts, a blog post's in seo-article.ts and a collection's in seo-collection.ts, so the
 * other pages load without the Product and Article JSON-LD rules or the HTML-to-text step. Each answer is the
 * {@link PageHeadData} the head component writes. Pure: the clock comes in as `now`.
 * @module
 */
import { sizedImageUrl } from './images.ts';
import { pageTitle } from './page-title.ts';
import { NOT_FOUND_TEXT } from './shell.ts';
import {
  absoluteUrl,
  breadcrumbListLd,
  itemListLd,
  metaDescription,
  organizationLd,
  webSiteLd,
  type CrumbLike,
  type JsonLd,
  type PageHeadData,
  type StoreIdentity,
} from './seo.ts';

/** The store as the heads need it (store configuration and the page's origin). */
export interface HeadStore {
  /** The page's origin ('https://shop.test'). */
  origin: string;
  storeName: string;
  storeLogoUrl?: string | null;
  storeEmail?: string | null;
  contactPhoneNumber?: string | null;
}

/**
 * The store as the JSON-LD builders name it.
 * @example identity({ origin, storeName: 'Skimmer' }); // { name: 'Skimmer', origin, ... }
 */
export function identity(store: HeadStore): StoreIdentity {
  return { name: store.storeName, origin: store.origin, logoUrl: store.storeLogoUrl, email: store.storeEmail, telephone: store.contactPhoneNumber };
}

/**
 * The link preview picture: an absolute URL at 800 px when the server draws sizes.
 * @example previewImage(store, product.imageUrl, product.title); // { url: 'https://shop.test/media/p.jpg?width=800', alt }
 */
export function previewImage(store: HeadStore, url: string | null | undefined, alt: string): PageHeadData['image'] {
  if (!url) return null;
  return { url: absoluteUrl(store.origin, sizedImageUrl(url, 800)), alt };
}

/**
 * The home page's head: the theme's SEO title and description, the store's home as canonical
 * URL, and the Organization and WebSite (with its SearchAction) JSON-LD.
 *
 * @example homeHead({ origin, storeName: 'Skimmer' }, { seoTitle: 'Pool parts', seoDescription: '...' });
 */
export function homeHead(store: HeadStore, theme: { seoTitle: string; seoDescription: string; heroImageUrl?: string | null }): PageHeadData {
  const title = pageTitle(theme.seoTitle, store.storeName);
  return {
    title,
    description: metaDescription(theme.seoDescription),
    url: absoluteUrl(store.origin, '/'),
    siteName: store.storeName,
    type: 'website',
    image: previewImage(store, theme.heroImageUrl ?? store.storeLogoUrl, store.storeName),
    jsonLd: [organizationLd(identity(store)), webSiteLd(identity(store))],
  };
}

/** A listed item: its name and link. */
export interface ListedItem {
  name: string;
  url: string;
}

/**
 * The search results page's head: its title, the results page with the query as canonical URL,
 * an ItemList of the products shown, the BreadcrumbList of its trail, and `noindex` (results pages are endless variations of the
 * catalogue: search engines are sent to the products and collections, which the sitemap lists).
 *
 * @example searchHead(store, { title: 'Search results - Skimmer', path: '/searchresults.asp?q=pump', items });
 */
export function searchHead(store: HeadStore, options: { title: string; path: string; crumbs?: readonly CrumbLike[]; items: readonly ListedItem[]; offset?: number }): PageHeadData {
  const url = absoluteUrl(store.origin, options.path);
  return {
    title: options.title,
    description: null,
    url,
    siteName: store.storeName,
    type: 'website',
    jsonLd: [
      ...(options.items.length > 0 ? [itemListLd(options.items, { origin: store.origin, name: options.title, offset: options.offset })] : []),
      ...(options.crumbs && options.crumbs.length > 0 ? [breadcrumbListLd(options.crumbs, { origin: store.origin, pageUrl: url })] : []),
    ],
    noindex: true,
  };
}

/**
 * Any other page's head (content pages, brands, help, the collections index...): title,
 * description, canonical URL and, when the page shows breadcrumbs, their BreadcrumbList; an
 * ItemList when the page lists things. A page with no canonical path (the cart, account pages)
 * gets `noindex` and no canonical link.
 *
 * @example contentHead(store, { title: 'Help - Skimmer', description: null, path: '/help', crumbs: [{ title: 'Help' }] });
 */
export function contentHead(
  store: HeadStore,
  options: { title: string; description?: string | null; path: string | null; crumbs?: readonly CrumbLike[] | null; items?: readonly ListedItem[] },
): PageHeadData {
  const url = options.path === null ? null : absoluteUrl(store.origin, options.path);
  const jsonLd: JsonLd[] = [];
  if (url && options.items && options.items.length > 0) jsonLd.push(itemListLd(options.items, { origin: store.origin, name: options.title }));
  if (url && options.crumbs && options.crumbs.length > 0) jsonLd.push(breadcrumbListLd(options.crumbs, { origin: store.origin, pageUrl: url }));
  return {
    title: options.title,
    description: metaDescription(options.description),
    url,
    siteName: store.storeName,
    type: 'website',
    jsonLd,
    noindex: url === null,
  };
}

/**
 * The head of a shopper's own page (sign-in and its steps, the account, orders, addresses, wallet,
 * recovery email): its title with the store name appended, its own canonical URL, and `noindex`
 * (robots.txt keeps crawlers off these paths; a search engine that reaches one anyway must not
 * list it). No JSON-LD: nothing on it is for a search engine.
 *
 * @example accountHead({ origin: 'https://shop.test', storeName: 'Skimmer' }, { title: 'Sign in', path: '/login' }).title; // 'Sign in - Skimmer'
 */
export function accountHead(store: HeadStore, options: { title: string; path: string }): PageHeadData {
  return { ...contentHead(store, { title: pageTitle(options.title, store.storeName), path: options.path }), noindex: true };
}

/**
 * The head of the not-found page, and of a page whose thing is missing (an unknown product or
 * collection handle): '404 Not Found' with the store name, `noindex` and no canonical link.
 *
 * @example notFoundHead('Skimmer').title; // '404 Not Found - Skimmer'
 */
export function notFoundHead(storeName: string): PageHeadData {
  return contentHead({ origin: '', storeName }, { title: pageTitle(NOT_FOUND_TEXT.title, storeName), path: null });
}
