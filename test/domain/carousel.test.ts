import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BLOG_CAROUSEL,
  HERO_DRAG_THRESHOLD,
  HERO_INTERVAL_MS,
  REVIEWS_AUTO_ADVANCE_MS,
  REVIEWS_ITEMS_PER_VIEW,
  REVIEWS_PAGE_SIZE,
  REVIEWS_SLIDE_MS,
  REVIEWS_SWIPE_THRESHOLD_PX,
  SLIDER_ITEMS_PER_VIEW,
  SLIDER_ITEM_WIDTH_PX,
  SLIDER_SWIPE_THRESHOLD,
  heroDragStep,
  heroIndexAfterDrag,
  heroNextIndex,
  itemsPerView,
  loopLogicalIndex,
  loopNeedsReset,
  loopResetIndex,
  loopStartIndex,
  nextIndex,
  previousIndex,
  reviewsSwipeStep,
  sliderPositions,
  sliderSwipeStep,
  swipeStep,
  tripleList,
  wrapIndex,
} from '../../src/domain/carousel.ts';

describe('constants', () => {
  test('match the spec', () => {
    expect(SLIDER_ITEMS_PER_VIEW).toEqual({ desktop: 5, mobile: 2 });
    expect(REVIEWS_ITEMS_PER_VIEW).toEqual({ desktop: 3, mobile: 1 });
    expect(SLIDER_ITEM_WIDTH_PX).toBe(250);
    expect(SLIDER_SWIPE_THRESHOLD).toBe(0.15);
    expect(REVIEWS_SWIPE_THRESHOLD_PX).toBe(50);
    expect(REVIEWS_AUTO_ADVANCE_MS).toBe(3500);
    expect(REVIEWS_SLIDE_MS).toBe(200);
    expect(REVIEWS_PAGE_SIZE).toBe(6);
    expect(HERO_INTERVAL_MS).toBe(7500);
    expect(HERO_DRAG_THRESHOLD).toBe(0.15);
    expect(BLOG_CAROUSEL).toEqual({ cardWidthPx: 320, slideMs: 300, viewHeightPx: 290, articles: 10 });
  });
});

describe('items per view', () => {
  test.each([
    ['slider', false, 5],
    ['slider', true, 2],
    ['reviews', false, 3],
    ['reviews', true, 1],
  ] as const)('%s on mobile=%s shows %s items', (kind, mobile, count) => {
    expect(itemsPerView(kind, mobile)).toBe(count);
  });
});

describe('index wrap', () => {
  test.each([
    [0, 5, 1, 4],
    [4, 5, 0, 3],
    [2, 5, 3, 1],
    [0, 1, 0, 0],
  ])('from %s of %s, next is %s and previous is %s', (index, count, next, prev) => {
    expect(nextIndex(index, count)).toBe(next);
    expect(previousIndex(index, count)).toBe(prev);
  });

  test('previous from the start goes to the end, next from the end goes to the start', () => {
    expect(previousIndex(0, 7)).toBe(6);
    expect(nextIndex(6, 7)).toBe(0);
  });

  test.each([
    [-1, 5, 4],
    [5, 5, 0],
    [12, 5, 2],
    [-11, 5, 4],
    [3, 0, 0],
    [3, -2, 0],
    [Number.NaN, 5, 0],
    [2.9, 5, 2],
  ])('folds %s into 0..count-1 for count %s: %s', (index, count, wrapped) => {
    expect(wrapIndex(index, count)).toBe(wrapped);
  });

  test('stays in range and next/previous are inverse', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 50 }), (index, count) => {
        const i = wrapIndex(index, count);
        for (const j of [i, nextIndex(index, count), previousIndex(index, count)]) {
          expect(j).toBeGreaterThanOrEqual(0);
          expect(j).toBeLessThan(count);
        }
        expect(previousIndex(nextIndex(i, count), count)).toBe(i);
        expect(nextIndex(previousIndex(i, count), count)).toBe(i);
      }),
    );
  });

  test('count next steps bring any index back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 30 }), (start, count) => {
        let i = wrapIndex(start, count);
        for (let k = 0; k < count; k += 1) i = nextIndex(i, count);
        expect(i).toBe(wrapIndex(start, count));
      }),
    );
  });

  test('wrapIndex is idempotent', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 100 }), (index, count) => {
        expect(wrapIndex(wrapIndex(index, count), count)).toBe(wrapIndex(index, count));
      }),
    );
  });
});

describe('slider positions', () => {
  test.each([
    [12, 5, 8],
    [5, 5, 1],
    [3, 5, 1],
    [0, 5, 1],
    [12, 2, 11],
  ])('%s items with %s per view stop at %s positions', (count, perView, positions) => {
    expect(sliderPositions(count, perView)).toBe(positions);
  });
});

