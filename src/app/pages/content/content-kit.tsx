/**
 * What the content pages share: the head (the head component with title, canonical link, meta description, JSON-LD), the
 * page change of their lists, and the frame that turns a hook's status into the skeleton, the
 * not-found page, the failure message or the content.
 * @module
 */
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { contentHead, type ListedItem } from '../../../domain/seo-pages.ts';
import { articleHead } from '../../../domain/seo-article.ts';
import { useEnvironment, useSkimmer } from '../../../hooks/context.ts';
import type { ArticleView, ContentHead, ContentStatus } from '../../../hooks/useContent.ts';
import { PageHead } from '../../../ui/shell/PageHead.tsx';
import { ContentFrame, ContentMessage, ContentSkeleton, type SkeletonShape } from '../../../ui/content/ContentFrame.tsx';
import NotFound from '../../NotFound.tsx';
import { useRenderContext } from '../../render-context.tsx';

/** Props of {@link ContentPageHead}. */
export interface ContentPageHeadProps {
  /** The page's title, description, canonical path and breadcrumbs. */
  head: ContentHead;
  /** A blog post: its Article JSON-LD is added. */
  article?: ArticleView | null;
  /** What a list page lists (its ItemList JSON-LD). */
  items?: readonly ListedItem[];
}

/**
 * The head of a content page once it is known (the head component): title, canonical URL (absolute,
 * on this origin), meta description, the BreadcrumbList of its trail, and an Article for a blog post
 * or an ItemList for a list. Rendered only once the content has loaded, so a loading page never
 * announces a wrong canonical URL.
 *
 * @example {help.status === 'loaded' && <ContentPageHead head={help} />}
 */
export function ContentPageHead({ head, article, items }: ContentPageHeadProps) {
  const { origin } = useRenderContext();
  const { storeConfig } = useSkimmer();
  const store = { origin, ...storeConfig };
  const data = article
    ? articleHead(store, {
        title: head.title,
        description: head.description,
        path: head.canonical,
        crumbs: head.crumbs,
        article: { title: article.title, author: article.author, datePublished: article.date, imageUrl: article.imageUrl },
      })
    : contentHead(store, { title: head.title, description: head.description, path: head.canonical, crumbs: head.crumbs, items });
  return <PageHead head={data} />;
}

/**
 * The action of a list's page buttons: go to the page's URL through the router, then back to
 * the top of the page (the path is unchanged, so the shell does not scroll by itself).
 *
 * @example const onPage = useListPage(blog.pageUrl);
 */
export function useListPage(pageUrl: (page: number) => string): (page: number) => void {
  const navigate = useNavigate();
  const environment = useEnvironment();
  return useCallback(
    (page: number) => {
      void navigate(pageUrl(page));
      environment.scrollTo(0, 0);
    },
    [navigate, environment, pageUrl],
  );
}

/** Props of {@link ContentState}. */
export interface ContentStateProps {
  /** The hook's answer: status, head, message and reload. */
  content: ContentHead & { status: ContentStatus; message: string | null; reload(): void };
  /** The skeleton of the content while it loads. */
  skeleton: SkeletonShape;
  /** How many skeleton rows, cards or groups. */
  skeletonCount?: number;
  /** Whether the heading is known before the content (list pages): shown while loading. */
  staticHeading?: boolean;
  intro?: ReactNode;
  className?: string;
  /** The content once loaded. */
  children: () => ReactNode;
  /** A blog post (its head gets the Article JSON-LD). */
  article?: ArticleView | null;
  /** What a list page lists, for its head's ItemList. */
  items?: readonly ListedItem[];
}

/**
 * A content page by status: loading shows the frame with the skeleton, missing the not-found
 * page, failed the message with a retry button, loaded the children. Sets the head once loaded.
 *
 * @example <ContentState content={help} skeleton="cards">{() => <HelpTopicList topics={help.topics} />}</ContentState>
 */
export function ContentState({ content, skeleton, skeletonCount, staticHeading = false, intro, className, children, article, items }: ContentStateProps) {
  if (content.status === 'missing') return <NotFound />;
  const known = content.status === 'loaded' || staticHeading;
  return (
    <ContentFrame
      crumbs={known ? content.crumbs : null}
      heading={known ? content.heading : null}
      intro={known ? intro : undefined}
      className={className}
      busy={content.status === 'loading'}
    >
      {content.status === 'loaded' && <ContentPageHead head={content} article={article} items={items} />}
      {content.status === 'loading' && <ContentSkeleton shape={skeleton} count={skeletonCount} />}
      {content.status === 'failed' && <ContentMessage message={content.message ?? ''} onRetry={content.reload} />}
      {content.status === 'loaded' && children()}
    </ContentFrame>
  );
}
