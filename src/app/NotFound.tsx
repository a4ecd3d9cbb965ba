/**
 * The not-found page (spec section 2: '404 Not Found', 'This page does not exist.', Go Back =
 * history back). Also where every route of the table without a page yet leads.
 * @module
 */
import { useEffect } from 'react';
import { NOT_FOUND_TEXT } from '../domain/shell.ts';
import { useSkimmer } from '../hooks/context.ts';

/**
 * The 404 page: the one h1 of the page, and a Go Back button through the environment's `back`
 * (history back), so tests can watch it.
 *
 * @example <Route path="*" element={<NotFound />} />
 */
export default function NotFound() {
  const { environment, storeConfig } = useSkimmer();
  useEffect(() => {
    document.title = `${NOT_FOUND_TEXT.title} - ${storeConfig.storeName}`;
  }, [storeConfig.storeName]);
  return (
    <section className="container not-found">
      <h1>{NOT_FOUND_TEXT.title}</h1>
      <p>{NOT_FOUND_TEXT.message}</p>
      <button type="button" className="button" onClick={() => environment.back()}>{NOT_FOUND_TEXT.back}</button>
    </section>
  );
}
