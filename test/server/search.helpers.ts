/**
 * Fixtures for the search tests: a document factory, fast-check arbitraries of small
 * catalogues and queries with many collisions (shared words, part numbers in several
 * spellings, equal prices and sales), and a brute-force oracle written plainly.
 */
import fc from 'fast-check';
import type { SortBy } from '../../src/domain/entities.ts';
import {
  MIN_PART_NUMBER_PREFIX, compareTitles, facetKey, normalizePartNumber, parseQueryText, tokenize,
} from '../../src/server/search/text.ts';
import type { IndexQuery, IndexResult, SearchDocument } from '../../src/server/search/types.ts';

/** A document with harmless defaults. */
export function doc(over: Partial<SearchDocument> & { id: number }): SearchDocument {
  return {
    title: `Product ${over.id}`,
    description: '',
    vendor: null,
    partNumbers: [],
    tags: [],
    collectionIds: [],
    priceCents: 1000,
    isFeatured: false,
    avgRating: 0,
    totalReviews: 0,
    salesCount: 0,
    ...over,
  };
}

/** A query with the paging every test needs. */
export function query(over: Partial<IndexQuery> = {}): IndexQuery {
  return { limit: 100, page: 0, ...over };
}

const WORDS = ['pump', 'pumps', 'filter', 'pool', 'spa', 'hay', 'hayward', 'o-ring', 'Pümp', 'for', 'the', 'heater', '1600', 'cartridge'];
const PART_NUMBERS = ['SPX-1600-S', 'spx 1600 s', 'SPX1600', 'SPX-16', 'AB-12', 'ab12x', 'C-900', 'c9001', 'R0-44'];
const VENDORS = ['Hayward', 'hayward', 'Pentair', 'Zodiac', ' Pentair ', ''];
const PREFIXES = ['Brand', 'Horsepower', 'horsepower', 'Voltage'];
const VALUES = ['1', '1.5', '115V', '115v', 'Yes', ''];
/** All nine sorts, the spec's parameter values. */
export const ALL_SORTS: SortBy[] = ['', 'id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc', 'top_rated', 'best_selling'];

const text = (maxWords: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...WORDS), { maxLength: maxWords }).map((w) => w.join(' '));

/** Documents for one id. */
export const documentArb = (id: number): fc.Arbitrary<SearchDocument> =>
  fc.record({
    title: text(4),
    description: text(6),
    vendor: fc.option(fc.constantFrom(...VENDORS), { nil: null }),
    partNumbers: fc.array(fc.constantFrom(...PART_NUMBERS), { maxLength: 2 }),
    tags: fc.array(fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...VALUES)), { maxLength: 3 }),
    collectionIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
    priceCents: fc.constantFrom(0, 100, 250, 999, 1000),
    isFeatured: fc.boolean(),
    avgRating: fc.constantFrom(0, 3.5, 4, 5),
    totalReviews: fc.integer({ min: 0, max: 3 }),
    salesCount: fc.integer({ min: 0, max: 4 }),
  }).map((r) => ({ id, ...r }));

/** A small catalogue with unique ids. */
export const catalogueArb: fc.Arbitrary<SearchDocument[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 40 })
  .chain((ids) => fc.tuple(...ids.map(documentArb)));

/** Queries that hit the catalogues above often. */
export const queryArb: fc.Arbitrary<IndexQuery> = fc.record({
  q: fc.option(fc.oneof(
    text(3),
    fc.constantFrom('pu', 'pum', 'hay pum', 'spx1600', 'SPX 1600', 'spx-16', 'SPX1600S', 'ab12', 'c900', 'r0', 'filter spx', '  ', '--', 'the for'),
  ), { nil: undefined }),
  v: fc.option(fc.constantFrom('Hayward', 'HAYWARD', 'pentair', 'Nobody', ' '), { nil: undefined }),
  t: fc.option(fc.array(fc.tuple(fc.constantFrom(...PREFIXES, 'Unknown'), fc.constantFrom(...VALUES, 'Nope')), { maxLength: 3 }), { nil: undefined }),
  c: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  minPriceCents: fc.option(fc.constantFrom(0, 100, 250, 999), { nil: undefined }),
  maxPriceCents: fc.option(fc.constantFrom(0, 100, 999, 1000), { nil: undefined }),
  isFeatured: fc.option(fc.boolean(), { nil: undefined }),
  sortBy: fc.option(fc.constantFrom(...ALL_SORTS), { nil: undefined }),
  limit: fc.integer({ min: 0, max: 8 }),
  page: fc.integer({ min: 0, max: 4 }),
}, { requiredKeys: ['limit', 'page'] });

/**
 * The brute-force answer: every rule of the index written as directly as possible, over
 * the documents in id order.
 */
