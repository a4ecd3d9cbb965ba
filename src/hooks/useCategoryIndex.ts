/**
 * The category index (/cindex.asp): every collection A-Z. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { useMemo } from 'react';
import { allCollections } from '../api/content.ts';
import { alphabetGroups, CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle, type LetterGroup } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import { useLinks, type ContentListApi as ListApi } from './content-shared.ts';
import type { IndexEntry } from './useProductIndex.ts';

/** What {@link useCategoryIndex} returns. */
export interface CategoryIndexApi extends ListApi {
  groups: LetterGroup<IndexEntry>[];
  count: number;
}

/**
 * The category index (/cindex.asp): every collection A-Z, grouped by letter.
 * @example const index = useCategoryIndex();
 */
export function useCategoryIndex(): CategoryIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad('categories', undefined, (api, _p, signal) => allCollections(api, { signal }));
  const groups = useMemo(
    () => alphabetGroups((load.data ?? []).map((c) => ({ id: c.id, title: c.title, href: links.collection(c.handle) })), (e) => e.title),
    [load.data, links],
  );
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    groups,
    count: load.data?.length ?? 0,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.categoryIndex }, storeConfig.storeName),
    description: null,
    canonical: CONTENT_PATHS.categoryIndex,
    crumbs: contentCrumbs([], CONTENT_TEXT.categoryIndex),
    heading: CONTENT_TEXT.categoryIndex,
    reload: load.reload,
  };
}
