/**
 * The in-memory product search behind `GET /api/products/filter`.
 *
 * Semantics (shared by every index here and pinned by test/server/search*.test.ts):
 * - q: every query word must match a word of the title, description, vendor, a tag value, an
 *   option value or a collection title, case- and accent-insensitive: the same word, another
 *   form of it (Porter stem), a synonym (the trade's, trade.ts, and the operator's), its
 *   neighbour joined to it ('o ring' finds 'O-Ring'), or within its typo budget measured on
 *   the whole word (1 edit from 4 letters, 2 from 9; none in descriptions only; none for a
 *   word a product holds as typed, nor between an agent noun and what it does); the last
 *   word also matches as a prefix (as-you-type); words with a digit only match exactly or as
 *   a prefix (words.ts). Numbers are read with their units ('3/4 hp' is '0.75 hp', '400k' is
 *   '400000'); trade abbreviations are expanded ('vsp'). Stop and filler words ('for',
 *   'pool', 'my', ...) are dropped. When no product matches every word, the commonest words
 *   are dropped until some do (relaxed), never the product noun nor a number. A word of 3+
 *   characters also matches the start of a normalised part number (also without its letter
 *   prefix), and the whole query normalised to alphanumerics matches part numbers by prefix:
 *   'spx1600' and 'SPX 1600' find 'SPX-1600-S' and 'SPX 1600 S'. A model number typed beside
 *   other words ('impeller for HYD 3790V10') searches those words among the parts that fit
 *   the model, when the index has the equipment catalogue's lookup (modelFits, models.ts).
 * - Relevance (sortBy '' with q): exact part number first, then part-number prefix, then
 *   the sum of word scores (field first: product type, title, vendor, tag, description;
 *   then kind: exact, variant, prefix, typo; see FIELD_RANK; the product noun counts twice),
 *   ties by best selling, then id.
 * - Filters v, t, c, price, isFeatured: see normalizeQuery. Facets are disjunctive (see
 *   IndexResult). Engine: bitsets, posting lists and presorted orders (fast/).
 * @module
 */
import { createFastSearchIndex } from './fast/index.ts';
import type { SearchDocument, SearchIndex, SearchIndexOptions } from './types.ts';

export type { IndexQuery, IndexResult, SearchDocument, SearchIndex, SearchIndexOptions } from './types.ts';

/**
 * Builds the index over the catalogue's documents. CORE calls it once at start-up with
 * `loadSearchDocuments(db)`, then keeps it in step with `upsert`/`remove`.
 * @example
 * const index = createSearchIndex(loadSearchDocuments(db));
 * const { ids, totalObjects } = index.search({ q: 'spx1600', limit: 24, page: 0 });
 */
export function createSearchIndex(docs: Iterable<SearchDocument>, options: SearchIndexOptions = {}): SearchIndex {
  return createFastSearchIndex(docs, options);
}

export { createFastSearchIndex, loadFastSearchIndex, type FastIndexOptions } from './fast/index.ts';
export { SnapshotError } from './fast/snapshot.ts';
export { createLinearSearchIndex } from './linear.ts';
export { SelectionPrints } from './prints.ts';
