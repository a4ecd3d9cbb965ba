/**
 * The fast in-memory search index. Same answers as the scanning index (linear.ts), built
 * for 100k+ products:
 * - every document gets an ordinal; sets of documents are bitsets (Uint32Array) over
 *   ordinals: alive, featured, each collection, each vendor, each tag;
 * - words and part numbers map to posting lists, looked up exactly or by prefix in a
 *   sorted term list; query words are taken cheapest first, and a word dearer than
 *   checking the remaining candidates is checked through a forward index instead;
 * - the disjunctive filters (price from the price order, vendor, one union per tag
 *   prefix) are bitsets; the matches and each "all filters but one" set are ANDs of them;
 *   facets count over those sets, per document for small sets and by popcount of
 *   intersections for large ones; the max price is the first member met in price order;
 * - each sort keeps a presorted array of ordinals: a page is the first matching ordinals
 *   in that order (walk testing the match bitset), or for small match sets the matches
 *   sorted by their rank in it; relevance pages come from a score histogram plus one walk
 *   of the default order;
 * - writes append a new ordinal and retire the old one; presorted orders take the new
 *   ordinal by binary insertion; once a quarter of the ordinals are retired the index
 *   compacts (renumbers everything in place).
 * The parts, one module each: storage.ts (ordinals, columns, tags, facet dictionaries,
 * collection bitsets), text.ts (words, part numbers, forward index, the text match, with
 * forms.ts for other forms and typos and scores.ts for the score tables), filters.ts,
 * facets.ts, orders.ts (presorted orders), paging.ts, scratch.ts (per-query buffers),
 * bits.ts (bitset algebra), names.ts (facet spellings), options.ts (tuning). This module
 * wires them: a write goes to each part in turn, a query through them in order.
 * @module
 */
import { readModelNumber, type ModelFits } from '../models.ts';
import { normalizeQuery } from '../query.ts';
import { PRESORTED_SORTS, presortedFor } from '../sorting.ts';
import type { IndexQuery, IndexResult, SearchDocument, SearchIndex, SearchPage } from '../types.ts';
import { Synonyms } from '../words.ts';
import { andAll, countBits, listBits } from './bits.ts';
import { Facets } from './facets.ts';
import { Filters } from './filters.ts';
import { small, tuningOf, type FastIndexOptions, type Tuning } from './options.ts';
import { Orders } from './orders.ts';
import { Pager } from './paging.ts';
import { Scratch } from './scratch.ts';
import { DocumentStore } from './storage.ts';
import { TextIndex } from './text.ts';
import { collectGarbage, GarbageBound } from '../../../platform/ops/garbage.ts';
import { WARM_FROM, WarmSamples, warmQueries } from './warm.ts';
import { createHash } from 'node:crypto';
import { SnapshotError, SnapshotReader, SnapshotWriter, type SnapshotReadOptions } from './snapshot.ts';

export type { FastIndexOptions } from './options.ts';

/**
 * Creates the fast index.
 * @example
 * const index = createFastSearchIndex(docs);
 * index.search({ q: 'spx1600', v: 'Hayward', sortBy: '', limit: 24, page: 0 });
 */
export function createFastSearchIndex(docs: Iterable<SearchDocument>, options: FastIndexOptions = {}): SearchIndex {
  return new FastSearchIndex(docs, tuningOf(options), options, null);
}

/**
 * The fast index read back from a snapshot file (saveSnapshot), without reading or tokenising
 * a document: the same answers as the index that wrote it, given the same options. Throws a
 * SnapshotError when the file is not a snapshot of this layout, or was written with other
 * synonyms; `meta` is what the writer passed to saveSnapshot (the caller checks it is current).
 * @example
 * const { index, meta } = loadFastSearchIndex('data/skimmer.db.search', { synonyms, extraPartNumbers });
 */
export function loadFastSearchIndex(path: string, options: FastIndexOptions = {}, read: SnapshotReadOptions = {}): { index: SearchIndex; meta: Record<string, unknown>; mapped: boolean } {
  const reader = new SnapshotReader(path, read);
  try {
    const index = new FastSearchIndex([], tuningOf(options), options, reader);
    return { index, meta: index.loadedMeta ?? {}, mapped: reader.isMapped };
  } finally {
    reader.close();
  }
}

/**
 * The caller's `meta` of a snapshot file, read from its first section alone (the caller checks
 * it is current before reading the whole index). Throws a SnapshotError as loadFastSearchIndex does.
 */
