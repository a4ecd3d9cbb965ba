/**
 * What the fast index stores per document, by ordinal: every document gets the next ordinal
 * when written (a rewrite retires the old one), so sets of documents are bitsets over
 * ordinals. Kept here: the ordinals (alive, featured), the columns the sorts and facets read
 * (id, price, rating, reviews, sales, vendor, title key), each document's tags, the facet
 * dictionaries with one bitset per vendor and per tag, and one bitset per collection.
 * The words and part numbers are the text index's (text.ts), the presorted orders orders.ts'.
 * Memory: about cap/8 bytes per vendor, tag and collection bitset (12.5 kB each at 100k).
 * @module
 */
import { indexedPriceCents, tagKey } from '../query.ts';
import { facetKey, titleSortKey } from '../text.ts';
import type { SearchDocument } from '../types.ts';
import { clearBit, hasBit, setBit } from './bits.ts';
import { IdTable } from '../id-table.ts';
import { Names, type NamesSnapshot } from './names.ts';
import { TitleKeys } from './titles.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot.ts';

/** The documents of the index, by ordinal. */
export class DocumentStore {
  // ordinals
  /** Ordinals the arrays have room for. */
  cap = 0;
  /** Ordinals in use, retired ones included. */
  n = 0;
  /** Live documents. */
  live = 0;
  /** The live ordinal of each product id (-1: none). */
  readonly ordOf = new IdTable();
  alive = new Uint32Array(0);
  featured = new Uint32Array(0);
  // columns by ordinal
  idOf = new Float64Array(0);
  price = new Float64Array(0);
  rating = new Float64Array(0);
  reviews = new Float64Array(0);
  sales = new Float64Array(0);
  vendorOf = new Int32Array(0);
  /** Each ordinal's title sort key (titles.ts). */
  readonly titles = new TitleKeys();
  /** Each ordinal's vendor spelling, a number in `spellings` (-1: none). */
  vendorSpell = new Int32Array(0);
  /** Each tag's spellings in its document, aligned with tagIds: a pair number in `spellPairs` (prefix, value). */
  tagSpell = new Uint32Array(1024);
  /** Each (prefix, value) spelling pair once, by number: spelling numbers at [2k] and [2k + 1]. */
  private spellPairs: number[] = [];
  private readonly pairNo = new Map<number, number>();
  /** One copy of each spelling: database rows bring a fresh string per product. */
  readonly spellings: string[] = [];
  private readonly spellingNo = new Map<string, number>();
  /** Each ordinal's distinct tag ids: tagIds[tagStart[o] .. tagEnd[o]). */
  tagStart = new Uint32Array(1);
  tagEnd = new Uint32Array(0);
  tagIds = new Uint32Array(1024);
  tagFill = 0;
  /**
   * Each ordinal's facet set: documents with the same vendor and tag ids share one (a million
   * products hold about 15,000), so a facet count over many documents counts each set's
   * documents, then adds each set's count to its vendor and its tags (facets.ts).
   */
  facetSetOf = new Uint32Array(0);
  /** The tag ids of each distinct set, ascending: facetSetTags[facetSetStart[k] .. facetSetStart[k + 1]). */
  readonly facetSetStart: number[] = [0];
  readonly facetSetTags: number[] = [];
  /** The vendor of each distinct set (-1: none). */
  readonly facetSetVendor: number[] = [];
  private readonly facetSetNo = new Map<string, number>();
  // facet dictionaries
  readonly vendors = new Names();
  readonly prefixes = new Names();
  readonly tags = new Names();
  /** The prefix id of each tag id. */
  readonly tagPrefix: number[] = [];
  /** Ordinals of each vendor and of each tag, for filters and facet counting by popcount. */
  vendorBits: Uint32Array[] = [];
  tagBits: Uint32Array[] = [];
  readonly collections = new Map<number, Uint32Array>();

