/**
 * Fixtures for the search tests: a document factory, fast-check arbitraries of small
 * catalogues and queries with many collisions (shared words, part numbers in several
 * spellings, equal prices and sales), and a brute-force oracle written plainly.
 */
import fc from 'fast-check';
import type { SortBy } from '../../../../src/domain/entities.ts';
import {
  GENERIC_WORDS, MIN_PART_NUMBER_PREFIX, TYPE_TAG_PREFIXES, UNIT_WORDS, compareTitles, facetKey, normalizePartNumber, parseQueryText, partNumberKeys, tokenize,
} from '../../../../src/server/modules/search/text.ts';
import { Synonyms, documentWords, matchKind, wordRules } from '../../../../src/server/modules/search/words.ts';
import type { IndexQuery, IndexResult, SearchDocument } from '../../../../src/server/modules/search/types.ts';

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

const WORDS = [
  'pump', 'pumps', 'filter', 'pool', 'spa', 'hay', 'hayward', 'o-ring', 'Pümp', 'for', 'the', 'heater', '1600', 'cartridge',
  // word forms, typos, joined and split words, synonyms (SYNONYM_GROUPS)
  'filters', 'heatr', 'heaters', 'oring', 'o', 'ring', 'tabs', 'tablets', 'robot', 'robotic', 'flow-through', 'flowthrough',
  'salt', 'system', 'chlorinator', 'gasket', 'cartrige', 'batteries', 'battery',
  // the shopper's words: fillers, trade synonyms, joined words, numbers with units, typos of short words
  'pool', 'my', 'spa', 'hot', 'tub', 'igniter', 'heater', 'weir', 'light', 'sand', 'years', 'chlorinating', 'ph', 'decreaser',
  'non-chlorine', 'shock', 'variable', 'speed', 'kit', '0.75', 'HP', '400,000', 'BTU', '1-1/2"', "16' x 32'",
];
const ATTRIBUTES = ['400,000 BTU', '1.5"', "16' x 32'", '0.75 HP', 'up to 20,000 gal'];
const COLLECTIONS = ['Spa Jets', 'Cleaner Tracks', 'Pumps'];
/** The synonyms the oracle tests give every index (and the oracle). */
export const SYNONYM_GROUPS: string[][] = [['tabs', 'tablets'], ['robot', 'robotic'], ['chlorinator', 'salt system'], ['o-ring', 'gasket']];
const PART_NUMBERS = ['SPX-1600-S', 'spx 1600 s', 'SPX1600', 'SPX-16', 'AB-12', 'ab12x', 'C-900', 'c9001', 'R0-44', 'HAY-3915H', 'AQC391500'];
const VENDORS = ['Hayward', 'hayward', 'Pentair', 'Zodiac', ' Pentair ', ''];
const PREFIXES = ['Brand', 'Horsepower', 'horsepower', 'Voltage', 'Part Type'];
const VALUES = ['1', '1.5', '115V', '115v', 'Yes', '', 'Pumps', 'O-Ring', 'Heater Part'];
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
    attributes: fc.array(fc.constantFrom(...ATTRIBUTES), { maxLength: 2 }),
    collections: fc.array(fc.constantFrom(...COLLECTIONS), { maxLength: 2 }),
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
    fc.constantFrom('pu', 'pum', 'hay pum', 'spx1600', 'SPX 1600', 'spx-16', 'SPX1600S', 'ab12', 'c900', 'r0', 'filter spx', '  ', '--', 'the for',
      'pumps', 'heatr', 'o ring', 'oring', 'salt system', 'chlorine tabs', 'filtr pump', 'flow through', 'heaterz pumps', 'gaskets',
      'igniter for pool heater', 'new pump for my pool', 'hottub', 'hot tub kit', 'pool vaccum', 'muriatic acid', 'vsp', 'mps',
      '3/4 hp', '.75hp', '400k btu', '1.5in', '16x32', 'sandfilter', 'wier', 'lite', 'bearing', 'clorinator', '3915h', 'spx3915',
      'jets', 'tracks', 'kit zzzz', 'weir zzzz light'),
  ), { nil: undefined }),
  v: fc.option(fc.constantFrom('Hayward', 'HAYWARD', 'pentair', 'Nobody', ' '), { nil: undefined }),
  t: fc.option(fc.array(fc.tuple(fc.constantFrom(...PREFIXES, 'Unknown'), fc.constantFrom(...VALUES, 'Nope')), { maxLength: 3 }), { nil: undefined }),
  c: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  minPriceCents: fc.option(fc.constantFrom(0, 100, 250, 999), { nil: undefined }),
  maxPriceCents: fc.option(fc.constantFrom(0, 100, 999, 1000), { nil: undefined }),
  isFeatured: fc.option(fc.boolean(), { nil: undefined }),
  // one to three equipment models' fitment lists (ascending ids, some unknown to the catalogue)
  fits: fc.option(fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 40 }).map((ids) => ids.sort((a, b) => a - b)), { minLength: 1, maxLength: 3 }), { nil: undefined, freq: 2 }),
  sortBy: fc.option(fc.constantFrom(...ALL_SORTS), { nil: undefined }),
  limit: fc.integer({ min: 0, max: 8 }),
  page: fc.integer({ min: 0, max: 4 }),
}, { requiredKeys: ['limit', 'page'] });

