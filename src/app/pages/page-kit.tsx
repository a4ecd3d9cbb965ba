/**
 * What the shopper pages share: the router's link for the catalogue components and the document
 * title.
 * @module
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { PAGINATION_SCROLL_OFFSET } from '../../domain/pagination.ts';
import { SIDEBAR_TEXT } from '../../domain/catalog-text.ts';
import { useEnvironment } from '../../hooks/context.ts';
import { Link } from 'react-router-dom';
import { CatalogLinkContext, type CatalogLinkProps } from '../../ui/catalog/CatalogLink.tsx';

function RouterLink({ to, ...rest }: CatalogLinkProps) {
  // external links and mailto stay plain anchors
  if (/^[a-z]+:/i.test(to)) return <a href={to} {...rest} />;
  return <Link to={to} {...rest} />;
}

/**
 * Wraps a page so the catalogue components link through the router. URL updates the machines ask
 * for (the page kept in the URL, the 'cat' redirect, checkout) go through the environment's
 * `navigate`, which the shell binds to the router for the app's own URLs (src/app/main.tsx).
 *
 * @example <ShopperPage><SearchResults /></ShopperPage>
 */
export function ShopperPage({ children }: { children: ReactNode }) {
  return <CatalogLinkContext.Provider value={RouterLink}>{children}</CatalogLinkContext.Provider>;
}

/**
 * Sets document.title while the page is shown (and puts back the previous one after).
 * @example useDocumentTitle(results.title);
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

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
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="sk-btn">
        {SIDEBAR_TEXT.go}
      </button>
    </form>
  );
}
