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
 * Memory: about cap/8 bytes per vendor, tag and collection bitset (12.5 kB each at 100k).
 * @module
 */
import { Lexicon, PrefixTable, type Postings } from './lexicon.ts';
import { TAG_KEY_SEPARATOR, normalizeQuery, tagKey, type NormalizedQuery } from './query.ts';
import { DEFAULT_ORDER, presortedFor, type PresortedSort } from './sorting.ts';
import {
  FIELD, MIN_PART_NUMBER_PREFIX, PART_NUMBER_TIER, TIER_STEP, compareTitleKeys, facetKey, normalizePartNumber,
  titleSortKey, tokenize, wordScore,
} from './text.ts';
import { orderFacets } from './facets.ts';
import type { IndexFacets, IndexQuery, IndexResult, SearchDocument, SearchIndex, SearchPage } from './types.ts';

/**
 * A query word's score from one posting's FIELD flags, found as a whole word and as a
 * prefix, and from a part-number hit. A word scores the best of its matches (wordScore), so
 * these combine by max, posting by posting (tested for every combination of flags).
 */
const EXACT_SCORE = Uint8Array.from({ length: 16 }, (_, f) => wordScore({ exact: f, prefix: 0, partNumber: 0 }));
const PREFIX_SCORE = Uint8Array.from({ length: 16 }, (_, f) => wordScore({ exact: 0, prefix: f, partNumber: 0 }));
const PN_EXACT_SCORE = wordScore({ exact: 0, prefix: 0, partNumber: 2 });
const PN_PREFIX_SCORE = wordScore({ exact: 0, prefix: 0, partNumber: 1 });

/**
 * Pages ending within this many results are picked by one pass over the matches keeping the
 * best keys in a bounded heap; deeper pages sort or walk presorted orders.
 */
const PAGE_HEAP_LIMIT = 1024;

/** The scores one query word can have on a document (field and part-number weights), highest first. */
const LEVELS_DESC: readonly number[] = [...new Set([...EXACT_SCORE, ...PREFIX_SCORE, PN_EXACT_SCORE, PN_PREFIX_SCORE])]
  .filter((level) => level > 0).sort((a, b) => b - a);

/** Facet answers kept between writes (a few kB each). */
const FACET_CACHE_SIZE = 256;

const NO_GROUPS: readonly (readonly [string, string[]])[] = [];

/** What the facets of a query depend on: its words and filters (not its sort or page). */
function facetCacheKey(nq: NormalizedQuery): string {
  const groups = nq.tagGroups.size === 0 ? NO_GROUPS : [...nq.tagGroups].map(([prefix, values]) => [prefix, [...values].sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // JSON writes both infinite price bounds as null; their positions keep them apart
  return JSON.stringify([nq.text.words, nq.text.partNumber, nq.vendorKey, groups, nq.collectionId, nq.minPriceCents, nq.maxPriceCents, nq.featuredOnly]);
}

/** Scores stay below this: 3 tiers of TIER_STEP. */
const SCORE_LEVELS = 3 * TIER_STEP;

/** A name dictionary (vendors, tag prefixes, tag values) with the lowest-id spelling. */
class Names {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  readonly keys: string[] = [];
  /** Doc id whose spelling is shown. */
  readonly holder: number[] = [];
  /** Ids whose holder left: recomputed from the live documents before the next facets. */
  readonly stale = new Set<number>();
  /** Best holder found while recomputing. */
  readonly pending = new Map<number, number>();

  /** Returns the key's id, recording the spelling when this doc has the lowest id so far. */
  add(key: string, spelling: string, docId: number): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(key, id);
      this.names.push(spelling);
      this.keys.push(key);
      this.holder.push(docId);
    } else if (!this.stale.has(id) && docId < (this.holder[id] ?? Infinity)) {
      this.names[id] = spelling;
      this.holder[id] = docId;
    }
    return id;
  }

  /** Forgets a holder leaving the index; its spelling is recomputed before the next facets. */
  release(id: number, docId: number): void {
    if (this.holder[id] === docId) this.stale.add(id);
  }

  /** Offers a live document's spelling while recomputing. */
  offer(id: number, spelling: string, docId: number): void {
    if (!this.stale.has(id) || docId >= (this.pending.get(id) ?? Infinity)) return;
    this.pending.set(id, docId);
    this.names[id] = spelling;
  }

  /** Ends a recomputation. */
  settle(): void {
    for (const id of this.stale) this.holder[id] = this.pending.get(id) ?? Infinity;
    this.pending.clear();
    this.stale.clear();
  }
}

/** Options of the fast index (tuning only; answers never depend on them). */
export interface FastIndexOptions {
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
}

/**
 * Creates the fast index.
 * @example
 * const index = createFastSearchIndex(docs);
 * index.search({ q: 'spx1600', v: 'Hayward', sortBy: '', limit: 24, page: 0 });
 */
export function createFastSearchIndex(docs: Iterable<SearchDocument>, options: FastIndexOptions = {}): SearchIndex {
  return new FastSearchIndex(
    docs, options.compactRatio ?? 0.25, options.expandFactor ?? 1, options.sets ?? 'auto', options.pageHeapLimit ?? PAGE_HEAP_LIMIT,
    options.termBitsMin ?? 0, options.pricePrefixStep ?? 0,
  );
}

class FastSearchIndex implements SearchIndex {
  // ordinals
  private cap = 0;
  private n = 0;
  private live = 0;
  private readonly ordOf = new Map<number, number>();
  private alive = new Uint32Array(0);
  private featured = new Uint32Array(0);
  // columns by ordinal
  private idOf = new Float64Array(0);
  private price = new Float64Array(0);
  private rating = new Float64Array(0);
  private reviews = new Float64Array(0);
  private sales = new Float64Array(0);
  private vendorOf = new Int32Array(0);
  private titleKey: string[] = [];
  private vendorSpelling: (string | null)[] = [];
  /** Each tag's spelling in its document (prefix, value), aligned with tagIds. */
  private tagSpellP: string[] = [];
  private tagSpellV: string[] = [];
  /** One copy of each spelling: database rows bring a fresh string per product. */
  private readonly interned = new Map<string, string>();
  private tagStart = new Uint32Array(1);
  private tagEnd = new Uint32Array(0);
  private tagIds = new Uint32Array(1024);
  private tagFill = 0;
  /** Forward index: each ordinal's distinct word ids with their FIELD flags. */
  private fwdStart = new Uint32Array(0);
  private fwdEnd = new Uint32Array(0);
  private fwdTerms = new Uint32Array(4096);
  private fwdFlags = new Uint8Array(4096);
  private fwdFill = 0;
  /** Each ordinal's normalised part numbers, joined by spaces (they are alphanumeric). */
  private pnsOf: string[] = [];
  // dictionaries and postings
  private readonly words = new Lexicon(true, true);
  private readonly partNumbers = new PrefixTable();
  private readonly vendors = new Names();
  private readonly prefixes = new Names();
  private readonly tags = new Names();
  private tagPrefix: number[] = [];
  /** Ordinals of each vendor and of each tag, for facet counting by popcount. */
  private vendorBits: Uint32Array[] = [];
  private tagBits: Uint32Array[] = [];
  private readonly collections = new Map<number, Uint32Array>();
  // presorted orders
  private readonly orders = new Map<PresortedSort, { order: Uint32Array; length: number; rank: Uint32Array | null }>();
  // scratch
  private scratch = new Scratch(0);
  /** Facets by facetCacheKey, in use order; cleared by every write. */
  private readonly facetCache = new Map<string, IndexFacets>();
  /** Live documents by vendor and tag (facetTotals); null after a write. */
  private totals: { vendors: Uint32Array; tags: Uint32Array } | null = null;
  /** Prefixes of the price order as bitsets (pricePrefixes); null after a write. */
  private pricePrefix: { step: number; sets: Uint32Array[] } | null = null;
  /** Words with field bitsets (Postings.fieldBits). */
  private bigTerms: Postings[] = [];
  /** True while the constructor loads the catalogue (field bitsets are built after it). */
  private bulk = false;

  constructor(
    docs: Iterable<SearchDocument>,
    private readonly compactRatio: number,
    private readonly expandFactor: number,
    private readonly sets: 'auto' | 'lists' | 'bitsets',
    private readonly pageHeapLimit: number,
    private readonly termBitsMin: number,
    private readonly pricePrefixStep: number,
  ) {
    this.words.beginBulk();
    this.partNumbers.beginBulk();
    this.bulk = true;
    for (const d of docs) this.upsert(d);
    this.bulk = false;
    this.words.endBulk(true);
    this.partNumbers.endBulk();
    for (const p of this.words.terms.values()) if (p.length >= this.bigTermPostings()) this.addFieldBits(p);
    // drop the doubling slack of the bulk load; later writes grow again as needed
    this.fwdTerms = this.fwdTerms.slice(0, Math.max(1024, this.fwdFill));
    this.fwdFlags = this.fwdFlags.slice(0, Math.max(1024, this.fwdFill));
    this.tagIds = this.tagIds.slice(0, Math.max(1024, this.tagFill));
  }