export function readSnapshotMeta(path: string): Record<string, unknown> {
  const reader = new SnapshotReader(path, { map: false });
  try {
    return reader.json<SnapshotHead>().meta;
  } finally {
    reader.close();
  }
}

/** The first section of a snapshot: the caller's meta, the synonyms' digest, the warm-up's documents. */
interface SnapshotHead {
  meta: Record<string, unknown>;
  synonyms: string;
  warm: readonly SearchDocument[];
}

/** A digest of the synonym groups: a snapshot's words were read with them. */
function synonymsDigest(groups: readonly (readonly string[])[]): string {
  return createHash('sha256').update(JSON.stringify(groups)).digest('base64url').slice(0, 22);
}

class FastSearchIndex implements SearchIndex {
  private readonly store = new DocumentStore();
  private readonly orders = new Orders(this.store);
  private readonly text: TextIndex;
  private readonly filters: Filters;
  private readonly facets: Facets;
  private readonly pager: Pager;
  private scratch = new Scratch(0);
  private readonly modelFits: ModelFits | undefined;
  private readonly synonymsDigest: string;
  /** The documents the warm-up takes its queries from (kept in a snapshot). */
  private warmDocs: readonly SearchDocument[] = [];
  /** The caller's values read from the snapshot this index was loaded from. */
  loadedMeta: Record<string, unknown> | null = null;

  constructor(docs: Iterable<SearchDocument>, private readonly tuning: Tuning, options: FastIndexOptions, snapshot: SnapshotReader | null) {
    this.modelFits = options.modelFits;
    this.synonymsDigest = synonymsDigest(options.synonyms ?? []);
    this.text = new TextIndex(this.store, tuning, Synonyms.withTrade(options.synonyms ?? []), options.extraPartNumbers ?? (() => []));
    this.filters = new Filters(this.store, this.orders, tuning);
    this.facets = new Facets(this.store, this.orders, tuning);
    this.pager = new Pager(this.store, this.orders, tuning);
    if (snapshot !== null) {
      this.load(snapshot);
      return;
    }
    this.text.beginBulk();
    const samples = new WarmSamples();
    // the build's garbage (documents read, words tokenised) bounded as it goes (warm.ts)
    const garbage = new GarbageBound();
    let built = 0;
    for (const d of docs) {
      this.upsert(d);
      samples.offer(d);
      if ((++built & 4095) === 0) garbage.check();
    }
    this.text.endBulk();
    this.store.endBulk();
    this.warmDocs = samples.docs;
    if (this.store.live >= tuning.warmFrom) this.warmUp(samples.docs);
  }

  /**
   * Writes everything the index holds to `path` (a temporary file renamed over it), with the
   * caller's `meta` (what the snapshot was built from); returns the bytes written.
   */
  saveSnapshot(path: string, meta: Record<string, unknown>): number {
    const w = new SnapshotWriter();
    w.json({ meta, synonyms: this.synonymsDigest, warm: this.warmDocs } satisfies SnapshotHead);
    this.store.save(w);
    this.text.save(w);
    this.orders.save(w);
    w.writeFile(path);
    return w.bytes;
  }

  private load(r: SnapshotReader): void {
    const head = r.json<SnapshotHead>();
    if (head.synonyms !== this.synonymsDigest) throw new SnapshotError('the snapshot was written with other synonyms');
    this.store.load(r);
    this.text.load(r);
    this.orders.load(r);
    r.end();
    this.loadedMeta = head.meta;
    this.warmDocs = head.warm;
    if (this.store.live >= this.tuning.warmFrom) this.warmUp(head.warm);
  }

  /** Builds what the first queries would (every presorted order), runs them, then collects the build's garbage (warm.ts). */
  private warmUp(samples: readonly SearchDocument[]): void {
    for (const sort of PRESORTED_SORTS) this.orders.orderOf(sort);
    for (const query of warmQueries(samples)) this.searchPage(query);
    // (a small index leaves little garbage: the tests warm thousands of them)
    if (this.store.live >= WARM_FROM) collectGarbage();
  }

  get size(): number {
    return this.store.live;
  }

  upsert(doc: SearchDocument): void {
    this.written();
    const { store } = this;
    store.retire(doc.id);
    if (store.n === store.cap) this.grow(Math.max(1024, store.cap * 2));
    const o = store.add(doc);
    this.text.add(doc, o);
    this.orders.insert(o);
    this.compactIfWorthIt();
  }

