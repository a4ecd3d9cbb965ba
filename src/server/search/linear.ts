/**
 * A search index that scans every document on every query. Slow at scale, but short
 * enough to read in one sitting: it is the reference the fast index is measured against
 * in the benchmark, and a fallback while debugging.
 * @module
 */
import { normalizeQuery, tagKey, type NormalizedQuery } from './query.ts';
import { COMPARATORS, presortedFor } from './sorting.ts';
import {
  FIELD, MIN_PART_NUMBER_PREFIX, PART_NUMBER_TIER, TIER_STEP, facetKey, normalizePartNumber, tokenize, wordScore,
  type WordMatch,
} from './text.ts';
import type { IndexQuery, IndexResult, SearchDocument, SearchIndex } from './types.ts';
import { orderFacets } from './facets.ts';

interface Prepared {
  doc: SearchDocument;
  fields: { mask: number; words: Set<string> }[];
  partNumbers: string[];
  vendorKey: string | null;
  tagKeys: Set<string>;
}

function prepare(doc: SearchDocument): Prepared {
  return {
    doc,
    fields: [
      { mask: FIELD.title, words: new Set(tokenize(doc.title)) },
      { mask: FIELD.vendor, words: new Set(tokenize(doc.vendor ?? '')) },
      { mask: FIELD.tag, words: new Set(doc.tags.flatMap(([, v]) => tokenize(v))) },
      { mask: FIELD.description, words: new Set(tokenize(doc.description)) },
    ],
    partNumbers: doc.partNumbers.map(normalizePartNumber).filter((p) => p !== ''),
    vendorKey: doc.vendor === null || facetKey(doc.vendor) === '' ? null : facetKey(doc.vendor),
    tagKeys: new Set(doc.tags.filter(([p, v]) => facetKey(p) !== '' && facetKey(v) !== '').map(([p, v]) => tagKey(p, v))),
  };
}

function matchWord(p: Prepared, word: string, isLast: boolean): WordMatch {
  let exact = 0;
  let prefix = 0;
  for (const f of p.fields) {
    if (f.words.has(word)) exact |= f.mask;
    if (isLast) for (const w of f.words) if (w.startsWith(word)) { prefix |= f.mask; break; }
  }
  let partNumber: 0 | 1 | 2 = 0;
  if (word.length >= MIN_PART_NUMBER_PREFIX) {
    for (const pn of p.partNumbers) {
      if (pn === word) partNumber = 2;
      else if (partNumber === 0 && pn.startsWith(word)) partNumber = 1;
    }
  }
  return { exact, prefix, partNumber };
}

/** Relevance score of a document for the query words, or -1 when it does not match. */
function scoreText(p: Prepared, nq: NormalizedQuery): number {
  const { words, partNumber } = nq.text;
  let tier: number = PART_NUMBER_TIER.none;
  if (partNumber !== '') {
    for (const pn of p.partNumbers) {
      if (pn === partNumber) tier = PART_NUMBER_TIER.exact;
      else if (tier === PART_NUMBER_TIER.none && pn.startsWith(partNumber)) tier = PART_NUMBER_TIER.prefix;
    }
  }
  let sum = 0;
  let all = true;
  words.forEach((w, i) => {
    const s = wordScore(matchWord(p, w, i === words.length - 1));
    if (s === 0) all = false;
    sum += s;
  });
  return all || tier > 0 ? tier * TIER_STEP + sum : -1;
}

/**
 * Creates the scanning index.
 * @example createLinearSearchIndex(docs).search({ q: 'spx1600', limit: 24, page: 0 })
 */
export function createLinearSearchIndex(docs: Iterable<SearchDocument>): SearchIndex {
  const byId = new Map<number, Prepared>();
  for (const d of docs) byId.set(d.id, prepare(d));

  function search(query: IndexQuery): IndexResult {
    const nq = normalizeQuery(query);
    const all = [...byId.values()].sort((a, b) => a.doc.id - b.doc.id);
    const vendorNames = new Map<string, string>();
    const prefixNames = new Map<string, string>();
    const valueNames = new Map<string, string>();
    for (const p of all) {
      if (p.vendorKey !== null && !vendorNames.has(p.vendorKey)) vendorNames.set(p.vendorKey, p.doc.vendor ?? '');
      for (const [prefix, value] of p.doc.tags) {
        const pk = facetKey(prefix);
        const vk = facetKey(value);
        if (pk === '' || vk === '') continue;
        if (!prefixNames.has(pk)) prefixNames.set(pk, prefix);
        if (!valueNames.has(tagKey(prefix, value))) valueNames.set(tagKey(prefix, value), value);
      }
    }

    const scores = new Map<number, number>();
    const vendorCounts = new Map<string, number>();
    const tagCounts = new Map<string, number>();
    let maxPrice = 0;
    const hits: Prepared[] = [];
    for (const p of all) {
      const d = p.doc;
      if (nq.collectionId !== null && !d.collectionIds.includes(nq.collectionId)) continue;
      if (nq.featuredOnly && !d.isFeatured) continue;
      const score = nq.hasText ? scoreText(p, nq) : 0;
      if (score < 0) continue;
      const priceOk = d.priceCents >= nq.minPriceCents && d.priceCents <= nq.maxPriceCents;
      const vendorOk = nq.vendorKey === null || p.vendorKey === nq.vendorKey;
      const failedTags: string[] = [];
      for (const [prefix, values] of nq.tagGroups) {
        if (![...values].some((v) => p.tagKeys.has(prefix + '\u0000' + v))) failedTags.push(prefix);
      }
      if (vendorOk && failedTags.length === 0) maxPrice = Math.max(maxPrice, d.priceCents);
      if (!priceOk) continue;
      if (failedTags.length === 0 && p.vendorKey !== null) {
        vendorCounts.set(p.vendorKey, (vendorCounts.get(p.vendorKey) ?? 0) + 1);
      }
      if (!vendorOk || failedTags.length > 1) continue;
      for (const key of p.tagKeys) {
        const prefix = key.slice(0, key.indexOf('\u0000'));
        if (failedTags.length === 1 && failedTags[0] !== prefix) continue;
        tagCounts.set(key, (tagCounts.get(key) ?? 0) + 1);
      }
      if (failedTags.length === 0) {
        hits.push(p);
        scores.set(d.id, score);
      }
    }
    const cmp = COMPARATORS[presortedFor(nq.sortBy)];
    hits.sort((a, b) =>
      (nq.sortBy === '' && nq.hasText ? (scores.get(b.doc.id) ?? 0) - (scores.get(a.doc.id) ?? 0) : 0) || cmp(a.doc, b.doc));
    return {
      ids: hits.slice(nq.offset, nq.offset + nq.limit).map((p) => p.doc.id),
      totalObjects: hits.length,
      ...orderFacets(vendorCounts, tagCounts, vendorNames, prefixNames, valueNames),
      productMaxPriceCents: maxPrice,
    };
  }

  return {
    search,
    searchPage(query) {
      const { ids, totalObjects, ...facets } = search(query);
      return { ids, totalObjects, facets };
    },
    upsert(doc) { byId.set(doc.id, prepare(doc)); },
    remove(id) { byId.delete(id); },
    get size() { return byId.size; },
  };
}