  get size(): number {
    return this.live;
  }

  upsert(doc: SearchDocument): void {
    this.facetCache.clear();
    this.pricePrefix = null;
    this.totals = null;
    this.retire(doc.id);
    if (this.n === this.cap) this.grow(Math.max(1024, this.cap * 2));
    const o = this.n++;
    this.live++;
    this.ordOf.set(doc.id, o);
    setBit(this.alive, o);
    if (doc.isFeatured) setBit(this.featured, o);
    this.idOf[o] = doc.id;
    this.price[o] = doc.priceCents;
    this.rating[o] = doc.avgRating;
    this.reviews[o] = doc.totalReviews;
    this.sales[o] = doc.salesCount;
    this.titleKey[o] = titleSortKey(doc.title);
    const vKey = doc.vendor === null ? '' : facetKey(doc.vendor);
    this.vendorSpelling[o] = vKey === '' ? null : this.intern(doc.vendor ?? '');
    this.vendorOf[o] = vKey === '' ? -1 : this.vendors.add(vKey, doc.vendor ?? '', doc.id);
    if (vKey !== '') setBit(this.vendorBits[this.vendorOf[o]!] ??= new Uint32Array(this.cap >>> 5), o);
    const seen = new Map<number, readonly [string, string]>();
    for (const [p, v] of doc.tags) {
      const pk = facetKey(p);
      const vk = facetKey(v);
      if (pk === '' || vk === '') continue;
      const prefixId = this.prefixes.add(pk, p, doc.id);
      const tagId = this.tags.add(tagKey(p, v), v, doc.id);
      this.tagPrefix[tagId] = prefixId;
      setBit(this.tagBits[tagId] ??= new Uint32Array(this.cap >>> 5), o);
      if (!seen.has(tagId)) seen.set(tagId, [p, v]);
    }
    this.tagStart[o] = this.tagFill;
    if (this.tagFill + seen.size > this.tagIds.length) {
      const grown = new Uint32Array(Math.max(this.tagIds.length * 2, this.tagFill + seen.size));
      grown.set(this.tagIds);
      this.tagIds = grown;
    }
    for (const [t, [p, v]] of seen) {
      this.tagSpellP[this.tagFill] = this.intern(p);
      this.tagSpellV[this.tagFill] = this.intern(v);
      this.tagIds[this.tagFill++] = t;
    }
    this.tagEnd[o] = this.tagFill;

    for (const c of new Set(doc.collectionIds)) {
      let bits = this.collections.get(c);
      if (bits === undefined) this.collections.set(c, (bits = new Uint32Array(this.cap >>> 5)));
      setBit(bits, o);
    }
    const fieldWords: [number, string][] = [
      [FIELD.title, doc.title], [FIELD.vendor, doc.vendor ?? ''], [FIELD.description, doc.description],
    ];
    for (const [, v] of doc.tags) fieldWords.push([FIELD.tag, v]);
    const docWords = new Map<number, number>();
    for (const [flag, text] of fieldWords) {
      for (const w of tokenize(text)) {
        const id = this.words.add(w, o, flag);
        docWords.set(id, (docWords.get(id) ?? 0) | flag);
      }
    }
    if (this.fwdFill + docWords.size > this.fwdTerms.length) {
      const size = Math.max(this.fwdTerms.length * 2, this.fwdFill + docWords.size);
      const terms = new Uint32Array(size);
      terms.set(this.fwdTerms);
      this.fwdTerms = terms;
      const flags = new Uint8Array(size);
      flags.set(this.fwdFlags);
      this.fwdFlags = flags;
    }
    this.fwdStart[o] = this.fwdFill;
    for (const [id, flags] of docWords) {
      this.fwdTerms[this.fwdFill] = id;
      this.fwdFlags[this.fwdFill++] = flags;
    }
    this.fwdEnd[o] = this.fwdFill;
    if (!this.bulk) {
      for (const [id, flags] of docWords) {
        const p = this.words.terms.get(this.words.termOf[id]!)!;
        if (p.fieldBits !== null) setFieldBits(p.fieldBits, o, flags, this.cap >>> 5);
        else if (p.length >= this.bigTermPostings()) this.addFieldBits(p);
      }
    }
    const pns = [...new Set(doc.partNumbers.map(normalizePartNumber))].filter((pn) => pn !== '');
    for (const pn of pns) this.partNumbers.add(pn, o);
    this.pnsOf[o] = pns.join(' ');

    for (const [sort, entry] of this.orders) this.insertInOrder(sort, entry, o);
    this.compactIfWorthIt();
  }

  remove(id: number): void {
    this.facetCache.clear();
    this.pricePrefix = null;
    this.totals = null;
    this.retire(id);
    this.compactIfWorthIt();
  }

  private compactIfWorthIt(): void {
    if (this.n - this.live > Math.max(1024, this.live * this.compactRatio)) this.compact();
  }

  /** Postings from which a word keeps field bitsets (see FastIndexOptions.termBitsMin). */
  private bigTermPostings(): number {
    return this.termBitsMin > 0 ? this.termBitsMin : Math.max(1024, this.cap >>> 5);
  }

  /** Builds a word's field bitsets from its postings. */
  private addFieldBits(p: Postings): void {
    const bits: (Uint32Array | undefined)[] = [];
    const { ords, flags } = p;
    for (let j = 0; j < p.length; j++) {
      const f = flags![j]!;
      for (let i = 0; i < 4; i++) if (f & (1 << i)) setBit(bits[i] ??= new Uint32Array(this.cap >>> 5), ords[j]!);
    }
    p.fieldBits = bits;
    this.bigTerms.push(p);
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    this.interned.set(text, text);
    return text;
  }

  private retire(id: number): void {
    const o = this.ordOf.get(id);
    if (o === undefined) return;
    this.ordOf.delete(id);
    clearBit(this.alive, o);
    this.live--;
    const v = this.vendorOf[o] ?? -1;
    if (v >= 0) this.vendors.release(v, id);
    for (let i = this.tagStart[o] ?? 0; i < (this.tagEnd[o] ?? 0); i++) {
      const t = this.tagIds[i] ?? 0;
      this.tags.release(t, id);
      this.prefixes.release(this.tagPrefix[t] ?? 0, id);
    }
  }

  private grow(cap: number): void {
    const f64 = (a: Float64Array): Float64Array<ArrayBuffer> => { const b = new Float64Array(cap); b.set(a); return b; };
    const u32 = (a: Uint32Array, size: number): Uint32Array<ArrayBuffer> => { const b = new Uint32Array(size); b.set(a); return b; };
    this.alive = u32(this.alive, cap >>> 5);
    this.featured = u32(this.featured, cap >>> 5);
    for (const [c, bits] of this.collections) this.collections.set(c, u32(bits, cap >>> 5));
    this.vendorBits = this.vendorBits.map((bits) => u32(bits, cap >>> 5));
    this.tagBits = this.tagBits.map((bits) => u32(bits, cap >>> 5));
    for (const p of this.bigTerms) p.fieldBits = p.fieldBits!.map((bits) => (bits === undefined ? undefined : u32(bits, cap >>> 5)));
    this.idOf = f64(this.idOf);
    this.price = f64(this.price);
    this.rating = f64(this.rating);
    this.reviews = f64(this.reviews);
    this.sales = f64(this.sales);
    const vendorOf = new Int32Array(cap).fill(-1);
    vendorOf.set(this.vendorOf);
    this.vendorOf = vendorOf;
    this.tagStart = u32(this.tagStart, cap);
    this.tagEnd = u32(this.tagEnd, cap);
    this.fwdStart = u32(this.fwdStart, cap);
    this.fwdEnd = u32(this.fwdEnd, cap);
    for (const entry of this.orders.values()) {
      entry.order = u32(entry.order, cap);
      entry.rank = null;
    }
    this.cap = cap;
  }

