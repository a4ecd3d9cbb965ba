import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  MAX_STARS,
  NO_FEEDBACK_MESSAGE,
  NO_REVIEWS_TEXT,
  reviewCountText,
  roundedStars,
  siteReviewMessage,
  starFlags,
  summarizeReviews,
} from '../../src/domain/ratings.ts';

describe('star row', () => {
  test('shows 5 stars at most', () => {
    expect(MAX_STARS).toBe(5);
    expect(starFlags(5)).toHaveLength(5);
  });

  test.each([
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [0, 0],
    [0.49, 0],
    [0.5, 1],
    [2.49, 2],
    [2.5, 3],
    [3.6, 4],
    [4.5, 5],
    [5, 5],
    [7, 5],
    [-2, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('rounds the average %s half up to %s whole stars, clamped to 0..5', (average, stars) => {
    expect(roundedStars(average)).toBe(stars);
  });

  test('fills the first N stars, left to right', () => {
    expect(starFlags(3.6)).toEqual([true, true, true, true, false]);
    expect(starFlags(null)).toEqual([false, false, false, false, false]);
  });

  test('always has 5 flags whose filled count is the rounded average', () => {
    fc.assert(
      fc.property(fc.option(fc.double({ noNaN: false }), { nil: null }), (average) => {
        const flags = starFlags(average);
        const filled = flags.filter(Boolean).length;
        expect(flags).toHaveLength(5);
        expect(filled).toBe(roundedStars(average));
        // filled stars come first
        expect(flags.slice(0, filled).every(Boolean)).toBe(true);
        expect(flags.slice(filled).some(Boolean)).toBe(false);
      }),
    );
  });

  test('never fills fewer stars for a higher average', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(roundedStars(lo)).toBeLessThanOrEqual(roundedStars(hi));
      }),
    );
  });
});

describe('review count text', () => {
  test.each([
    [0, '(No reviews yet)'],
    [null, '(No reviews yet)'],
    [undefined, '(No reviews yet)'],
    [-3, '(No reviews yet)'],
    [Number.NaN, '(No reviews yet)'],
    [1, '1 review'],
    [1.7, '1 review'],
    [2, '2 reviews'],
    [12, '12 reviews'],
    [1234, '1234 reviews'],
  ])('reads %s as %j', (count, text) => {
    expect(reviewCountText(count)).toBe(text);
  });

  test('uses the spec text for no reviews', () => {
    expect(NO_REVIEWS_TEXT).toBe('(No reviews yet)');
  });

  test('says "N reviews" for every count above one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000_000 }), (n) => {
        expect(reviewCountText(n)).toBe(`${n} reviews`);
      }),
    );
  });
});

describe('site review message', () => {
  test.each([
    [null, 'No feedback given.'],
    [undefined, 'No feedback given.'],
    ['', 'No feedback given.'],
    ['   ', 'No feedback given.'],
    ['Fast shipping!', 'Fast shipping!'],
  ])('defaults %j to "No feedback given." when empty', (message, shown) => {
    expect(siteReviewMessage(message)).toBe(shown);
  });

  test('keeps any message with visible text unchanged', () => {
    expect(NO_FEEDBACK_MESSAGE).toBe('No feedback given.');
    fc.assert(
      fc.property(fc.string().filter((s) => s.trim() !== ''), (message) => {
        expect(siteReviewMessage(message)).toBe(message);
      }),
    );
  });
});

describe('review summary', () => {
  test('averages the stars to two decimals, half up', () => {
    expect(summarizeReviews([{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 4 }])).toEqual({ ratingValue: 4.33, reviewCount: 3 });
    expect(summarizeReviews([{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 5 }])).toEqual({ ratingValue: 4.67, reviewCount: 3 });
    // 4.125 -> 4.13 (half up on the hundredths)
    expect(summarizeReviews([{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 4 }, { starsRating: 3.5 }])?.ratingValue).toBe(4.13);
  });

  test('is null without reviews', () => {
    expect(summarizeReviews([])).toBeNull();
    expect(summarizeReviews(null)).toBeNull();
  });

  test('clamps each rating to 0..5 and skips ratings that are not numbers', () => {
    expect(summarizeReviews([{ starsRating: 9 }, { starsRating: -1 }])).toEqual({ ratingValue: 2.5, reviewCount: 2 });
    expect(summarizeReviews([{ starsRating: Number.NaN }, { starsRating: 4 }])).toEqual({ ratingValue: 4, reviewCount: 1 });
  });

  test('stays within 0..5 with at most two decimals', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ starsRating: fc.double({ min: -10, max: 10 }) }), { maxLength: 40 }), (reviews) => {
        const summary = summarizeReviews(reviews);
        if (!summary) return;
        expect(summary.ratingValue).toBeGreaterThanOrEqual(0);
        expect(summary.ratingValue).toBeLessThanOrEqual(5);
        expect(String(summary.ratingValue)).toMatch(/^\d(\.\d{1,2})?$/);
        expect(summary.reviewCount).toBeLessThanOrEqual(reviews.length);
      }),
    );
  });

  test('of whole-star reviews is within half a hundredth of the exact mean', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 60 }), (stars) => {
        const summary = summarizeReviews(stars.map((starsRating) => ({ starsRating })));
        const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
        expect(summary?.reviewCount).toBe(stars.length);
        expect(Math.abs((summary?.ratingValue ?? -1) - mean)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});