export function oracleSearch(docs: readonly SearchDocument[], q: IndexQuery): IndexResult {
  const sorted = [...docs].sort((a, b) => a.id - b.id);
  const { words, partNumber } = parseQueryText(q.q);
  const hasText = words.length > 0;
  const vendorWanted = q.v === undefined || facetKey(q.v) === '' ? null : facetKey(q.v);
  const groups = new Map<string, string[]>();
  for (const [p, v] of q.t ?? []) {
    if (facetKey(p) === '' || facetKey(v) === '') continue;
    groups.set(facetKey(p), [...(groups.get(facetKey(p)) ?? []), facetKey(v)]);
  }
  const min = q.minPriceCents ?? -Infinity;
  const max = q.maxPriceCents ?? Infinity;
  const limit = Math.max(0, Math.floor(q.limit));
  const offset = Math.max(0, Math.floor(q.page)) * limit;

  const tagsOf = (d: SearchDocument): [string, string][] =>
    d.tags.filter(([p, v]) => facetKey(p) !== '' && facetKey(v) !== '').map(([p, v]) => [facetKey(p), facetKey(v)]);
  const vendorOf = (d: SearchDocument): string | null => (d.vendor === null || facetKey(d.vendor) === '' ? null : facetKey(d.vendor));

  const score = (d: SearchDocument): number => {
    const pns = d.partNumbers.map(normalizePartNumber).filter((p) => p !== '');
    let tier = 0;
    if (partNumber !== '' && pns.some((p) => p.startsWith(partNumber))) tier = pns.includes(partNumber) ? 2 : 1;
    const fields: [number, string[]][] = [
      [8, tokenize(d.title)], [4, tokenize(d.vendor ?? '')], [2, d.tags.flatMap(([, v]) => tokenize(v))], [1, tokenize(d.description)],
    ];
    let sum = 0;
    let all = true;
    words.forEach((w, i) => {
      let best = 0;
      for (const [weight, ws] of fields) {
        if (ws.includes(w)) best = Math.max(best, weight * 2);
        if (i === words.length - 1 && ws.some((x) => x.startsWith(w))) best = Math.max(best, weight);
      }
      if (w.length >= MIN_PART_NUMBER_PREFIX) {
        if (pns.includes(w)) best = Math.max(best, 12);
        else if (pns.some((p) => p.startsWith(w))) best = Math.max(best, 6);
      }
      if (best === 0) all = false;
      sum += best;
    });
    return all || tier > 0 ? tier * 1024 + sum : -1;
  };

  type Row = { d: SearchDocument; score: number; price: boolean; vendor: boolean; failed: string[] };
  const rows: Row[] = [];
  for (const d of sorted) {
    if (q.c !== undefined && !d.collectionIds.includes(q.c)) continue;
    if (q.isFeatured === true && !d.isFeatured) continue;
    const s = hasText ? score(d) : 0;
    if (s < 0) continue;
    const tags = tagsOf(d);
    const failed = [...groups].filter(([p, values]) => !tags.some(([tp, tv]) => tp === p && values.includes(tv))).map(([p]) => p);
    rows.push({
      d, score: s, price: d.priceCents >= min && d.priceCents <= max,
      vendor: vendorWanted === null || vendorOf(d) === vendorWanted, failed,
    });
  }
  const hits = rows.filter((r) => r.price && r.vendor && r.failed.length === 0);

  const cmp: Record<Exclude<SortBy, ''>, (a: SearchDocument, b: SearchDocument) => number> = {
    id_asc: (a, b) => a.id - b.id,
    id_desc: (a, b) => b.id - a.id,
    title_asc: (a, b) => compareTitles(a.title, b.title) || a.id - b.id,
    title_desc: (a, b) => compareTitles(b.title, a.title) || a.id - b.id,
    price_asc: (a, b) => a.priceCents - b.priceCents || a.id - b.id,
    price_desc: (a, b) => b.priceCents - a.priceCents || a.id - b.id,
    top_rated: (a, b) => b.avgRating - a.avgRating || b.totalReviews - a.totalReviews || a.id - b.id,
    best_selling: (a, b) => b.salesCount - a.salesCount || a.id - b.id,
  };
  const sortBy = q.sortBy ?? '';
  hits.sort((a, b) => sortBy === ''
    ? (hasText ? b.score - a.score : 0) || cmp.best_selling(a.d, b.d)
    : cmp[sortBy](a.d, b.d));

  // display names: the spelling of the lowest-id document
  const vendorName = (key: string): string => sorted.find((d) => vendorOf(d) === key)?.vendor ?? '';
  const prefixName = (key: string): string =>
    sorted.flatMap((d) => d.tags).find(([p, v]) => facetKey(p) === key && facetKey(v) !== '')?.[0] ?? '';
  const valueName = (pk: string, vk: string): string =>
    sorted.flatMap((d) => d.tags).find(([p, v]) => facetKey(p) === pk && facetKey(v) === vk)?.[1] ?? '';

  const vendorCounts = new Map<string, number>();
  for (const r of rows) {
    const key = vendorOf(r.d);
    if (r.price && r.failed.length === 0 && key !== null) vendorCounts.set(key, (vendorCounts.get(key) ?? 0) + 1);
  }
  const tagCounts = new Map<string, number>();
  for (const r of rows) {
    if (!r.price || !r.vendor || r.failed.length > 1) continue;
    for (const [p, v] of new Map(tagsOf(r.d).map(([p, v]) => [`${p}\u0000${v}`, [p, v] as const])).values()) {
      if (r.failed.length === 1 && r.failed[0] !== p) continue;
      tagCounts.set(`${p}\u0000${v}`, (tagCounts.get(`${p}\u0000${v}`) ?? 0) + 1);
    }
  }
  const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const tagList = [...tagCounts].map(([key, n]) => ({ p: key.split('\u0000')[0] ?? '', v: key.split('\u0000')[1] ?? '', n }))
    .sort((a, b) => byKey(a.p, b.p) || b.n - a.n || byKey(a.v, b.v));

  return {
    ids: hits.slice(offset, offset + limit).map((r) => r.d.id),
    totalObjects: hits.length,
    availableTagPrefixes: [...new Set(tagList.map((t) => t.p))].map((p) => ({ tagPrefixValue: prefixName(p) })),
    availableTagFilters: tagList.map((t) => ({ tagPrefix: prefixName(t.p), tagValue: valueName(t.p, t.v), tagCount: t.n })),
    availableVendors: [...vendorCounts].sort((a, b) => b[1] - a[1] || byKey(a[0], b[0])).map(([k, n]) => ({ vendor: vendorName(k), vendorCount: n })),
    productMaxPriceCents: Math.max(0, ...rows.filter((r) => r.vendor && r.failed.length === 0).map((r) => r.d.priceCents)),
  };
}
