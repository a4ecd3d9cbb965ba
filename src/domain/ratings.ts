/**
 * Star ratings, review counts and seller-review messages.
 *
 * The same rounding feeds the product card, the product page and the structured
 * data, so a product never shows four stars on a card and 4.5 in search results
 * for the same reviews.
 *
 * @module
 */
import type { ProductReview } from './entities.ts';

/**
 * Most stars a rating can show ('Stars: 5 maximum').
 * @default 5
 */
export const MAX_STARS = 5;

/** Shown instead of a count when a product has no reviews yet. */
export const NO_REVIEWS_TEXT = '(No reviews yet)';

/** A seller review without a message shows this text. */
export const NO_FEEDBACK_MESSAGE = 'No feedback given.';

/**
 * Whole stars to fill for an average rating.
 *
 * Rounds half up (`Math.round`: 2.5 fills 3 stars, 2.49 fills 2) after clamping
 * to 0..5, so a bad average from the server (negative, above 5) still draws a
 * sane row. A missing or non-numeric average means no reviews: 0 stars.
 *
 * @example
 * roundedStars(3.6);  // 4
 * roundedStars(null); // 0
 */
export function roundedStars(average: number | null | undefined): number {
  if (average == null || !Number.isFinite(average)) return 0;
  return Math.round(Math.min(MAX_STARS, Math.max(0, average)));
}

/**
 * The row of five stars as filled (true) / empty (false) flags, left to right,
 * so a view only maps flags to icons and never rounds on its own.
 *
 * @example
 * starFlags(3.6); // [true, true, true, true, false]
 */
export function starFlags(average: number | null | undefined): readonly boolean[] {
  const filled = roundedStars(average);
  return Array.from({ length: MAX_STARS }, (_, i) => i < filled);
}

/**
 * The review count beside the stars: '(No reviews yet)', '1 review' or 'N reviews'.
 *
 * The count is printed as a plain integer (no thousands separator: the spec
 * shows 'N reviews'). A fractional count is floored; zero, negative or
 * non-numeric counts mean no reviews.
 *
 * @example
 * reviewCountText(0);  // '(No reviews yet)'
 * reviewCountText(1);  // '1 review'
 * reviewCountText(12); // '12 reviews'
 */
export function reviewCountText(count: number | null | undefined): string {
  if (count == null || !Number.isFinite(count)) return NO_REVIEWS_TEXT;
  const n = Math.floor(count);
  if (n <= 0) return NO_REVIEWS_TEXT;
  return n === 1 ? '1 review' : `${n} reviews`;
}

/**
 * The message of a seller review, or 'No feedback given.' when the reviewer left
 * none. A message of only whitespace counts as none (it would render as an empty
 * card otherwise).
 *
 * @example
 * siteReviewMessage(null);        // 'No feedback given.'
 * siteReviewMessage('Fast ship'); // 'Fast ship'
 */
export function siteReviewMessage(message: string | null | undefined): string {
  return message != null && message.trim() !== '' ? message : NO_FEEDBACK_MESSAGE;
}

/** Average of a product's reviews, for the structured data. */
export interface ReviewSummary {
  /** Average of the counted reviews' stars, rounded half up to two decimals, within 0..5. */
  ratingValue: number;
  /** Number of reviews counted. */
  reviewCount: number;
}

/**
 * Average of the reviews' `starsRating`, rounded to two decimals, or null when
 * there is nothing to average (the structured data then leaves the rating out).
 *
 * Each rating is clamped to 0..5 and a review whose rating is not a finite
 * number is skipped (and not counted), so one corrupt row cannot push the
 * average outside the star scale. Rounding is half up on the hundredths.
 *
 * @example
 * summarizeReviews([{ starsRating: 5 }, { starsRating: 4 }, { starsRating: 4 }]);
 * // { ratingValue: 4.33, reviewCount: 3 }
 */
export function summarizeReviews(reviews: readonly Pick<ProductReview, 'starsRating'>[] | null | undefined): ReviewSummary | null {
  let sum = 0;
  let count = 0;
  for (const review of reviews ?? []) {
    const stars = review.starsRating;
    if (typeof stars !== 'number' || !Number.isFinite(stars)) continue;
    sum += Math.min(MAX_STARS, Math.max(0, stars));
    count += 1;
  }
  if (count === 0) return null;
  // Round on integer hundredths so the result has at most two decimals.
  const hundredths = Math.round((sum * 100) / count);
  return { ratingValue: Math.min(MAX_STARS * 100, hundredths) / 100, reviewCount: count };
}
