/**
 * The product's reviews, loaded lazily: from the reviews call when their section comes into view;
 * '(No reviews yet)' when there are none. A failed call
 * shows none (the spec gives no message).
 * @module
 */
import { NO_REVIEWS_TEXT } from '../../domain/ratings.ts';
import { useLoader } from '../../hooks/useLoader.ts';
import { StarRating } from '../catalog/StarRating.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import './product.css';

/**
 * The list (the section's heading is the page's).
 * @example <ProductReviews productId={product.id} />
 */
export default function ProductReviews({ productId }: { productId: number }) {
  const reviews = useLoader({ kind: 'reviews', params: productId, load: async (client, id, signal) => (await client.productReviews(id, undefined, { signal })).reviews });
  if (reviews.loading) return <Spinner label="Loading reviews" />;
  const list = reviews.data ?? [];
  if (list.length === 0) return <p>{NO_REVIEWS_TEXT}</p>;
  return (
    <ul className="sk-reviews sk-pp-reviews">
      {list.map((r, i) => (
        <li key={r.id ?? i} className="sk-pp-review">
          <StarRating average={r.starsRating} count={null} showCount={false} />
          {r.title && <h3>{r.title}</h3>}
          {r.body && <p>{r.body}</p>}
          {r.author && <p className="sk-pp-muted">{r.author}</p>}
        </li>
      ))}
    </ul>
  );
}
