/**
 * The content hook `useArticle` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { orMissing } from '../api/content.ts';
import { CONTENT_TEXT, contentCrumbs, contentTitle, formatContentDate, readTimeText } from '../domain/content.ts';
import type { Article } from '../domain/entities.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { useLinks, type ContentHead, type TagLink, type BlogBase, tagLinks } from './content-shared.ts';

/** The article page's article. */
export interface ArticleView {
  id: number;
  title: string;
  author: string;
  date: string;
  dateText: string;
  /** '{n} min read' (225 words per minute). */
  readTimeText: string;
  imageUrl: string | null;
  /** The body, sanitised by the server (its repository sanitises every stored HTML on the way out). */
  bodyHtml: string;
  tags: TagLink[];
}

/** What {@link useArticle} returns. */
export interface ArticleApi extends ContentHead {
  status: ContentStatus;
  article: ArticleView | null;
  /** The blog list this article is read from. */
  blogHref: string;
  message: string | null;
  reload(): void;
}

/**
 * One article (articlePath/{handle}, /blogs/{handle}): author, date, tags, read-time estimate and
 * the sanitised body. An unknown handle is `missing`.
 *
 * @example const post = useArticle('opening-your-pool', 'blog');
 */
export function useArticle(handle: string, base: BlogBase = 'articles'): ArticleApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad(`article:${handle}`, handle, (api, h, signal) => orMissing(api.articleByHandle(h, { signal })));
  const a: Article | null = load.data?.article ?? null;
  const blogHref = base === 'blog' ? links.blog() : links.articles();
  const article = useMemo<ArticleView | null>(
    () =>
      a && {
        id: a.id,
        title: a.title,
        author: a.author,
        date: a.createdAt,
        dateText: formatContentDate(a.createdAt, storeConfig.appTimeZone),
        readTimeText: readTimeText(a.bodyHtml),
        imageUrl: a.imageUrl,
        bodyHtml: a.bodyHtml ?? '',
        tags: tagLinks(a.tags, links),
      },
    [a, links, storeConfig.appTimeZone],
  );
  return {
    status: load.status,
    article,
    blogHref,
    message: load.message,
    title: a ? contentTitle(a, storeConfig.storeName) : contentTitle({ title: CONTENT_TEXT.blog }, storeConfig.storeName),
    description: a?.seoDescription ?? null,
    canonical: links.article(a?.handle ?? handle),
    crumbs: contentCrumbs([[CONTENT_TEXT.blog, blogHref]], a?.title ?? ''),
    heading: a?.title ?? '',
    reload: load.reload,
  };
}
