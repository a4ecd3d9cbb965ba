/**
 * Index and listing pages (route table: /pindex.asp, /cindex.asp, /productslist.asp): the product
 * index (products A-Z, 76 a page), the category index (every collection A-Z) and the products
 * list (every product as cards, 24 a page). Pages are kept in `?page=` (zero-based).
 * @module
 */
import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CONTENT_PATHS, contentPageParam } from '../../../domain/content.ts';
import type { ProductCardData } from '../../../domain/entities.ts';
import { useCategoryIndex, useProductIndex, useProductsList } from '../../../hooks/useContentIndexes.ts';
import { useMobileLayout } from '../../../hooks/useMobileLayout.ts';
import { CatalogLink } from '../../../ui/catalog/CatalogLink.tsx';
import { Pagination } from '../../../ui/catalog/Pagination.tsx';
import { ProductGrid } from '../../../ui/catalog/ProductGrid.tsx';
import { QuickViewOverlay } from '../../../ui/catalog/QuickViewOverlay.tsx';
import { ContentMessage } from '../../../ui/content/ContentFrame.tsx';
import { LetterIndex } from '../../../ui/content/Indexes.tsx';
import '../../../ui/catalog/catalog.css';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState, useListPage } from './content-kit.tsx';

function ProductIndex({ page }: { page: number }) {
  const index = useProductIndex(page);
  const onPage = useListPage(index.pageUrl);
  const info = index.pageInfo;
  const pager = (label: string) =>
    info && info.totalObjects > 0 ? (
      <Pagination label={label} page={index.page} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} onPage={onPage} />
    ) : null;
  return (
    <ContentState content={index} skeleton="index" skeletonCount={6} staticHeading>
      {() => (
        <>
          {pager('Pagination, top')}
          {index.message && index.groups.length === 0 ? (
            <ContentMessage message={index.message} />
          ) : (
            <LetterIndex groups={index.groups} label="Products by letter" idPrefix="products" keyOf={(e) => e.id} renderItem={(e) => <CatalogLink to={e.href}>{e.title}</CatalogLink>} />
          )}
          {pager('Pagination, bottom')}
        </>
      )}
    </ContentState>
  );
}

function CategoryIndex() {
  const index = useCategoryIndex();
  return (
    <ContentState content={index} skeleton="index" skeletonCount={6} staticHeading>
      {() => (
        <LetterIndex groups={index.groups} label="Categories by letter" idPrefix="categories" keyOf={(e) => e.id} renderItem={(e) => <CatalogLink to={e.href}>{e.title}</CatalogLink>} />
      )}
    </ContentState>
  );
}

function ProductsList({ page }: { page: number }) {
  const list = useProductsList(page);
  const mobile = useMobileLayout();
  const onPage = useListPage(list.pageUrl);
  const [quick, setQuick] = useState<ProductCardData | null>(null);
  const closeQuick = useCallback(() => setQuick(null), []);
  const info = list.pageInfo;
  const pager = (label: string) =>
    info && list.products.length > 0 ? (
      <Pagination label={label} page={list.page} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} onPage={onPage} />
    ) : null;
  return (
    <ContentState content={list} skeleton="cards" skeletonCount={8} staticHeading>
      {() => (
        <section aria-label="Products">
          {pager('Pagination, top')}
          {list.message && list.products.length === 0 ? <ContentMessage message={list.message} /> : <ProductGrid products={list.products} mobile={mobile} onQuickView={setQuick} />}
          {pager('Pagination, bottom')}
          <QuickViewOverlay card={quick} onClose={closeQuick} />
        </section>
      )}
    </ContentState>
  );
}

/**
 * The three index routes, told apart by path.
 * @example <Route path="/cindex.asp" element={<IndexesPage />} />
 */
export default function IndexesPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const page = contentPageParam(search.get('page'));
  let view;
  if (pathname === CONTENT_PATHS.categoryIndex) view = <CategoryIndex />;
  else if (pathname === CONTENT_PATHS.productsList) view = <ProductsList page={page} />;
  else view = <ProductIndex page={page} />;
  return <ShopperPage>{view}</ShopperPage>;
}
