/**
 * The product's Q&A list ('A Q&A area with anchor q&a'): each question with who
 * asked it and when, and its answer once there is one; loaded when the area comes into view.
 * @module
 */
import { useProductQuestions } from '../../hooks/useProductQuestions.ts';
import { Spinner } from '../shell/Spinner.tsx';
import './product.css';

/** Texts of the Q&A list. */
export const PRODUCT_QUESTIONS_TEXT = {
  loading: 'Loading questions',
  empty: 'No questions about this product yet.',
  unanswered: 'Not answered yet.',
  ask: 'Ask a question about this product',
} as const;

function day(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * The list and the link to ask a question (the questions pages).
 * @example <ProductQuestions productId={product.id} askUrl="/questions" />
 */
export default function ProductQuestions({ productId, askUrl }: { productId: number; askUrl: string }) {
  const qa = useProductQuestions(productId);
  return (
    <>
      {qa.loading ? (
        <Spinner label={PRODUCT_QUESTIONS_TEXT.loading} />
      ) : qa.questions.length === 0 ? (
        <p>{PRODUCT_QUESTIONS_TEXT.empty}</p>
      ) : (
        <ul className="sk-pp-qa">
          {qa.questions.map((q) => (
            <li key={q.id} className="sk-pp-qa__item">
              <p className="sk-pp-qa__q">
                <span className="sk-pp-qa__tag" aria-hidden="true">Q</span>
                <span>{q.question}</span>
              </p>
              <p className="sk-pp-muted">
                Asked by {q.askedBy} on <time dateTime={q.createdAt}>{day(q.createdAt)}</time>
              </p>
              <p className="sk-pp-qa__a">
                <span className="sk-pp-qa__tag sk-pp-qa__tag--a" aria-hidden="true">A</span>
                <span>{q.answer ?? PRODUCT_QUESTIONS_TEXT.unanswered}</span>
              </p>
              {q.answer && q.answeredBy && <p className="sk-pp-muted">Answered by {q.answeredBy}</p>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={askUrl}>{PRODUCT_QUESTIONS_TEXT.ask}</a>
      </p>
    </>
  );
}
