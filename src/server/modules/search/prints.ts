/**
 * A print of what selects each product into a search's candidates (SearchPage.candidates): its
 * words (title, description, vendor, part numbers and cross-reference numbers, tags, options'
 * values, collections' titles), its collections and its featured flag. A change that leaves a
 * product's print as it was (a price, its stock, its ratings and sales) cannot move it into or
 * out of any answer, so the answer cache forgets only the answers drawn from it
 * (CatalogueCache.forgetAnswersOf); a new print, a new product or a removed one forgets them all.
 *
 * Two 32-bit hashes a product (FNV-1a and a second multiplier), in typed arrays by product id:
 * 8 bytes a product id, outside the JS heap.
 * @example
 * const prints = new SelectionPrints();
 * prints.record(doc, []);               // at the index's build
 * prints.record(editedDoc, []);         // true: its words changed; false: only its price did
 * @module
 */
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './fast/snapshot.ts';
import type { SearchDocument } from './types.ts';

/** Product ids up to this are held in the arrays; a larger one is held in a map. */
const DENSE_IDS = 1 << 24;

const SEP = 0x1f;

/** Prints of the products' selecting fields, by id. */
export class SelectionPrints {
  private a: Int32Array<ArrayBuffer> = new Int32Array(0);
  private b: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Whether the id holds a print (a hash may be 0). */
  private held: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private readonly sparse = new Map<number, readonly [number, number]>();

  /**
   * Stores the document's print; returns whether it differs from the one held (true for a
   * product not held before). `extra`: its cross-reference numbers (the index reads them too).
   */
  record(doc: SearchDocument, extra: readonly string[]): boolean {
    const [ha, hb] = printOf(doc, extra);
    const { id } = doc;
    if (id >= DENSE_IDS || id < 0) {
      const old = this.sparse.get(id);
      this.sparse.set(id, [ha, hb]);
      return old === undefined || old[0] !== ha || old[1] !== hb;
    }
    if (id >= this.a.length) this.grow(id + 1);
    const same = this.held[id] === 1 && this.a[id] === ha && this.b[id] === hb;
    this.a[id] = ha;
    this.b[id] = hb;
    this.held[id] = 1;
    return !same;
  }

  /** Forgets a removed product's print; returns whether one was held. */
  delete(id: number): boolean {
    if (id >= DENSE_IDS || id < 0) return this.sparse.delete(id);
    if (id >= this.held.length || this.held[id] !== 1) return false;
    this.held[id] = 0;
    return true;
  }

  /** Writes every print held into a snapshot (snapshot-file.ts). */
  save(w: SnapshotWriter): void {
    w.i32(this.a); w.i32(this.b); w.u8(this.held);
    const sparse = [...this.sparse];
    w.f64(Float64Array.from(sparse, ([id]) => id));
    w.i32(Int32Array.from(sparse.flatMap(([, [ha, hb]]) => [ha, hb])));
  }

  /** Reads what save wrote, in place of what is held. */
  load(r: SnapshotReader): void {
    this.a = r.i32(); this.b = r.i32(); this.held = r.u8();
    if (this.a.length !== this.held.length || this.b.length !== this.held.length) throw new SnapshotError('the prints of a snapshot do not line up');
    const ids = r.f64();
    const hashes = r.i32();
    this.sparse.clear();
    ids.forEach((id, i) => this.sparse.set(id, [hashes[2 * i]!, hashes[2 * i + 1]!]));
  }

  private grow(min: number): void {
    const cap = Math.min(DENSE_IDS, Math.max(min, this.a.length * 2, 1024));
    const a = new Int32Array(cap);
    const b = new Int32Array(cap);
    const held = new Uint8Array(cap);
    a.set(this.a);
    b.set(this.b);
    held.set(this.held);
    this.a = a;
    this.b = b;
    this.held = held;
  }
}

/** The two hashes of a document's selecting fields. */
export function printOf(doc: SearchDocument, extra: readonly string[]): [number, number] {
  const h = new PrintHash();
  h.text(doc.title);
  h.text(doc.description);
  h.text(doc.vendor ?? '\u0000');
  for (const n of doc.partNumbers) h.text(n);
  h.mark();
  for (const n of extra) h.text(n);
  h.mark();
  for (const [p, v] of doc.tags) {
    h.text(p);
    h.text(v);
  }
  h.mark();
  for (const id of doc.collectionIds) h.text(String(id));
  h.mark();
  for (const t of doc.attributes ?? []) h.text(t);
  h.mark();
  for (const t of doc.collections ?? []) h.text(t);
  h.mark();
  h.text(doc.isFeatured ? '1' : '0');
  return [h.a, h.b];
}

/** FNV-1a over UTF-16 code units, and a second hash with another multiplier and seed. */
class PrintHash {
  a = 0x811c9dc5 | 0;
  b = 0x2545f491 | 0;

  text(s: string): void {
    let { a, b } = this;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    this.a = Math.imul(a ^ SEP, 0x01000193);
    this.b = Math.imul(b ^ SEP, 0x5bd1e995);
  }

  /** Ends a list, so ['a', 'b'] then [] differs from ['a'] then ['b']. */
  mark(): void {
    this.a = Math.imul(this.a ^ 0x1e, 0x01000193);
    this.b = Math.imul(this.b ^ 0x1e, 0x5bd1e995);
  }
}
