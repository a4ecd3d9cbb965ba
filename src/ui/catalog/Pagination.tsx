/**
 * Pagination: numbered buttons (the current one disabled) with Back/Next, and the text
 * 'Showing X - Y of N {resource}.'.
 * @module
 */
import { nextPage, paginationItems, previousPage, showingText } from '../../domain/pagination.ts';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Zero-based current page. */
  page: number;
  pages: number;
  limit: number;
  total: number;
  /** What the list holds: 'products'. @default 'products' */
  resource?: string;
  onPage(page: number): void;
  /** Accessible name of the navigation landmark (two on a page need different names). @default 'Pagination' */
  label?: string;
}

/**
 * The page links of a listing.
 * @example <Pagination page={0} pages={4} limit={24} total={90} onPage={results.setPage} />
 */
export function Pagination({ page, pages, limit, total, resource = 'products', onPage, label = 'Pagination' }: PaginationProps) {
  const back = previousPage(page, pages);
  const next = nextPage(page, pages);
  return (
    <nav className="sk-pagination" aria-label={label}>
      <p className="sk-pagination__text">{showingText(page, limit, total, resource)}</p>
      {pages > 1 && (
        <ul>
          <li>
            <button type="button" disabled={back === null} onClick={() => back !== null && onPage(back)}>
              Back
            </button>
          </li>
          {paginationItems(page, pages).map((item) =>
            item.kind === 'ellipsis' ? (
              // the ellipsis is drawn by the stylesheet (catalog.css): the page's HTML stays ASCII
              <li key={`gap-${item.after}`} className="sk-gap" aria-hidden="true" />
            ) : (
              <li key={item.page}>
                <button type="button" disabled={item.current} aria-current={item.current ? 'page' : undefined} onClick={() => onPage(item.page)}>
                  {item.label}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" disabled={next === null} onClick={() => next !== null && onPage(next)}>
              Next
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
