/**
 * Five stars rounded from the average, and '(No reviews yet)', '1 review' or 'N reviews'.
 * @module
 */
import { MAX_STARS, reviewCountText, roundedStars } from '../../domain/ratings.ts';

/** Props of {@link StarRating}. */
export interface StarRatingProps {
  average: number | null | undefined;
  count: number | null | undefined;
  /** Where the count links to (the product's Q&A or reviews), if anywhere. */
  href?: string;
  /** Whether the count text shows (a single review's stars have none). @default true */
  showCount?: boolean;
}

/**
 * The rating line: five stars, filled as the rounded average (decorative: the label reads the
 * rounded value), and the count text from the domain. The stars are one element whose glyphs the
 * stylesheet draws from `data-stars` (catalog.css): a listing of 24 cards carried 144 elements
 * of stars, and their two glyphs were the only characters outside ASCII in its HTML, which made
 * the server keep and copy the whole page as two-byte text.
 * @example <StarRating average={4.4} count={12} />
 */
export function StarRating({ average, count, href, showCount = true }: StarRatingProps) {
  const text = reviewCountText(count);
  const filled = roundedStars(average);
  return (
    <div className="sk-stars">
      <span role="img" aria-label={`${filled} out of ${MAX_STARS} stars`} className="sk-star-row" data-stars={filled} />
      {showCount && ' '}
      {!showCount ? null : href ? <a href={href}>{text}</a> : <span className="sk-stars__count">{text}</span>}
    </div>
  );
}
