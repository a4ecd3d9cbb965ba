/**
 * Marks the page as handled by React (html[data-hydrated], as the storefront does), for tests and
 * scripts. Rendered by the server entry too (where effects never run), so the two trees, and the
 * ids React gives their fields, are the same.
 * @module
 */
import { useEffect } from 'react';

/** The mark. */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
