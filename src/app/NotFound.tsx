/**
 * The not-found page ('404 Not Found', 'This page does not exist.', Go Back =
 * history back). Also where every route of the table without a page yet leads.
 * @module
 */
import { NOT_FOUND_TEXT } from '../domain/shell.ts';
import { useSkimmer } from '../hooks/context.ts';
import { headRules, LazyPageHead } from './page-head.tsx';
import { PageStatus } from './render-context.tsx';

/** The not-found page's head rules: see page-head.tsx (the product and collection pages show this page for a missing handle). */
const NOT_FOUND_HEAD = headRules(() => import('../domain/seo-pages.ts'));

/**
 * The 404 page: the one h1 of the page, and a Go Back button through the environment's `back`
 * (history back), so tests can watch it.
 *
 * @example <Route path="*" element={<NotFound />} />
 */
export default function NotFound() {
  const { environment, storeConfig } = useSkimmer();
  return (
    <section className="container not-found">
      {/* the title in the head (from the first HTML on); no canonical URL, noindex */}
      <LazyPageHead rules={NOT_FOUND_HEAD} build={(rules) => rules.notFoundHead(storeConfig.storeName)} />
      <PageStatus status={404} />
      <h1>{NOT_FOUND_TEXT.title}</h1>
      <p>{NOT_FOUND_TEXT.message}</p>
      <button type="button" className="button" onClick={() => environment.back()}>{NOT_FOUND_TEXT.back}</button>
    </section>
  );
}
