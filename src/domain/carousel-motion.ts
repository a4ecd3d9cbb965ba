/**
 * How the hero slideshow, the seller-review carousel and the blog carousel
 * move, on top of the index arithmetic of
 * `carousel.ts`: the presets of each carousel, the index after a step in wrap
 * or loop mode, and the step of a gesture.
 *
 * Wrap mode (hero): the index runs over the items, 0..count-1, and wraps.
 * Loop mode (reviews, blog): the view renders the list three times over
 * ({@link tripleList}); the index runs over that tripled list, starts at the
 * middle copy, may slide one item into a neighbouring copy, and is put back
 * into the middle copy once the slide ends ({@link loopResetIndex}).
 *
 * @module
 */
import {
  BLOG_CAROUSEL,
  HERO_INTERVAL_MS,
  REVIEWS_AUTO_ADVANCE_MS,
  REVIEWS_SLIDE_MS,
  SLIDER_ITEM_WIDTH_PX,
  heroDragStep,
  loopNeedsReset,
  loopResetIndex,
  loopStartIndex,
  reviewsSwipeStep,
  sliderSwipeStep,
  wrapIndex,
} from './carousel.ts';

/** The carousels of the storefront: the hero, the seller reviews, the blog and the product sliders. */
export type CarouselKind = 'hero' | 'reviews' | 'blog' | 'slider';

/** How one carousel behaves. */
export interface CarouselPreset {
  /** Auto-advance interval in ms, or null when the carousel does not advance by itself. */
  intervalMs: number | null;
  /** Whether the list is tripled and the index reset to the middle copy (loop mode). */
  loop: boolean;
  /** Slide animation in ms: the wait before a loop-mode reset. */
  slideMs: number;
}

/**
 * The presets: hero advances every 7500 ms and wraps; the seller reviews
 * advance every 3500 ms and loop (slide 200 ms); the blog loops (slide 300 ms)
 * and, as the spec gives it no interval, does not advance by itself.
 * The hero's slide animation is not given; 500 ms is our choice (it only
 * matters in loop mode, which the hero does not use). A product slider wraps
 * (previous from the start goes to the end) and never advances by itself; its
 * 300 ms slide is our choice.
 */
export const CAROUSEL_PRESETS: Readonly<Record<CarouselKind, CarouselPreset>> = {
  hero: { intervalMs: HERO_INTERVAL_MS, loop: false, slideMs: 500 },
  reviews: { intervalMs: REVIEWS_AUTO_ADVANCE_MS, loop: true, slideMs: REVIEWS_SLIDE_MS },
  blog: { intervalMs: null, loop: true, slideMs: BLOG_CAROUSEL.slideMs },
  slider: { intervalMs: null, loop: false, slideMs: 300 },
};

/**
 * Where a carousel starts: 0 in wrap mode, the first item of the middle copy
 * in loop mode.
 *
 * @example
 * carouselStartIndex(4, true);  // 4
 * carouselStartIndex(4, false); // 0
 */
export function carouselStartIndex(count: number, loop: boolean): number {
  return loop ? loopStartIndex(count) : 0;
}

/**
 * The index after moving `step` items (-1 previous, +1 next).
 *
 * Wrap mode wraps over 0..count-1. Loop mode first puts an index that is
 * still in a neighbouring copy back into the middle copy (a step that comes
 * before the previous slide's reset), then moves, so the index always stays
 * inside the tripled list: count-1..2*count.
 *
 * @example
 * carouselStep(2, 3, 1, false); // 0 (wraps)
 * carouselStep(5, 3, 1, true);  // 6 (into the last copy; reset to 3 after the slide)
 */
export function carouselStep(index: number, count: number, step: -1 | 0 | 1, loop: boolean): number {
  const n = Math.trunc(count);
  if (!(n > 0)) return 0;
  if (!loop) return wrapIndex(index + step, n);
  const base = loopNeedsReset(index, n) || !Number.isFinite(index) ? loopResetIndex(Number.isFinite(index) ? index : 0, n) : Math.trunc(index);
  return base + step;
}

/**
 * The index that shows item `item` of the original list (for dots): the item
 * itself in wrap mode, its place in the middle copy in loop mode.
 *
 * @example
 * carouselIndexOfItem(1, 4, true); // 5
 */
export function carouselIndexOfItem(item: number, count: number, loop: boolean): number {
  const n = Math.trunc(count);
  if (!(n > 0)) return 0;
  return loop ? n + wrapIndex(item, n) : wrapIndex(item, n);
}

/**
 * The item of the original list an index shows.
 *
 * @example
 * carouselItemOfIndex(5, 4, true); // 1
 */
export function carouselItemOfIndex(index: number, count: number): number {
  return wrapIndex(index, count);
}

/**
 * The step of a finished drag or swipe (`deltaPx` = end - start) by the rule
 * of each carousel: the hero needs 15 percent of the slide width or more; the
 * seller reviews more than 50 px; the blog, whose threshold the spec does not
 * give, uses the product slider's rule (more than 15 percent of a card, 320 px
 * unless `widthPx` says otherwise).
 *
 * @param widthPx slide width (hero) or card width (blog); ignored for reviews
 * @example
 * carouselGestureStep('hero', -150, 1000);  // 1 (next)
 * carouselGestureStep('reviews', 51);       // -1 (previous)
 */
export function carouselGestureStep(kind: CarouselKind, deltaPx: number, widthPx?: number | null): -1 | 0 | 1 {
  switch (kind) {
    case 'hero':
      return heroDragStep(deltaPx, widthPx ?? 0);
    case 'reviews':
      return reviewsSwipeStep(deltaPx);
    case 'blog':
      return sliderSwipeStep(deltaPx, widthPx ?? BLOG_CAROUSEL.cardWidthPx);
    case 'slider':
      return sliderSwipeStep(deltaPx, widthPx ?? SLIDER_ITEM_WIDTH_PX);
  }
}
