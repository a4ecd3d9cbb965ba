/**
 * A search index that scans every document on every query. Slow at scale, but short
 * enough to read in one sitting: it is the reference the fast index is measured against
 * in the benchmark, and a fallback while debugging.
 * @module
 */
import { readModelNumber } from './models.ts';
import { indexedPriceCents, normalizeQuery, tagKey, type NormalizedQuery } from './query.ts';
import { COMPARATORS, presortedFor } from './sorting.ts';
import {
  MIN_PART_NUMBER_PREFIX, PART_NUMBER_TIER, TIER_STEP, facetKey, normalizePartNumber, partNumberKeys, wordScore,
  type WordMatch,
} from './text.ts';
import type { IndexQuery, IndexResult, SearchDocument, SearchIndex, SearchIndexOptions } from './types.ts';
import { orderFacets } from './facets.ts';
import { KIND, Synonyms, documentFields, matchKind, relaxedWords, wordRules, type WordRule } from './words.ts';

interface Prepared {
  doc: SearchDocument;
  fields: { mask: number; words: Set<string> }[];
  partNumbers: string[];
  vendorKey: string | null;
  tagKeys: Set<string>;
}

function prepare(doc: SearchDocument, synonyms: Synonyms, extra: readonly string[]): Prepared {
  return {
    // filters, sorts and the highest price read the price it is compared by (call for price: none)
    doc: { ...doc, priceCents: indexedPriceCents(doc) },
    fields: documentFields(doc, synonyms).map(([mask, words]) => ({ mask, words: new Set(words) })),
    partNumbers: [...new Set([...doc.partNumbers, ...extra].map(normalizePartNumber).filter((p) => p !== '').flatMap(partNumberKeys))],
    vendorKey: doc.vendor === null || facetKey(doc.vendor) === '' ? null : facetKey(doc.vendor),
    tagKeys: new Set(doc.tags.filter(([p, v]) => facetKey(p) !== '' && facetKey(v) !== '').map(([p, v]) => tagKey(p, v))),
  };
}

/** Match kinds by rule and document word, for the query being answered (rules are made per query). */
const kinds = new WeakMap<WordRule, Map<string, number>>();

function matchWord(p: Prepared, rule: WordRule): WordMatch {
  const masks = [0, 0, 0, 0, 0, 0];
  for (const f of p.fields) {
    for (const w of f.words) {
      let kind = kinds.get(rule)?.get(w);
      if (kind === undefined) {
        kind = matchKind(rule, w);
        let known = kinds.get(rule);
        if (known === undefined) kinds.set(rule, (known = new Map()));
        known.set(w, kind);
      }
      masks[kind] = (masks[kind] ?? 0) | f.mask;
    }
  }
  const word = rule.word;
  let partNumber: 0 | 1 | 2 = 0;
  if (word.length >= MIN_PART_NUMBER_PREFIX) {
    for (const pn of p.partNumbers) {
      if (pn === word) partNumber = 2;
      else if (partNumber === 0 && pn.startsWith(word)) partNumber = 1;
    }
  }
  return {
    exact: masks[KIND.exact]!, variant: masks[KIND.variant]!, synonym: masks[KIND.synonym]!, prefix: masks[KIND.prefix]!, typo: masks[KIND.typo]!, partNumber,
  };
}

/** A document's text match: its part-number tier, the sum of its word scores and how many words matched. */
function scoreText(p: Prepared, nq: NormalizedQuery, rules: readonly WordRule[]): { tier: number; sum: number; matched: number } {
  // matched: a bitmask of the words the document matches (bit i: word i)
  const { partNumber } = nq.text;
  let tier: number = PART_NUMBER_TIER.none;
  if (partNumber !== '') {
    for (const pn of p.partNumbers) {
      if (pn === partNumber) tier = PART_NUMBER_TIER.exact;
      else if (tier === PART_NUMBER_TIER.none && pn.startsWith(partNumber)) tier = PART_NUMBER_TIER.prefix;
    }
  }
  let sum = 0;
  let matched = 0;
  for (const rule of rules) {
    const s = wordScore(matchWord(p, rule));
    const i = rules.indexOf(rule);
    if (s > 0) matched |= 1 << i;
    // the product noun counts twice (ParsedQueryText.head)
    sum += i === nq.text.head ? 2 * s : s;
  }
  return { tier, sum, matched };
}

