/**
 * What the listing pages (search results, collection) share: the mobile fold of the filters, the
 * page change with its scroll, and the 'Search Within' box.
 * @module
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { SIDEBAR_TEXT } from '../../domain/filters.ts';
import { PAGINATION_SCROLL_OFFSET } from '../../domain/pagination.ts';
import { useEnvironment } from '../../hooks/context.ts';

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
