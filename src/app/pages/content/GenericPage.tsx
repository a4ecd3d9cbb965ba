/**
 * Generic pages (route table: /:handle) and article or product-style pages (/:handle/{id}.htm;
 * the route is '/:handle/:page', so any second segment that is not '{id}.htm' is the not-found
 * page). Both show the page's title and server-sanitised body; the canonical URL is the page's
 * own path (so /anything/355.htm names /expert-assistance/355.htm). An '.htm' id that is no page
 * but an article's or a product's leads to that article or product. Unknown pages: not found.
 * @module
 */
import { useParams } from 'react-router-dom';
import { htmPageId } from '../../../domain/content.ts';
import { useContentPage, useHtmTarget, type ContentPageRef } from '../../../hooks/useContent.ts';
import { ContentFrame, ContentMessage, ContentSkeleton, HtmlBody } from '../../../ui/content/ContentFrame.tsx';
import NotFound from '../../NotFound.tsx';
import { Redirect } from '../../render-context.tsx';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState } from './content-kit.tsx';

function PageView({ pageRef }: { pageRef: ContentPageRef }) {
  const page = useContentPage(pageRef);
  return (
    <ContentState content={page} skeleton="prose" skeletonCount={10}>
      {() => page.page && <HtmlBody html={page.page.bodyHtml} />}
    </ContentState>
  );
}

/**
 * '/:handle/{id}.htm': the generic page with that id, else the article or product it names, shown
 * at its own address (not the not-found page).
 */
function HtmPage({ handle, id }: { handle: string; id: number }) {
  const htm = useHtmTarget(handle, id);
  if (htm.to) return <Redirect to={htm.to} status={301} />;
  if (htm.status === 'missing') return <NotFound />;
  if (htm.target?.kind === 'page') return <PageView pageRef={{ id }} />;
  return (
    <ContentFrame crumbs={null} heading={null} busy={htm.status === 'loading'}>
      {htm.status === 'failed' ? <ContentMessage message={htm.message ?? ''} onRetry={htm.reload} /> : <ContentSkeleton shape="prose" count={10} />}
    </ContentFrame>
  );
}

/**
 * The generic page routes.
 * @example <Route path="/:handle/:page" element={<GenericPage />} />
 */
export default function GenericPage() {
  const { handle = '', page } = useParams();
  if (page !== undefined) {
    const id = htmPageId(page);
    if (id === null) return <NotFound />;
    return (
      <ShopperPage>
        <HtmPage key={`id:${handle}:${id}`} handle={handle} id={id} />
      </ShopperPage>
    );
  }
  return (
    <ShopperPage>
      <PageView key={`handle:${handle}`} pageRef={{ handle }} />
    </ShopperPage>
  );
}
