/**
 * The product index (/pindex.asp): every product, a page at a time. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { useMemo } from 'react';
import type { PageInfo } from '../domain/entities.ts';
import { alphabetGroups, CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentPageUrl, contentTitle, PRODUCT_INDEX_PAGE_SIZE, type LetterGroup } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import { useLinks, type ContentListApi as ListApi } from './content-shared.ts';

/** An entry of the A-Z indexes. */
export interface IndexEntry {
  id: number;
  title: string;
  href: string;
}

/** What {@link useProductIndex} returns. */
export interface ProductIndexApi extends ListApi {
  groups: LetterGroup<IndexEntry>[];
  pageInfo: PageInfo | null;
  page: number;
  pageUrl(page: number): string;
}

/**
 * The product index (/pindex.asp): products A-Z (title ascending), 76 a page, grouped by letter.
 * @example const index = useProductIndex(0);
 */
export function useProductIndex(page = 0): ProductIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad(`product-index:${page}`, page, (api, p, signal) =>
    api.filterProducts({ sortBy: 'title_asc', page: p, limit: PRODUCT_INDEX_PAGE_SIZE, fields: ['id', 'title', 'handle'] }, { signal }),
  );
  const groups = useMemo(
    () => alphabetGroups((load.data?.products ?? []).map((p) => ({ id: p.id, title: p.title, href: links.product(p.handle) })), (e) => e.title),
    [load.data, links],
  );
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    groups,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    message: load.status === 'loaded' && groups.length === 0 ? CONTENT_TEXT.noProducts : load.message,
    title: contentTitle({ title: page > 0 ? `${CONTENT_TEXT.productIndex} - Page ${page + 1}` : CONTENT_TEXT.productIndex }, storeConfig.storeName),
    description: null,
    canonical: contentPageUrl(CONTENT_PATHS.productIndex, page),
    crumbs: contentCrumbs([], CONTENT_TEXT.productIndex),
    heading: CONTENT_TEXT.productIndex,
    pageUrl: (n) => contentPageUrl(CONTENT_PATHS.productIndex, n),
    reload: load.reload,
  };
}
