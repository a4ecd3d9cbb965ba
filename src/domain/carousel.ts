/**
 * Index arithmetic of the product slider, the hero slideshow, the blog carousel
 * and the seller-review carousel.
 *
 * Timing (auto-advance, animation) belongs to the machines; these functions
 * only say which index comes next and whether a gesture moves at all.
 * Swipe and drag deltas are `end - start` in px: a negative delta (finger or
 * pointer moving left) shows the next item, a positive one the previous item.
 *
 * @module
 */

/** Items a product slider shows at once. */
export const SLIDER_ITEMS_PER_VIEW = { desktop: 5, mobile: 2 } as const;

/** Cards the seller-review carousel shows at once. */
export const REVIEWS_ITEMS_PER_VIEW = { desktop: 3, mobile: 1 } as const;

/**
 * Width of a product slider item in px.
 * @default 250
 */
export const SLIDER_ITEM_WIDTH_PX = 250;

/**
 * Share of an item's width a slider swipe must exceed to change the page.
 * @default 0.15
 */
export const SLIDER_SWIPE_THRESHOLD = 0.15;

/**
 * Distance in px a seller-review swipe or drag must exceed to move.
 * @default 50
 */
export const REVIEWS_SWIPE_THRESHOLD_PX = 50;

/**
 * Seller reviews auto-advance interval in ms.
 * @default 3500
 */
export const REVIEWS_AUTO_ADVANCE_MS = 3500;

/**
 * Seller-review slide animation in ms.
 * @default 200
 */
export const REVIEWS_SLIDE_MS = 200;

/**
 * Seller reviews fetched for the carousel.
 * @default 6
 */
export const REVIEWS_PAGE_SIZE = 6;

/**
 * Hero slideshow advance interval in ms.
 * @default 7500
 */
export const HERO_INTERVAL_MS = 7500;

/**
 * Share of the slide width a hero drag must reach (inclusive) to change slide.
 * @default 0.15
 */
export const HERO_DRAG_THRESHOLD = 0.15;

/** Blog carousel layout. */
export const BLOG_CAROUSEL = { cardWidthPx: 320, slideMs: 300, viewHeightPx: 290, articles: 10 } as const;

/** Which carousel a per-view count is for. */
export type SliderKind = 'slider' | 'reviews';

/**
 * Items visible at once: the product slider shows 5 on desktop and 2 on
 * mobile, the seller reviews 3 and 1.
 *
 * @example
 * itemsPerView('slider', false); // 5
 * itemsPerView('reviews', true); // 1
 */
export function itemsPerView(kind: SliderKind, mobile: boolean): number {
  const table = kind === 'reviews' ? REVIEWS_ITEMS_PER_VIEW : SLIDER_ITEMS_PER_VIEW;
  return mobile ? table.mobile : table.desktop;
}

/**
 * An index folded into 0..count-1 (negative indexes wrap from the end).
 * A count of 0 or less has no valid index and gives 0; fractional inputs are
 * truncated.
 *
 * @example
 * wrapIndex(-1, 5); // 4
 * wrapIndex(5, 5);  // 0
 */
export function wrapIndex(index: number, count: number): number {
  const n = Math.trunc(count);
  if (!(n > 0) || !Number.isFinite(index)) return 0;
  const i = Math.trunc(index) % n;
  return i < 0 ? i + n : i + 0;
}

/**
 * The next index, wrapping from the end to the start.
 *
 * @example
 * nextIndex(4, 5); // 0
 */
export function nextIndex(index: number, count: number): number {
  return wrapIndex(wrapIndex(index, count) + 1, count);
}

/**
 * The previous index, wrapping from the start to the end.
 *
 * @example
 * previousIndex(0, 5); // 4
 */
export function previousIndex(index: number, count: number): number {
  return wrapIndex(wrapIndex(index, count) - 1, count);
}

/**
 * Positions a slider can stop at when it moves one item per step and always
 * fills its view: first visible index 0..count-perView (at least one
 * position). The slider's arrows and swipes wrap over these positions with
 * {@link nextIndex} / {@link previousIndex}, so 'next from the end' goes back to
 * the first item rather than scrolling into blank space.
 *
 * @example
 * sliderPositions(12, 5); // 8 (first visible item 0..7)
 * sliderPositions(3, 5);  // 1 (everything fits)
 */
export function sliderPositions(count: number, perView: number): number {
  const n = Math.max(0, Math.trunc(count) || 0);
  const view = Math.max(1, Math.trunc(perView) || 1);
  return Math.max(1, n - view + 1);
}

