/**
 * Pagination rules: pages are zero-based, a page outside the range is ignored, the numbered
 * buttons show a window of 2 pages either side of the current one plus the first and last, and
 * the range text reads 'Showing X - Y of N {resource}.'.
 *
 * @module
 */

/**
 * How many pages the window shows on each side of the current page.
 * @default 2
 */
export const PAGINATION_RADIUS = 2;

/**
 * How far (px) above the list the page scrolls to after a page change.
 * @default 250
 */
export const PAGINATION_SCROLL_OFFSET = 250;

/** A whole, non-negative, safe number (a count, a page, a total). */
function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/**
 * The number of pages for a total and a page size: ceil(total / limit).
 *
 * Choice: a total of 0 has 0 pages. Bad input never throws: a negative or non-finite total
 * counts as 0, and a limit below 1 (or not finite) gives 0 pages since nothing can be paged.
 * Fractional inputs are floored (a total of 10.7 items is 10).
 *
 * @example
 * totalPages(50, 24); // 3
 * totalPages(48, 24); // 2
 * totalPages(0, 24); // 0
 */
export function totalPages(total: number, limit: number): number {
  const items = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const size = Number.isFinite(limit) ? Math.floor(limit) : 0;
  if (size < 1) return 0;
  return Math.ceil(items / size);
}

/**
 * The offset of the first item of a zero-based page: page * limit. A negative, fractional or
 * non-finite page or limit counts as 0.
 * @example pageOffset(2, 24); // 48
 */
export function pageOffset(page: number, limit: number): number {
  const p = Number.isFinite(page) ? Math.max(0, Math.floor(page)) : 0;
  const size = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
  return p * size;
}

/**
 * Whether a page can be shown: an integer in 0..pages-1.
 *
 * The spec says "a page number outside 0..pages is ignored". Pages are zero-based, so with
 * `pages` pages the last one is `pages - 1`; we read the range as half-open, and `page === pages`
 * (one past the last page) is outside it. With 0 pages no page is valid.
 *
 * @example
 * isValidPage(2, 3); // true
 * isValidPage(3, 3); // false
 */
export function isValidPage(page: number, pages: number): boolean {
  return isCount(page) && page < pages;
}

/**
 * The page to move to when `requested` is asked for: `requested` when it is valid, else the
 * current page is kept (an out-of-range page is ignored).
 *
 * @example
 * goToPage(0, 2, 5); // 2
 * goToPage(1, 5, 5); // 1: page 5 does not exist
 */
export function goToPage(current: number, requested: number, pages: number): number {
  return isValidPage(requested, pages) ? requested : current;
}

/**
 * The page before the current one, or `null` on the first page (the Back button is disabled).
 * @example previousPage(0); // null
 */
export function previousPage(current: number, pages: number): number | null {
  return isValidPage(current - 1, pages) ? current - 1 : null;
}

/**
 * The page after the current one, or `null` on the last page (the Next button is disabled).
 * @example nextPage(4, 5); // null
 */
export function nextPage(current: number, pages: number): number | null {
  return isValidPage(current + 1, pages) ? current + 1 : null;
}

/** Keeps a page inside 0..pages-1 (0 when there are no pages). */
function clampPage(page: number, pages: number): number {
  if (pages < 1 || !Number.isFinite(page)) return 0;
  return Math.min(pages - 1, Math.max(0, Math.floor(page)));
}

/**
 * The page numbers the numbered buttons show: the first page, the last page, and the pages
 * within {@link PAGINATION_RADIUS} of the current page; sorted ascending, without duplicates,
 * zero-based.
 *
 * A current page outside the range is clamped into it first. With 0 pages the list is empty.
 *
 * @param radius pages on each side of the current one. @default 2
 * @example
 * pageWindow(5, 10); // [0, 3, 4, 5, 6, 7, 9]
 * pageWindow(0, 3); // [0, 1, 2]
 */
