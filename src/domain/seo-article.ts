/**
 * A blog post's head and its Article JSON-LD: their own module beside
 * seo-pages.ts, so that only the content pages load them, not every page that writes a head.
 * @module
 */
import { identity, previewImage, type HeadStore } from './seo-pages.ts';
import { absoluteUrl, ARTICLE_HEADLINE_MAX, breadcrumbListLd, metaDescription, SCHEMA_CONTEXT, type CrumbLike, type JsonLd, type PageHeadData, type StoreIdentity } from './seo.ts';

/** What {@link articleLd} reads of a blog post. */
export interface ArticleInput {
  title: string;
  /** The post's absolute URL. */
  url: string;
  author: string;
  /** When it was published (ISO 8601). */
  datePublished: string;
  /** Its picture (path or URL), or null. */
  imageUrl?: string | null;
  /** Its summary, or null. */
  description?: string | null;
}

/** schema.org Article. */
export interface ArticleLd extends JsonLd {
  '@context': typeof SCHEMA_CONTEXT;
  '@type': 'Article';
  headline: string;
  url: string;
  mainEntityOfPage: string;
  datePublished: string;
  author: { '@type': 'Person'; name: string } | { '@type': 'Organization'; name: string; url: string };
  publisher: { '@type': 'Organization'; name: string; url: string; logo?: { '@type': 'ImageObject'; url: string } };
  image?: string[];
  description?: string;
}

/**
 * A blog post as an Article: headline (cut to {@link ARTICLE_HEADLINE_MAX}), URL, publication
 * date, author (the store when the post names none), the store as publisher, picture and
 * description when known.
 *
 * @example articleLd({ title: 'Opening your pool', url, author: 'Ann', datePublished: '2025-04-01T00:00:00Z' }, store);
 */
export function articleLd(article: ArticleInput, store: StoreIdentity): ArticleLd {
  const logo = (store.logoUrl ?? '').trim();
  const home = absoluteUrl(store.origin, '/');
  const author = article.author.trim();
  const description = metaDescription(article.description);
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Article',
    headline: metaDescription(article.title, ARTICLE_HEADLINE_MAX) ?? store.name,
    url: article.url,
    mainEntityOfPage: article.url,
    datePublished: article.datePublished,
    author: author ? { '@type': 'Person', name: author } : { '@type': 'Organization', name: store.name, url: home },
    publisher: { '@type': 'Organization', name: store.name, url: home, ...(logo ? { logo: { '@type': 'ImageObject', url: absoluteUrl(store.origin, logo) } } : {}) },
    ...(article.imageUrl ? { image: [absoluteUrl(store.origin, article.imageUrl)] } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * A blog post's head: title, description, canonical URL, picture, the Article JSON-LD and the
 * BreadcrumbList of the trail.
 *
 * @example articleHead(store, { title, description, path, crumbs, article: { title, author, datePublished, imageUrl } });
 */
export function articleHead(
  store: HeadStore,
  options: { title: string; description: string | null; path: string; crumbs: readonly CrumbLike[]; article: { title: string; author: string; datePublished: string; imageUrl: string | null } },
): PageHeadData {
  const url = absoluteUrl(store.origin, options.path);
  const description = metaDescription(options.description);
  return {
    title: options.title,
    description,
    url,
    siteName: store.storeName,
    type: 'article',
    image: previewImage(store, options.article.imageUrl, options.article.title),
    jsonLd: [
      articleLd({ ...options.article, url, description }, identity(store)),
      breadcrumbListLd(options.crumbs, { origin: store.origin, pageUrl: url }),
    ],
  };
}
