/**
 * Posting lists and the sorted term dictionary behind word, word-prefix and part-number
 * lookups. Postings are appended in ordinal order, so they stay sorted without work;
 * removed ordinals stay until the index compacts (the index masks them with its alive set).
 * @module
 */

import type { SnapshotReader, SnapshotWriter } from './fast/snapshot.ts';
import { PackedStrings } from './packed.ts';

/**
 * One term's postings: ordinals, and per ordinal a small flag byte (which fields), at
 * ords[base .. base + length) and flags[base ..]. After a bulk load (or a snapshot) every term's
 * postings are a run of two arrays all terms share (a view of its own per term cost about 200
 * bytes: 75 MB for a million products' 371,000 words); a term written later moves to arrays of
 * its own (base 0).
 */
export class Postings {
  /** Ordinals, ascending, at [base, base + length). */
  ords: Uint32Array = new Uint32Array(2);
  /** Flags per posting (FIELD bits), beside the ordinals; null for a lexicon without flags (part numbers). */
  flags: Uint8Array | null;
  /** Where this term's run starts in `ords` and `flags`. */
  base = 0;
  length = 0;
  /** Postings the run has room for (its own arrays' length; a shared run has none to spare). */
  private room = 2;
  /**
   * For terms with many postings, the same ordinals as one bitset per field (FIELD bit i at
   * index i), so a query ORs words instead of visiting every posting. Built and kept in step
   * by the search index (the lexicon knows nothing of its capacity); null for other terms.
   */
  fieldBits: (Uint32Array | undefined)[] | null = null;

  constructor(withFlags: boolean) {
    this.flags = withFlags ? new Uint8Array(2) : null;
  }

  /** Points the postings at a run of shared arrays. */
  share(ords: Uint32Array, flags: Uint8Array | null, base: number, length: number): void {
    this.ords = ords;
    this.flags = flags;
    this.base = base;
    this.length = length;
    this.room = length;
  }

  /** Adds an ordinal, or merges flags when it is already the last one. */
  add(ord: number, flags: number): void {
    const n = this.length;
    const last = this.base + n - 1;
    if (n > 0 && this.ords[last] === ord) {
      if (this.flags !== null) this.flags[last] = (this.flags[last] ?? 0) | flags;
      return;
    }
    if (n === this.room) this.own(Math.max(2, n * 2));
    this.ords[n] = ord;
    if (this.flags !== null) this.flags[n] = flags;
    this.length = n + 1;
  }

  /** Moves the postings to arrays of their own with room for `size` (base 0). */
  private own(size: number): void {
    const ords = new Uint32Array(size);
    ords.set(this.ords.subarray(this.base, this.base + this.length));
    this.ords = ords;
    if (this.flags !== null) {
      const f = new Uint8Array(size);
      f.set(this.flags.subarray(this.base, this.base + this.length));
      this.flags = f;
    }
    this.base = 0;
    this.room = size;
  }

  /** Keeps the ordinals `remap` maps (to a value other than -1), renumbered, in arrays of their own that fit. */
  remap(remap: Int32Array): void {
    this.own(Math.max(2, this.length));
    let w = 0;
    for (let r = 0; r < this.length; r++) {
      const to = remap[this.ords[r] ?? 0] ?? -1;
      if (to < 0) continue;
      this.ords[w] = to;
      if (this.flags !== null) this.flags[w] = this.flags[r] ?? 0;
      w++;
    }
    this.length = w;
    this.own(Math.max(2, w));
  }
}

/**
 * Terms with their postings, plus the terms in sorted order for prefix lookups. New terms
 * wait in a short list and are merged into the sorted one, all at once, by the next lookup
 * (one pass from the end: no re-sort, and a write of many new terms moves the list once
 * instead of once per term, which made a large import's change cost seconds at 100k terms).
 * Every term has a stable id, so documents can list their terms (the forward index).
 */
