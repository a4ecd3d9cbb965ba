/**
 * The collections root (route table: collectionPath root): every top collection of the
 * navigation as a tile with its picture and its child collections, and a link to the vendors
 * page.
 * @module
 */
import { useMemo } from 'react';
import { CONTENT_TEXT } from '../../../domain/content.ts';
import { createStoreLinks } from '../../../domain/urls.ts';
import { useStoreConfig } from '../../../hooks/context.ts';
import { useCollectionsIndex } from '../../../hooks/useContentIndexes.ts';
import { CatalogLink } from '../../../ui/catalog/CatalogLink.tsx';
import { CollectionTiles } from '../../../ui/content/Indexes.tsx';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState } from './content-kit.tsx';

/**
 * The collections root page.
 * @example <Route path="/collections" element={<CollectionsIndexPage />} />
 */
export default function CollectionsIndexPage() {
  const index = useCollectionsIndex();
  const storeConfig = useStoreConfig();
  const vendorsHref = useMemo(() => createStoreLinks(storeConfig).vendors(), [storeConfig]);
  return (
    <ShopperPage>
      <ContentState
        content={index}
        skeleton="cards"
        skeletonCount={8}
        staticHeading
        intro={
          <p>
            Shop by category, or browse by <CatalogLink to={vendorsHref}>{CONTENT_TEXT.vendors.toLowerCase()}</CatalogLink>.
          </p>
        }
      >
        {() => <CollectionTiles collections={index.collections} />}
      </ContentState>
    </ShopperPage>
  );
}
