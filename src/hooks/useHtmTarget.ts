/**
 * The content hook `useHtmTarget` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { orMissing } from '../api/content.ts';
import { createStoreLinks } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';

/** What an '/:handle/{id}.htm' address is: a generic page, or the article or product it names. */
export type HtmTarget = { kind: 'page' } | { kind: 'article'; handle: string } | { kind: 'product'; handle: string };

/** What {@link useHtmTarget} returns. */
export interface HtmTargetApi {
  status: ContentStatus;
  /** The resolved target once loaded; null while loading, when missing or failed. */
  target: HtmTarget | null;
  /** Where an article or product target lives (its own route), else null. */
  to: string | null;
  message: string | null;
  reload(): void;
}

/** Articles read per page while looking one up by id. @default 100 */
const ARTICLE_SCAN_LIMIT = 100;

/** At most this many pages of articles are read (10,000 articles). @default 100 */
const ARTICLE_SCAN_PAGES = 100;

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/**
 * Resolves '/:handle/{id}.htm' (route table: "Article or product-style page"): the generic page
 * with that id; else the article or product whose handle is the first segment and whose id is
 * the id; else the article with that id; else the product with that id. Unknown: `missing`.
 *
 * Choice: an article or product is shown at its own address (the page redirects there, replacing
 * the history entry), so each has one canonical URL; the legacy '.htm' link still lands on it.
 * There is no article-by-id call, so the articles are read by id in pages of 100.
 *
 * @example
 * const htm = useHtmTarget('pump-care', 12);
 * if (htm.to) return <Navigate to={htm.to} replace />;
 */
export function useHtmTarget(handle: string, id: number): HtmTargetApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad<HtmTarget, { handle: string; id: number }>(`htm:${handle}:${id}`, { handle, id }, async (api, r, signal) => {
    if ((await orMissing(api.pageById(r.id, { signal })))?.page) return { kind: 'page' };
    if (HANDLE.test(r.handle)) {
      const article = (await orMissing(api.articleByHandle(r.handle, { signal })))?.article;
      if (article?.id === r.id) return { kind: 'article', handle: article.handle };
      const product = (await orMissing(api.productByHandle(r.handle, { signal })))?.product;
      if (product?.id === r.id) return { kind: 'product', handle: product.handle };
    }
    for (let page = 0; page < ARTICLE_SCAN_PAGES; page += 1) {
      const { articles } = await api.articles({ page, limit: ARTICLE_SCAN_LIMIT, sortBy: 'ID', order: 'ASC' }, { signal });
      const hit = articles.find((a) => a.id === r.id);
      if (hit) return { kind: 'article', handle: hit.handle };
      if (articles.length < ARTICLE_SCAN_LIMIT || articles.some((a) => a.id > r.id)) break;
    }
    const card = (await api.productsByIds([r.id], { signal })).products?.find((p) => p.id === r.id);
    return card ? { kind: 'product', handle: card.handle } : null;
  });
  const target = load.data;
  const links = createStoreLinks(storeConfig);
  const to = target?.kind === 'article' ? links.article(target.handle) : target?.kind === 'product' ? links.product(target.handle) : null;
  return { status: load.status, target, to, message: load.message, reload: load.reload };
}