  /** Renumbers the live ordinals 0..live-1 and drops the retired ones everywhere. */
  private compact(): void {
    const remap = new Int32Array(this.n).fill(-1);
    let next = 0;
    for (let o = 0; o < this.n; o++) if (hasBit(this.alive, o)) remap[o] = next++;
    const move = <T extends { [i: number]: number }>(a: T): void => {
      for (let o = 0; o < this.n; o++) { const to = remap[o] ?? -1; if (to >= 0) a[to] = a[o] ?? 0; }
    };
    const moveList = <T>(a: T[]): void => {
      for (let o = 0; o < this.n; o++) { const to = remap[o] ?? -1; if (to >= 0) a[to] = a[o] as T; }
      a.length = next;
    };
    move(this.idOf); move(this.price); move(this.rating); move(this.reviews); move(this.sales); move(this.vendorOf);
    this.vendorOf.fill(-1, next);
    moveList(this.titleKey); moveList(this.vendorSpelling);
    moveList(this.pnsOf);
    const fwdTerms = new Uint32Array(Math.max(4096, this.fwdFill));
    const fwdFlags = new Uint8Array(fwdTerms.length);
    let fwdFill = 0;
    for (let o = 0; o < this.n; o++) {
      const to = remap[o] ?? -1;
      if (to < 0) continue;
      const start = fwdFill;
      for (let i = this.fwdStart[o] ?? 0; i < (this.fwdEnd[o] ?? 0); i++) {
        fwdTerms[fwdFill] = this.fwdTerms[i] ?? 0;
        fwdFlags[fwdFill++] = this.fwdFlags[i] ?? 0;
      }
      this.fwdStart[to] = start;
      this.fwdEnd[to] = fwdFill;
    }
    this.fwdTerms = fwdTerms;
    this.fwdFlags = fwdFlags;
    this.fwdFill = fwdFill;
    const tagIds = new Uint32Array(Math.max(1024, this.tagFill));
    const spellP: string[] = [];
    const spellV: string[] = [];
    let fill = 0;
    for (let o = 0; o < this.n; o++) {
      const to = remap[o] ?? -1;
      if (to < 0) continue;
      const start = fill;
      for (let i = this.tagStart[o] ?? 0; i < (this.tagEnd[o] ?? 0); i++) {
        spellP[fill] = this.tagSpellP[i] ?? '';
        spellV[fill] = this.tagSpellV[i] ?? '';
        tagIds[fill++] = this.tagIds[i] ?? 0;
      }
      this.tagStart[to] = start;
      this.tagEnd[to] = fill;
    }
    this.tagIds = tagIds;
    this.tagSpellP = spellP;
    this.tagSpellV = spellV;
    this.tagFill = fill;
    const remapBits = (bits: Uint32Array): Uint32Array<ArrayBuffer> => {
      const out = new Uint32Array(bits.length);
      for (let o = 0; o < this.n; o++) if (hasBit(bits, o)) { const to = remap[o] ?? -1; if (to >= 0) setBit(out, to); }
      return out;
    };
    this.alive = remapBits(this.alive);
    this.featured = remapBits(this.featured);
    for (const [c, bits] of this.collections) this.collections.set(c, remapBits(bits));
    this.vendorBits = this.vendorBits.map(remapBits);
    this.tagBits = this.tagBits.map(remapBits);
    for (const entry of this.orders.values()) {
      let w = 0;
      for (let i = 0; i < entry.length; i++) {
        const to = remap[entry.order[i] ?? 0] ?? -1;
        if (to >= 0) entry.order[w++] = to;
      }
      entry.length = w;
      entry.rank = null;
    }
    for (const [id, o] of this.ordOf) this.ordOf.set(id, remap[o] ?? 0);
    this.words.remap(remap);
    // words left without postings are gone from the lexicon
    this.bigTerms = this.bigTerms.filter((p) => p.length > 0);
    for (const p of this.bigTerms) p.fieldBits = p.fieldBits!.map((bits) => (bits === undefined ? undefined : remapBits(bits)));
    this.partNumbers.remap(remap);
    this.n = next;
  }

  /** Whether to treat a set as small (lists), unless the options force a side. */
  private small(auto: boolean): boolean {
    return this.sets === 'auto' ? auto : this.sets === 'lists';
  }

  // ---- presorted orders ----

  private compare(sort: PresortedSort, a: number, b: number): number {
    const byId = (this.idOf[a] ?? 0) - (this.idOf[b] ?? 0) || a - b;
    switch (sort) {
      case 'id_asc': return byId;
      case 'id_desc': return (this.idOf[b] ?? 0) - (this.idOf[a] ?? 0) || a - b;
      case 'title_asc': return compareTitleKeys(this.titleKey[a] ?? '', this.titleKey[b] ?? '') || byId;
      case 'title_desc': return compareTitleKeys(this.titleKey[b] ?? '', this.titleKey[a] ?? '') || byId;
      case 'price_asc': return (this.price[a] ?? 0) - (this.price[b] ?? 0) || byId;
      case 'price_desc': return (this.price[b] ?? 0) - (this.price[a] ?? 0) || byId;
      case 'top_rated': return (this.rating[b] ?? 0) - (this.rating[a] ?? 0) || (this.reviews[b] ?? 0) - (this.reviews[a] ?? 0) || byId;
      case 'best_selling': return (this.sales[b] ?? 0) - (this.sales[a] ?? 0) || byId;
    }
  }

  private orderOf(sort: PresortedSort): { order: Uint32Array; length: number; rank: Uint32Array } {
    let entry = this.orders.get(sort);
    if (entry === undefined) {
      const live: number[] = [];
      for (let o = 0; o < this.n; o++) if (hasBit(this.alive, o)) live.push(o);
      live.sort((a, b) => this.compare(sort, a, b));
      const order = new Uint32Array(this.cap);
      order.set(live);
      entry = { order, length: live.length, rank: null };
      this.orders.set(sort, entry);
    }
    if (entry.rank === null) {
      const rank = new Uint32Array(this.cap);
      for (let i = 0; i < entry.length; i++) rank[entry.order[i] ?? 0] = i;
      entry.rank = rank;
    }
    return entry as { order: Uint32Array; length: number; rank: Uint32Array };
  }