describe('swipe thresholds', () => {
  test.each([
    [-38, 1],
    [-37.5, 0],
    [-37, 0],
    [37.6, -1],
    [0, 0],
  ])('slider: a swipe of %s px over a 250 px item moves %s (past 15 percent)', (delta, step) => {
    expect(sliderSwipeStep(delta, 250)).toBe(step);
  });

  test('slider uses the 250 px item width by default and never moves for a zero width', () => {
    expect(sliderSwipeStep(-40)).toBe(1);
    expect(sliderSwipeStep(-400, 0)).toBe(0);
  });

  test.each([
    [-51, 1],
    [-50, 0],
    [50, 0],
    [51, -1],
    [10, 0],
  ])('reviews: a swipe of %s px moves %s (past 50 px)', (delta, step) => {
    expect(reviewsSwipeStep(delta)).toBe(step);
  });

  test.each([
    [-150, 1000, 1],
    [-149, 1000, 0],
    [150, 1000, -1],
    [300, 1000, -1],
    [-500, 0, 0],
  ])('hero: a drag of %s px on a %s px slide moves %s (15 percent or more)', (delta, width, step) => {
    expect(heroDragStep(delta, width)).toBe(step);
  });

  test('a swipe step is -1, 0 or +1, opposite to the movement, and 0 under the threshold', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (delta, threshold) => {
        const step = swipeStep(delta, threshold);
        expect([-1, 0, 1]).toContain(step);
        if (Math.abs(delta) <= threshold) expect(step).toBe(0);
        else expect(step).toBe(delta < 0 ? 1 : -1);
        expect(swipeStep(-delta, threshold)).toBe(step === 0 ? 0 : -step);
      }),
    );
  });
});

describe('hero slideshow', () => {
  test('advances to the next slide, wrapping', () => {
    expect(heroNextIndex(0, 3)).toBe(1);
    expect(heroNextIndex(2, 3)).toBe(0);
  });

  test.each([
    [0, 3, 200, 1000, 2],
    [0, 3, -200, 1000, 1],
    [2, 3, -200, 1000, 0],
    [1, 3, 100, 1000, 1],
  ])('from slide %s of %s, a drag of %s px on %s px lands on %s', (index, count, delta, width, landed) => {
    expect(heroIndexAfterDrag(index, count, delta, width)).toBe(landed);
  });
});

describe('tripled-list loop', () => {
  test('renders the list three times and starts at the middle copy', () => {
    expect(tripleList(['a', 'b'])).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(loopStartIndex(4)).toBe(4);
    expect(loopStartIndex(0)).toBe(0);
  });

  test.each([
    [8, 4, 4, true],
    [3, 4, 7, true],
    [0, 4, 4, true],
    [11, 4, 7, true],
    [5, 4, 5, false],
    [7, 4, 7, false],
  ])('index %s of a 4-item loop resets to %s (needs reset: %s)', (index, count, reset, needs) => {
    expect(loopResetIndex(index, count)).toBe(reset);
    expect(loopNeedsReset(index, count)).toBe(needs);
  });

  test('an empty list has nothing to reset', () => {
    expect(loopResetIndex(3, 0)).toBe(0);
    expect(loopNeedsReset(3, 0)).toBe(false);
    expect(tripleList([])).toEqual([]);
  });

  test('reset lands in the middle copy on the same logical item', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 12 }), fc.nat(), (items, raw) => {
        const n = items.length;
        const rendered = tripleList(items);
        const index = raw % rendered.length;
        const reset = loopResetIndex(index, n);
        expect(rendered).toHaveLength(3 * n);
        expect(reset).toBeGreaterThanOrEqual(n);
        expect(reset).toBeLessThan(2 * n);
        expect(loopLogicalIndex(reset, n)).toBe(loopLogicalIndex(index, n));
        expect(rendered[reset]).toBe(rendered[index]);
        expect(loopResetIndex(reset, n)).toBe(reset);
        expect(loopNeedsReset(reset, n)).toBe(false);
      }),
    );
  });

  test('stepping then resetting never leaves the tripled list and follows the logical order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.constantFrom(-1, 1), { maxLength: 40 }), (n, steps) => {
        let index = loopStartIndex(n);
        let logical = 0;
        for (const step of steps) {
          index += step; // the animated move may enter an outer copy
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(3 * n);
          index = loopResetIndex(index, n);
          logical = wrapIndex(logical + step, n);
          expect(loopLogicalIndex(index, n)).toBe(logical);
        }
      }),
    );
  });
});
