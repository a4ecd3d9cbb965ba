/**
 * The content hook `useArticleList` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import type { ListPageInfo } from '../api/types.ts';
import { BLOG_PAGE_SIZE, CONTENT_TEXT, contentCrumbs, contentPageUrl, contentTitle } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { articleSummary, useLinks, type ArticleSummary, type BlogBase, type ContentHead } from './content-shared.ts';

/** Options of {@link useArticleList}. */
export interface ArticleListOptions {
  /** Under which path the list is read; its post links stay there. @default 'articles' */
  base?: BlogBase;
  /** Only the articles with this tag (articlePath/tags/{tag}). */
  tag?: string;
  /** Zero-based page. @default 0 */
  page?: number;
}

/** What {@link useArticleList} returns. */
export interface ArticleListApi extends ContentHead {
  status: ContentStatus;
  articles: ArticleSummary[];
  pageInfo: ListPageInfo | null;
  page: number;
  /** The theme's blog description (shown under the heading of the full list). */
  intro: string | null;
  /** 'No articles found' or 'Failed to load articles. Please try again later.', or null. */
  message: string | null;
  /** The URL of another page of this list. */
  pageUrl(page: number): string;
  reload(): void;
}

/**
 * The blog list (articlePath root, /blogs, articlePath/tags/{tag}): 10 articles a page, newest
 * first. The canonical URL is always under the configured articlePath (/blogs shows the same list).
 * @example const blog = useArticleList({ base: 'blog', page: 0 });
 */
export function useArticleList(options: ArticleListOptions = {}): ArticleListApi {
  const { storeConfig, themeConfig } = useSkimmer();
  const links = useLinks();
  const page = options.page ?? 0;
  const tag = options.tag?.trim() || undefined;
  const base = options.base ?? 'articles';
  const load = useContentLoad(
    `articles:${tag ?? ''}|${page}`,
    { tag, page },
    (api, p, signal) => {
      const query = { page: p.page, limit: BLOG_PAGE_SIZE, sortBy: 'CREATED', order: 'DESC' } as const;
      return p.tag ? api.articlesByTag(p.tag, query, { signal }) : api.articles(query, { signal });
    },
    'articles',
  );
  const timeZone = storeConfig.appTimeZone;
  const articles = useMemo(() => (load.data?.articles ?? []).map((a) => articleSummary(a, base, links, timeZone)), [load.data, base, links, timeZone]);
  const listPath = tag ? links.articleTag(tag) : base === 'blog' ? links.blog() : links.articles();
  const heading = tag ? CONTENT_TEXT.taggedWith(tag) : CONTENT_TEXT.blog;
  const crumbs = tag
    ? contentCrumbs([[CONTENT_TEXT.blog, base === 'blog' ? links.blog() : links.articles()]], heading)
    : contentCrumbs([], CONTENT_TEXT.blog);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    articles,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    intro: tag ? null : themeConfig.blogDescription || null,
    message: load.message,
    title: contentTitle({ title: page > 0 ? `${heading} - Page ${page + 1}` : heading }, storeConfig.storeName),
    description: tag ? null : themeConfig.blogDescription || null,
    canonical: contentPageUrl(tag ? links.articleTag(tag) : links.articles(), page),
    crumbs,
    heading,
    pageUrl: (n) => contentPageUrl(listPath, n),
    reload: load.reload,
  };
}