export class Lexicon {
  /**
   * @param withFlags keep a flag byte per posting (word lexicons); part numbers need none
   * @param withIds give terms ids for a forward index; part numbers need none
   */
  constructor(private readonly withFlags: boolean, private readonly withIds: boolean) {}

  readonly terms = new Map<string, Postings>();
  /** Term by id. */
  readonly termOf: string[] = [];
  private readonly ids = new Map<string, number>();
  private sorted: string[] = [];
  private sortedPostings: Postings[] = [];
  private sortedStale = false;
  /** Terms added since the last lookup, not yet in `sorted` (merged by settle). */
  private pending: string[] = [];
  /** Postings of sorted[0..i) at [i], so a prefix's cost is one subtraction; null once a posting is added. */
  private cumulative: Float64Array | null = null;

  /** The id of a term, when it has one (lexicons with ids). */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** Adds one posting, creating the term when new; returns the term id (-1 without ids). */
  add(term: string, ord: number, flags: number): number {
    let p = this.terms.get(term);
    if (p === undefined) {
      p = new Postings(this.withFlags);
      this.terms.set(term, p);
      if (!this.sortedStale && this.pending.push(term) >= SETTLE_AFTER) this.settle();
    }
    p.add(ord, flags);
    this.cumulative = null;
    if (!this.withIds) return -1;
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.termOf.length;
      this.termOf.push(term);
      this.ids.set(term, id);
    }
    return id;
  }

  /** Defers sorting while the bulk of the catalogue loads. */
  beginBulk(): void {
    this.sortedStale = true;
  }

  /**
   * Sorts the terms once after a bulk load; `trim` also drops the postings' spare capacity by
   * packing every term's postings into one shared array (views of it): tens of thousands of
   * small arrays of their own cost about 100 bytes each besides their data. A term written
   * later grows out of its view into an array of its own.
   */
  endBulk(trim = false): void {
    this.settle();
    if (trim) {
      let total = 0;
      for (const p of this.terms.values()) total += p.length;
      const ords = new Uint32Array(total);
      const flags = this.withFlags ? new Uint8Array(total) : null;
      let at = 0;
      for (const p of this.terms.values()) {
        ords.set(p.ords.subarray(p.base, p.base + p.length), at);
        if (flags !== null && p.flags !== null) flags.set(p.flags.subarray(p.base, p.base + p.length), at);
        p.share(ords, flags, at, p.length);
        at += p.length;
      }
    }
    if (!this.sortedStale) return;
    this.cumulative = null;
    this.sorted = [...this.terms.keys()].sort();
    this.sortedPostings = this.sorted.map((t) => this.terms.get(t) as Postings);
    this.sortedStale = false;
  }

  /** Merges the terms added since the last lookup into the sorted list (in place, from the end). */
  private settle(): void {
    const add = this.pending;
    if (add.length === 0) return;
    this.pending = [];
    if (this.sortedStale) return;
    add.sort();
    const { sorted, sortedPostings } = this;
    let i = sorted.length - 1;
    let j = add.length - 1;
    let w = sorted.length + add.length - 1;
    // grown by pushes, so the arrays stay packed (no holes)
    const filler = this.terms.get(add[0]!)!;
    for (let k = 0; k < add.length; k++) {
      sorted.push('');
      sortedPostings.push(filler);
    }
    while (j >= 0) {
      if (i >= 0 && sorted[i]! > add[j]!) {
        sorted[w] = sorted[i]!;
        sortedPostings[w--] = sortedPostings[i--]!;
      } else {
        const term = add[j--]!;
        sorted[w] = term;
        sortedPostings[w--] = this.terms.get(term)!;
      }
    }
  }

  /** Calls `visit` for the sorted terms [from, to) (a prefixRange), in term order. */
  forRange(from: number, to: number, visit: (term: string, postings: Postings) => void): void {
    this.endBulk();
    const { sorted, sortedPostings } = this;
    for (let i = from; i < to; i++) visit(sorted[i]!, sortedPostings[i]!);
  }

  /** Total postings of the sorted terms [from, to). */
  rangeCost(from: number, to: number): number {
    this.endBulk();
    if (this.cumulative === null) {
      // rebuilt after writes, on the next query: a few ms at 60k terms
      const sums = new Float64Array(this.sortedPostings.length + 1);
      for (let i = 0; i < this.sortedPostings.length; i++) sums[i + 1] = sums[i]! + this.sortedPostings[i]!.length;
      this.cumulative = sums;
    }
    return this.cumulative[to]! - this.cumulative[from]!;
  }

  /**
   * [first, end) of the sorted terms starting with `prefix` (two binary searches): valid
   * until the next write, for forRange and rangeCost.
   */
  prefixRange(prefix: string): [number, number] {
    this.endBulk();
    return prefixBounds(this.sorted, prefix);
  }

  /**
   * Writes the lexicon into a snapshot: every term by id (dead ones too: ids are not reused),
   * then the live terms in sorted order with their ids and their postings packed in one array.
   */
  save(w: SnapshotWriter): void {
    this.endBulk();
    this.settle();
    w.strings(this.termOf);
    const { sorted, sortedPostings } = this;
    const ids = new Int32Array(sorted.length);
    const lengths = new Uint32Array(sorted.length);
    let total = 0;
    for (let i = 0; i < sorted.length; i++) {
      ids[i] = this.withIds ? (this.ids.get(sorted[i]!) ?? -1) : -1;
      lengths[i] = sortedPostings[i]!.length;
      total += lengths[i]!;
    }
    const ords = new Uint32Array(total);
    const flags = new Uint8Array(this.withFlags ? total : 0);
    let at = 0;
    for (const p of sortedPostings) {
      ords.set(p.ords.subarray(p.base, p.base + p.length), at);
      if (p.flags !== null) flags.set(p.flags.subarray(p.base, p.base + p.length), at);
      at += p.length;
    }
    w.strings(sorted);
    w.i32(ids);
    w.u32(lengths);
    w.u32(ords);
    w.u8(flags);
  }

  /** Reads what save wrote into this (empty) lexicon; postings are views of one array, as after endBulk(true). */
  load(r: SnapshotReader): void {
    const termOf = r.strings();
    const sorted = r.strings();
    const ids = r.i32();
    const lengths = r.u32();
    const ords = r.u32();
    const flags = r.u8();
    this.termOf.length = 0;
    for (const t of termOf) this.termOf.push(t);
    this.terms.clear();
    this.ids.clear();
    const postings: Postings[] = new Array(sorted.length);
    let at = 0;
    for (let i = 0; i < sorted.length; i++) {
      // the term as the id table holds it (one string, not two equal ones)
      const id = ids[i]!;
      const term = id >= 0 ? termOf[id]! : sorted[i]!;
      const p = new Postings(this.withFlags);
      const n = lengths[i]!;
      p.share(ords, this.withFlags ? flags : null, at, n);
      at += n;
      this.terms.set(term, p);
      if (id >= 0) this.ids.set(term, id);
      sorted[i] = term;
      postings[i] = p;
    }
    this.sorted = sorted;
    this.sortedPostings = postings;
    this.sortedStale = false;
    this.pending = [];
    this.cumulative = null;
  }

  /** Renumbers every posting list and drops terms left empty (their ids are not reused). */
  remap(remap: Int32Array): void {
    for (const [term, p] of this.terms) {
      p.remap(remap);
      if (p.length === 0) {
        this.terms.delete(term);
        this.ids.delete(term);
      }
    }
    this.sortedStale = true;
    this.pending = [];
    this.endBulk();
  }
}

