import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  PAGINATION_RADIUS,
  PAGINATION_SCROLL_OFFSET,
  goToPage,
  isValidPage,
  nextPage,
  pageOffset,
  pageWindow,
  paginationItems,
  previousPage,
  showingRange,
  showingText,
  totalPages,
} from '../../src/domain/pagination.ts';
import { pageSizeArb } from '../../src/domain/testing/search.ts';

describe('constants', () => {
  test('the window shows 2 pages either side and the scroll offset is 250 px', () => {
    expect(PAGINATION_RADIUS).toBe(2);
    expect(PAGINATION_SCROLL_OFFSET).toBe(250);
  });
});

describe('total pages and offsets', () => {
  test.each([
    [50, 24, 3],
    [48, 24, 2],
    [49, 24, 3],
    [1, 24, 1],
    [0, 24, 0],
    [-5, 24, 0],
    [10, 0, 0],
    [10, -1, 0],
    [Number.NaN, 24, 0],
    [10, Number.POSITIVE_INFINITY, 0],
    [10.7, 5, 2],
  ])('total %d with limit %d gives %d pages', (total, limit, pages) => {
    expect(totalPages(total, limit)).toBe(pages);
  });

  test.each([
    [0, 24, 0],
    [2, 24, 48],
    [-1, 24, 0],
    [1.9, 10, 10],
    [3, Number.NaN, 0],
  ])('page %d with limit %d starts at offset %d', (page, limit, offset) => {
    expect(pageOffset(page, limit)).toBe(offset);
  });

  test('the pages hold every item and no page is empty', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), pageSizeArb, (total, limit) => {
        const pages = totalPages(total, limit);
        expect(pages * limit).toBeGreaterThanOrEqual(total);
        if (pages > 0) expect(pageOffset(pages - 1, limit)).toBeLessThan(total);
      }),
    );
  });
});

describe('a page outside the range is ignored', () => {
  test.each([
    [0, 3, true],
    [2, 3, true],
    [3, 3, false],
    [-1, 3, false],
    [1.5, 3, false],
    [0, 0, false],
    [Number.NaN, 3, false],
  ])('page %d of %d pages is valid: %s (zero-based, 0..pages-1)', (page, pages, valid) => {
    expect(isValidPage(page, pages)).toBe(valid);
  });

  test.each([
    [0, 2, 5, 2],
    [1, 5, 5, 1],
    [1, -1, 5, 1],
    [3, 4, 5, 4],
    [0, 0, 0, 0],
  ])('from page %d, asking for %d of %d pages goes to %d', (current, requested, pages, expected) => {
    expect(goToPage(current, requested, pages)).toBe(expected);
  });

  test.each([
    [0, 5, null, 1],
    [2, 5, 1, 3],
    [4, 5, 3, null],
    [0, 1, null, null],
    [0, 0, null, null],
  ])('Back/Next from page %d of %d: back %j, next %j', (current, pages, back, next) => {
    expect(previousPage(current, pages)).toBe(back);
    expect(nextPage(current, pages)).toBe(next);
  });
});

