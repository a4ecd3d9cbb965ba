/**
 * The fast index's options: the shared ones (synonyms, extra part numbers) and its tuning,
 * which picks between equivalent strategies; answers never depend on the tuning.
 * @module
 */
import type { SearchIndexOptions } from '../types.ts';
import { WARM_FROM } from './warm.ts';

/**
 * Pages ending within this many results are picked by one pass over the matches keeping the
 * best keys in a bounded heap; deeper pages sort or walk presorted orders.
 */
export const PAGE_HEAP_LIMIT = 1024;

/** Options of the fast index: the synonyms, and tuning (answers never depend on the tuning). */
export interface FastIndexOptions extends SearchIndexOptions {
  /**
   * Compact once retired ordinals exceed this share of the live ones (and 1024).
   * @default 0.25
   */
  compactRatio?: number;
  /**
   * A query word is expanded from its postings when that costs at most this many times
   * the forward-index check of the remaining candidates; otherwise the candidates are
   * checked one by one. 0 always checks, Infinity always expands (the tests run both).
   * @default 1
   */
  expandFactor?: number;
  /**
   * How sets are handled: 'auto' picks per query between walking lists of documents
   * (small sets) and whole-bitset work (popcounts, walks of presorted orders, score
   * histograms; large sets). 'lists' and 'bitsets' force one side, so the tests check
   * both against the oracle on small catalogues.
   * @default 'auto'
   */
  sets?: 'auto' | 'lists' | 'bitsets';
  /**
   * Pages ending within this many results are picked with a bounded heap in one pass over
   * the matches; deeper ones by sorting or by walking presorted orders. 0 never uses the
   * heap (the tests run both).
   * @default 1024
   */
  pageHeapLimit?: number;
  /**
   * Words with at least this many postings also keep one bitset per field they occur in
   * (a query ORs them instead of visiting each posting); 0 picks max(1024, capacity / 32):
   * about 140 words at 100k products, 5 MB, covering 87% of the postings.
   * @default 0
   */
  termBitsMin?: number;
  /**
   * A price range is built from prefixes of the price order kept as bitsets, one every this
   * many positions; 0 picks max(1024, live / 64).
   * @default 0
   */
  pricePrefixStep?: number;
  /**
   * An index built over at least this many products warms up before it is returned
   * (warm.ts: every presorted order, a fixed set of queries through each path, one full
   * garbage collection), so the first shoppers do not pay for it; Infinity never does.
   * @default 5000 (WARM_FROM)
   */
  warmFrom?: number;
  /**
   * With no vendor filter, the vendor and tag facets are counted in one walk through the
   * documents' facet sets (storage.ts facetSetOf: one count per set, then each set's count to its
   * vendor and its tags) when the documents walked are at least this many times the distinct
   * sets; 0 always, Infinity never (the tests run both).
   * @default 2
   */
  facetSetsFrom?: number;
}

/** The tuning with every default applied, as the parts of the index read it. */
export interface Tuning {
  readonly compactRatio: number;
  readonly expandFactor: number;
  readonly sets: 'auto' | 'lists' | 'bitsets';
  readonly pageHeapLimit: number;
  readonly termBitsMin: number;
  readonly pricePrefixStep: number;
  readonly warmFrom: number;
  readonly facetSetsFrom: number;
}

/** Applies the defaults of FastIndexOptions. */
export function tuningOf(options: FastIndexOptions): Tuning {
  return {
    compactRatio: options.compactRatio ?? 0.25,
    expandFactor: options.expandFactor ?? 1,
    sets: options.sets ?? 'auto',
    pageHeapLimit: options.pageHeapLimit ?? PAGE_HEAP_LIMIT,
    termBitsMin: options.termBitsMin ?? 0,
    pricePrefixStep: options.pricePrefixStep ?? 0,
    warmFrom: options.warmFrom ?? WARM_FROM,
    facetSetsFrom: options.facetSetsFrom ?? 2,
  };
}

/** Whether to treat a set as small (lists): `auto` unless the tuning forces a side. */
export function small(tuning: Tuning, auto: boolean): boolean {
  return tuning.sets === 'auto' ? auto : tuning.sets === 'lists';
}
