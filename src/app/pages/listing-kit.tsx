/**
 * What the listing pages (search results, collection) share: the mobile fold of the filters, the
 * page change with its scroll, the 'Search Within' box, and the links a shopper without
 * JavaScript sorts, filters and pages with.
 * @module
 */
import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from 'react';
import { useKeepTyped } from '../../ui/keep-typed.ts';
import { SIDEBAR_TEXT } from '../../domain/filters.ts';
import { listingLinkLists, noJsLinksHtml } from './nojs-links.ts';
import { PAGINATION_SCROLL_OFFSET } from '../../domain/pagination.ts';
import type { PageInfo, SearchQuery } from '../../domain/entities.ts';
import { useEnvironment } from '../../hooks/context.ts';
import { usePageSettled } from '../page-settled.ts';

/**
 * On mobile the filters fold into a disclosure above the products (a long sidebar would push them
 * below the fold); on desktop the children show as they are.
 * @example <MobileFold mobile={mobile}><SearchSidebar ... /></MobileFold>
 */
export function MobileFold({ mobile, children, label = 'Filters' }: { mobile: boolean; children: ReactNode; label?: string }) {
  if (!mobile) return <>{children}</>;
  return (
    <details className="sk-fold">
      <summary>{label}</summary>
      {children}
    </details>
  );
}

/**
 * A page button's action: the listing's page change, then a scroll to 250 px above the list (the
 * spec's pagination scroll offset), since a page change keeps the path and the shell only scrolls
 * up on a path change. Without the list element (or a window) it scrolls to the offset itself.
 * @example const onPage = usePageChange(results.setPage, listRef);
 */
export function usePageChange(setPage: (page: number) => void, list: { current: HTMLElement | null }): (page: number) => void {
  const environment = useEnvironment();
  return useCallback(
    (page: number) => {
      setPage(page);
      const top = list.current && typeof window !== 'undefined' ? list.current.getBoundingClientRect().top + window.scrollY : PAGINATION_SCROLL_OFFSET * 2;
      environment.scrollTo(0, Math.max(0, top - PAGINATION_SCROLL_OFFSET));
    },
    [setPage, environment, list],
  );
}

/** The 'Search Within' box with its Go button (search results and collection pages). */
export function SearchWithin({ onSearch }: { onSearch(q: string): void }) {
  const [text, setText] = useState('');
  const id = useId();
  const keep = useKeepTyped(() => text, (_, typed) => setText(typed));
  return (
    <form
      role="search"
      className="sk-field"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={id}>{SIDEBAR_TEXT.searchWithin}</label>
      <input ref={keep('within')} id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="sk-btn">
        {SIDEBAR_TEXT.go}
      </button>
    </form>
  );
}

// its own chunk: My equipment's machine is not part of a listing's first load
const FitsMyEquipmentSwitch = lazy(() => import('../../ui/equipment/MyEquipment.tsx').then((m) => ({ default: m.FitsMyEquipmentSwitch })));

/**
 * The 'Fits my equipment' switch of a listing: on, the listing keeps only the products
 * that fit one of the shopper's saved models (the `fits` parameter); shown once a model is saved.
 * @example <FitsMyEquipment fits={results.query.fits} onChange={(fits) => results.setFilters({ fits })} />
 */
export function FitsMyEquipment({ fits, onChange }: { fits: readonly string[] | undefined; onChange(fits: string[] | undefined): void }) {
  // most shoppers have no saved model: the switch's code (My equipment's machine and the
  // equipment rules, about 4.5 KB gzipped) comes once the page has settled (the first pointer
  // move, key or touch, or a moment after load), not while the page hydrates. The boundary is
  // there from the first render on, empty, on the server and in the browser alike.
  const settled = usePageSettled();
  return <Suspense fallback={null}>{settled && <FitsMyEquipmentSwitch fits={fits} onChange={onChange} />}</Suspense>;
}

/** Props of {@link ListingLinks}. */
export interface ListingLinksProps {
  /** The listing's path ('/searchresults.asp', '/collections/pumps'). */
  path: string;
  /** The query the listing shows. */
  query: SearchQuery;
  /** Its paging and facets, once loaded. */
  pageInfo: PageInfo | null;
}

/**
 * The listing's sorting, filters and pages as plain links, for a shopper without JavaScript:
 * inside `<noscript>`, so the server's HTML carries them and a browser that runs the
 * scripts shows the interactive controls instead (React does not hydrate what is inside, so the
 * browser build renders an empty `<noscript>` and carries none of this code). Written as HTML
 * text (nojs-links.ts): never hydrated, it needs no React elements.
 *
 * @example <ListingLinks path="/searchresults.asp" query={results.query} pageInfo={results.pageInfo} />
 */
export function ListingLinks({ path, query, pageInfo }: ListingLinksProps) {
  // a browser running this code never shows what is inside <noscript> (React does not render its
  // children there): the links are the server's alone, and the browser build leaves them out
  if (!import.meta.env.SSR) return <noscript />;
  return <noscript dangerouslySetInnerHTML={{ __html: noJsLinksHtml(listingLinkLists(path, query, pageInfo)) }} />;
}