  private insertInOrder(sort: PresortedSort, entry: { order: Uint32Array; length: number; rank: Uint32Array | null }, o: number): void {
    let lo = 0;
    let hi = entry.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(sort, entry.order[mid] ?? 0, o) < 0) lo = mid + 1;
      else hi = mid;
    }
    entry.order.copyWithin(lo + 1, lo, entry.length);
    entry.order[lo] = o;
    entry.length++;
    entry.rank = null;
  }

  // ---- search ----

  search(query: IndexQuery): IndexResult {
    const { ids, totalObjects, facets } = this.searchPage(query);
    return {
      ids,
      totalObjects,
      availableTagPrefixes: facets.availableTagPrefixes.map((x) => ({ ...x })),
      availableTagFilters: facets.availableTagFilters.map((x) => ({ ...x })),
      availableVendors: facets.availableVendors.map((x) => ({ ...x })),
      productMaxPriceCents: facets.productMaxPriceCents,
    };
  }

  searchPage(query: IndexQuery): SearchPage {
    const nq = normalizeQuery(query);
    // scratch bitsets span the ordinals in use, not the capacity (up to a quarter less
    // work in every whole-bitset pass); the stored bitsets stay at the capacity
    if (this.scratch.cap < this.n) this.scratch = new Scratch(Math.min(this.cap, (this.n + (this.n >>> 3) + 1023) & ~1023));
    const s = this.scratch;
    const cand = s.cand;
    cand.set(this.alive.subarray(0, cand.length));
    if (nq.featuredOnly) andInto(cand, this.featured);
    if (nq.collectionId !== null) {
      const bits = this.collections.get(nq.collectionId);
      if (bits === undefined) cand.fill(0);
      else andInto(cand, bits);
    }
    const relevance = nq.hasText && nq.sortBy === '';
    const wordCount = nq.hasText ? this.matchText(nq, cand, relevance) : 0;

    // The filters facets treat disjunctively, each as a bitset; S[i] is the candidates
    // passing every filter but the i-th, M the candidates passing them all.
    const filters: Uint32Array[] = [];
    let priceFilter = -1;
    let vendorFilter = -1;
    if (nq.minPriceCents > -Infinity || nq.maxPriceCents < Infinity) {
      priceFilter = filters.push(this.priceSet(nq.minPriceCents, nq.maxPriceCents, s.setAt(0))) - 1;
    }
    if (nq.vendorKey !== null) {
      const v = this.vendors.ids.get(nq.vendorKey);
      vendorFilter = filters.push(v === undefined ? s.empty : this.vendorBits[v] ?? s.empty) - 1;
    }
    const groupFilter = new Map<number, number>();
    for (const [prefixKey, values] of nq.tagGroups) {
      const tagBits = (v: string): Uint32Array => {
        const t = this.tags.ids.get(prefixKey + TAG_KEY_SEPARATOR + v);
        return t === undefined ? s.empty : this.tagBits[t] ?? s.empty;
      };
      let filter: Uint32Array;
      // one value (the storefront sends one per prefix) filters by the tag's own bitset
      if (values.size === 1) filter = tagBits(values.values().next().value!);
      else {
        filter = s.setAt(filters.length);
        filter.fill(0);
        for (const v of values) orInto(filter, tagBits(v));
      }
      const prefixId = this.prefixes.ids.get(prefixKey);
      if (prefixId !== undefined) groupFilter.set(prefixId, filters.length);
      filters.push(filter);
    }
    // without filters the matches are the candidates themselves (no copy)
    const match = filters.length === 0 ? cand : s.match;
    const count = filters.length > 0 ? andAll(match, cand, filters) : nq.hasText ? s.candCount : countBits(cand);

    // the matches as a list, when few enough that lists beat whole-bitset scans; listed
    // once, and only if a step needs it (a memoised one-word page often does not)
    const useList = this.small(count <= s.matches.length >>> 4);
    let listed: Uint32Array | null | undefined;
    const listOf = (): Uint32Array | null => (listed === undefined ? (listed = useList ? listBits(match, s.matches) : null) : listed);

    const ids = !relevance ? this.pageBySort(presortedFor(nq.sortBy), nq, match, count, listOf)
      : wordCount === 1 ? this.pageByOneWord(nq, match, count, listOf) : this.pageByRelevance(nq, match, count, listOf(), wordCount);

    // facets depend on the matching set and the filters only, not on the sort or the page:
    // they are memoised by those (least recently used out first) until the next write, so
    // paging or re-sorting an answer, and the browse sets of home grids and collection
    // pages, skip the counting
    const cacheKey = facetCacheKey(nq);
    let facets = this.facetCache.get(cacheKey);
    if (facets === undefined) {
      // S[i]: the candidates passing every filter but the i-th (only counting needs them)
      const others: Uint32Array[] = filters.map((_, i) => {
        if (filters.length === 1) return cand;
        const set = s.setAt(filters.length + i);
        set.set(cand);
        filters.forEach((f, j) => { if (j !== i) andInto(set, f); });
        return set;
      });
      facets = deepFreeze(this.countFacets(match, count, listOf(), others, vendorFilter, priceFilter, groupFilter));
      if (this.facetCache.size >= FACET_CACHE_SIZE) this.facetCache.delete(this.facetCache.keys().next().value!);
    } else {
      this.facetCache.delete(cacheKey);
    }
    this.facetCache.set(cacheKey, facets);
    // one ranked word used level bitsets, several used score arrays
    if (nq.hasText) s.clearText(wordCount > 1 ? wordCount : 0);
    return { ids, totalObjects: count, facets };
  }

  /** Counts every facet of an answer (see search for the sets). */
  private countFacets(
    match: Uint32Array, count: number, list: Uint32Array | null, others: Uint32Array[],
    vendorFilter: number, priceFilter: number, groupFilter: Map<number, number>,
  ): IndexFacets {
    if (this.vendors.stale.size + this.tags.stale.size + this.prefixes.stale.size > 0) this.refreshNames();
    const vendorSet = vendorFilter >= 0 ? others[vendorFilter]! : match;
    const vendorCounts = vendorSet === match ? this.countVendors(match, count, list) : this.countVendors(vendorSet, countBits(vendorSet), null);
    const tagCounts = new Map<number, number>();
    // tags of unselected prefixes count over the matches; a selected prefix over S of its filter
    this.countTags(match, count, list, (prefix) => !groupFilter.has(prefix), tagCounts);
    for (const [prefix, i] of groupFilter) this.countTags(others[i]!, countBits(others[i]!), null, (p) => p === prefix, tagCounts);
    const priceSet = priceFilter >= 0 ? others[priceFilter]! : match;
    const maxPrice = priceSet === match ? this.maxPriceIn(match, count, list) : this.maxPriceIn(priceSet, countBits(priceSet), null);

    const vendorMap = new Map<string, number>();
    const vendorNames = new Map<string, string>();
    for (const [v, c] of vendorCounts) {
      const key = this.vendors.keys[v] ?? '';
      vendorMap.set(key, c);
      vendorNames.set(key, this.vendors.names[v] ?? key);
    }
    const tagMap = new Map<string, number>();
    const prefixNames = new Map<string, string>();
    const valueNames = new Map<string, string>();
    for (const [t, c] of tagCounts) {
      const key = this.tags.keys[t] ?? '';
      const prefixId = this.tagPrefix[t] ?? 0;
      tagMap.set(key, c);
      valueNames.set(key, this.tags.names[t] ?? '');
      prefixNames.set(this.prefixes.keys[prefixId] ?? '', this.prefixes.names[prefixId] ?? '');
    }
    return { ...orderFacets(vendorMap, tagMap, vendorNames, prefixNames, valueNames), productMaxPriceCents: maxPrice };
  }

  /** Live-or-not ordinals priced within [lo, hi], from the price order (two binary searches). */
  private priceSet(lo: number, hi: number, into: Uint32Array): Uint32Array {
    const { order, length } = this.orderOf('price_asc');
    const first = (bound: number, inclusive: boolean): number => {
      let a = 0;
      let b = length;
      while (a < b) {
        const mid = (a + b) >>> 1;
        const p = this.price[order[mid] ?? 0] ?? 0;
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
    const step = this.pricePrefixStep > 0 ? this.pricePrefixStep : Math.max(1024, Math.ceil(length / 64));
    const sets: Uint32Array[] = [];
    let current = new Uint32Array(this.cap >>> 5);
    for (let k = 0; k * step <= length; k++) {
      sets.push(current);
      current = current.slice();
      for (let i = k * step; i < Math.min(length, (k + 1) * step); i++) setBit(current, order[i]!);
    }
    sets.push(current);
    return (this.pricePrefix = { step, sets });
  }

  /**
   * Vendor counts over a set of `size` live documents. A set holding most of the catalogue
   * (browse pages, broad words) is counted through its complement: the live totals minus the
   * counts of the live documents outside it, which are few.
   */
  private countVendors(set: Uint32Array, size: number, list: Uint32Array | null): Map<number, number> {
    const counts = new Map<number, number>();
    if (size === 0) return counts;
    const vendors = this.vendorBits.length;
    const tally = this.scratch.vendorCounts(vendors);
    if (size > this.live / 2) {
      this.tallyVendors(this.scratch.complementOf(set, this.alive), this.live - size, null, tally);
      const totals = this.facetTotals().vendors;
      for (let v = 0; v < vendors; v++) {
        const c = totals[v]! - tally[v]!;
        tally[v] = 0;
        if (c > 0) counts.set(v, c);
      }
      return counts;
    }
    this.tallyVendors(set, size, list, tally);
    for (let v = 0; v < vendors; v++) {
      if (tally[v]! > 0) counts.set(v, tally[v]!);
      tally[v] = 0;
    }
    return counts;
  }

  /** Adds each vendor's count over a set to `tally`: per document when the set is small, else one popcount per vendor. */
  private tallyVendors(set: Uint32Array, size: number, list: Uint32Array | null, tally: Uint32Array): void {
    if (size === 0) return;
    if (this.small(size < this.vendorBits.length * set.length)) {
      const vendorOf = this.vendorOf;
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
      this.vendorBits.forEach((bits, v) => { tally[v] = tally[v]! + countAnd(bits, set); });
    }
  }

  /** Adds the counts of the tags whose prefix passes `wanted` over a set of live documents (through its complement when large, as countVendors). */
  private countTags(set: Uint32Array, size: number, list: Uint32Array | null, wanted: (prefix: number) => boolean, into: Map<number, number>): void {
    if (size === 0) return;
    const tags = this.tagBits.length;
    const counts = this.scratch.tagCounts(tags);
    const complement = size > this.live / 2;
    if (complement) this.tallyTags(this.scratch.complementOf(set, this.alive), this.live - size, null, wanted, counts);
    else this.tallyTags(set, size, list, wanted, counts);
    const totals = complement ? this.facetTotals().tags : null;
    const { tagPrefix } = this;
    for (let t = 0; t < tags; t++) {
      const c = totals === null ? counts[t]! : totals[t]! - counts[t]!;
      counts[t] = 0;
      if (c > 0 && wanted(tagPrefix[t] ?? -1)) into.set(t, c);
    }
  }

  /** Adds tag counts over a set to `counts` (tags of unwanted prefixes may be counted too): per document when cheaper, else one popcount per wanted tag. */
  private tallyTags(set: Uint32Array, size: number, list: Uint32Array | null, wanted: (prefix: number) => boolean, counts: Uint32Array): void {
    if (size === 0) return;
    const tagIds: number[] = [];
    for (let t = 0; t < this.tagBits.length; t++) if (wanted(this.tagPrefix[t] ?? -1)) tagIds.push(t);
    const perDoc = this.tagFill / Math.max(1, this.n);
    if (this.small(size * perDoc * 1.5 < tagIds.length * set.length)) {
      const { tagStart, tagEnd, tagIds: ids } = this;
      // inlined walks (no callback per document): this loop is most of a broad query's work
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
      for (const t of tagIds) counts[t] = counts[t]! + countAnd(this.tagBits[t] ?? this.scratch.empty, set);
    }
  }

  /** Live documents of each vendor and tag, for counting through complements; recomputed after a write. */
  private facetTotals(): { vendors: Uint32Array; tags: Uint32Array } {
    if (this.totals === null) {
      const vendors = Uint32Array.from(this.vendorBits, (bits) => countAnd(bits, this.alive));
      const tags = Uint32Array.from(this.tagBits, (bits) => countAnd(bits ?? this.scratch.empty, this.alive));
      this.totals = { vendors, tags };
    }
    return this.totals;
  }

  /** Highest price in a set: over the list when small, else the first member met walking the price order down. */
  private maxPriceIn(set: Uint32Array, size: number, list: Uint32Array | null): number {
    if (size === 0) return 0;
    let max = 0;
    if (list !== null) {
      for (let i = 0; i < size; i++) max = Math.max(max, this.price[list[i]!]!);
      return max;
    }
    const { order, length } = this.orderOf('price_asc');
    for (let i = length - 1; i >= 0; i--) {
      const o = order[i]!;
      if ((set[o >>> 5]! & (1 << (o & 31))) !== 0) return Math.max(0, this.price[o]!);
    }
    return 0;
  }

  /**
   * ANDs the text match into `cand`; when ranking, fills each word's score array (the best
   * score of the word on each document). Returns the word count. Words are taken cheapest
   * first: a word whose postings (with its prefix and part-number expansions) cost less
   * than checking the remaining candidates is expanded into a bitset; otherwise each
   * remaining candidate is checked through the forward index, so 'aqu-9121-n' never
   * expands every word starting with 'n'.
   */
  private matchText(nq: NormalizedQuery, cand: Uint32Array, relevance: boolean): number {
    const s = this.scratch;
    const { words: qWords, partNumber } = nq.text;
    const last = qWords.length - 1;
    const text = s.text;
    // each word's postings, prefix range and part-number slice are looked up once
    const plans = qWords.map((word, i): WordPlan => {
      const exact = this.words.terms.get(word) ?? null;
      // the last word also matches as a prefix (as-you-type)
      const prefix = i === last ? this.words.prefixRange(word) : null;
      const pn = word.length >= MIN_PART_NUMBER_PREFIX ? this.partNumbers.prefixSlice(word) : null;
      const cost = (exact?.length ?? 0) + (prefix === null ? 0 : this.words.rangeCost(prefix[0], prefix[1]))
        + (pn === null ? 0 : pn.to - pn.from);
      return { word, i, exact, prefix, pn, cost };
    });
    if (partNumber !== '') {
      const { tierExact, tierPrefix } = s;
      // a one-word query's part number is the word itself: its slice is at hand
      const { ords, from, exactEnd, to } = plans.length === 1 && plans[0]!.word === partNumber && plans[0]!.pn !== null
        ? plans[0]!.pn : this.partNumbers.prefixSlice(partNumber);
      for (let i = from; i < to; i++) setBit(i < exactEnd ? tierExact : tierPrefix, ords[i]!);
      s.tierHits += to - from;
    }
    plans.sort((a, b) => a.cost - b.cost);
    const perDoc = this.fwdFill / Math.max(1, this.n) + 2;
    let remaining = Infinity;
    // ranking one word marks score levels (bitsets); several words, a score array per word
    const levels = relevance && plans.length === 1;
    for (let step = 0; step < plans.length; step++) {
      const plan = plans[step]!;
      const scores = relevance && !levels ? s.wordScoresAt(plan.i) : null;
      if (step === 0) {
        // the cheapest word is marked straight into the text set (a lone ranked word only
        // into its level bitsets, whose union is the text set)
        if (!levels) text.fill(0);
        this.expandWord(plan, text, scores, levels);
      } else if (plan.cost <= remaining * perDoc * this.expandFactor) {
        this.expandWord(plan, s.wordBits, scores, false);
        andInto(text, s.wordBits);
        s.wordBits.fill(0);
      } else {
        remaining = this.checkWord(plan, text, cand, scores, remaining);
        continue;
      }
      // (what is left only guides the next word's plan)
      if (step < plans.length - 1) remaining = countAnd(text, cand);
    }
    if (qWords.length === 0) text.fill(0);
    // part-number hits match whatever their words do; the candidates left are counted in
    // the same pass (s.candCount)
    const { tierExact, tierPrefix } = s;
    const sets = levels ? s.usedLevels() : [text];
    if (s.tierHits > 0) sets.push(tierExact, tierPrefix);
    s.candCount = andAny(cand, sets, s.level);
    return relevance ? qWords.length : 0;
  }

  /**
   * Marks a word's documents in `bits` from its postings (exact, prefixes, part numbers):
   * with `scores`, also each document's score of the word; with `levels`, each document in
   * the scratch bitset of each score it gets. A frequent word's field bitsets are ORed in
   * whole unless per-document scores are wanted.
   */
  private expandWord(plan: WordPlan, bits: Uint32Array, scores: Uint8Array | null, levels: boolean): void {
    const s = this.scratch;
    const mark = (p: Postings, table: Uint8Array): void => {
      if (p.fieldBits !== null) {
        // a frequent word's fields are ORed whole; with per-document scores wanted, each
        // field's score is tested on the few matches later instead (fieldScoresAt)
        p.fieldBits.forEach((field, i) => {
          if (field === undefined) return;
          if (levels) {
            orInto(s.levelAt(table[1 << i]!), field);
            return;
          }
          orInto(bits, field);
          if (scores !== null) s.fieldScoresAt(plan.i).push({ bits: field, score: table[1 << i]! });
        });
      } else if (levels) markPostingsLevels(s, p.ords, p.flags!, p.length, table);
      else markPostings(bits, scores, p.ords, p.flags!, p.length, table);
    };
    const { exact, prefix } = plan;
    if (exact !== null) mark(exact, EXACT_SCORE);
    // the word's own term adds nothing as a prefix: a whole word scores at least as much
    if (prefix !== null) this.words.forRange(prefix[0], prefix[1], (_, p) => { if (p !== exact) mark(p, PREFIX_SCORE); });
    if (plan.pn !== null) {
      const { ords, from, exactEnd, to } = plan.pn;
      for (let i = from; i < to; i++) {
        const o = ords[i]!;
        const score = i < exactEnd ? PN_EXACT_SCORE : PN_PREFIX_SCORE;
        if (levels) {
          setBit(s.levelAt(score), o);
          continue;
        }
        setBit(bits, o);
        if (scores !== null) scores[o] = Math.max(scores[o]!, score);
      }
    }
  }

  /**
   * Checks a word on each remaining candidate (and each part-number hit, which ranks by every
   * word) through the forward index. Terms are compared by id; a prefix's terms are marked by
   * id beforehand when there are fewer of them than forward entries to check, else each
   * entry's term is compared as text. Drops the candidates the word does not match; returns
   * how many are left.
   */
  private checkWord(plan: WordPlan, text: Uint32Array, cand: Uint32Array, scores: Uint8Array | null, remaining: number): number {
    const s = this.scratch;
    const { fwdStart, fwdEnd, fwdTerms, fwdFlags } = this;
    const { tierExact, tierPrefix } = s;
    const termOf = this.words.termOf;
    const exactId = this.words.idOf(plan.word) ?? -1;
    const perDoc = this.fwdFill / Math.max(1, this.n);
    const { prefix } = plan;
    const byMarks = prefix !== null && prefix[1] - prefix[0] < remaining * perDoc;
    const marks = s.termMarks(termOf.length);
    const marked: number[] = [];
    if (byMarks) {
      this.words.forRange(prefix[0], prefix[1], (term) => {
        const id = this.words.idOf(term);
        if (id !== undefined && id !== exactId) { marks[id] = 1; marked.push(id); }
      });
    }
    const byText = prefix !== null && !byMarks;
    let left = 0;
    for (let w = 0; w < text.length; w++) {
      const inText = text[w]! & cand[w]!;
      let bits = inText | tierExact[w]! | tierPrefix[w]!;
      let keep = inText;
      while (bits !== 0) {
        const low = bits & -bits;
        const d = (w << 5) | (31 - Math.clz32(low));
        bits ^= low;
        let score = 0;
        for (let i = fwdStart[d]!, end = fwdEnd[d]!; i < end; i++) {
          const term = fwdTerms[i]!;
          const sc = term === exactId ? EXACT_SCORE[fwdFlags[i]!]!
            : marks[term] === 1 || (byText && termOf[term]!.startsWith(plan.word)) ? PREFIX_SCORE[fwdFlags[i]!]! : 0;
          if (sc > score) score = sc;
        }
        if (plan.pn !== null) score = Math.max(score, this.partNumberScore(d, plan.word));
        if (score === 0) keep &= ~low;
        else if (scores !== null) scores[d] = score;
      }
      text[w] = keep;
      left += popcount(keep);
    }
    for (const id of marked) marks[id] = 0;
    return left;
  }

  /** A word's part-number score on a document: equal to one of its part numbers, or a prefix of one. */
  private partNumberScore(d: number, word: string): number {
    const pns = this.pnsOf[d] ?? '';
    let score = 0;
    for (let at = 0; at < pns.length;) {
      const end = pns.indexOf(' ', at);
      const stop = end < 0 ? pns.length : end;
      if (stop - at >= word.length && pns.startsWith(word, at)) {
        if (stop - at === word.length) return PN_EXACT_SCORE;
        score = PN_PREFIX_SCORE;
      }
      at = stop + 1;
    }
    return score;
  }

  /** A page in a presorted order: the matches ranked [offset, offset + limit) in it. */
  private pageBySort(sort: PresortedSort, nq: NormalizedQuery, match: Uint32Array, count: number, listOf: () => Uint32Array | null): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    const ids: number[] = [];
    if (nq.offset >= want) return ids;
    const entry = this.orderOf(sort);
    if (count === this.n) {
      // every ordinal matches (a browse page, nothing retired since the last compaction):
      // the page is a slice of the order, however deep
      for (let i = nq.offset; i < want; i++) ids.push(this.idOf[entry.order[i]!]!);
      return ids;
    }
    // in price order, no match lies before the first price within the bounds: the walk
    // starts there
    let start = 0;
    if (sort === 'price_asc' && nq.minPriceCents > -Infinity) start = this.firstPriced(entry, (p) => p < nq.minPriceCents);
    if (sort === 'price_desc' && nq.maxPriceCents < Infinity) start = this.firstPriced(entry, (p) => p > nq.maxPriceCents);
    this.rankedSlice(entry, match, listOf, count, nq.offset, want, ids, start);
    return ids;
  }

  /** The first position of a price order whose price no longer passes `before` (binary search). */
  private firstPriced(entry: { order: Uint32Array; length: number }, before: (priceCents: number) => boolean): number {
    let a = 0;
    let b = entry.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (before(this.price[entry.order[mid]!]!)) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  /**
   * Appends the ids of the members of a set (of `count` members, listed by `listOf` when
   * small) ranked [from, to) in a presorted order: when the members are fewer than the walk
   * would visit, the best ranks among them (bounded heap, or a sort for deep pages);
   * otherwise the members met walking the order from `start` (no member lies before it).
   */
  private rankedSlice(
    entry: { order: Uint32Array; length: number; rank: Uint32Array }, set: Uint32Array, listOf: () => Uint32Array | null,
    count: number, from: number, to: number, ids: number[], start = 0,
  ): void {
    const { order, length, rank } = entry;
    const walk = Math.min(length - start, (to * (length - start)) / count);
    const s = this.scratch;
    // not subject to `sets`: the tests reach this path over lists and over bitsets
    if (to <= this.pageHeapLimit && count * 2 < walk) {
      const list = listOf();
      const heap = s.keys;
      let size = 0;
      if (list !== null) for (let i = 0; i < count; i++) size = offerKey(heap, size, to, rank[list[i]!]!);
      else {
        for (let w = 0; w < set.length; w++) {
          for (let x = set[w]!; x !== 0; x &= x - 1) size = offerKey(heap, size, to, rank[(w << 5) | (31 - Math.clz32(x & -x))]!);
        }
      }
      const best = heap.subarray(0, size).sort();
      for (let i = from; i < to; i++) ids.push(this.idOf[order[best[i]!]!]!);
      return;
    }
    if (this.small(count * Math.log2(count + 1) * 2 < walk)) {
      const list = listOf();
      const ranks = s.ranks.subarray(0, count);
      if (list !== null) for (let i = 0; i < count; i++) ranks[i] = rank[list[i]!]!;
      else { let i = 0; forEachBit(set, (d) => { ranks[i++] = rank[d] ?? 0; }); }
      ranks.sort();
      for (let i = from; i < to; i++) ids.push(this.idOf[order[ranks[i] ?? 0] ?? 0] ?? 0);
      return;
    }
    let seen = 0;
    for (let i = start; i < length && seen < to; i++) {
      const o = order[i]!;
      if ((set[o >>> 5]! & (1 << (o & 31))) === 0) continue;
      if (seen >= from) ids.push(this.idOf[o]!);
      seen++;
    }
  }

  /**
   * A relevance page of a one-word query. The word's score on a document is the highest
   * level whose bitset holds it (levels were marked per posting, or per field bitset of a
   * frequent word), so no document is scored one by one unless the matches are few:
   * part-number hits (any tier outranks every word score; few) are sorted first, then the
   * levels are taken from the top, each level's size a popcount, and only the levels the
   * page reaches are ranked (rankedSlice).
   */
  private pageByOneWord(nq: NormalizedQuery, match: Uint32Array, count: number, listOf: () => Uint32Array | null): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    if (nq.offset >= want) return [];
    const s = this.scratch;
    const entry = this.orderOf(DEFAULT_ORDER);
    const { order, rank } = entry;
    const { tierExact, tierPrefix, levelBits } = s;
    const levels = LEVELS_DESC.filter((level) => (s.levelsUsed & (1 << level)) !== 0);
    const keyOf = (d: number): number => {
      const w = d >>> 5;
      const bit = 1 << (d & 31);
      let sc = (tierExact[w]! & bit) !== 0 ? PART_NUMBER_TIER.exact * TIER_STEP
        : (tierPrefix[w]! & bit) !== 0 ? PART_NUMBER_TIER.prefix * TIER_STEP : 0;
      for (const level of levels) if ((levelBits[level]![w]! & bit) !== 0) { sc += level; break; }
      return (SCORE_LEVELS - sc) * 4294967296 + rank[d]!;
    };
    /** The best `to` keys of `n` documents (from `at`), sorted: bounded heap, or a full sort past the heap's limit. */
    const bestKeys = (n: number, to: number, at: (i: number) => number): Float64Array => {
      const keys = s.keys;
      let size = 0;
      if (to <= this.pageHeapLimit) for (let i = 0; i < n; i++) size = offerKey(keys, size, to, keyOf(at(i)));
      else for (; size < n; size++) keys[size] = keyOf(at(size));
      return keys.subarray(0, size).sort();
    };
    const ids: number[] = [];
    const list = this.small(count <= 256) ? listOf() : null;
    if (list !== null) {
      const best = bestKeys(count, want, (i) => list[i]!);
      for (let i = nq.offset; i < want; i++) ids.push(this.idOf[order[best[i]! % 4294967296]!]!);
      return ids;
    }
    // `ranked` holds the documents already ranked: the part-number hits, then each level
    // (without part-number hits it starts as the first level's bitset)
    const ranked = s.union;
    let tierCount = 0;
    const hits = s.ranks;
    if (s.tierHits > 0) {
      // the hits are listed in the same pass
      for (let w = 0; w < match.length; w++) {
        const t = match[w]! & (tierExact[w]! | tierPrefix[w]!);
        ranked[w] = t;
        for (let x = t; x !== 0; x &= x - 1) hits[tierCount++] = (w << 5) | (31 - Math.clz32(x & -x));
      }
    }
    let rankedEmpty = s.tierHits === 0;
    let before = 0;
    if (tierCount > 0) {
      const best = bestKeys(tierCount, Math.min(want, tierCount), (i) => hits[i]!);
      for (let i = nq.offset; i < Math.min(want, tierCount); i++) ids.push(this.idOf[order[best[i]! % 4294967296]!]!);
      before = tierCount;
    }
    const inLevel = s.level;
    for (const level of levels) {
      if (before >= want) break;
      const bits = levelBits[level]!;
      let c = 0;
      if (rankedEmpty) {
        for (let w = 0; w < match.length; w++) {
          const x = match[w]! & bits[w]!;
          inLevel[w] = x;
          c += popcount(x);
        }
        ranked.set(bits);
        rankedEmpty = false;
      } else {
        for (let w = 0; w < match.length; w++) {
          const x = match[w]! & bits[w]! & ~ranked[w]!;
          inLevel[w] = x;
          c += popcount(x);
          ranked[w] = ranked[w]! | bits[w]!;
        }
      }
      if (c === 0) continue;
      if (before + c > nq.offset) {
        const skip = Math.max(0, nq.offset - before);
        this.rankedSlice(entry, inLevel, () => null, c, skip, Math.min(c, want - before), ids);
      }
      before += c;
    }
    return ids;
  }

  /**
   * A relevance page of several words: score desc, then the default order. The matches are
   * listed once and scored word by word (plain passes over typed arrays); usually one more
   * pass keeps the best (score, rank) keys in a bounded heap; deep pages count the scores
   * into a histogram, then sort the keys (few matches) or walk the default order once
   * collecting each score level's members that fall in the page.
   */
  private pageByRelevance(nq: NormalizedQuery, match: Uint32Array, count: number, list: Uint32Array | null, wordCount: number): number[] {
    const want = Math.min(count, nq.offset + nq.limit);
    if (nq.offset >= want) return [];
    const s = this.scratch;
    const { order, length, rank } = this.orderOf(DEFAULT_ORDER);
    const { tierExact, tierPrefix, wordScores, fieldScores, scores } = s;
    const matches = list ?? listBits(match, s.matches);
    // the field bitsets of frequent terms raise their words' scores, on the matches only
    for (let i = 0; i < wordCount; i++) {
      const ws = wordScores[i]!;
      for (const field of fieldScores[i] ?? NO_FIELD_SCORES) {
        const { bits, score } = field;
        for (let w = 0; w < match.length; w++) {
          for (let x = bits[w]! & match[w]!; x !== 0; x &= x - 1) {
            const d = (w << 5) | (31 - Math.clz32(x & -x));
            if (score > ws[d]!) ws[d] = score;
          }
        }
      }
    }
    // scores: the part-number tier, then each word's best, one pass per word
    if (s.tierHits === 0) for (let k = 0; k < count; k++) scores[matches[k]!] = 0;
    else {
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        const bit = 1 << (d & 31);
        scores[d] = (tierExact[d >>> 5]! & bit) !== 0 ? PART_NUMBER_TIER.exact * TIER_STEP
          : (tierPrefix[d >>> 5]! & bit) !== 0 ? PART_NUMBER_TIER.prefix * TIER_STEP : 0;
      }
    }
    for (let i = 0; i < wordCount; i++) {
      const ws = wordScores[i]!;
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        scores[d] = scores[d]! + ws[d]!;
      }
    }
    const ids: number[] = [];
    if (want <= this.pageHeapLimit) {
      // the `want` smallest keys; a key orders by score desc, then rank (both fit below
      // 2^53, exact in a double); once the heap is full most matches lose to its root
      const heap = s.keys;
      let size = 0;
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        const key = (SCORE_LEVELS - scores[d]!) * 4294967296 + rank[d]!;
        if (size < want || key < heap[0]!) size = offerKey(heap, size, want, key);
      }
      const best = heap.subarray(0, size).sort();
      for (let i = nq.offset; i < want; i++) ids.push(this.idOf[order[best[i]! % 4294967296]!]!);
      return ids;
    }
    const { hist } = s;
    let minScore = SCORE_LEVELS;
    for (let k = 0; k < count; k++) {
      const sc = scores[matches[k]!]!;
      hist[sc]!++;
      if (sc < minScore) minScore = sc;
    }
    if (this.small(count <= 4096)) {
      const keys = s.keys.subarray(0, count);
      for (let k = 0; k < count; k++) {
        const d = matches[k]!;
        keys[k] = (SCORE_LEVELS - scores[d]!) * 4294967296 + rank[d]!;
      }
      keys.sort();
      for (let i = nq.offset; i < want; i++) ids.push(this.idOf[order[keys[i]! % 4294967296]!]!);
    } else {
      // find the score levels the page spans (histogram), then one walk of the default
      // order collects each level's members that fall in the page
      const slots = new Map<number, { skip: number; take: number; got: number[] }>();
      let before = 0;
      for (let level = SCORE_LEVELS - 1; level >= minScore && before < want; level--) {
        const inLevel = hist[level] ?? 0;
        if (inLevel === 0) continue;
        if (before + inLevel > nq.offset) {
          const skip = Math.max(0, nq.offset - before);
          slots.set(level, { skip, take: Math.min(inLevel, want - before) - skip, got: [] });
        }
        before += inLevel;
      }
      let missing = 0;
      for (const slot of slots.values()) missing += slot.take;
      for (let i = 0; i < length && missing > 0; i++) {
        const o = order[i]!;
        if ((match[o >>> 5]! & (1 << (o & 31))) === 0) continue;
        const slot = slots.get(scores[o]!);
        if (slot === undefined || slot.got.length >= slot.take) continue;
        if (slot.skip > 0) { slot.skip--; continue; }
        slot.got.push(this.idOf[o]!);
        missing--;
      }
      for (const slot of slots.values()) ids.push(...slot.got);
    }
    for (let k = 0; k < count; k++) hist[scores[matches[k]!]!] = 0;
    return ids;
  }

  /** Recomputes the spellings whose lowest-id holder left, in one scan of the live ordinals. */
  private refreshNames(): void {
    const tagsStale = this.tags.stale.size > 0 || this.prefixes.stale.size > 0;
    for (let o = 0; o < this.n; o++) {
      if (!hasBit(this.alive, o)) continue;
      const docId = this.idOf[o] ?? 0;
      const v = this.vendorOf[o] ?? -1;
      if (v >= 0) this.vendors.offer(v, this.vendorSpelling[o] ?? '', docId);
      if (!tagsStale) continue;
      for (let i = this.tagStart[o] ?? 0; i < (this.tagEnd[o] ?? 0); i++) {
        const t = this.tagIds[i] ?? 0;
        this.prefixes.offer(this.tagPrefix[t] ?? 0, this.tagSpellP[i] ?? '', docId);
        this.tags.offer(t, this.tagSpellV[i] ?? '', docId);
      }
    }
    this.vendors.settle();
    this.tags.settle();
    this.prefixes.settle();
  }
}