  reserve(count: number): void {
    const { store } = this;
    // a whole number of 1,024 ordinals, as every doubling gives (bitsets hold 32 a word)
    if (store.n + count > store.cap) this.grow((store.n + count + 1023) & ~1023);
  }

  remove(id: number): void {
    this.written();
    this.store.retire(id);
    this.compactIfWorthIt();
  }

  /** Every write: ordinals change, so what was derived from them is dropped. */
  private written(): void {
    this.facets.written();
    this.filters.written();
  }

  private grow(cap: number): void {
    this.store.grow(cap);
    this.text.grow(cap);
    this.orders.grow(cap);
  }

  private compactIfWorthIt(): void {
    const { store } = this;
    if (store.n - store.live > Math.max(1024, store.live * this.tuning.compactRatio)) {
      // renumbers the live ordinals 0..live-1 and drops the retired ones everywhere
      const remap = store.compact();
      this.text.compact(remap);
      this.orders.compact(remap);
    }
  }

  search(query: IndexQuery): IndexResult {
    const { ids, totalObjects, relaxed, facets } = this.searchPage(query);
    return {
      ids,
      totalObjects,
      relaxed,
      availableTagPrefixes: facets.availableTagPrefixes.map((x) => ({ ...x })),
      availableTagFilters: facets.availableTagFilters.map((x) => ({ ...x })),
      availableVendors: facets.availableVendors.map((x) => ({ ...x })),
      productMaxPriceCents: facets.productMaxPriceCents,
    };
  }

  searchPage(query: IndexQuery): SearchPage {
    // a model number beside other words: those words among its parts (models.ts)
    const nq = normalizeQuery(readModelNumber(query, this.modelFits).query);
    const { store } = this;
    // scratch bitsets span the ordinals in use, not the capacity (up to a quarter less
    // work in every whole-bitset pass); the stored bitsets stay at the capacity
    if (this.scratch.cap < store.n) this.scratch = new Scratch(Math.min(store.cap, (store.n + (store.n >>> 3) + 1023) & ~1023));
    const s = this.scratch;
    const cand = this.filters.candidates(nq, s);
    const relevance = nq.hasText && nq.sortBy === '';
    const wordCount = nq.hasText ? this.text.matchText(s, nq, cand, relevance) : 0;

    // The filters facets treat disjunctively, each as a bitset; the matches are the
    // candidates passing them all
    const filters = this.filters.disjunctive(nq, s);
    // without filters the matches are the candidates themselves (no copy)
    const match = filters.sets.length === 0 ? cand : s.match;
    const count = filters.sets.length > 0 ? andAll(match, cand, filters.sets) : nq.hasText ? s.candCount : countBits(cand);

    // the matches as a list, when few enough that lists beat whole-bitset scans; listed
    // once, and only if a step needs it (a memoised one-word page often does not)
    const useList = small(this.tuning, count <= s.matches.length >>> 4);
    let listed: Uint32Array | null | undefined;
    const listOf = (): Uint32Array | null => (listed === undefined ? (listed = useList ? listBits(match, s.matches) : null) : listed);

    const { pager } = this;
    const ids = !relevance ? pager.pageBySort(s, presortedFor(nq.sortBy), nq, match, count, listOf)
      : wordCount === 1 ? pager.pageByOneWord(s, nq, match, count, listOf) : pager.pageByRelevance(s, nq, match, count, listOf(), wordCount);

    const facets = this.facets.of(s, nq, cand, filters, match, count, listOf);
    // one ranked word used level bitsets, several used score arrays
    if (nq.hasText) s.clearText(wordCount > 1 ? wordCount : 0);
    const relaxed = s.relaxed;
    s.relaxed = false;
    const limit = query.listCandidates;
    if (limit === undefined || nq.fits !== null) return { ids, totalObjects: count, relaxed, facets };
    const candCount = countBits(cand);
    return { ids, totalObjects: count, relaxed, facets, ...(candCount <= limit ? { candidates: this.idsOf(cand, candCount) } : {}) };
  }

  /** The ids of a bitset's `count` ordinals, ascending. */
  private idsOf(bits: Uint32Array, count: number): Uint32Array {
    // the ordinals listed, then each replaced by its product's id
    const ids = listBits(bits, new Uint32Array(count));
    const { idOf } = this.store;
    for (let i = 0; i < ids.length; i++) ids[i] = idOf[ids[i]!]!;
    return ids.sort();
  }
}
