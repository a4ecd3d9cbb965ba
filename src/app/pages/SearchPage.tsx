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
import type { ProductCardData, SearchQuery, StoreConfig } from '../../domain/entities.ts';
import type { Equipment } from '../../domain/equipment.ts';
import { searchHeading } from '../../domain/listing.ts';
import { createStoreLinks, fromQueryString, searchLink, SEARCH_RESULTS_PATH } from '../../domain/urls.ts';
import { headRules, LazyPageHead } from '../page-head.tsx';
import { useSkimmer } from '../../hooks/context.ts';
import { equipmentRead } from '../../hooks/query/equipment-reads.ts';
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
import { ReplacedPartNotice } from '../../ui/product/ReplacedPartNotice.tsx';
import { FitsMyEquipment, ListingLinks, MobileFold, SearchWithin, usePageChange } from './listing-kit.tsx';
import { ShopperPage } from './page-kit.tsx';
import { Redirect, useRenderContext } from '../render-context.tsx';

/** The search page's head rules: see page-head.tsx. */
const SEARCH_HEAD = headRules(() => import('../../domain/seo-pages.ts'));

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

/**
 * The name of the one model a `fits` listing names, when the page's cache already holds it (a
 * shopper coming from the model's page), else null. Only a peek: the model's answer (its diagrams
 * and parts, tens of KB) is not worth loading, nor carrying in the page's data, for a heading.
 */
function useFitsModelName(query: SearchQuery): string | null {
  const { client, queryClient } = useSkimmer();
  const fits = query.fits ?? [];
  if (fits.length !== 1) return null;
  return queryClient.getQueryData<Equipment | null>(equipmentRead(client, fits[0]!).key)?.title ?? null;
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
  const { origin } = useRenderContext();
  const heading = searchHeading(results.query, useFitsModelName(results.query));
  // a 'cat' the server looked up: the server answers the redirect (the browser navigates)
  if (results.categoryRedirect) return <Redirect to={results.categoryRedirect} status={301} />;
  if (results.status === 'redirecting') return <Spinner label="Opening the category" />;
  const message = matchesFoundMessage(results.pageInfo?.totalObjects ?? 0, store.expertAssistanceUrl || EXPERT_ASSISTANCE_URL);
  const links = createStoreLinks(store);
  const { page: _page, limit: _limit, sortBy: _sortBy, ...searched } = results.query;
  return (
    <div className="sk-page">
      {/* the head: title, canonical (the query without page, size or order), ItemList of the products shown, BreadcrumbList; noindex */}
      <LazyPageHead
        rules={SEARCH_HEAD}
        build={(rules) => rules.searchHead({ origin, ...store }, {
          title: results.title,
          path: searchLink(searched),
          crumbs: [{ title: heading }],
          items: results.loading ? [] : results.products.map((p) => ({ name: p.title, url: links.product(p.handle) })),
          offset: (results.query.page ?? 0) * (results.pageInfo?.limitPerPage ?? results.products.length),
        })}
      />
      <Breadcrumbs items={[{ title: heading }]} />
      <h1>{heading}</h1>
      {/* kept in the layout (hidden) while loading: the list below does not move when it fills in */}
      <p style={results.status === 'loaded' ? undefined : { visibility: 'hidden' }} aria-hidden={results.status === 'loaded' ? undefined : true}>
        {message.before}
        <CatalogLink to={message.href}>{message.link}</CatalogLink>
        {message.after}
      </p>
      {results.status === 'loaded' && results.pageInfo?.relaxed === true ? <p role="status">{RELAXED_SEARCH_NOTICE}</p> : null}
      {results.status === 'loaded' && results.pageInfo?.replacedBy ? (
        <ReplacedPartNotice {...results.pageInfo.replacedBy} href={links.product(results.pageInfo.replacedBy.handle)} />
      ) : null}
      <div className="sk-listing">
        {/* the sidebar's column, there even while it is empty (no answer yet, or a search that
            cannot run): the products stay in the second column */}
        <div>
          <MobileFold mobile={mobile}>
            <SearchSidebar pageInfo={results.pageInfo} query={results.query} priceDraft={results.priceDraft} setFilters={results.setFilters} setPrice={results.setPrice} />
          </MobileFold>
        </div>
        <section aria-labelledby="listing-products">
          <h2 id="listing-products" className="sk-visually-hidden">Products</h2>
          <div className="sk-toolbar">
            <ViewToggle view={results.view} onChange={results.setView} />
            <SearchWithin onSearch={(q) => results.setFilters({ q: searchWithinQuery(results.query.q, q) })} />
            <FitsMyEquipment fits={results.query.fits} onChange={(fits) => results.setFilters({ fits })} />
            <SortSelect value={results.query.sortBy ?? ''} onChange={(sortBy) => results.setFilters({ sortBy })} />
            <PageSizeSelect value={results.query.limit} onChange={(limit) => results.setFilters({ limit })} />
          </div>
          <ListingLinks path={SEARCH_RESULTS_PATH} query={results.query} pageInfo={results.pageInfo} />
          <Results results={results} mobile={mobile} onQuickView={setQuick} />
        </section>
      </div>
      <QuickView card={quick} onClose={closeQuick} />
    </div>
  );
}

/** Shown when no product matched every word and the answer holds those matching the most (pageInfo.relaxed). */
export const RELAXED_SEARCH_NOTICE = 'Showing results for part of your search';

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