/**
 * Reusable per-query buffers for ordinals below `cap` (one query runs at a time): bitsets
 * of cap / 32 words and arrays by ordinal. Loops over a scratch bitset's length read stored
 * bitsets (sized to the index capacity, at least as long) only that far.
 */
class Scratch {
  readonly cand: Uint32Array;
  readonly text: Uint32Array;
  readonly wordBits: Uint32Array;
  readonly tierExact: Uint32Array;
  readonly tierPrefix: Uint32Array;
  readonly match: Uint32Array;
  /** Always empty: stands for a filter value that no document has. */
  readonly empty: Uint32Array;
  readonly scores: Int32Array;
  /** The matches as a list, when few. */
  readonly matches: Uint32Array;
  readonly hist = new Uint32Array(SCORE_LEVELS);
  readonly ranks: Uint32Array;
  /** Sort keys, or the bounded heap of a page. */
  readonly keys: Float64Array;
  /** Per query word, its best score on each ordinal (0: not matched) from its postings. */
  readonly wordScores: Uint8Array[] = [];
  /** Per query word, the field bitsets of its frequent terms with the score each gives. */
  readonly fieldScores: FieldScore[][] = [];
  /** One-word queries: the ordinals the word scores `level` on, by level (see levelAt). */
  readonly levelBits: (Uint32Array | undefined)[] = [];
  /** Bit `level` set when levelBits[level] holds something. */
  levelsUsed = 0;
  /** Part-number hits marked in tierExact and tierPrefix. */
  tierHits = 0;
  /** Candidates left after the text match (set by matchText). */
  candCount = 0;
  /** Spare bitsets of the one-word page. */
  readonly union: Uint32Array;
  readonly level: Uint32Array;
  private readonly complement: Uint32Array;
  private readonly sets: Uint32Array[] = [];
  private termMarkArray = new Uint8Array(1024);

