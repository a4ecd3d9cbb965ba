/**
 * The filters of a query as bitsets over ordinals: the candidates (live, featured, collection,
 * fitment) that every facet also applies, and the filters facets treat disjunctively (price,
 * vendor, one union per tag prefix), whose AND is the match set. A price range comes from the
 * price order (two binary searches, prefixes of the order kept as bitsets); a fitment list's
 * bitset is kept until the next write.
 * @module
 */
import { TAG_KEY_SEPARATOR, type NormalizedQuery } from '../query.ts';
import type { FitsList } from '../types.ts';
import { andInto, orInto, setBit } from './bits.ts';
import type { Tuning } from './options.ts';
import type { Orders } from './orders.ts';
import type { Scratch } from './scratch.ts';
import type { DocumentStore } from './storage.ts';

/**
 * The disjunctive filters of a query: sets[i] is one filter; price and vendor are the
 * positions of those filters (-1: none), groups the position of each filtered tag prefix's.
 */
export interface DisjunctiveFilters {
  sets: Uint32Array[];
  price: number;
  vendor: number;
  groups: Map<number, number>;
}

/** Builds a query's filter bitsets over a store. */
export class Filters {
  /** The bitset of each fitment list (one per equipment model asked for), valid for one generation of writes. */
  private readonly fitsBits = new WeakMap<object, { generation: number; bits: Uint32Array }>();
  /** Raised by every write: ordinals change, so the fitment bitsets are built again. */
  private fitsGeneration = 0;
  /** Prefixes of the price order as bitsets (pricePrefixes); null after a write. */
  private pricePrefix: { step: number; sets: Uint32Array[] } | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly orders: Orders,
    private readonly tuning: Tuning,
  ) {}

  /** Forgets what a write makes stale. */
  written(): void {
    this.fitsGeneration++;
    this.pricePrefix = null;
  }

  /** Writes the query's candidates (live, featured, collection, fitment) into s.cand; returns it. */
  candidates(nq: NormalizedQuery, s: Scratch): Uint32Array {
    const cand = s.cand;
    cand.set(this.store.alive.subarray(0, cand.length));
    if (nq.featuredOnly) andInto(cand, this.store.featured);
    if (nq.collectionId !== null) {
      const bits = this.store.collections.get(nq.collectionId);
      if (bits === undefined) cand.fill(0);
      else andInto(cand, bits);
    }
    if (nq.fits !== null) andInto(cand, this.fitsSet(nq.fits));
    return cand;
  }

  /** The filters facets treat disjunctively, each as a bitset (in spare scratch sets when built). */
  disjunctive(nq: NormalizedQuery, s: Scratch): DisjunctiveFilters {
    const { store } = this;
    const filters: Uint32Array[] = [];
    let priceFilter = -1;
    let vendorFilter = -1;
    if (nq.minPriceCents > -Infinity || nq.maxPriceCents < Infinity) {
      priceFilter = filters.push(this.priceSet(nq.minPriceCents, nq.maxPriceCents, s.setAt(0))) - 1;
    }
    if (nq.vendorKey !== null) {
      const v = store.vendors.ids.get(nq.vendorKey);
      vendorFilter = filters.push(v === undefined ? s.empty : store.vendorBits[v] ?? s.empty) - 1;
    }
    const groupFilter = new Map<number, number>();
    for (const [prefixKey, values] of nq.tagGroups) {
      const tagBits = (v: string): Uint32Array => {
        const t = store.tags.ids.get(prefixKey + TAG_KEY_SEPARATOR + v);
        return t === undefined ? s.empty : store.tagBits[t] ?? s.empty;
      };
      let filter: Uint32Array;
      // one value (the storefront sends one per prefix) filters by the tag's own bitset
      if (values.size === 1) filter = tagBits(values.values().next().value!);
      else {
        filter = s.setAt(filters.length);
        filter.fill(0);
        for (const v of values) orInto(filter, tagBits(v));
      }
      const prefixId = store.prefixes.ids.get(prefixKey);
      if (prefixId !== undefined) groupFilter.set(prefixId, filters.length);
      filters.push(filter);
    }
    return { sets: filters, price: priceFilter, vendor: vendorFilter, groups: groupFilter };
  }

  /**
   * The ordinals of the products in any of the fitment lists: one list's bitset is kept (until
   * the next write) so a model's filter costs one AND of the candidates; several are ORed.
   */
  fitsSet(lists: readonly FitsList[]): Uint32Array {
    const bitsOf = (list: FitsList): Uint32Array => {
      const kept = this.fitsBits.get(list);
      if (kept !== undefined && kept.generation === this.fitsGeneration) return kept.bits;
      const bits = new Uint32Array(this.store.cap >>> 5);
      for (const id of list) {
        const o = this.store.ordOf.get(id);
        if (o >= 0) setBit(bits, o);
      }
      this.fitsBits.set(list, { generation: this.fitsGeneration, bits });
      return bits;
    };
    if (lists.length === 1) return bitsOf(lists[0]!);
    const union = new Uint32Array(this.store.cap >>> 5);
    for (const list of lists) orInto(union, bitsOf(list));
    return union;
  }

  /** Live-or-not ordinals priced within [lo, hi], from the price order (two binary searches). */
  priceSet(lo: number, hi: number, into: Uint32Array): Uint32Array {
    const { order, length } = this.orders.orderOf('price_asc');
    const first = (bound: number, inclusive: boolean): number => {
      let a = 0;
      let b = length;
      while (a < b) {
        const mid = (a + b) >>> 1;
        const p = this.store.price[order[mid] ?? 0] ?? 0;
        if (inclusive ? p < bound : p <= bound) a = mid + 1;
        else b = mid;
      }
      return a;
    };
    const start = first(lo, true);
    const end = first(hi, false);
    const setPositions = (from: number, to: number): void => {
      for (let i = from; i < to; i++) {
        const o = order[i]!;
        into[o >>> 5] = into[o >>> 5]! | (1 << (o & 31));
      }
    };
    // a wide range is two prefixes of the price order subtracted, plus its ragged ends
    const { step, sets } = this.pricePrefixes(order, length);
    const from = Math.ceil(start / step);
    const to = Math.floor(end / step);
    if (end - start < 2 * step || from >= to) {
      into.fill(0);
      setPositions(start, end);
      return into;
    }
    const upper = sets[to]!;
    const lower = sets[from]!;
    for (let w = 0; w < into.length; w++) into[w] = upper[w]! & ~lower[w]!;
    setPositions(start, from * step);
    setPositions(to * step, end);
    return into;
  }

  /**
   * Prefixes of the price order as bitsets: sets[k] holds the ordinals at positions below
   * k * step (about 64 of them, 1 MB at 100k). Rebuilt on the first price query after a write.
   */
  private pricePrefixes(order: Uint32Array, length: number): { step: number; sets: Uint32Array[] } {
    if (this.pricePrefix !== null) return this.pricePrefix;
    const step = this.tuning.pricePrefixStep > 0 ? this.tuning.pricePrefixStep : Math.max(1024, Math.ceil(length / 64));
    const sets: Uint32Array[] = [];
    let current = new Uint32Array(this.store.cap >>> 5);
    for (let k = 0; k * step <= length; k++) {
      sets.push(current);
      current = current.slice();
      for (let i = k * step; i < Math.min(length, (k + 1) * step); i++) setBit(current, order[i]!);
    }
    sets.push(current);
    return (this.pricePrefix = { step, sets });
  }
}