/**
 * New terms (or part numbers) that wait for a lookup before they are merged anyway: a large
 * change whose searches are all answered from the answer cache would otherwise leave the whole
 * of it (every part number of a 36,000-product import) to be sorted by the first search after
 * it. A merge moves the whole list, so this many at a time keeps both short. @default 4096
 */
export const SETTLE_AFTER = 4096;

/** First index whose string is >= key (code-unit order, as Array#sort uses). */
function lowerBound(sorted: readonly string[], key: string, length = sorted.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [first, end) of the first `length` sorted strings that start with `prefix` (two binary searches). */
function prefixBounds(sorted: readonly string[], prefix: string, length = sorted.length): [number, number] {
  const from = lowerBound(sorted, prefix, length);
  let lo = from;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '').startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/**
 * Part numbers: one (term, ordinal) posting per number a product holds, sorted by term. Nearly
 * every part number belongs to one product, so a Map of Postings cost about 300 bytes a term
 * (85 MB at 100k products). The table is packed: its distinct terms in one byte array
 * (PackedStrings), the postings' ordinals in one array with each term's first posting. Numbers
 * written later wait in a small table of pairs (PairTable) that a lookup reads too, and are
 * packed in with the rest once they are an eighth of it (or the table is saved). A million
 * products' 6.8 million numbers took 220 MB as strings and take about 100 packed.
 */
export class PrefixTable {
  /** Distinct terms, sorted. */
  private terms = PackedStrings.of([]);
  /** Postings of the k-th term: ords[first[k] .. first[k + 1]), ascending. */
  private first = new Uint32Array(1);
  private ords = new Uint32Array(0);
  /** Pairs written since the table was packed. */
  private later = new PairTable();
  private bulk = false;

  /** Number of postings. */
  get size(): number {
    return this.first[this.terms.length]! + this.later.size;
  }

  /** Adds one posting (packed with the rest later). */
  add(term: string, ord: number): void {
    this.later.add(term, ord);
    if (!this.bulk && this.later.size > Math.max(4 * SETTLE_AFTER, this.ords.length >>> 3)) this.pack();
  }

  /** Defers sorting while the bulk of the catalogue loads. */
  beginBulk(): void {
    this.bulk = true;
    this.later.beginBulk();
  }

  /** Packs the pairs of a bulk load with the rest. */
  endBulk(): void {
    this.bulk = false;
    this.pack();
  }

  /** Merges the later pairs into the packed table (by term, then ordinal: earlier writes first). */
  private pack(): void {
    const { terms: addTerms, ords: addOrds } = this.later.pairs();
    this.later = new PairTable();
    if (addTerms.length === 0) return;
    const old = this.terms.all();
    const terms: string[] = [];
    const first: number[] = [];
    const ords = new Uint32Array(this.first[this.terms.length]! + addOrds.length);
    let w = 0;
    let i = 0;
    let j = 0;
    while (i < old.length || j < addTerms.length) {
      const term = j >= addTerms.length || (i < old.length && old[i]! <= addTerms[j]!) ? old[i]! : addTerms[j]!;
      terms.push(term);
      first.push(w);
      if (i < old.length && old[i] === term) {
        for (let at = this.first[i]!; at < this.first[i + 1]!; at++) ords[w++] = this.ords[at]!;
        i++;
      }
      while (j < addTerms.length && addTerms[j] === term) ords[w++] = addOrds[j++]!;
      // a term whose products all left (a compaction) goes
      if (first[first.length - 1] === w) {
        terms.pop();
        first.pop();
      }
    }
    first.push(w);
    this.terms = PackedStrings.of(terms);
    this.first = Uint32Array.from(first);
    this.ords = ords;
  }

  /**
   * The postings whose term starts with `prefix` as a slice of an ordinal array, [from, to): the
   * ones whose term equals the prefix first, up to `exactEnd`. A view, valid until the next
   * write; no callback per posting. Within the exact and the longer terms, the order is by term
   * then ordinal when nothing waits to be packed, else unspecified.
   */
  prefixSlice(prefix: string): { ords: Uint32Array; from: number; exactEnd: number; to: number } {
    const [lo, hi] = this.terms.prefixRange(prefix);
    const from = this.first[lo]!;
    const to = this.first[hi]!;
    const exactEnd = lo < hi && this.terms.compare(lo, prefix) === 0 ? this.first[lo + 1]! : from;
    if (this.later.size === 0) return { ords: this.ords, from, exactEnd, to };
    const more = this.later.prefixSlice(prefix);
    if (more.to === more.from) return { ords: this.ords, from, exactEnd, to };
    if (to === from) return more;
    // both: the exact postings of each, then the longer terms' of each
    const out = new Uint32Array(to - from + more.to - more.from);
    out.set(this.ords.subarray(from, exactEnd), 0);
    out.set(more.ords.subarray(more.from, more.exactEnd), exactEnd - from);
    const exact = exactEnd - from + more.exactEnd - more.from;
    out.set(this.ords.subarray(exactEnd, to), exact);
    out.set(more.ords.subarray(more.exactEnd, more.to), exact + to - exactEnd);
    return { ords: out, from: 0, exactEnd: exact, to: out.length };
  }

  /** Keeps the ordinals `remap` maps (to a value other than -1), renumbered; order is kept. */
  remap(remap: Int32Array): void {
    let w = 0;
    for (let k = 0; k < this.terms.length; k++) {
      const start = this.first[k]!;
      const end = this.first[k + 1]!;
      this.first[k] = w;
      for (let at = start; at < end; at++) {
        const to = remap[this.ords[at]!] ?? -1;
        if (to >= 0) this.ords[w++] = to;
      }
    }
    this.first[this.terms.length] = w;
    this.ords = this.ords.slice(0, w);
    this.later.remap(remap);
  }

  /** Writes the table into a snapshot (the later pairs packed first). */
  save(w: SnapshotWriter): void {
    this.pack();
    this.terms.save(w);
    w.u32(this.first);
    w.u32(this.ords);
  }

  /** Reads what save wrote into this (empty) table. */
  load(r: SnapshotReader): void {
    this.later = new PairTable();
    this.bulk = false;
    this.terms = PackedStrings.load(r);
    this.first = r.u32();
    this.ords = r.u32();
  }
}

/**
 * Part numbers written since the packed table was made (PrefixTable): one (term, ordinal) pair
 * per posting in two parallel arrays sorted by term. A prefix is a contiguous run of the sorted
 * terms, found by two binary searches.
 */
class PairTable {
  /** Terms in code-unit order; a term repeats once per ordinal. */
  private terms: string[] = [];
  /** The ordinal of each entry of `terms`. */
  private ords = new Uint32Array(0);
  private length = 0;
  /** Pairs gathered during a bulk load, sorted once by endBulk. */
  private bulk: { terms: string[]; ords: number[] } | null = null;
  /** Pairs added since the last lookup, in the order added (merged by settle). */
  private pending: { terms: string[]; ords: number[] } = { terms: [], ords: [] };

  /** Number of postings. */
  get size(): number {
    return this.length + (this.bulk?.terms.length ?? 0) + this.pending.terms.length;
  }

  /**
   * Adds one posting: a plain push, into the table at the next lookup (merged all at once, so
   * a write of many part numbers moves the table once rather than once per number; a large
   * import's change spent most of its time moving it), or sorted with the rest after a bulk load.
   */
  add(term: string, ord: number): void {
    const into = this.bulk ?? this.pending;
    into.terms.push(term);
    into.ords.push(ord);
    if (into === this.pending && into.terms.length >= SETTLE_AFTER) this.settle();
  }

  /**
   * Merges the pairs added since the last lookup into the table, in place from its end: each
   * new pair after the entries of its term already there (written earlier, so lower ordinals),
   * so each term's ordinals stay ascending.
   */
  private settle(): void {
    const { terms: addTerms, ords: addOrds } = this.pending;
    const k = addTerms.length;
    if (k === 0) return;
    this.pending = { terms: [], ords: [] };
    // the new pairs by term, in the order added within a term (a stable sort of their positions)
    const order = Array.from({ length: k }, (_, i) => i);
    order.sort((a, b) => {
      const x = addTerms[a]!;
      const y = addTerms[b]!;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    const n = this.length;
    if (n + k > this.ords.length) {
      const grown = new Uint32Array(Math.max(64, n + k + ((n + k) >>> 3)));
      grown.set(this.ords.subarray(0, n));
      this.ords = grown;
    }
    const { terms, ords } = this;
    terms.length = n;
    for (let x = 0; x < k; x++) terms.push('');
    let i = n - 1;
    let j = k - 1;
    let w = n + k - 1;
    while (j >= 0) {
      const at = order[j]!;
      if (i >= 0 && terms[i]! > addTerms[at]!) {
        terms[w] = terms[i]!;
        ords[w--] = ords[i--]!;
      } else {
        terms[w] = addTerms[at]!;
        ords[w--] = addOrds[at]!;
        j--;
      }
    }
    this.length = n + k;
  }

  /** Defers sorting while the bulk of the catalogue loads. */
  beginBulk(): void {
    this.bulk ??= { terms: [], ords: [] };
  }

  /** Sorts the pairs of a bulk load (by term, then ordinal) into the table. */
  endBulk(): void {
    this.settle();
    const bulk = this.bulk;
    if (bulk === null) return;
    this.bulk = null;
    const all = { terms: this.terms.slice(0, this.length).concat(bulk.terms), ords: [...this.ords.subarray(0, this.length), ...bulk.ords] };
    const order = Array.from({ length: all.terms.length }, (_, i) => i);
    order.sort((a, b) => {
      const x = all.terms[a] ?? '';
      const y = all.terms[b] ?? '';
      return x < y ? -1 : x > y ? 1 : (all.ords[a] ?? 0) - (all.ords[b] ?? 0);
    });
    this.terms = order.map((i) => all.terms[i] ?? '');
    this.ords = Uint32Array.from(order, (i) => all.ords[i] ?? 0);
    this.length = order.length;
  }

  /**
   * The postings whose term starts with `prefix` as a slice of the ordinals, [from, to): the
   * ones whose term equals the prefix come first, up to `exactEnd` (it sorts before every
   * longer term). A view, valid until the next write; no callback per posting.
   */
  prefixSlice(prefix: string): { ords: Uint32Array; from: number; exactEnd: number; to: number } {
    this.endBulk();
    const [from, to] = this.range(prefix);
    let exactEnd = from;
    while (exactEnd < to && this.terms[exactEnd] === prefix) exactEnd++;
    return { ords: this.ords, from, exactEnd, to };
  }

  /** Keeps the ordinals `remap` maps (to a value other than -1), renumbered; order is kept. */
  remap(remap: Int32Array): void {
    this.endBulk();
    let w = 0;
    for (let r = 0; r < this.length; r++) {
      const to = remap[this.ords[r] ?? 0] ?? -1;
      if (to < 0) continue;
      this.ords[w] = to;
      this.terms[w] = this.terms[r] ?? '';
      w++;
    }
    this.terms.length = w;
    this.length = w;
    this.ords = this.ords.slice(0, Math.max(64, w));
  }

  /** Every pair, by term then ordinal (bulk and pending pairs merged first). */
  pairs(): { terms: string[]; ords: Uint32Array } {
    this.endBulk();
    return { terms: this.terms.slice(0, this.length), ords: this.ords.slice(0, this.length) };
  }

  /** [first, end) of the entries starting with `prefix` (contiguous in sorted order). */
  private range(prefix: string): [number, number] {
    return prefixBounds(this.terms, prefix, this.length);
  }
}