  constructor(readonly cap: number) {
    const words = cap >>> 5;
    this.cand = new Uint32Array(words);
    this.text = new Uint32Array(words);
    this.wordBits = new Uint32Array(words);
    this.tierExact = new Uint32Array(words);
    this.tierPrefix = new Uint32Array(words);
    this.match = new Uint32Array(words);
    this.empty = new Uint32Array(words);
    this.scores = new Int32Array(cap);
    this.matches = new Uint32Array(cap);
    this.ranks = new Uint32Array(cap);
    this.keys = new Float64Array(cap);
    this.union = new Uint32Array(words);
    this.level = new Uint32Array(words);
    this.complement = new Uint32Array(words);
  }

  /** `alive` without the members of `set`, in a spare bitset (valid until the next call). */
  complementOf(set: Uint32Array, alive: Uint32Array): Uint32Array {
    const out = this.complement;
    for (let w = 0; w < out.length; w++) out[w] = alive[w]! & ~set[w]!;
    return out;
  }

  /** The used level bitsets (their union is the text set of a lone ranked word). */
  usedLevels(): Uint32Array[] {
    return this.levelBits.filter((bits, level): bits is Uint32Array => bits !== undefined && (this.levelsUsed & (1 << level)) !== 0);
  }

  /** The level bitset of a score, marked as used (cleared by clearText). */
  levelAt(level: number): Uint32Array {
    this.levelsUsed |= 1 << level;
    return (this.levelBits[level] ??= new Uint32Array(this.cap >>> 5));
  }

