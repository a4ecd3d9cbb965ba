/**
 * Generic pages (route table: /:handle) and article or product-style pages (/:handle/{id}.htm;
 * the route is '/:handle/:page', so any second segment that is not '{id}.htm' is the not-found
 * page). Both show the page's title and server-sanitised body; the canonical URL is the page's
 * own path (so /anything/355.htm names /expert-assistance/355.htm). Unknown pages: not found.
 * @module
 */
import { useParams } from 'react-router-dom';
import { htmPageId } from '../../../domain/content.ts';
import { useContentPage, type ContentPageRef } from '../../../hooks/useContent.ts';
import { HtmlBody } from '../../../ui/content/ContentFrame.tsx';
import NotFound from '../../NotFound.tsx';
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
        <PageView key={`id:${id}`} pageRef={{ id }} />
      </ShopperPage>
    );
  }
  return (
    <ShopperPage>
      <PageView key={`handle:${handle}`} pageRef={{ handle }} />
    </ShopperPage>
  );
}