  /**
   * Writes a document at the next ordinal (the caller retired its previous one and made
   * room) and returns the ordinal.
   */
  add(doc: SearchDocument): number {
    const o = this.n++;
    this.live++;
    this.ordOf.set(doc.id, o);
    setBit(this.alive, o);
    if (doc.isFeatured) setBit(this.featured, o);
    this.idOf[o] = doc.id;
    // the price filters, sorts and the highest price compare (call for price: none, below all)
    this.price[o] = indexedPriceCents(doc);
    this.rating[o] = doc.avgRating;
    this.reviews[o] = doc.totalReviews;
    this.sales[o] = doc.salesCount;
    this.titles.set(o, titleSortKey(doc.title));
    const vKey = doc.vendor === null ? '' : facetKey(doc.vendor);
    this.vendorSpell[o] = vKey === '' ? -1 : this.intern(doc.vendor ?? '');
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
      const size = Math.max(this.tagIds.length * 2, this.tagFill + seen.size);
      this.tagIds = growBits(this.tagIds, size);
      this.tagSpell = growBits(this.tagSpell, size);
    }
    for (const [t, [p, v]] of seen) {
      this.tagSpell[this.tagFill] = this.internPair(this.intern(p), this.intern(v));
      this.tagIds[this.tagFill++] = t;
    }
    this.tagEnd[o] = this.tagFill;
    this.facetSetOf[o] = this.facetSet(this.vendorOf[o]!, [...seen.keys()]);

