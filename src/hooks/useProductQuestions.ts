/**
 * The product page's Q&A area ('A Q&A area with anchor
 * q&a'): the product's questions with their answers, from `GET /api/products/{id}/questions`.
 * @module
 */
import type { ProductQuestion } from '../api/types.ts';
import { useLoader, type LoaderStatus } from './useLoader.ts';

/** What {@link useProductQuestions} returns. */
export interface ProductQuestionsApi {
  status: LoaderStatus;
  /** The questions, newest first as the server gives them; empty until loaded. */
  questions: readonly ProductQuestion[];
  loading: boolean;
  /** The answered questions count (the area's heading can show it). */
  answeredCount: number;
}

const NONE: readonly ProductQuestion[] = [];

/**
 * Loads a product's questions once. The spec gives no failure message for this area, so, like
 * the reviews, a failed call leaves the list empty (shared 'reviews' loader messages: none).
 *
 * @example
 * const qa = useProductQuestions(product.id);
 * qa.questions.map((q) => <li key={q.id}>{q.question}</li>);
 */
export function useProductQuestions(productId: number): ProductQuestionsApi {
  const loader = useLoader({
    kind: 'reviews',
    params: productId,
    load: async (client, id, signal) => (await client.productQuestions(id, undefined, { signal })).questions,
  });
  const questions = loader.data ?? NONE;
  return {
    status: loader.status,
    questions,
    loading: loader.loading,
    answeredCount: questions.filter((q) => q.answer !== null && q.answer !== '').length,
  };
}
