/**
 * The collection page (collectionPath/{handle} and collectionPath/{handle}/{tagFilter}): SEO title
 * and canonical link, breadcrumbs, h1, the server-sanitised description collapsed with Read More /
 * Read Less, child collections or the hierarchy on the left, filters, the paginated products with
 * 'Showing X - Y of N products.', skeletons, featured products, and the fallback for a missing
 * collection. Everything comes from `useCollection`.
 * @module
 */
import { lazy, useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { searchWithinQuery } from '../../domain/filters.ts';
import type { ProductCardData, SearchQuery } from '../../domain/entities.ts';
import { NOT_FOUND_TEXT } from '../../domain/shell.ts';
import { createStoreLinks, fromQueryString, parseTagFilterSegment } from '../../domain/urls.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useCollection } from '../../hooks/useCollection.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { CollectionDescription } from '../../ui/catalog/CollectionDescription.tsx';
import { Pagination } from '../../ui/catalog/Pagination.tsx';
import { ProductGrid } from '../../ui/catalog/ProductGrid.tsx';
import { QuickView } from '../../ui/catalog/QuickView.tsx';
import { SearchSidebar } from '../../ui/catalog/SearchSidebar.tsx';
import { Skeletons } from '../../ui/catalog/Skeletons.tsx';
import { PageSizeSelect, SortSelect, ViewToggle } from '../../ui/catalog/SortSelect.tsx';
import { LazySection } from '../../ui/product/LazySection.tsx';
import { Breadcrumbs } from '../../ui/shell/Breadcrumbs.tsx';
import '../../ui/catalog/catalog.css';
import { FitsMyEquipment, ListingLinks, MobileFold, SearchWithin, usePageChange } from './listing-kit.tsx';
import { ShopperPage } from './page-kit.tsx';
import { PageStatus, useRenderContext } from '../render-context.tsx';
import { headRules, LazyPageHead } from '../page-head.tsx';

/** The collection page's head rules (ItemList, BreadcrumbList; a missing collection's 404 head): see page-head.tsx. */
const COLLECTION_HEAD = headRules(() => import('../../domain/seo-collection.ts'));

/** The featured products slider sits below the list: its code loads when its place comes into view. */
const ProductSlider = lazy(() => import('../../ui/catalog/ProductSlider.tsx').then((m) => ({ default: m.ProductSlider })));



/**
 * Without JavaScript nothing can expand the description: the server's HTML then shows it whole (a
 * style inside `<noscript>`, which a browser running the scripts ignores; like the listing's
 * links, the browser build renders it empty and carries none of it).
 */
function WholeDescriptionWithoutScript() {
  if (!import.meta.env.SSR) return <noscript />;
  return <noscript dangerouslySetInnerHTML={{ __html: '<style>.sk-description--collapsed{max-height:none;-webkit-mask-image:none;mask-image:none}</style>' }} />;
}

function CollectionView({ handle, query }: { handle: string; query: SearchQuery }) {
  const { storeConfig } = useSkimmer();
  const mobile = useMobileLayout();
  // the collection and its first page come from the page's cache (filled by the server render) or are fetched
  const page = useCollection(handle, { query });
  const [quick, setQuick] = useState<ProductCardData | null>(null);
  const closeQuick = useCallback(() => setQuick(null), []);
  const links = createStoreLinks(storeConfig);
  const { origin } = useRenderContext();
  const { listing } = page;
  const info = listing.pageInfo;
  const listRef = useRef<HTMLDivElement>(null);
  const onPage = usePageChange(listing.setPage, listRef);

  if (page.status === 'missing')
    return (
      <div className="sk-page">
        <LazyPageHead rules={COLLECTION_HEAD} build={(rules) => rules.notFoundHead(storeConfig.storeName)} />
        <PageStatus status={404} />
        <h1>{NOT_FOUND_TEXT.title}</h1>
        <p>{NOT_FOUND_TEXT.message}</p>
        <CatalogLink to={links.collections()}>Browse all collections</CatalogLink>
      </div>
    );
  if (page.status === 'loading' || !page.collection)
    return (
      <div className="sk-page">
        <Skeletons count={8} />
      </div>
    );
  const c = page.collection;
  const pager = (label: string) =>
    info && listing.products.length > 0 ? (
      <Pagination label={label} page={listing.query.page ?? 0} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} onPage={onPage} />
    ) : null;
  const crumbs = page.breadcrumbs.map((b, i) => (i === page.breadcrumbs.length - 1 ? { title: b.title } : { title: b.title, url: b.href }));
  return (
    <div className="sk-page">
      {/* the head: SEO title, canonical (the collection without filters, sort or page), ItemList of the products shown, BreadcrumbList */}
      <LazyPageHead
        rules={COLLECTION_HEAD}
        build={(rules) => rules.collectionHead({ origin, ...storeConfig }, c, {
          title: page.seoTitle,
          path: links.collection(c.handle),
          crumbs,
          items: listing.loading ? [] : listing.products.map((p) => ({ name: p.title, url: links.product(p.handle) })),
          offset: (listing.query.page ?? 0) * (info?.limitPerPage ?? listing.products.length),
        })}
      />
      <Breadcrumbs items={crumbs} />
      <h1>{c.title}</h1>
      {page.descriptionHtml && (
        <>
          <CollectionDescription
            id="collection-description"
            html={page.descriptionHtml}
            expanded={page.descriptionExpanded}
            toggleLabel={page.descriptionToggleLabel}
            onToggle={page.toggleDescription}
          />
          <WholeDescriptionWithoutScript />
        </>
      )}
      <div className="sk-listing">
        <div>
          {page.sideList.items.length > 0 && (
            <nav aria-label={page.sideList.kind === 'children' ? 'Child collections' : 'Collection hierarchy'}>
              <ul>
                {page.sideList.items.map((h) => (
                  <li key={h.id}>
                    <CatalogLink to={links.collection(h.handle)}>{h.title}</CatalogLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <MobileFold mobile={mobile}>
            <SearchSidebar pageInfo={info} query={listing.query} priceDraft={listing.priceDraft} setFilters={listing.setFilters} setPrice={listing.setPrice} />
          </MobileFold>
        </div>
        <section aria-labelledby="listing-products">
          <h2 id="listing-products" className="sk-visually-hidden">Products</h2>
          <div className="sk-toolbar">
            <ViewToggle view={listing.view} onChange={listing.setView} />
            <SearchWithin onSearch={(q) => listing.setFilters({ q: searchWithinQuery(listing.query.q, q) })} />
            <FitsMyEquipment fits={listing.query.fits} onChange={(fits) => listing.setFilters({ fits })} />
            <SortSelect value={listing.query.sortBy ?? ''} onChange={(sortBy) => listing.setFilters({ sortBy })} />
            <PageSizeSelect value={listing.query.limit} onChange={(limit) => listing.setFilters({ limit })} />
          </div>
          <ListingLinks path={links.collection(c.handle)} query={listing.query} pageInfo={info} />
          <div ref={listRef} aria-busy={listing.loading}>
            {pager('Pagination, top')}
            <Skeletons count={listing.skeletonCount} />
            {listing.noMatchText && <p role="status">{listing.noMatchText}</p>}
            {!listing.loading && <ProductGrid products={listing.products} view={listing.view} mobile={mobile} onQuickView={setQuick} collectionHandle={c.handle} />}
            {pager('Pagination, bottom')}
          </div>
        </section>
      </div>
      {/* below the list: featured products arrive after the collection, and above it they pushed
          the whole list down (a layout shift of about 0.24 on mobile, bench:web) */}
      {page.featured.length > 0 && (
        <LazySection label="Featured products" minHeight={360}>
          <ProductSlider title="Featured products" products={page.featured} mobile={mobile} />
        </LazySection>
      )}
      <QuickView card={quick} onClose={closeQuick} />
    </div>
  );
}

/**
 * The collection route: reads `:handle` and the optional `:tagFilter` segment (prefix with
 * hyphens for spaces, '_', value), merged into the URL's query as a tag filter. Choice: with no
 * `limit` in the URL the theme's defaultLimitPerPage applies.
 * @example <Route path="/collections/:handle/:tagFilter?" element={<CollectionPage />} />
 */
export default function CollectionPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { themeConfig } = useSkimmer();
  const handle = params.handle ?? '';
  const searchKey = search.toString();
  const query = useMemo<SearchQuery>(() => {
    const q = fromQueryString(searchKey);
    const tag = params.tagFilter ? parseTagFilterSegment(params.tagFilter) : null;
    const t = tag && !(q.t ?? []).some(([p]) => p === tag[0]) ? [...(q.t ?? []), tag] : q.t;
    return { ...q, ...(t ? { t } : {}), limit: q.limit ?? themeConfig.defaultLimitPerPage };
  }, [searchKey, params.tagFilter, themeConfig.defaultLimitPerPage]);
  return (
    <ShopperPage>
      <CollectionView key={handle} handle={handle} query={query} />
    </ShopperPage>
  );
}