    for (const c of new Set(doc.collectionIds)) {
      let bits = this.collections.get(c);
      if (bits === undefined) this.collections.set(c, (bits = new Uint32Array(this.cap >>> 5)));
      setBit(bits, o);
    }
    return o;
  }

  /** Drops the doubling slack of a bulk load; later writes grow again as needed. */
  endBulk(): void {
    this.tagIds = this.tagIds.slice(0, Math.max(1024, this.tagFill));
    this.titles.endBulk();
    this.tagSpell = this.tagSpell.slice(0, this.tagIds.length);
  }

  /** How many distinct facet sets the documents have (retired ones' included). */
  get facetSetCount(): number {
    return this.facetSetStart.length - 1;
  }

  /** The number of the set of this vendor and these tag ids (sorted in place), made when new. */
  private facetSet(vendor: number, ids: number[]): number {
    ids.sort((a, b) => a - b);
    const key = `${vendor}:${ids.join(',')}`;
    const known = this.facetSetNo.get(key);
    if (known !== undefined) return known;
    const k = this.facetSetCount;
    this.facetSetNo.set(key, k);
    for (const t of ids) this.facetSetTags.push(t);
    this.facetSetStart.push(this.facetSetTags.length);
    this.facetSetVendor.push(vendor);
    return k;
  }

  /** The number of a (prefix, value) pair of spelling numbers in `spellPairs`. */
  private internPair(p: number, v: number): number {
    // exact while there are fewer than 2^21 spellings
    const key = p * 0x100000000 + v;
    const known = this.pairNo.get(key);
    if (known !== undefined) return known;
    this.pairNo.set(key, this.spellPairs.length >>> 1);
    this.spellPairs.push(p, v);
    return (this.spellPairs.length >>> 1) - 1;
  }

  /** The number of a spelling in `spellings` (each spelling once: database rows bring a fresh string per product). */
  private intern(text: string): number {
    const known = this.spellingNo.get(text);
    if (known !== undefined) return known;
    this.spellingNo.set(text, this.spellings.length);
    return this.spellings.push(text) - 1;
  }

  /** Retires a document's ordinal (nothing when the id is not indexed). */
  retire(id: number): void {
    const o = this.ordOf.get(id);
    if (o < 0) return;
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

  /** Makes room for `cap` ordinals. */
  grow(cap: number): void {
    const f64 = (a: Float64Array): Float64Array<ArrayBuffer> => { const b = new Float64Array(cap); b.set(a); return b; };
    this.alive = growBits(this.alive, cap >>> 5);
    this.featured = growBits(this.featured, cap >>> 5);
    for (const [c, bits] of this.collections) this.collections.set(c, growBits(bits, cap >>> 5));
    this.vendorBits = this.vendorBits.map((bits) => growBits(bits, cap >>> 5));
    this.tagBits = this.tagBits.map((bits) => growBits(bits, cap >>> 5));
    this.idOf = f64(this.idOf);
    this.price = f64(this.price);
    this.rating = f64(this.rating);
    this.reviews = f64(this.reviews);
    this.sales = f64(this.sales);
    const vendorOf = new Int32Array(cap).fill(-1);
    vendorOf.set(this.vendorOf);
    this.vendorOf = vendorOf;
    const vendorSpell = new Int32Array(cap).fill(-1);
    vendorSpell.set(this.vendorSpell);
    this.vendorSpell = vendorSpell;
    this.tagStart = growBits(this.tagStart, cap);
    this.titles.grow(cap);
    this.tagEnd = growBits(this.tagEnd, cap);
    this.facetSetOf = growBits(this.facetSetOf, cap);
    this.cap = cap;
  }

  /**
   * Renumbers the live ordinals 0..live-1 and drops the retired ones from everything kept
   * here; returns the new ordinal of each old one (-1: retired), for the other parts.
   */
  compact(): Int32Array {
    const remap = new Int32Array(this.n).fill(-1);
    let next = 0;
    for (let o = 0; o < this.n; o++) if (hasBit(this.alive, o)) remap[o] = next++;
    const move = <T extends { [i: number]: number }>(a: T): void => {
      for (let o = 0; o < this.n; o++) { const to = remap[o] ?? -1; if (to >= 0) a[to] = a[o] ?? 0; }
    };
    move(this.idOf); move(this.price); move(this.rating); move(this.reviews); move(this.sales); move(this.vendorOf); move(this.vendorSpell); move(this.facetSetOf);
    this.vendorOf.fill(-1, next);
    this.vendorSpell.fill(-1, next);
    this.titles.compact(remap);
    const tagIds = new Uint32Array(Math.max(1024, this.tagFill));
    const spell = new Uint32Array(tagIds.length);
    let fill = 0;
    for (let o = 0; o < this.n; o++) {
      const to = remap[o] ?? -1;
      if (to < 0) continue;
      const start = fill;
      for (let i = this.tagStart[o] ?? 0; i < (this.tagEnd[o] ?? 0); i++) {
        spell[fill] = this.tagSpell[i] ?? 0;
        tagIds[fill++] = this.tagIds[i] ?? 0;
      }
      this.tagStart[to] = start;
      this.tagEnd[to] = fill;
    }
    this.tagIds = tagIds;
    this.tagSpell = spell;
    this.tagFill = fill;
    const remapped = (bits: Uint32Array): Uint32Array<ArrayBuffer> => remapBits(bits, remap);
    this.alive = remapped(this.alive);
    this.featured = remapped(this.featured);
    for (const [c, bits] of this.collections) this.collections.set(c, remapped(bits));
    this.vendorBits = this.vendorBits.map(remapped);
    this.tagBits = this.tagBits.map(remapped);
    // the live documents are ordinals 0..next-1 now, their ids moved with them
    for (let o = 0; o < next; o++) this.ordOf.set(this.idOf[o]!, o);
    this.n = next;
    return remap;
  }

  /** Writes everything held here into a snapshot (spellings settled first). */
  save(w: SnapshotWriter): void {
    if (this.namesStale()) this.refreshNames();
    w.json({ cap: this.cap, n: this.n, live: this.live, tagFill: this.tagFill, vendors: this.vendors.save(), prefixes: this.prefixes.save(), tags: this.tags.save(), collections: [...this.collections.keys()] });
    w.u32(this.alive); w.u32(this.featured);
    w.f64(this.idOf); w.f64(this.price); w.f64(this.rating); w.f64(this.reviews); w.f64(this.sales);
    w.i32(this.vendorOf);
    this.titles.save(w);
    w.i32(this.vendorSpell);
    w.u32(this.tagSpell, this.tagFill);
    w.u32(Uint32Array.from(this.spellPairs));
    w.strings(this.spellings);
    w.u32(this.tagStart); w.u32(this.tagEnd); w.u32(this.tagIds, this.tagFill);
    w.i32(Int32Array.from(this.tagPrefix));
    w.u32(this.facetSetOf); w.u32(Uint32Array.from(this.facetSetStart)); w.u32(Uint32Array.from(this.facetSetTags)); w.i32(Int32Array.from(this.facetSetVendor));
    for (const bits of this.vendorBits) w.u32(bits);
    for (const bits of this.tagBits) w.u32(bits);
    for (const bits of this.collections.values()) w.u32(bits);
  }

  /** Reads what save wrote into this (empty) store. */
  load(r: SnapshotReader): void {
    const head = r.json<{ cap: number; n: number; live: number; tagFill: number; vendors: NamesSnapshot; prefixes: NamesSnapshot; tags: NamesSnapshot; collections: number[] }>();
    this.cap = head.cap; this.n = head.n; this.live = head.live; this.tagFill = head.tagFill;
    this.vendors.load(head.vendors); this.prefixes.load(head.prefixes); this.tags.load(head.tags);
    this.alive = r.u32(); this.featured = r.u32();
    this.idOf = r.f64(); this.price = r.f64(); this.rating = r.f64(); this.reviews = r.f64(); this.sales = r.f64();
    this.vendorOf = r.i32();
    this.titles.load(r);
    this.vendorSpell = r.i32();
    const spell = r.u32();
    const pairs = r.u32();
    for (const s of r.strings()) this.intern(s);
    for (let k = 0; k < pairs.length; k += 2) this.internPair(pairs[k]!, pairs[k + 1]!);
    this.tagStart = r.u32(); this.tagEnd = r.u32();
    const tagIds = r.u32();
    const room = Math.max(1024, tagIds.length);
    this.tagIds = growBits(tagIds, room);
    this.tagSpell = growBits(spell, room);
    this.tagPrefix.length = 0;
    for (const p of r.i32()) this.tagPrefix.push(p);
    this.facetSetOf = r.u32();
    const setStart = r.u32();
    const setIds = r.u32();
    const setVendor = r.i32();
    this.facetSetStart.length = 1;
    this.facetSetTags.length = 0;
    this.facetSetVendor.length = 0;
    this.facetSetNo.clear();
    for (let k = 0; k + 1 < setStart.length; k++) this.facetSet(setVendor[k]!, Array.from(setIds.subarray(setStart[k]!, setStart[k + 1]!)));
    this.vendorBits = this.vendors.names.map(() => r.u32());
    this.tagBits = this.tags.names.map(() => r.u32());
    this.collections.clear();
    for (const c of head.collections) this.collections.set(c, r.u32());
    this.ordOf.clear();
    for (let o = 0; o < this.n; o++) if (hasBit(this.alive, o)) this.ordOf.set(this.idOf[o]!, o);
  }

  /** Whether some spelling lost its holder (refreshNames is due before the next facets). */
  namesStale(): boolean {
    return this.vendors.stale.size + this.tags.stale.size + this.prefixes.stale.size > 0;
  }

  /** Recomputes the spellings whose lowest-id holder left, in one scan of the live ordinals. */
  refreshNames(): void {
    const tagsStale = this.tags.stale.size > 0 || this.prefixes.stale.size > 0;
    for (let o = 0; o < this.n; o++) {
      if (!hasBit(this.alive, o)) continue;
      const docId = this.idOf[o] ?? 0;
      const v = this.vendorOf[o] ?? -1;
      if (v >= 0) this.vendors.offer(v, this.spellings[this.vendorSpell[o] ?? -1] ?? '', docId);
      if (!tagsStale) continue;
      for (let i = this.tagStart[o] ?? 0; i < (this.tagEnd[o] ?? 0); i++) {
        const t = this.tagIds[i] ?? 0;
        const pair = 2 * (this.tagSpell[i] ?? 0);
        this.prefixes.offer(this.tagPrefix[t] ?? 0, this.spellings[this.spellPairs[pair] ?? 0] ?? '', docId);
        this.tags.offer(t, this.spellings[this.spellPairs[pair + 1] ?? 0] ?? '', docId);
      }
    }
    this.vendors.settle();
    this.tags.settle();
    this.prefixes.settle();
  }
}

/** A copy of `a` in an array of `size` (zeros past its end): bitsets and per-ordinal offsets alike. */
export function growBits(a: Uint32Array, size: number): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}

/** A bitset renumbered by a compaction's remap (retired ordinals, -1, dropped). */
export function remapBits(bits: Uint32Array, remap: Int32Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(bits.length);
  for (let o = 0; o < remap.length; o++) if (hasBit(bits, o)) { const to = remap[o] ?? -1; if (to >= 0) setBit(out, to); }
  return out;
}
