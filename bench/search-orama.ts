/**
 * The peer of the search benchmark: Orama 3 over the same documents, asked the same
 * queries with the same filters, sort, paging and facets (vendor and tags). Orama's
 * facets count the full match set (not disjunctive) and its text match is BM25 with prefix
 * terms, so it does at most the same work as our index, never more.
 */
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import { facetKey, normalizePartNumber } from '../src/server/modules/search/text.ts';
import type { IndexQuery, SearchDocument } from '../src/server/modules/search/types.ts';

const schema = {
  sid: 'number',
  title: 'string',
  description: 'string',
  vendorText: 'string',
  tagText: 'string',
  partNumbers: 'string',
  vendor: 'enum',
  tags: 'enum[]',
  collections: 'enum[]',
  price: 'number',
  isFeatured: 'boolean',
  avgRating: 'number',
  totalReviews: 'number',
  salesCount: 'number',
} as const;

/** The text fields of a document as Orama indexes them (shared with bench:search-quality). */
export function oramaTextFields(d: SearchDocument) {
  return {
    id: String(d.id),
    sid: d.id,
    title: d.title,
    description: d.description,
    vendorText: d.vendor ?? '',
    tagText: d.tags.map(([, v]) => v).join(' '),
    partNumbers: d.partNumbers.map((p) => `${p} ${normalizePartNumber(p)}`).join(' '),
  };
}

/** Creates the Orama database and inserts the documents in batches. */
export async function buildOrama(docs: readonly SearchDocument[], batch = 1000): Promise<AnyOrama> {
  const db = create({ schema });
  await insertMultiple(db, docs.map((d) => ({
    ...oramaTextFields(d),
    vendor: facetKey(d.vendor ?? ''),
    tags: d.tags.map(([p, v]) => `${facetKey(p)}:${facetKey(v)}`),
    collections: d.collectionIds.map(String),
    price: d.priceCents,
    isFeatured: d.isFeatured,
    avgRating: d.avgRating,
    totalReviews: d.totalReviews,
    salesCount: d.salesCount,
  })), batch);
  return db;
}

const SORT_PROPERTY: Record<string, { property: string; order: 'ASC' | 'DESC' }> = {
  id_asc: { property: 'sid', order: 'ASC' },
  id_desc: { property: 'sid', order: 'DESC' },
  title_asc: { property: 'title', order: 'ASC' },
  title_desc: { property: 'title', order: 'DESC' },
  price_asc: { property: 'price', order: 'ASC' },
  price_desc: { property: 'price', order: 'DESC' },
  top_rated: { property: 'avgRating', order: 'DESC' },
  best_selling: { property: 'salesCount', order: 'DESC' },
};

/** Runs one benchmark query in Orama; returns the number of hits. */
export async function searchOrama(db: AnyOrama, q: IndexQuery): Promise<number> {
  const where: Record<string, unknown> = {};
  if (q.v) where.vendor = { eq: facetKey(q.v) };
  if (q.t?.length) where.tags = { containsAll: q.t.map(([p, v]) => `${facetKey(p)}:${facetKey(v)}`) };
  if (q.c !== undefined) where.collections = { containsAll: [String(q.c)] };
  if (q.minPriceCents !== undefined || q.maxPriceCents !== undefined) {
    where.price = { between: [q.minPriceCents ?? 0, q.maxPriceCents ?? Number.MAX_SAFE_INTEGER] };
  }
  if (q.isFeatured === true) where.isFeatured = true;
  const term = q.q ?? '';
  const sort = q.sortBy ? SORT_PROPERTY[q.sortBy] : term === '' ? SORT_PROPERTY.best_selling : undefined;
  const result = await search(db, {
    term,
    // only with a term: Orama 3 given properties and an empty term expands every word of
    // them (hundreds of ms at 5k documents) where no term means no text filter at all
    ...(term === '' ? {} : { properties: ['title', 'description', 'vendorText', 'tagText', 'partNumbers'] }),
    where,
    ...(sort ? { sortBy: sort } : {}),
    limit: q.limit,
    offset: q.page * q.limit,
    facets: { vendor: { limit: 1000 }, tags: { limit: 5000 } },
  } as never);
  return result.count;
}