export function pageWindow(current: number, pages: number, radius: number = PAGINATION_RADIUS): number[] {
  const count = Number.isFinite(pages) ? Math.max(0, Math.floor(pages)) : 0;
  if (count === 0) return [];
  const page = clampPage(current, count);
  const r = Number.isFinite(radius) ? Math.max(0, Math.floor(radius)) : PAGINATION_RADIUS;
  const out = new Set<number>([0]);
  for (let p = Math.max(0, page - r); p <= Math.min(count - 1, page + r); p += 1) out.add(p);
  out.add(count - 1);
  return [...out].sort((a, b) => a - b);
}

/** One element of the numbered pagination. */
export type PaginationItem =
  | {
      kind: 'page';
      /** The zero-based page. */
      page: number;
      /** What the button reads: the one-based page number. */
      label: string;
      /** The current page: its button is disabled. */
      current: boolean;
    }
  | {
      kind: 'ellipsis';
      /** The page the gap follows, for a stable key. */
      after: number;
    };

/**
 * The numbered pagination: {@link pageWindow} as buttons, with an 'ellipsis' marker wherever
 * pages are skipped.
 *
 * Choice: a gap marker stands for any skipped run, even a single page (the spec's window is
 * exact: two pages either side plus the first and last, nothing more). The current button is
 * marked so the view can disable it.
 *
 * @example
 * paginationItems(5, 10).map((i) => (i.kind === 'page' ? i.label : '…')).join(' ');
 * // '1 … 4 5 6 7 8 … 10'
 */
export function paginationItems(current: number, pages: number, radius: number = PAGINATION_RADIUS): PaginationItem[] {
  const visible = pageWindow(current, pages, radius);
  const currentPage = clampPage(current, Number.isFinite(pages) ? Math.floor(pages) : 0);
  const items: PaginationItem[] = [];
  let previous: number | null = null;
  for (const page of visible) {
    if (previous !== null && page > previous + 1) items.push({ kind: 'ellipsis', after: previous });
    items.push({ kind: 'page', page, label: String(page + 1), current: page === currentPage });
    previous = page;
  }
  return items;
}

/** The item range a page shows, one-based and inclusive: X - Y of N. */
export interface ShowingRange {
  /** First item shown (one-based); 0 when there are no items. */
  from: number;
  /** Last item shown, capped at the total; 0 when there are no items. */
  to: number;
  /** The total number of items. */
  total: number;
}

/**
 * The range of items a zero-based page shows.
 *
 * Choices: with no items the range is 0 - 0 of 0. A page past the last one is read as the last
 * page (and a negative page as the first), so the range always satisfies 1 <= X <= Y <= N when
 * N > 0. A limit below 1 counts as 1.
 *
 * @example
 * showingRange(1, 24, 50); // { from: 25, to: 48, total: 50 }
 * showingRange(2, 24, 50); // { from: 49, to: 50, total: 50 }
 */
export function showingRange(page: number, limit: number, total: number): ShowingRange {
  const n = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const size = Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : 1;
  if (n === 0) return { from: 0, to: 0, total: 0 };
  const p = clampPage(page, totalPages(n, size));
  const from = p * size + 1;
  return { from, to: Math.min(n, from + size - 1), total: n };
}

/**
 * The range text under a list: 'Showing X - Y of N {resource}.' (X one-based, Y capped at N).
 * With no items it reads 'Showing 0 - 0 of 0 {resource}.' (see {@link showingRange}); the view
 * may hide it and show its empty message instead. The resource word is used as given
 * ('products').
 *
 * @example
 * showingText(0, 24, 50, 'products'); // 'Showing 1 - 24 of 50 products.'
 * showingText(0, 24, 0, 'products'); // 'Showing 0 - 0 of 0 products.'
 */
export function showingText(page: number, limit: number, total: number, resource: string): string {
  const { from, to, total: n } = showingRange(page, limit, total);
  return `Showing ${from} - ${to} of ${n} ${resource}.`;
}
