import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CAROUSEL_PRESETS,
  carouselGestureStep,
  carouselIndexOfItem,
  carouselItemOfIndex,
  carouselStartIndex,
  carouselStep,
} from '../../src/domain/carousel-motion.ts';
import { loopNeedsReset, loopResetIndex } from '../../src/domain/carousel.ts';

describe('presets', () => {
  test('hero advances every 7500 ms and wraps; reviews every 3500 ms and loop; blog loops without autoplay', () => {
    expect(CAROUSEL_PRESETS.hero).toMatchObject({ intervalMs: 7500, loop: false });
    expect(CAROUSEL_PRESETS.reviews).toEqual({ intervalMs: 3500, loop: true, slideMs: 200 });
    expect(CAROUSEL_PRESETS.blog).toEqual({ intervalMs: null, loop: true, slideMs: 300 });
  });

  test('a product slider wraps and never advances by itself', () => {
    expect(CAROUSEL_PRESETS.slider).toMatchObject({ intervalMs: null, loop: false });
  });
});

describe('carouselStep', () => {
  test.each([
    [0, 3, 1, false, 1],
    [2, 3, 1, false, 0],
    [0, 3, -1, false, 2],
    [3, 3, -1, true, 2],
    [5, 3, 1, true, 6],
    [6, 3, 1, true, 4],
    [2, 3, -1, true, 4],
    [0, 0, 1, true, 0],
    [0, 0, 1, false, 0],
  ] as const)('from %s of %s stepping %s (loop %s) gives %s', (index, count, step, loop, expected) => {
    expect(carouselStep(index, count, step, loop)).toBe(expected);
  });

  test('wrap mode stays in 0..count-1 and next then previous is the identity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), (count, raw) => {
        const index = raw % count;
        const next = carouselStep(index, count, 1, false);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(count);
        expect(carouselStep(next, count, -1, false)).toBe(index);
      }),
    );
  });

  test('loop mode never leaves the tripled list, whatever the sequence of steps and resets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.constantFrom<-1 | 1 | 'reset'>(-1, 1, 'reset'), { maxLength: 60 }),
        (count, moves) => {
          let index = carouselStartIndex(count, true);
          let item = 0;
          for (const move of moves) {
            if (move === 'reset') {
              if (loopNeedsReset(index, count)) index = loopResetIndex(index, count);
            } else {
              index = carouselStep(index, count, move, true);
              item = (item + move + count) % count;
            }
            expect(index).toBeGreaterThanOrEqual(0);
            expect(index).toBeLessThan(3 * count);
            expect(carouselItemOfIndex(index, count)).toBe(item);
          }
        },
      ),
    );
  });
});

describe('start and dots', () => {
  test.each([
    [4, true, 4],
    [4, false, 0],
    [0, true, 0],
  ] as const)('%s items (loop %s) start at %s', (count, loop, expected) => {
    expect(carouselStartIndex(count, loop)).toBe(expected);
  });

  test('the index of an item shows that item (round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.boolean(), (count, raw, loop) => {
        const item = raw % count;
        expect(carouselItemOfIndex(carouselIndexOfItem(item, count, loop), count)).toBe(item);
      }),
    );
  });
});

describe('carouselGestureStep', () => {
  test.each([
    ['hero', -150, 1000, 1],
    ['hero', 150, 1000, -1],
    ['hero', -149, 1000, 0],
    ['reviews', -51, undefined, 1],
    ['reviews', 50, undefined, 0],
    ['reviews', 51, undefined, -1],
    ['blog', -49, undefined, 1],
    ['blog', -48, undefined, 0],
    ['blog', 40, 250, 1 - 2],
    // a product slider swipe must go past 15 percent of the item's width (250 px by default)
    ['slider', -37.5, undefined, 0],
    ['slider', -38, undefined, 1],
    ['slider', 38, undefined, -1],
    ['slider', -28, 187, 0],
    ['slider', -28.1, 187, 1],
  ] as const)('%s drag of %s px (width %s) steps %s', (kind, delta, width, step) => {
    expect(carouselGestureStep(kind, delta, width)).toBe(step);
  });

  test('the step is antisymmetric in the direction of the drag', () => {
    fc.assert(
      fc.property(fc.constantFrom('hero', 'reviews', 'blog', 'slider' as const), fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (kind, delta, width) => {
        expect(carouselGestureStep(kind, -delta, width)).toBe(-carouselGestureStep(kind, delta, width) || 0);
      }),
    );
  });
});
