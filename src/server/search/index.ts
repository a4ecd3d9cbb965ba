/**
 * The in-memory product search behind `GET /api/products/filter`.
 *
 * Semantics (shared by every index here and pinned by test/server/search*.test.ts):
 * - q: every query word must match, as a whole word of the title, description, vendor or
 *   a tag value, case- and accent-insensitive; the last word also matches as a prefix
 *   (as-you-type). Stop words ('for', 'the', ...) are dropped. A word of 3+ characters
 *   also matches the start of a normalised part number, and the whole query normalised to
 *   alphanumerics matches part numbers by prefix: 'spx1600' and 'SPX 1600' find
 *   'SPX-1600-S' and 'SPX 1600 S'.
 * - Relevance (sortBy '' with q): exact part number first, then part-number prefix, then
 *   the sum of word weights (title 8, part number 6, vendor 4, tag 2, description 1; whole
 *   words double), ties by best selling, then id.
 * - Filters v, t, c, price, isFeatured: see normalizeQuery. Facets are disjunctive (see
 *   IndexResult). Engine: bitsets, posting lists and presorted orders (fast.ts).
 * @module
 */
import { createFastSearchIndex } from './fast.ts';
import type { SearchDocument, SearchIndex } from './types.ts';

export type { IndexQuery, IndexResult, SearchDocument, SearchIndex } from './types.ts';

/**
 * Builds the index over the catalogue's documents. CORE calls it once at start-up with
 * `loadSearchDocuments(db)`, then keeps it in step with `upsert`/`remove`.
 * @example
 * const index = createSearchIndex(loadSearchDocuments(db));
 * const { ids, totalObjects } = index.search({ q: 'spx1600', limit: 24, page: 0 });
 */
export function createSearchIndex(docs: Iterable<SearchDocument>): SearchIndex {
  return createFastSearchIndex(docs);
}

export { createFastSearchIndex, type FastIndexOptions } from './fast.ts';
export { createLinearSearchIndex } from './linear.ts';
