/**
 * The collections root: the store's top collections. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { useMemo } from 'react';
import { CONTENT_TEXT, contentCrumbs, contentTitle, topCollections, type TopCollection } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import { useLinks, type ContentListApi as ListApi } from './content-shared.ts';

/** What {@link useCollectionsIndex} returns. */
export interface CollectionsIndexApi extends ListApi {
  collections: TopCollection[];
}

/**
 * The collections root: every top collection of the navigation (depth 2) with its picture and
 * child collections.
 *
 * @example const { collections } = useCollectionsIndex();
 */
export function useCollectionsIndex(): CollectionsIndexApi {
  const { storeConfig, themeConfig } = useSkimmer();
  const links = useLinks();
  const params = { collectionUrlPrefix: storeConfig.collectionPath, imagePlacement: themeConfig.imagePlacements.collection.menuImage };
  const load = useContentLoad('collections', params, (api, p, signal) => api.nav({ ...p, depth: 2 }, { signal }));
  const collections = useMemo(() => topCollections(load.data?.navData ?? [], storeConfig.collectionPath), [load.data, storeConfig.collectionPath]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    collections,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.collections }, storeConfig.storeName),
    description: null,
    canonical: links.collections(),
    crumbs: contentCrumbs([], CONTENT_TEXT.collections),
    heading: CONTENT_TEXT.collections,
    reload: load.reload,
  };
}
