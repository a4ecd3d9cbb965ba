/**
 * Brands (route table: /brands, /brands/{brand}): every brand A-Z as tiles, and a brand's page
 * with its logo, description, its products (24 a page, `?page=`) and the vendor link to the
 * search results.
 * @module
 */
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { contentPageParam, CONTENT_TEXT } from '../../../domain/content.ts';
import type { ProductCardData } from '../../../domain/entities.ts';
import { useBrandPage, useBrands } from '../../../hooks/useContentIndexes.ts';
import { useMobileLayout } from '../../../hooks/useMobileLayout.ts';
import { CatalogLink } from '../../../ui/catalog/CatalogLink.tsx';
import { Pagination } from '../../../ui/catalog/Pagination.tsx';
import { ProductGrid } from '../../../ui/catalog/ProductGrid.tsx';
import { QuickViewOverlay } from '../../../ui/catalog/QuickViewOverlay.tsx';
import { ContentMessage } from '../../../ui/content/ContentFrame.tsx';
import { BrandTiles, LetterIndex } from '../../../ui/content/Indexes.tsx';
import '../../../ui/catalog/catalog.css';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState, useListPage } from './content-kit.tsx';

function BrandsIndex() {
  const brands = useBrands();
  return (
    <ContentState content={brands} skeleton="cards" skeletonCount={8} staticHeading intro={<p>{brands.intro}</p>}>
      {() => (
        <LetterIndex
          groups={brands.groups}
          label="Brands by letter"
          idPrefix="brands"
          className="ct-index--wide"
          keyOf={(b) => b.id}
          renderItem={(b) => b.name}
          renderGroup={(items) => <BrandTiles brands={items} />}
        />
      )}
    </ContentState>
  );
}

function BrandView({ name, page }: { name: string; page: number }) {
  const brand = useBrandPage(name, page);
  const mobile = useMobileLayout();
  const onPage = useListPage(brand.pageUrl);
  const [quick, setQuick] = useState<ProductCardData | null>(null);
  const closeQuick = useCallback(() => setQuick(null), []);
  const info = brand.pageInfo;
  return (
    <ContentState content={brand} skeleton="cards" skeletonCount={8}>
      {() =>
        brand.brand && (
          <>
            <div className="ct-brand">
              {brand.brand.logoUrl && <img className="ct-brand__logo" src={brand.brand.logoUrl} alt={`${brand.brand.name} logo`} width={200} height={100} />}
              <div className="ct-brand__text">
                {brand.brand.description && <p>{brand.brand.description}</p>}
                {brand.searchHref && <CatalogLink to={brand.searchHref}>{CONTENT_TEXT.allBrandProducts}</CatalogLink>}
              </div>
            </div>
            <section aria-labelledby="brand-products">
              <h2 id="brand-products" className="ct-section-title">
                {brand.productsHeading}
              </h2>
              {brand.productsMessage ? (
                <ContentMessage message={brand.productsMessage} />
              ) : (
                <ProductGrid products={brand.products} mobile={mobile} onQuickView={setQuick} />
              )}
              {info && brand.products.length > 0 && (
                <Pagination page={brand.page} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} onPage={onPage} />
              )}
            </section>
            <QuickViewOverlay card={quick} onClose={closeQuick} />
          </>
        )
      }
    </ContentState>
  );
}

/**
 * The brands routes: a brand's page when the path names one, else every brand.
 * @example <Route path="/brands/:brand" element={<BrandsPage />} />
 */
export default function BrandsPage() {
  const { brand } = useParams();
  const [search] = useSearchParams();
  const page = contentPageParam(search.get('page'));
  return <ShopperPage>{brand ? <BrandView key={brand} name={brand} page={page} /> : <BrandsIndex />}</ShopperPage>;
}
