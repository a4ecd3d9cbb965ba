/**
 * Five stars rounded from the average, and '(No reviews yet)', '1 review' or 'N reviews'.
 * @module
 */
import { reviewCountText, roundedStars, starFlags } from '../../domain/ratings.ts';

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
 * The rating line: filled and empty stars (decorative; the label reads the rounded value) and the
 * count text from the domain.
 * @example <StarRating average={4.4} count={12} />
 */
export function StarRating({ average, count, href, showCount = true }: StarRatingProps) {
  const flags = starFlags(average);
  const text = reviewCountText(count);
  return (
    <div className="sk-stars">
      <span role="img" aria-label={`${roundedStars(average)} out of ${flags.length} stars`}>
        {flags.map((on, i) => (
          <span key={i} aria-hidden="true" className={on ? 'sk-star sk-star--on' : 'sk-star'}>
            {on ? '★' : '☆'}
          </span>
        ))}
      </span>
      {showCount && ' '}
      {!showCount ? null : href ? <a href={href}>{text}</a> : <span className="sk-stars__count">{text}</span>}
    </div>
  );
}