  /** Scores of query word i by ordinal, all zero. */
  wordScoresAt(i: number): Uint8Array {
    let f = this.wordScores[i];
    if (f === undefined) this.wordScores[i] = f = new Uint8Array(this.cap);
    return f;
  }

  /** The field scores of query word i (emptied by clearText). */
  fieldScoresAt(i: number): FieldScore[] {
    return (this.fieldScores[i] ??= []);
  }

  /** Zeroed marks by term id, for at least `terms` ids; the caller zeroes what it marked. */
  termMarks(terms: number): Uint8Array {
    if (this.termMarkArray.length < terms) this.termMarkArray = new Uint8Array(Math.max(terms, this.termMarkArray.length * 2));
    return this.termMarkArray;
  }

  /** Zeroed tag counters of at least `size`; the caller zeroes what it used. */
  tagCounts(size: number): Uint32Array {
    if (this.tagCountArray.length < size) this.tagCountArray = new Uint32Array(Math.max(size, this.tagCountArray.length * 2));
    return this.tagCountArray;
  }

  private tagCountArray = new Uint32Array(64);

  /** Zeroed vendor counters of at least `size`; the caller zeroes what it used. */
  vendorCounts(size: number): Uint32Array {
    if (this.vendorCountArray.length < size) this.vendorCountArray = new Uint32Array(Math.max(size, this.vendorCountArray.length * 2));
    return this.vendorCountArray;
  }