/**
 * The brute-force answer: every rule of the index written as directly as possible, over
 * the documents in id order.
 */
export function oracleSearch(docs: readonly SearchDocument[], q: IndexQuery, synonyms: Synonyms = Synonyms.none): IndexResult {
  const sorted = [...docs].sort((a, b) => a.id - b.id);
  const { words, partNumber, head } = parseQueryText(q.q);
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

  // each word: its best field (type 5, title 4, vendor 3, tag 2, description 1) and kind
  // (exact 5, variant 4, synonym 3, prefix 2, typo 1) as (field - 1) * 6 + kind; part numbers 18 / 12;
  // a typo in the description only is no match
  // a word some document holds as typed gets no typo
  const known = (w: string): boolean => docs.some((d) =>
    [d.title, d.vendor ?? '', d.description, ...(d.attributes ?? []), ...(d.collections ?? []), ...d.tags.map(([, v]) => v)]
      .some((text) => documentWords(text, synonyms).includes(w))
    // a product type of several words is indexed joined too ('heatpump')
    || d.tags.some(([p, v]) => TYPE_TAG_PREFIXES.has(facetKey(p)) && tokenize(v).join('') === w));
  const rules = wordRules(words, synonyms, known);
  // the kind of each (rule, word) pair once: the rules are plain, only slow
  const kinds = new Map<string, number>();
  const kindOf = (rule: (typeof rules)[number], w: string): number => {
    const key = `${rule.word}\u0000${w}`;
    let k = kinds.get(key);
    if (k === undefined) kinds.set(key, (k = matchKind(rule, w)));
    return k;
  };
  // the vendor's name written in the title counts as the vendor only
  const titleWords = (d: SearchDocument): string[] => {
    const words = documentWords(d.title, synonyms).join(' ');
    const vendor = tokenize(d.vendor ?? '').join(' ');
    if (vendor === '') return words.split(' ').filter(Boolean);
    const at = ` ${words} `.indexOf(` ${vendor} `);
    return (at < 0 ? words : words.slice(0, at) + words.slice(at + vendor.length)).split(' ').filter(Boolean);
  };
  const wordScores = (d: SearchDocument): number[] => {
    const pns = d.partNumbers.map(normalizePartNumber).filter((p) => p !== '').flatMap(partNumberKeys);
    const fields: [number, string[]][] = [
      [4, titleWords(d)], [3, documentWords(d.vendor ?? '', synonyms)], [1, documentWords(d.description, synonyms)],
      ...[...(d.attributes ?? []), ...(d.collections ?? [])].map((text): [number, string[]] => [2, documentWords(text, synonyms)]),
      ...d.tags.flatMap(([p, v]): [number, string[]][] => {
        const words = documentWords(v, synonyms);
        if (!TYPE_TAG_PREFIXES.has(facetKey(p))) return [[2, words]];
        // a product type of one word ranks by it; of several, by its words joined, or another
        // joined word ending with its last ('O-Ring': 'oring'; 'Heat Pump': 'heatpump', not 'pump')
        const tokens = tokenize(v);
        const last = tokens.at(-1) ?? '';
        if (tokens.length > 1 && !words.includes(tokens.join(''))) words.push(tokens.join(''));
        const head = words.filter((w) => (tokens.length === 1 ? w === last : !tokens.includes(w) && w.length > last.length && w.endsWith(last)));
        return [[5, head], [2, words.filter((w) => !head.includes(w))]];
      }),
    ];
    return rules.map((rule) => {
      let best = 0;
      for (const [rank, ws] of fields) for (const w of ws) { const k = kindOf(rule, w); if (k > 0 && !(k === 1 && rank === 1)) best = Math.max(best, (rank - 1) * 6 + k); }
      if (rule.word.length >= MIN_PART_NUMBER_PREFIX) {
        if (pns.includes(rule.word)) best = Math.max(best, 18);
        else if (pns.some((p) => p.startsWith(rule.word))) best = Math.max(best, 12);
      }
      return best;
    });
  };
  const tierOf = (d: SearchDocument): number => {
    const pns = d.partNumbers.map(normalizePartNumber).filter((p) => p !== '').flatMap(partNumberKeys);
    return partNumber !== '' && pns.some((p) => p.startsWith(partNumber)) ? (pns.includes(partNumber) ? 2 : 1) : 0;
  };
  // every word must match; when no candidate (collection, featured) matches them all, nor a
  // part number, the candidates matching the most words answer instead (relaxed)
  // fits (issue 15): a product must be in one of the fitment lists, like c for every facet
  const fitting = q.fits === undefined ? null : new Set(q.fits.flatMap((list) => [...list]));
  const fits = (d: SearchDocument): boolean => fitting === null || fitting.has(d.id);
  const candidates = sorted.filter((d) => (q.c === undefined || d.collectionIds.includes(q.c)) && (q.isFeatured !== true || d.isFeatured) && fits(d));
  const matchedOf = new Map(candidates.map((d) => [d.id, wordScores(d)]));
  // the words a document matches, as a set of positions
  const matched = (d: SearchDocument): Set<number> => new Set((matchedOf.get(d.id) ?? []).flatMap((x, i) => (x > 0 ? [i] : [])));
  let need: Set<number> | null = words.length > 0 ? new Set(words.map((_, i) => i)) : null;
  let relaxed = false;
  if (hasText && words.length > 1 && !candidates.some((d) => tierOf(d) > 0 || matched(d).size === words.length)) {
    // the commonest words dropped first (words matching nothing before all; of two as common,
    // the later), until some candidate matches the rest; never resting on generic words only
    const count = (i: number): number => candidates.filter((d) => matched(d).has(i)).length;
    // the product noun and numbers are never dropped, and when one of them matches nothing there is no answer
    const kept = (i: number): boolean => i === head || !/^\p{L}+$/u.test(words[i]!) || UNIT_WORDS.has(words[i]!);
    const droppable = words.map((_, i) => i).filter((i) => !kept(i));
    const order = droppable.sort((a, b) => Number(count(b) === 0) - Number(count(a) === 0) || count(b) - count(a) || b - a);
    need = null;
    const hopeless = words.some((_, i) => kept(i) && count(i) === 0);
    for (let k = 1; k <= order.length && k < words.length && need === null && !hopeless; k++) {
      const rest = new Set(words.map((_, i) => i).filter((i) => !order.slice(0, k).includes(i)));
      if ([...rest].every((i) => GENERIC_WORDS.has(words[i]!) || !/\p{L}/u.test(words[i]!))) break;
      if (candidates.some((d) => [...rest].every((i) => matched(d).has(i)))) need = rest;
    }
    relaxed = need !== null;
  }
  const score = (d: SearchDocument): number => {
    const tier = tierOf(d);
    // the product noun counts twice
    const sum = (matchedOf.get(d.id) ?? []).reduce((a, b, i) => a + (i === head ? 2 * b : b), 0);
    const has = matched(d);
    return tier > 0 || (need !== null && [...need].every((i) => has.has(i))) ? tier * 1024 + sum : -1;
  };

  type Row = { d: SearchDocument; score: number; price: boolean; vendor: boolean; failed: string[] };
  const rows: Row[] = [];
  for (const d of sorted) {
    if (q.c !== undefined && !d.collectionIds.includes(q.c)) continue;
    if (q.isFeatured === true && !d.isFeatured) continue;
    if (!fits(d)) continue;
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
    relaxed,
  };
}
