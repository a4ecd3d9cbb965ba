/**
 * The orders of the nine sorts over search documents. Every order ends on the id, so two
 * products never tie and a page boundary never moves between requests.
 * @module
 */
import type { SortBy } from '../../../domain/entities.ts';
import { compareTitles } from './text.ts';
import type { SearchDocument } from './types.ts';

/** A sort with a fixed order over documents: every sort but relevance. */
export type PresortedSort = Exclude<SortBy, ''>;

/** The sorts the index keeps presorted orders for. */
export const PRESORTED_SORTS: readonly PresortedSort[] = [
  'id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc', 'top_rated', 'best_selling',
];

/**
 * The order used when no sort is asked for and there are no query words to rank by, and
 * the tie-break of relevance: best sellers first, as a store's landing grid shows.
 */
export const DEFAULT_ORDER: PresortedSort = 'best_selling';

type Cmp = (a: SearchDocument, b: SearchDocument) => number;
const byId: Cmp = (a, b) => a.id - b.id;

/**
 * Comparators of the presorted sorts. Ties always fall back to the id ascending, also in
 * the descending sorts, so paging is stable. top_rated is avgRating desc, then
 * totalReviews desc; best_selling is salesCount desc. A price of 0 sorts as 0; a
 * call-for-price product is in no price-sorted answer (query.ts).
 */
export const COMPARATORS: Readonly<Record<PresortedSort, Cmp>> = {
  id_asc: byId,
  id_desc: (a, b) => b.id - a.id,
  title_asc: (a, b) => compareTitles(a.title, b.title) || byId(a, b),
  title_desc: (a, b) => compareTitles(b.title, a.title) || byId(a, b),
  price_asc: (a, b) => a.priceCents - b.priceCents || byId(a, b),
  price_desc: (a, b) => b.priceCents - a.priceCents || byId(a, b),
  top_rated: (a, b) => b.avgRating - a.avgRating || b.totalReviews - a.totalReviews || byId(a, b),
  best_selling: (a, b) => b.salesCount - a.salesCount || byId(a, b),
};

/** Resolves the requested sort to a presorted one; relevance ('' with words) is handled apart. */
export function presortedFor(sortBy: SortBy | undefined): PresortedSort {
  return sortBy === undefined || sortBy === '' ? DEFAULT_ORDER : sortBy;
}