describe('the pagination window', () => {
  test.each([
    [0, 0, []],
    [0, 1, [0]],
    [0, 3, [0, 1, 2]],
    [0, 10, [0, 1, 2, 9]],
    [5, 10, [0, 3, 4, 5, 6, 7, 9]],
    [9, 10, [0, 7, 8, 9]],
    [3, 10, [0, 1, 2, 3, 4, 5, 9]],
    [4, 10, [0, 2, 3, 4, 5, 6, 9]],
    [50, 10, [0, 7, 8, 9]],
    [-3, 10, [0, 1, 2, 9]],
  ])('page %d of %d shows %j', (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected);
  });

  test('a custom radius widens the window', () => {
    expect(pageWindow(5, 20, 1)).toEqual([0, 4, 5, 6, 19]);
    expect(pageWindow(5, 20, 0)).toEqual([0, 5, 19]);
  });

  test('marks gaps with an ellipsis and the current page, with one-based labels', () => {
    expect(paginationItems(5, 10)).toEqual([
      { kind: 'page', page: 0, label: '1', current: false },
      { kind: 'ellipsis', after: 0 },
      { kind: 'page', page: 3, label: '4', current: false },
      { kind: 'page', page: 4, label: '5', current: false },
      { kind: 'page', page: 5, label: '6', current: true },
      { kind: 'page', page: 6, label: '7', current: false },
      { kind: 'page', page: 7, label: '8', current: false },
      { kind: 'ellipsis', after: 7 },
      { kind: 'page', page: 9, label: '10', current: false },
    ]);
  });

  test('a single skipped page is also shown as an ellipsis (the window stays exact)', () => {
    const labels = paginationItems(4, 10).map((i) => (i.kind === 'page' ? i.label : '…'));
    expect(labels).toEqual(['1', '…', '3', '4', '5', '6', '7', '…', '10']);
  });

  test('no pages, no items', () => {
    expect(paginationItems(0, 0)).toEqual([]);
  });

  const windowCase = fc.integer({ min: 1, max: 1000 }).chain((pages) => fc.tuple(fc.constant(pages), fc.integer({ min: 0, max: pages - 1 })));

  test('the window is sorted, unique, within range, and holds the first, last and current page', () => {
    fc.assert(
      fc.property(windowCase, ([pages, current]) => {
        const w = pageWindow(current, pages);
        expect([...w].sort((a, b) => a - b)).toEqual(w);
        expect(new Set(w).size).toBe(w.length);
        for (const p of w) expect(isValidPage(p, pages)).toBe(true);
        expect(w).toContain(0);
        expect(w).toContain(pages - 1);
        expect(w).toContain(current);
        // Nothing beyond the first, the last and two either side of the current page.
        for (const p of w) expect(p === 0 || p === pages - 1 || Math.abs(p - current) <= 2).toBe(true);
        expect(w.length).toBeLessThanOrEqual(7);
      }),
    );
  });

  test('items list the window in order, one current page, ellipses only between gaps', () => {
    fc.assert(
      fc.property(windowCase, ([pages, current]) => {
        const items = paginationItems(current, pages);
        const shown = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
        expect(shown).toEqual(pageWindow(current, pages));
        expect(items.filter((i) => i.kind === 'page' && i.current).map((i) => (i.kind === 'page' ? i.page : -1))).toEqual([current]);
        items.forEach((item, index) => {
          if (item.kind !== 'ellipsis') return;
          const before = items[index - 1];
          const after = items[index + 1];
          expect(before?.kind === 'page' && after?.kind === 'page' && after.page > before.page + 1).toBe(true);
        });
      }),
    );
  });
});

describe("'Showing X - Y of N {resource}.'", () => {
  test.each([
    [0, 24, 50, 'products', 'Showing 1 - 24 of 50 products.'],
    [1, 24, 50, 'products', 'Showing 25 - 48 of 50 products.'],
    [2, 24, 50, 'products', 'Showing 49 - 50 of 50 products.'],
    [0, 24, 7, 'products', 'Showing 1 - 7 of 7 products.'],
    [0, 24, 0, 'products', 'Showing 0 - 0 of 0 products.'],
    [9, 24, 50, 'products', 'Showing 49 - 50 of 50 products.'],
    [-2, 24, 50, 'articles', 'Showing 1 - 24 of 50 articles.'],
    [0, 0, 3, 'items', 'Showing 1 - 1 of 3 items.'],
  ])('page %d, limit %d, total %d of %s reads %j', (page, limit, total, resource, text) => {
    expect(showingText(page, limit, total, resource)).toBe(text);
  });

  test('X is one-based, Y is capped at N, and 1 <= X <= Y <= N whenever N > 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5000 }), pageSizeArb, fc.nat({ max: 100_000 }), (page, limit, total) => {
        const { from, to, total: n } = showingRange(page, limit, total);
        expect(n).toBe(total);
        if (total === 0) {
          expect([from, to]).toEqual([0, 0]);
          return;
        }
        expect(from).toBeGreaterThanOrEqual(1);
        expect(from).toBeLessThanOrEqual(to);
        expect(to).toBeLessThanOrEqual(total);
        expect(to - from + 1).toBeLessThanOrEqual(limit);
        if (isValidPage(page, totalPages(total, limit))) expect(from).toBe(pageOffset(page, limit) + 1);
      }),
    );
  });
});
