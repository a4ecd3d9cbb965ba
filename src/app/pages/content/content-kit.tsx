/**
 * What the content pages share: the head (document title, canonical link, meta description), the
 * page change of their lists, and the frame that turns a hook's status into the skeleton, the
 * not-found page, the failure message or the content.
 * @module
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEnvironment } from '../../../hooks/context.ts';
import type { ContentHead, ContentStatus } from '../../../hooks/useContent.ts';
import { ContentFrame, ContentMessage, ContentSkeleton, type SkeletonShape } from '../../../ui/content/ContentFrame.tsx';
import NotFound from '../../NotFound.tsx';
import { useDocumentTitle } from '../page-kit.tsx';

/** Puts an element in the head while the page is shown, and takes it out after. */
function useHeadElement(tag: 'link' | 'meta', attributes: Record<string, string> | null): void {
  const key = attributes ? JSON.stringify(attributes) : '';
  useEffect(() => {
    if (!key) return;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) element.setAttribute(name, value);
    document.head.appendChild(element);
    return () => element.remove();
  }, [tag, key]);
}

/**
 * The head of a content page once it is known: document title, `<link rel="canonical">` (absolute,
 * on this origin) and `<meta name="description">`. Nothing is set while `ready` is false, so a
 * loading page never announces a wrong canonical URL.
 *
 * @example useContentHead(help, help.status === 'loaded');
 */
export function useContentHead(head: ContentHead, ready: boolean): void {
  useDocumentTitle(ready ? head.title : '');
  const canonical = ready && head.canonical ? new URL(head.canonical, window.location.origin).href : null;
  useHeadElement('link', canonical ? { rel: 'canonical', href: canonical } : null);
  useHeadElement('meta', ready && head.description ? { name: 'description', content: head.description } : null);
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
}

/**
 * A content page by status: loading shows the frame with the skeleton, missing the not-found
 * page, failed the message with a retry button, loaded the children. Sets the head once loaded.
 *
 * @example <ContentState content={help} skeleton="cards">{() => <HelpTopicList topics={help.topics} />}</ContentState>
 */
export function ContentState({ content, skeleton, skeletonCount, staticHeading = false, intro, className, children }: ContentStateProps) {
  useContentHead(content, content.status === 'loaded');
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
      {content.status === 'loading' && <ContentSkeleton shape={skeleton} count={skeletonCount} />}
      {content.status === 'failed' && <ContentMessage message={content.message ?? ''} onRetry={content.reload} />}
      {content.status === 'loaded' && children()}
    </ContentFrame>
  );
}
