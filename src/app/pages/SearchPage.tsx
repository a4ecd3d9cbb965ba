/**
 * The search results page (/searchresults.asp): title, breadcrumb, matches message with the
 * expert-assistance link, grid/list toggle, 'Search Within', sort and page size, pagination above
 * and below, skeletons, the no-match message, Quick View, the sidebar; the 'cat' redirect and the
 * page in the URL come from `useSearchResults`.
 * @module
 */
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EXPERT_ASSISTANCE_URL, matchesFoundMessage, searchWithinQuery } from '../../domain/filters.ts';
import type { ProductCardData, StoreConfig } from '../../domain/entities.ts';
import { fromQueryString } from '../../domain/urls.ts';
import { useStoreConfig } from '../../hooks/SkimmerProvider.tsx';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { useSearchResults, type SearchResultsApi } from '../../hooks/useSearchResults.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { Pagination } from '../../ui/catalog/Pagination.tsx';
import { ProductGrid } from '../../ui/catalog/ProductGrid.tsx';
import { QuickView } from '../../ui/catalog/QuickView.tsx';
import { SearchSidebar } from '../../ui/catalog/SearchSidebar.tsx';
import { Skeletons } from '../../ui/catalog/Skeletons.tsx';
import { PageSizeSelect, SortSelect, ViewToggle } from '../../ui/catalog/SortSelect.tsx';
import { Breadcrumbs } from '../../ui/shell/Breadcrumbs.tsx';
import { Spinner } from '../../ui/shell/Spinner.tsx';
import '../../ui/catalog/catalog.css';
import { MobileFold, SearchWithin, usePageChange } from './listing-kit.tsx';
import { ShopperPage, useDocumentTitle } from './page-kit.tsx';


/** The listing body shared in shape with the collection page. */
function Results({ results, mobile, onQuickView }: { results: SearchResultsApi; mobile: boolean; onQuickView?(card: ProductCardData): void }) {
  const info = results.pageInfo;
  const listRef = useRef<HTMLDivElement>(null);
  const onPage = usePageChange(results.setPage, listRef);
  const pager = (label: string) =>
    info && results.products.length > 0 ? (
      <Pagination label={label} page={results.query.page ?? 0} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} onPage={onPage} />
    ) : null;
  return (
    <div ref={listRef} aria-busy={results.loading}>
      {pager('Pagination, top')}
      <Skeletons count={results.skeletonCount} />
      {results.noMatchText && <p role="status">{results.noMatchText}</p>}
      {!results.loading && <ProductGrid products={results.products} view={results.view} mobile={mobile} onQuickView={onQuickView} />}
      {pager('Pagination, bottom')}
    </div>
  );
}

/** The server's store configuration also carries the expert-assistance page (not in StoreConfig yet). */
type StoreConfigWithExpert = StoreConfig & { expertAssistanceUrl?: string | null };

function SearchResults() {
  const [params] = useSearchParams();
  const store = useStoreConfig() as StoreConfigWithExpert;
  const mobile = useMobileLayout();
  const results = useSearchResults({ query: fromQueryString(params), cat: params.get('cat') });
  const [quick, setQuick] = useState<ProductCardData | null>(null);
  const closeQuick = useCallback(() => setQuick(null), []);
  useDocumentTitle(results.title);
  if (results.status === 'redirecting') return <Spinner label="Opening the category" />;
  const message = matchesFoundMessage(results.pageInfo?.totalObjects ?? 0, store.expertAssistanceUrl || EXPERT_ASSISTANCE_URL);
  return (
    <div className="sk-page">
      <Breadcrumbs items={[{ title: results.breadcrumb }]} />
      <h1>{results.breadcrumb}</h1>
      {/* kept in the layout (hidden) while loading: the list below does not move when it fills in */}
      <p style={results.status === 'loaded' ? undefined : { visibility: 'hidden' }} aria-hidden={results.status === 'loaded' ? undefined : true}>
        {message.before}
        <CatalogLink to={message.href}>{message.link}</CatalogLink>
        {message.after}
      </p>
      <div className="sk-listing">
        <MobileFold mobile={mobile}>
          <SearchSidebar pageInfo={results.pageInfo} query={results.query} priceDraft={results.priceDraft} setFilters={results.setFilters} setPrice={results.setPrice} />
        </MobileFold>
        <section aria-labelledby="listing-products">
          <h2 id="listing-products" className="sk-visually-hidden">Products</h2>
          <div className="sk-toolbar">
            <ViewToggle view={results.view} onChange={results.setView} />
            <SearchWithin onSearch={(q) => results.setFilters({ q: searchWithinQuery(results.query.q, q) })} />
            <SortSelect value={results.query.sortBy ?? ''} onChange={(sortBy) => results.setFilters({ sortBy })} />
            <PageSizeSelect value={results.query.limit} onChange={(limit) => results.setFilters({ limit })} />
          </div>
          <Results results={results} mobile={mobile} onQuickView={setQuick} />
        </section>
      </div>
      <QuickView card={quick} onClose={closeQuick} />
    </div>
  );
}

/**
 * The search results route.
 * @example <Route path="/searchresults.asp" element={<SearchPage />} />
 */
export default function SearchPage() {
  return (
    <ShopperPage>
      <SearchResults />
    </ShopperPage>
  );
}
