/**
 * A collection page's head: its own module beside seo-pages.ts, so that the
 * HTML-to-text step of its description (read-time.ts) loads with the pages that need it only.
 * @module
 */
import type { Collection } from './entities.ts';
import { htmlToText } from './read-time.ts';
import { previewImage, type HeadStore, type ListedItem } from './seo-pages.ts';

/** A missing collection's head (the not-found page's), with the collection's own head rules: no second module to load. */
export { notFoundHead } from './seo-pages.ts';
import { absoluteUrl, breadcrumbListLd, itemListLd, metaDescription, type CrumbLike, type PageHeadData } from './seo.ts';

/**
 * A collection page's head: the SEO title, the SEO description (else the description's text),
 * the collection's canonical URL (filters, sort and page left out, as the sitemap lists it), the
 * collection picture, an ItemList of the products shown (positions continue over pages through
 * `offset`) and the BreadcrumbList of the trail. A collection marked not indexed gets `noindex`.
 *
 * @example collectionHead(store, collection, { title, path: links.collection(handle), crumbs, items, offset: 0 });
 */
export function collectionHead(
  store: HeadStore,
  collection: Pick<Collection, 'title' | 'seoDescription' | 'descriptionHtml' | 'imageUrl' | 'isIndexed'>,
  options: { title: string; path: string; crumbs: readonly CrumbLike[]; items: readonly ListedItem[]; offset?: number },
): PageHeadData {
  const url = absoluteUrl(store.origin, options.path);
  return {
    title: options.title,
    description: metaDescription(collection.seoDescription?.trim() || htmlToText(collection.descriptionHtml)),
    url,
    siteName: store.storeName,
    type: 'website',
    image: previewImage(store, collection.imageUrl, collection.title),
    jsonLd: [
      ...(options.items.length > 0 ? [itemListLd(options.items, { origin: store.origin, name: collection.title, offset: options.offset })] : []),
      breadcrumbListLd(options.crumbs, { origin: store.origin, pageUrl: url }),
    ],
    noindex: collection.isIndexed === false,
  };
}
