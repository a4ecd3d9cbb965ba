/**
 * The facets of an answer: vendor and tag counts and the highest price, disjunctive (each
 * filtered facet counts over the candidates passing every other filter; see IndexResult).
 * Counting goes per document for small sets and by popcounts of intersections for large
 * ones; a set holding most of the catalogue is counted through its complement. The max price
 * is the first member met walking the price order down. Answers are memoised by the words and
 * filters they depend on (not the sort or page) until the next write, and shared frozen.
 * @module
 */
import { orderFacets } from '../facets.ts';
import type { NormalizedQuery } from '../query.ts';
import type { IndexFacets } from '../types.ts';
import { andInto, countAnd, countBits } from './bits.ts';
import type { DisjunctiveFilters } from './filters.ts';
import { small, type Tuning } from './options.ts';
import type { Orders } from './orders.ts';
import type { Scratch } from './scratch.ts';
import type { DocumentStore } from './storage.ts';

/** Facet answers kept between writes (a few kB each). */
const FACET_CACHE_SIZE = 256;

const NO_GROUPS: readonly (readonly [string, string[]])[] = [];

/** What the facets of a query depend on: its words and filters (not its sort or page). */
function facetCacheKey(nq: NormalizedQuery): string {
  const groups = nq.tagGroups.size === 0 ? NO_GROUPS : [...nq.tagGroups].map(([prefix, values]) => [prefix, [...values].sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // JSON writes both infinite price bounds as null; their positions keep them apart
  return JSON.stringify([nq.text.words, nq.text.partNumber, nq.vendorKey, groups, nq.collectionId, nq.minPriceCents, nq.maxPriceCents, nq.featuredOnly, nq.fitsKey]);
}

/** Counts the facets of answers over a store, memoised until the next write. */
export class Facets {
  /** Facets by facetCacheKey, in use order; cleared by every write. */
  private readonly cache = new Map<string, IndexFacets>();
  /** Live documents by vendor and tag (facetTotals); null after a write. */
  private totals: { vendors: Uint32Array; tags: Uint32Array } | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly orders: Orders,
    private readonly tuning: Tuning,
  ) {}

  /** Forgets what a write makes stale. */
  written(): void {
    this.cache.clear();
    this.totals = null;
  }

  /**
   * The facets of an answer: `match` (of `count` members, listed by `listOf` when small) is
   * `cand` passing every filter of `filters`. Facets depend on the matching set and the
   * filters only, not on the sort or the page: they are memoised by those (least recently
   * used out first) until the next write, so paging or re-sorting an answer, and the browse
   * sets of home grids and collection pages, skip the counting.
   */
  of(
    s: Scratch, nq: NormalizedQuery, cand: Uint32Array, filters: DisjunctiveFilters,
    match: Uint32Array, count: number, listOf: () => Uint32Array | null,
  ): IndexFacets {
    const cacheKey = facetCacheKey(nq);
    let facets = this.cache.get(cacheKey);
    if (facets === undefined) {
      // S[i]: the candidates passing every filter but the i-th (only counting needs them)
      const sets = filters.sets;
      const others: Uint32Array[] = sets.map((_, i) => {
        if (sets.length === 1) return cand;
        const set = s.setAt(sets.length + i);
        set.set(cand);
        sets.forEach((f, j) => { if (j !== i) andInto(set, f); });
        return set;
      });
      facets = deepFreeze(this.countFacets(s, match, count, listOf(), others, filters.vendor, filters.price, filters.groups));
      if (this.cache.size >= FACET_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    } else {
      this.cache.delete(cacheKey);
    }
    this.cache.set(cacheKey, facets);
    return facets;
  }

  /** Counts every facet of an answer (see `of` for the sets). */
  private countFacets(
    s: Scratch, match: Uint32Array, count: number, list: Uint32Array | null, others: Uint32Array[],
    vendorFilter: number, priceFilter: number, groupFilter: Map<number, number>,
  ): IndexFacets {
    if (this.store.namesStale()) this.store.refreshNames();
    const vendorSet = vendorFilter >= 0 ? others[vendorFilter]! : match;
    const tagCounts = new Map<number, number>();
    // tags of unselected prefixes count over the matches; a selected prefix over S of its filter
    const unselected = (prefix: number): boolean => !groupFilter.has(prefix);
    let vendorCounts: Map<number, number>;
    if (vendorSet === match && this.bySets(match, count)) {
      // the vendors and the unselected prefixes' tags count over the same documents: one walk
      vendorCounts = this.countBySets(s, match, count, list, unselected, tagCounts);
    } else {
      vendorCounts = vendorSet === match ? this.countVendors(s, match, count, list) : this.countVendors(s, vendorSet, countBits(vendorSet), null);
      this.countTags(s, match, count, list, unselected, tagCounts);
    }
    for (const [prefix, i] of groupFilter) this.countTags(s, others[i]!, countBits(others[i]!), null, (p) => p === prefix, tagCounts);
    const priceSet = priceFilter >= 0 ? others[priceFilter]! : match;
    const maxPrice = priceSet === match ? this.maxPriceIn(match, count, list) : this.maxPriceIn(priceSet, countBits(priceSet), null);

    const vendorMap = new Map<string, number>();
    const vendorNames = new Map<string, string>();
    for (const [v, c] of vendorCounts) {
      const key = this.store.vendors.keys[v] ?? '';
      vendorMap.set(key, c);
      vendorNames.set(key, this.store.vendors.names[v] ?? key);
    }
    const tagMap = new Map<string, number>();
    const prefixNames = new Map<string, string>();
    const valueNames = new Map<string, string>();
    for (const [t, c] of tagCounts) {
      const key = this.store.tags.keys[t] ?? '';
      const prefixId = this.store.tagPrefix[t] ?? 0;
      tagMap.set(key, c);
      valueNames.set(key, this.store.tags.names[t] ?? '');
      prefixNames.set(this.store.prefixes.keys[prefixId] ?? '', this.store.prefixes.names[prefixId] ?? '');
    }
    return { ...orderFacets(vendorMap, tagMap, vendorNames, prefixNames, valueNames), productMaxPriceCents: maxPrice };
  }

  /**
   * Whether a set of `size` live documents is counted through its documents' facet sets: the
   * documents walked (the set, or its complement when it holds most of the catalogue) are at least
   * `facetSetsFrom` times the sets, and one count each costs less than a popcount per tag.
   */
  private bySets(set: Uint32Array, size: number): boolean {
    const walked = size > this.store.live / 2 ? this.store.live - size : size;
    return walked >= this.tuning.facetSetsFrom * this.store.facetSetCount && small(this.tuning, walked * 1.5 < this.store.tagBits.length * set.length);
  }

  /**
   * The vendor counts of a set of `size` live documents, and the counts of its tags whose prefix
   * passes `wanted` added to `into`, in one walk: how many documents (of the set, or of its
   * complement when it holds most of the catalogue) have each facet set, then each set's count
   * added to its vendor and its tags.
   */
  private countBySets(s: Scratch, set: Uint32Array, size: number, list: Uint32Array | null, wanted: (prefix: number) => boolean, into: Map<number, number>): Map<number, number> {
    const { facetSetStart, facetSetTags, facetSetVendor, facetSetCount } = this.store;
    const complement = size > this.store.live / 2;
    const per = s.facetSetCounts(facetSetCount);
    if (complement) this.tallySets(s.complementOf(set, this.store.alive), this.store.live - size, null, per);
    else this.tallySets(set, size, list, per);
    const vendors = s.vendorCounts(this.store.vendorBits.length);
    const tags = s.tagCounts(this.store.tagBits.length);
    for (let k = 0; k < facetSetCount; k++) {
      const c = per[k]!;
      if (c === 0) continue;
      per[k] = 0;
      const v = facetSetVendor[k]!;
      if (v >= 0) vendors[v]! += c;
      for (let i = facetSetStart[k]!, end = facetSetStart[k + 1]!; i < end; i++) tags[facetSetTags[i]!]! += c;
    }
    this.addTags(s, tags, complement, wanted, into);
    return this.vendorsOf(s, vendors, complement);
  }

  /** Counts each facet set's documents of a set into `per`: per document of its list, or of its bits. */
  private tallySets(set: Uint32Array, size: number, list: Uint32Array | null, per: Uint32Array): void {
    const { facetSetOf } = this.store;
    if (list !== null) {
      for (let k = 0; k < size; k++) per[facetSetOf[list[k]!]!]!++;
      return;
    }
    for (let w = 0; w < set.length; w++) {
      let x = set[w]!;
      while (x !== 0) {
        const low = x & -x;
        per[facetSetOf[(w << 5) | (31 - Math.clz32(low))]!]!++;
        x ^= low;
      }
    }
  }

  /**
   * Vendor counts over a set of `size` live documents. A set holding most of the catalogue
   * (browse pages, broad words) is counted through its complement: the live totals minus the
   * counts of the live documents outside it, which are few.
   */
  private countVendors(s: Scratch, set: Uint32Array, size: number, list: Uint32Array | null): Map<number, number> {
    if (size === 0) return new Map();
    const tally = s.vendorCounts(this.store.vendorBits.length);
    const complement = size > this.store.live / 2;
    if (complement) this.tallyVendors(s.complementOf(set, this.store.alive), this.store.live - size, null, tally);
    else this.tallyVendors(set, size, list, tally);
    return this.vendorsOf(s, tally, complement);
  }

  /** The vendors' counts from a tally (of the complement: the live totals minus it), the tally zeroed. */
  private vendorsOf(s: Scratch, tally: Uint32Array, complement: boolean): Map<number, number> {
    const counts = new Map<number, number>();
    const totals = complement ? this.facetTotals(s).vendors : null;
    for (let v = 0; v < this.store.vendorBits.length; v++) {
      const c = totals === null ? tally[v]! : totals[v]! - tally[v]!;
      tally[v] = 0;
      if (c > 0) counts.set(v, c);
    }
    return counts;
  }

  /** Adds each vendor's count over a set to `tally`: per document when the set is small, else one popcount per vendor. */
  private tallyVendors(set: Uint32Array, size: number, list: Uint32Array | null, tally: Uint32Array): void {
    if (size === 0) return;
    if (small(this.tuning, size < this.store.vendorBits.length * set.length)) {
      const vendorOf = this.store.vendorOf;
      if (list !== null) {
        for (let i = 0; i < size; i++) { const v = vendorOf[list[i]!]!; if (v >= 0) tally[v]!++; }
      } else {
        for (let w = 0; w < set.length; w++) {
          let x = set[w]!;
          while (x !== 0) {
            const low = x & -x;
            const v = vendorOf[(w << 5) | (31 - Math.clz32(low))]!;
            x ^= low;
            if (v >= 0) tally[v]!++;
          }
        }
      }
    } else {
      this.store.vendorBits.forEach((bits, v) => { tally[v] = tally[v]! + countAnd(bits, set); });
    }
  }

  /** Adds the counts of the tags whose prefix passes `wanted` over a set of live documents (through its complement when large, as countVendors). */
  private countTags(s: Scratch, set: Uint32Array, size: number, list: Uint32Array | null, wanted: (prefix: number) => boolean, into: Map<number, number>): void {
    if (size === 0) return;
    const counts = s.tagCounts(this.store.tagBits.length);
    const complement = size > this.store.live / 2;
    if (complement) this.tallyTags(s, s.complementOf(set, this.store.alive), this.store.live - size, null, wanted, counts);
    else this.tallyTags(s, set, size, list, wanted, counts);
    this.addTags(s, counts, complement, wanted, into);
  }

  /** Adds the tags' counts from a tally (of the complement: the live totals minus it) whose prefix passes `wanted` to `into`, the tally zeroed. */
  private addTags(s: Scratch, counts: Uint32Array, complement: boolean, wanted: (prefix: number) => boolean, into: Map<number, number>): void {
    const totals = complement ? this.facetTotals(s).tags : null;
    const { tagPrefix } = this.store;
    for (let t = 0; t < this.store.tagBits.length; t++) {
      const c = totals === null ? counts[t]! : totals[t]! - counts[t]!;
      counts[t] = 0;
      if (c > 0 && wanted(tagPrefix[t] ?? -1)) into.set(t, c);
    }
  }

  /** Adds tag counts over a set to `counts` (tags of unwanted prefixes may be counted too): per document when cheaper, else one popcount per wanted tag. */
  private tallyTags(s: Scratch, set: Uint32Array, size: number, list: Uint32Array | null, wanted: (prefix: number) => boolean, counts: Uint32Array): void {
    if (size === 0) return;
    const tagIds: number[] = [];
    for (let t = 0; t < this.store.tagBits.length; t++) if (wanted(this.store.tagPrefix[t] ?? -1)) tagIds.push(t);
    const perDoc = this.store.tagFill / Math.max(1, this.store.n);
    if (small(this.tuning, size * perDoc * 1.5 < tagIds.length * set.length)) {
      const { tagStart, tagEnd, tagIds: ids } = this.store;
      // inlined walks (no callback per document)
      if (list !== null) {
        for (let k = 0; k < size; k++) {
          const d = list[k]!;
          for (let i = tagStart[d]!, end = tagEnd[d]!; i < end; i++) counts[ids[i]!]!++;
        }
      } else {
        for (let w = 0; w < set.length; w++) {
          let x = set[w]!;
          while (x !== 0) {
            const low = x & -x;
            const d = (w << 5) | (31 - Math.clz32(low));
            x ^= low;
            for (let i = tagStart[d]!, end = tagEnd[d]!; i < end; i++) counts[ids[i]!]!++;
          }
        }
      }
    } else {
      for (const t of tagIds) counts[t] = counts[t]! + countAnd(this.store.tagBits[t] ?? s.empty, set);
    }
  }

  /** Live documents of each vendor and tag, for counting through complements; recomputed after a write. */
  private facetTotals(s: Scratch): { vendors: Uint32Array; tags: Uint32Array } {
    if (this.totals === null) {
      const vendors = Uint32Array.from(this.store.vendorBits, (bits) => countAnd(bits, this.store.alive));
      const tags = Uint32Array.from(this.store.tagBits, (bits) => countAnd(bits ?? s.empty, this.store.alive));
      this.totals = { vendors, tags };
    }
    return this.totals;
  }

  /** Highest price in a set: over the list when small, else the first member met walking the price order down. */
  private maxPriceIn(set: Uint32Array, size: number, list: Uint32Array | null): number {
    if (size === 0) return 0;
    const { price } = this.store;
    let max = 0;
    if (list !== null) {
      for (let i = 0; i < size; i++) max = Math.max(max, price[list[i]!]!);
      return max;
    }
    const { order, length } = this.orders.orderOf('price_asc');
    for (let i = length - 1; i >= 0; i--) {
      const o = order[i]!;
      if ((set[o >>> 5]! & (1 << (o & 31))) !== 0) return Math.max(0, price[o]!);
    }
    return 0;
  }
}

/** Freezes facets and every list and entry in them: answers share them (SearchPage). */
function deepFreeze(facets: IndexFacets): IndexFacets {
  for (const list of [facets.availableTagPrefixes, facets.availableTagFilters, facets.availableVendors]) {
    for (const entry of list) Object.freeze(entry);
    Object.freeze(list);
  }
  return Object.freeze(facets);
}
