/**
 * The fixed, seeded query mix of the search benchmark, drawn from the catalogue itself so
 * every kind of query finds something: keywords (whole and as-you-type), part numbers in
 * the spellings buyers type, vendor and tag filters, price ranges, collections, featured,
 * all nine sorts, deep pages, and broad queries with huge match sets.
 */
import type { SortBy } from '../src/domain/entities.ts';
import { SORTS, normalizePartNumber, tokenize } from '../src/server/modules/search/text.ts';
import type { IndexQuery, SearchDocument } from '../src/server/modules/search/types.ts';
import { mulberry32 } from '../src/server/platform/random/prng.ts';

/** A labelled benchmark query. */
export interface BenchQuery {
  kind: string;
  query: IndexQuery;
}

/**
 * Builds `count` queries from the documents with the given seed.
 * @default count 1200
 */
export function buildQueryMix(docs: readonly SearchDocument[], count = 1200, seed = 42): BenchQuery[] {
  // the server's one seeded generator (src/server/platform/random/prng.ts), so the mix is the same on every run
  const rnd = mulberry32(seed).next;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const doc = (): SearchDocument => pick(docs);
  const sort = (): SortBy => pick(SORTS);
  const limit = (): number => pick([8, 16, 24, 24, 24, 48, 64, 76]);
  const titleWords = (d: SearchDocument): string[] => tokenize(d.title).filter((w) => w.length > 2);
  const collections = [...new Set(docs.flatMap((d) => d.collectionIds))];
  const out: BenchQuery[] = [];
  const kinds: [string, number, () => IndexQuery][] = [
    ['keyword', 20, () => {
      const ws = titleWords(doc());
      const n = 1 + Math.floor(rnd() * Math.min(2, ws.length));
      const start = Math.floor(rnd() * Math.max(1, ws.length - n + 1));
      return { q: ws.slice(start, start + n).join(' ') || 'pump', sortBy: rnd() < 0.6 ? '' : sort(), limit: limit(), page: 0 };
    }],
    ['as-you-type', 10, () => {
      const ws = titleWords(doc());
      const w = ws[Math.floor(rnd() * ws.length)] ?? 'pump';
      return { q: w.slice(0, Math.max(3, Math.ceil(w.length * rnd()))), sortBy: '', limit: 4, page: 0 };
    }],
    ['part number', 15, () => {
      const d = doc();
      const pn = d.partNumbers[0] ?? 'SPX';
      const n = normalizePartNumber(pn);
      const form = pick([pn, pn.toLowerCase(), n, pn.replace(/[-\s]+/g, ' '), n.slice(0, Math.max(3, n.length - 3))]);
      return { q: form, sortBy: '', limit: limit(), page: 0 };
    }],
    ['vendor', 10, () => ({ v: doc().vendor ?? '', q: rnd() < 0.4 ? pick(titleWords(doc())) : undefined, sortBy: sort(), limit: limit(), page: Math.floor(rnd() * 3) })],
    ['tags', 10, () => {
      const d = doc();
      const t = d.tags.slice(0, 1 + Math.floor(rnd() * 2));
      return { t, v: rnd() < 0.3 ? d.vendor ?? undefined : undefined, sortBy: sort(), limit: limit(), page: 0 };
    }],
    ['price range', 8, () => {
      const lo = Math.floor(rnd() * 50000);
      return { minPriceCents: lo, maxPriceCents: lo + Math.floor(rnd() * 100000), q: rnd() < 0.5 ? pick(titleWords(doc())) : undefined, sortBy: sort(), limit: limit(), page: 0 };
    }],
    ['collection', 10, () => ({ c: pick(collections), sortBy: sort(), limit: limit(), page: Math.floor(rnd() * 5), isFeatured: rnd() < 0.1 ? true : undefined })],
    ['deep page', 7, () => ({ sortBy: sort(), limit: 24, page: 100 + Math.floor(rnd() * 2000), q: rnd() < 0.3 ? pick(titleWords(doc())) : undefined })],
    ['broad', 10, () => pick<IndexQuery>([
      { sortBy: sort(), limit: 24, page: 0 },
      { q: pick(['pump', 'filter', 'pool', 'spa', 'replacement', 'kit']), sortBy: '', limit: 24, page: 0 },
      { q: pick(['pump', 'pool', 'cartridge']), sortBy: sort(), limit: 48, page: Math.floor(rnd() * 20) },
      { isFeatured: true, sortBy: pick<SortBy>(['best_selling', 'id_desc']), limit: 4, page: 0 },
      { minPriceCents: 0, maxPriceCents: 10_000_000, sortBy: 'price_asc', limit: 24, page: 0 },
    ])],
  ];
  const total = kinds.reduce((s, [, w]) => s + w, 0);
  for (let i = 0; i < count; i++) {
    let r = rnd() * total;
    const kind = kinds.find(([, w]) => (r -= w) < 0) ?? kinds[0]!;
    out.push({ kind: kind[0], query: kind[2]() });
  }
  return out;
}

/** The query as the storefront sends it to GET /api/products/filter (decimal prices, 'prefix,value' tags). */
export function toFilterUrl(q: IndexQuery): string {
  const p = new URLSearchParams();
  if (q.q !== undefined) p.set('q', q.q);
  if (q.v !== undefined) p.set('v', q.v);
  for (const [prefix, value] of q.t ?? []) p.append('t', `${prefix},${value}`);
  if (q.minPriceCents !== undefined) p.set('minPrice', String(q.minPriceCents / 100));
  if (q.maxPriceCents !== undefined) p.set('maxPrice', String(q.maxPriceCents / 100));
  if (q.sortBy) p.set('sortBy', q.sortBy);
  if (q.c !== undefined) p.set('c', String(q.c));
  if (q.isFeatured !== undefined) p.set('isFeatured', String(q.isFeatured));
  p.set('limit', String(Math.min(q.limit, 100)));
  p.set('page', String(q.page));
  return `/api/products/filter?${p.toString()}`;
}