  private vendorCountArray = new Uint32Array(64);

  /** The i-th spare bitset (contents undefined). */
  setAt(i: number): Uint32Array {
    let set = this.sets[i];
    if (set === undefined) this.sets[i] = set = new Uint32Array(this.cap >>> 5);
    return set;
  }

  /** Zeroes what the text match wrote (the score arrays of `wordCount` words). */
  clearText(wordCount: number): void {
    for (let i = 0; i < wordCount; i++) {
      this.wordScores[i]?.fill(0);
      if (this.fieldScores[i] !== undefined) this.fieldScores[i]!.length = 0;
    }
    for (let level = 0; this.levelsUsed !== 0; level++) {
      if ((this.levelsUsed & (1 << level)) === 0) continue;
      this.levelBits[level]!.fill(0);
      this.levelsUsed &= ~(1 << level);
    }
    if (this.tierHits > 0) {
      this.tierExact.fill(0);
      this.tierPrefix.fill(0);
      this.tierHits = 0;
    }
  }
}

/** A field bitset of a frequent term of a query word, and the word's score on its documents. */
interface FieldScore {
  bits: Uint32Array;
  score: number;
}

const NO_FIELD_SCORES: readonly FieldScore[] = [];

/** A query word as the text match plans it, with what it was found as. */
interface WordPlan {
  word: string;
  /** Position in the query (its score array). */
  i: number;
  /** The word's own postings. */
  exact: Postings | null;
  /** The last word: the range of the terms it starts (Lexicon.prefixRange). */
  prefix: [number, number] | null;
  /** Long enough to match part numbers by prefix: the part numbers it starts. */
  pn: { ords: Uint32Array; from: number; exactEnd: number; to: number } | null;
  /** Postings it would expand to. */
  cost: number;
}

/**
 * Marks postings in a bitset and, when ranking, raises each document's score of the word to
 * the posting's (`table` by its FIELD flags): the one loop every posting of a query goes
 * through, kept free of closures.
 */
function markPostings(bits: Uint32Array, scores: Uint8Array | null, ords: Uint32Array, flags: Uint8Array, length: number, table: Uint8Array): void {
  if (scores === null) {
    for (let j = 0; j < length; j++) {
      const o = ords[j]!;
      bits[o >>> 5] = bits[o >>> 5]! | (1 << (o & 31));
    }
    return;
  }
  for (let j = 0; j < length; j++) {
    const o = ords[j]!;
    bits[o >>> 5] = bits[o >>> 5]! | (1 << (o & 31));
    const sc = table[flags[j]!]!;
    if (sc > scores[o]!) scores[o] = sc;
  }
}

/** As markPostings, but each posting's score sets the document in that score's level bitset (not in a text bitset). */
function markPostingsLevels(s: Scratch, ords: Uint32Array, flags: Uint8Array, length: number, table: Uint8Array): void {
  const levelBits = s.levelBits;
  let used = 0;
  for (let j = 0; j < length; j++) {
    const o = ords[j]!;
    const w = o >>> 5;
    const bit = 1 << (o & 31);
    const level = table[flags[j]!]!;
    used |= 1 << level;
    const into = levelBits[level] ?? s.levelAt(level);
    into[w] = into[w]! | bit;
  }
  s.levelsUsed |= used;
}

/**
 * Offers a key to a max-heap of the `want` smallest keys seen (heap[0..size)); returns the
 * new size. Most keys lose to the root at once, so a pass over many matches stays linear.
 */
function offerKey(heap: Float64Array, size: number, want: number, key: number): number {
  let at: number;
  if (size < want) {
    at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]! >= key) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = key;
    return size;
  }
  if (key >= heap[0]!) return size;
  at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && heap[right]! > heap[left]! ? right : left;
    if (heap[child]! <= key) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = key;
  return size;
}

/** Freezes facets and every list and entry in them: answers share them (SearchPage). */
function deepFreeze(facets: IndexFacets): IndexFacets {
  for (const list of [facets.availableTagPrefixes, facets.availableTagFilters, facets.availableVendors]) {
    for (const entry of list) Object.freeze(entry);
    Object.freeze(list);
  }
  return Object.freeze(facets);
}

/** Calls `visit(ordinal, word index, bit)` for every set bit, in ordinal order. */
function forEachBit(bits: Uint32Array, visit: (d: number, w: number, low: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w] ?? 0;
    while (x !== 0) {
      const low = x & -x;
      visit((w << 5) | (31 - Math.clz32(low)), w, low);
      x ^= low;
    }
  }
}

/** Writes the set bits into `into` in ordinal order; returns `into`. */
function listBits(bits: Uint32Array, into: Uint32Array): Uint32Array {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      into[n++] = (w << 5) | (31 - Math.clz32(low));
      x ^= low;
    }
  }
  return into;
}

/** ANDs `into` with the union of `sets` (none: empties it); returns the bits left. `spare` may be overwritten. */
function andAny(into: Uint32Array, sets: readonly Uint32Array[], spare: Uint32Array): number {
  let n = 0;
  // up to three sets (the common cases) in straight-line loops; the rest is ORed into `spare` first
  if (sets.length > 3) {
    spare.set(sets[2]!.subarray(0, spare.length));
    for (let i = 3; i < sets.length; i++) orInto(spare, sets[i]!);
    return andAny(into, [sets[0]!, sets[1]!, spare], spare);
  }
  const a = sets[0];
  const b = sets[1];
  const c = sets[2];
  if (a === undefined) {
    into.fill(0);
    return 0;
  }
  if (b === undefined) {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & a[w]!; into[w] = x; n += popcount(x); }
  } else if (c === undefined) {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & (a[w]! | b[w]!); into[w] = x; n += popcount(x); }
  } else {
    for (let w = 0; w < into.length; w++) { const x = into[w]! & (a[w]! | b[w]! | c[w]!); into[w] = x; n += popcount(x); }
  }
  return n;
}

/** Writes `from` ANDed with every filter into `into`; returns the bits set. */
function andAll(into: Uint32Array, from: Uint32Array, filters: readonly Uint32Array[]): number {
  let n = 0;
  for (let w = 0; w < into.length; w++) {
    let x = from[w]!;
    for (let f = 0; f < filters.length && x !== 0; f++) x &= filters[f]![w]!;
    into[w] = x;
    n += popcount(x);
  }
  return n;
}

function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) n += popcount(bits[i] ?? 0);
  return n;
}

/** Sets an ordinal in the field bitsets of its FIELD flags (a missing field gets a bitset of `size` words). */
function setFieldBits(fieldBits: (Uint32Array | undefined)[], o: number, flags: number, size: number): void {
  for (let i = 0; i < 4; i++) if (flags & (1 << i)) setBit(fieldBits[i] ??= new Uint32Array(size), o);
}

function setBit(bits: Uint32Array, o: number): void {
  bits[o >>> 5] = (bits[o >>> 5] ?? 0) | (1 << (o & 31));
}

function clearBit(bits: Uint32Array, o: number): void {
  bits[o >>> 5] = (bits[o >>> 5] ?? 0) & ~(1 << (o & 31));
}

function hasBit(bits: Uint32Array, o: number): boolean {
  return ((bits[o >>> 5] ?? 0) & (1 << (o & 31))) !== 0;
}

function andInto(into: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] ?? 0) & (other[i] ?? 0);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function countAnd(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    let x = a[i]! & b[i]!;
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

function orInto(into: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] ?? 0) | (other[i] ?? 0);
}
