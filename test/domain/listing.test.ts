import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  LISTING_TEXT,
  SEARCH_TIMING,
  SKELETON_CARD_COUNT,
  VIEW_STORAGE_KEY,
  listingLinks,
  listingUrl,
  parseViewMode,
  sameSearchQuery,
  trackScrollRun,
} from '../../src/domain/listing.ts';
import type { ScrollRun } from '../../src/domain/listing.ts';
import { normalizeSearchQuery } from '../../src/domain/search.ts';
import { fromQueryString } from '../../src/domain/urls.ts';
import { searchQueryArb } from '../../src/domain/testing/search.ts';

describe('texts and constants', () => {
  test.each([
    ['placeholder', 'Enter Keyword or Part Number...'],
    ['categories', 'Categories'],
    ['products', 'Products'],
    ['noResults', 'No results found.'],
    ['noMatch', 'No products match your search criteria, please try again.'],
    ['readMore', 'Read More'],
    ['readLess', 'Read Less'],
  ] as const)('the %s text is the spec text %j', (key, text) => {
    expect(LISTING_TEXT[key]).toBe(text);
  });

  test.each([
    ['boxDebounceMs', 600],
    ['searchPageDebounceMs', 400],
    ['priceHintDebounceMs', 600],
    ['priceSliderDebounceMs', 500],
    ['pillPopoverShowMs', 250],
    ['pillPopoverHideMs', 400],
  ] as const)('the %s timing is %d ms', (key, ms) => {
    expect(SEARCH_TIMING[key]).toBe(ms);
  });

  test('8 skeleton cards show while loading, and the view is stored under "view"', () => {
    expect(SKELETON_CARD_COUNT).toBe(8);
    expect(VIEW_STORAGE_KEY).toBe('view');
  });
});

describe('parseViewMode', () => {
  test.each([
    ['list', 'list'],
    ['grid', 'grid'],
    [null, 'grid'],
    [undefined, 'grid'],
    ['', 'grid'],
    ['LIST', 'grid'],
    ['tiles', 'grid'],
  ] as const)('reads only the exact value "list" as the list view: %j -> %s', (stored, expected) => {
    expect(parseViewMode(stored)).toBe(expected);
  });

  test('writing the parsed mode and reading it again gives the same mode', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), (stored) => {
        const mode = parseViewMode(stored);
        expect(parseViewMode(mode)).toBe(mode);
      }),
    );
  });
});

describe('sameSearchQuery', () => {
  test.each([
    [{ q: 'pump ' }, { q: 'pump' }, true],
    [{ q: 'pump', sortBy: '' as const }, { q: 'pump' }, true],
    [{ q: 'pump' }, { q: 'pump', page: 1 }, false],
    [{ q: 'pump', page: 0 }, { q: 'pump', page: 1 }, false],
    [{ minPrice: 10 }, { minPrice: 10.001 }, true],
    [{ t: [['Brand', 'A'] as const] }, { t: [['Brand', 'B'] as const] }, false],
  ])('compares the normal forms: %j and %j -> %s', (a, b, expected) => {
    expect(sameSearchQuery(a, b)).toBe(expected);
  });

  test('is reflexive and symmetric, and a query equals its normal form', () => {
    fc.assert(
      fc.property(searchQueryArb, searchQueryArb, (a, b) => {
        expect(sameSearchQuery(a, a)).toBe(true);
        expect(sameSearchQuery(a, normalizeSearchQuery(a))).toBe(true);
        expect(sameSearchQuery(a, b)).toBe(sameSearchQuery(b, a));
      }),
    );
  });
});

describe('listingUrl', () => {
  test.each([
    ['/searchresults.asp', { q: 'pump', page: 2 }, '/searchresults.asp?page=2&q=pump'],
    ['/collections/pumps', {}, '/collections/pumps'],
    ['/collections/pumps?old=1#top', { page: 0 }, '/collections/pumps?page=0'],
  ])('joins the page path %s and the query %j', (path, query, url) => {
    expect(listingUrl(path, query)).toBe(url);
  });

  test('the query string reads back as the normal form of the query (round trip)', () => {
    fc.assert(
      fc.property(searchQueryArb, (query) => {
        const url = listingUrl('/searchresults.asp', query);
        const qs = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
        expect(url.startsWith('/searchresults.asp')).toBe(true);
        expect(fromQueryString(qs)).toEqual(normalizeSearchQuery(query));
      }),
    );
  });
});

describe('listingLinks', () => {
  test("a listing's links are listingUrl of its query with each link's fields changed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/searchresults.asp', '/collections/pumps', '/collections/pumps?old=1#top'),
        searchQueryArb,
        fc.array(fc.oneof(searchQueryArb.map((q) => ({ v: q.v, page: q.page })), searchQueryArb.map((q) => ({ t: q.t, sortBy: q.sortBy })), searchQueryArb.map((q) => ({ minPrice: q.minPrice }))), { maxLength: 5 }),
        (path, query, patches) => {
          const link = listingLinks(path, query);
          for (const patch of patches) expect(link(patch)).toBe(listingUrl(path, { ...query, ...patch }));
        },
      ),
    );
  });
});

describe('trackScrollRun', () => {
  test('measures an upward run made of small steps from where it began', () => {
    let run = trackScrollRun(null, 400);
    run = trackScrollRun(run, 395);
    run = trackScrollRun(run, 388);
    expect(run).toEqual({ anchor: 400, last: 388 });
  });

  test('a downward step starts a new run', () => {
    let run = trackScrollRun(null, 400);
    run = trackScrollRun(run, 380);
    run = trackScrollRun(run, 390);
    expect(run).toEqual({ anchor: 390, last: 390 });
  });

  test('ignores non-finite positions', () => {
    const run = trackScrollRun({ anchor: 10, last: 5 }, Number.NaN);
    expect(run).toEqual({ anchor: 10, last: 5 });
    expect(trackScrollRun(null, Number.POSITIVE_INFINITY)).toBeNull();
  });

  test('the anchor is never above the last position, and the run is the fall since the last rise', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 40 }), (positions) => {
        let run: ScrollRun | null = null;
        for (const y of positions) run = trackScrollRun(run, y);
        expect(run).not.toBeNull();
        const { anchor, last } = run!;
        expect(last).toBe(positions.at(-1));
        expect(anchor).toBeGreaterThanOrEqual(last);
        // The anchor is the position where the final strictly decreasing tail began.
        let i = positions.length - 1;
        while (i > 0 && positions[i - 1]! > positions[i]!) i -= 1;
        expect(anchor).toBe(positions[i]);
      }),
    );
  });
});