/**
 * Creates the scanning index.
 * @example createLinearSearchIndex(docs).search({ q: 'spx1600', limit: 24, page: 0 })
 */
export function createLinearSearchIndex(docs: Iterable<SearchDocument>, options: SearchIndexOptions = {}): SearchIndex {
  const synonyms = Synonyms.withTrade(options.synonyms ?? []);
  const extraOf = options.extraPartNumbers ?? (() => []);
  const byId = new Map<number, Prepared>();
  for (const d of docs) byId.set(d.id, prepare(d, synonyms, extraOf(d.id)));

  function search(query: IndexQuery): IndexResult {
    // a model number beside other words: those words among its parts (models.ts)
    const nq = normalizeQuery(readModelNumber(query, options.modelFits).query);
    const fitting = nq.fits === null ? null : new Set(nq.fits.flatMap((list) => [...list]));
    const everyDoc = [...byId.values()].sort((a, b) => a.doc.id - b.doc.id);
    // the fits filter narrows the candidates like c; facet names keep every document's spellings
    const all = fitting === null ? everyDoc : everyDoc.filter((p) => fitting.has(p.doc.id));
    const vendorNames = new Map<string, string>();
    const prefixNames = new Map<string, string>();
    const valueNames = new Map<string, string>();
    for (const p of everyDoc) {
      if (p.vendorKey !== null && !vendorNames.has(p.vendorKey)) vendorNames.set(p.vendorKey, p.doc.vendor ?? '');
      for (const [prefix, value] of p.doc.tags) {
        const pk = facetKey(prefix);
        const vk = facetKey(value);
        if (pk === '' || vk === '') continue;
        if (!prefixNames.has(pk)) prefixNames.set(pk, prefix);
        if (!valueNames.has(tagKey(prefix, value))) valueNames.set(tagKey(prefix, value), value);
      }
    }

    // the text match first: every word must match, unless no candidate matches them all
    // (then the candidates matching the most words answer, relaxed)
    // a word a live document holds is no typo (wordRules)
    const rules = wordRules(nq.text.words, synonyms, (w) => [...byId.values()].some((p) => p.fields.some((f) => f.words.has(w))));
    const textScores = new Map<number, number>();
    let relaxed = false;
    if (nq.hasText) {
      const found: { p: Prepared; tier: number; sum: number; matched: number }[] = [];
      for (const p of all) {
        if (nq.collectionId !== null && !p.doc.collectionIds.includes(nq.collectionId)) continue;
        if (nq.featuredOnly && !p.doc.isFeatured) continue;
        found.push({ p, ...scoreText(p, nq, rules) });
      }
      // every word; else the commonest words dropped until some candidate matches the rest (relaxedWords)
      const every = rules.length >= 32 ? -1 : (1 << rules.length) - 1;
      let need = rules.length > 0 ? every : -1;
      if (rules.length > 1 && !found.some((f) => f.tier > 0 || f.matched === every)) {
        const counts = rules.map((_, i) => found.filter((f) => (f.matched & (1 << i)) !== 0).length);
        need = relaxedWords(rules.map((r) => r.word), counts, nq.text.head).find((m) => found.some((f) => (f.matched & m) === m)) ?? -1;
        relaxed = need !== -1;
      }
      for (const f of found) {
        if (f.tier > 0 || (need !== -1 && (f.matched & need) === need)) textScores.set(f.p.doc.id, f.tier * TIER_STEP + f.sum);
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
      const score = nq.hasText ? textScores.get(d.id) ?? -1 : 0;
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
      relaxed,
    };
  }

  return {
    search,
    searchPage(query) {
      const { ids, totalObjects, relaxed, ...facets } = search(query);
      return { ids, totalObjects, relaxed, facets };
    },
    upsert(doc) { byId.set(doc.id, prepare(doc, synonyms, extraOf(doc.id))); },
    remove(id) { byId.delete(id); },
    get size() { return byId.size; },
  };
}