/**
 * Step of a swipe or drag: +1 (next) for a leftward move beyond the threshold,
 * -1 (previous) for a rightward one, 0 otherwise. `inclusive` decides whether
 * a move of exactly the threshold counts.
 *
 * @param inclusive whether a move of exactly the threshold counts (default false: it must go past it)
 * @example
 * swipeStep(-60, 50); // 1
 * swipeStep(30, 50);  // 0
 */
export function swipeStep(deltaPx: number, thresholdPx: number, inclusive = false): -1 | 0 | 1 {
  if (!Number.isFinite(deltaPx) || !Number.isFinite(thresholdPx)) return 0;
  const distance = Math.abs(deltaPx);
  const passed = inclusive ? distance >= thresholdPx : distance > thresholdPx;
  if (!passed || distance === 0) return 0;
  return deltaPx < 0 ? 1 : -1;
}

/**
 * Step of a product-slider swipe: it must go past (strictly more than) 15
 * percent of an item's width. A non-positive width never moves.
 *
 * @param itemWidthPx width of one item (default {@link SLIDER_ITEM_WIDTH_PX}, 250 px)
 * @example
 * sliderSwipeStep(-40, 250); // 1 (more than 37.5 px)
 */
export function sliderSwipeStep(deltaPx: number, itemWidthPx: number = SLIDER_ITEM_WIDTH_PX): -1 | 0 | 1 {
  if (!(itemWidthPx > 0)) return 0;
  return swipeStep(deltaPx, itemWidthPx * SLIDER_SWIPE_THRESHOLD);
}

/**
 * Step of a seller-review swipe or drag: it must go past (strictly more than) 50 px.
 *
 * @example
 * reviewsSwipeStep(51);  // -1
 * reviewsSwipeStep(-50); // 0
 */
export function reviewsSwipeStep(deltaPx: number): -1 | 0 | 1 {
  return swipeStep(deltaPx, REVIEWS_SWIPE_THRESHOLD_PX);
}

/**
 * Step of a hero drag: 15 percent of the slide width or more (inclusive, as
 * the spec says 'or more'). A non-positive width never moves.
 *
 * @example
 * heroDragStep(-150, 1000); // 1
 */
export function heroDragStep(deltaPx: number, slideWidthPx: number): -1 | 0 | 1 {
  if (!(slideWidthPx > 0)) return 0;
  return swipeStep(deltaPx, slideWidthPx * HERO_DRAG_THRESHOLD, true);
}

/**
 * The hero slide after a tick of the interval (next, wrapping).
 *
 * @example
 * heroNextIndex(2, 3); // 0
 */
export function heroNextIndex(index: number, count: number): number {
  return nextIndex(index, count);
}

/**
 * The hero slide after a drag: previous or next when the drag reached 15
 * percent of the slide width, else the same slide.
 *
 * @example
 * heroIndexAfterDrag(0, 3, 200, 1000); // 2 (dragged right: previous, wrapping)
 */
export function heroIndexAfterDrag(index: number, count: number, deltaPx: number, slideWidthPx: number): number {
  return wrapIndex(wrapIndex(index, count) + heroDragStep(deltaPx, slideWidthPx), count);
}

/**
 * The rendered list of a looping carousel: the items three times over, so the
 * view can slide past either end into an identical copy.
 *
 * @example
 * tripleList(['a', 'b']); // ['a', 'b', 'a', 'b', 'a', 'b']
 */
export function tripleList<T>(items: readonly T[]): T[] {
  return [...items, ...items, ...items];
}

/**
 * Where a looping carousel starts: the first item of the middle copy.
 *
 * @example
 * loopStartIndex(4); // 4
 */
export function loopStartIndex(count: number): number {
  return count > 0 ? Math.trunc(count) : 0;
}

/**
 * Whether an index of the tripled list lies outside the middle copy, so the
 * carousel must jump back (without animation) once the slide ends.
 */
export function loopNeedsReset(index: number, count: number): boolean {
  const n = loopStartIndex(count);
  return n > 0 && (index < n || index >= 2 * n);
}

/**
 * The index after the reset at the edges: the same item in the middle copy
 * (count..2*count-1). An index already in the middle copy is unchanged.
 *
 * @example
 * loopResetIndex(8, 4); // 4 (first item again, middle copy)
 * loopResetIndex(3, 4); // 7 (last item, middle copy)
 */
export function loopResetIndex(index: number, count: number): number {
  const n = loopStartIndex(count);
  if (n === 0) return 0;
  return n + wrapIndex(index, n);
}

/**
 * The item of the original list an index of the tripled list shows (for dots
 * and labels).
 *
 * @example
 * loopLogicalIndex(9, 4); // 1
 */
export function loopLogicalIndex(index: number, count: number): number {
  return wrapIndex(index, count);
}
