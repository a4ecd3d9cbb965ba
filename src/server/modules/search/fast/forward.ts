/**
 * The fast index's forward index: each ordinal's distinct word ids with their FIELD flags, for
 * checking a word on a few remaining candidates (text.ts checkWord). The ids of an ordinal are
 * kept ascending as variable-length gaps (7 bits a byte, the high bit saying another byte
 * follows: most gaps take 1 or 2 bytes), the flags one byte each beside them. A million
 * products hold 57 million (word, product) pairs: 285 MB as 4-byte ids and flags, about 170 MB
 * so.
 * @example
 * const fwd = new ForwardIndex();
 * fwd.grow(1024);
 * fwd.add(0, [3, 9, 200], [1, 1, 16]);
 * // read as checkWord does: entries [start[o], end[o]), gaps from bytes[byteStart[o]]
 * @module
 */
import type { SnapshotReader, SnapshotWriter } from './snapshot.ts';
import { growBits } from './storage.ts';

/** Each ordinal's words: ids as gaps in `bytes`, flags in `flags`. */
export class ForwardIndex {
  /** Each ordinal's entries: flags[start[o] .. end[o]). */
  start = new Uint32Array(0);
  end = new Uint32Array(0);
  /** Where each ordinal's gaps begin in `bytes`. */
  byteStart = new Uint32Array(0);
  flags = new Uint8Array(4096);
  bytes = new Uint8Array(8192);
  /** Entries in use. */
  fill = 0;
  private byteFill = 0;

  /** Writes ordinal `o`'s word ids (ascending, distinct) and their flags. */
  add(o: number, ids: readonly number[], flags: readonly number[]): void {
    const n = ids.length;
    if (this.fill + n > this.flags.length) this.flags = grown(this.flags, this.fill + n);
    // 5 bytes hold any 32-bit gap
    if (this.byteFill + 5 * n > this.bytes.length) this.bytes = grown(this.bytes, this.byteFill + 5 * n);
    this.start[o] = this.fill;
    this.byteStart[o] = this.byteFill;
    let last = 0;
    for (let k = 0; k < n; k++) {
      this.flags[this.fill++] = flags[k]!;
      let gap = ids[k]! - last;
      last = ids[k]!;
      while (gap >= 0x80) {
        this.bytes[this.byteFill++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      this.bytes[this.byteFill++] = gap;
    }
    this.end[o] = this.fill;
  }

  /** The ids of ordinal `o`, ascending (for tests and compaction). */
  idsOf(o: number): number[] {
    const out: number[] = [];
    let p = this.byteStart[o]!;
    let id = 0;
    for (let i = this.start[o]!; i < this.end[o]!; i++) {
      let b = this.bytes[p++]!;
      let gap = b & 0x7f;
      for (let shift = 7; b >= 0x80; shift += 7) {
        b = this.bytes[p++]!;
        gap += (b & 0x7f) * 2 ** shift;
      }
      id += gap;
      out.push(id);
    }
    return out;
  }

  /** Makes room for `cap` ordinals. */
  grow(cap: number): void {
    this.start = growBits(this.start, cap);
    this.end = growBits(this.end, cap);
    this.byteStart = growBits(this.byteStart, cap);
  }

  /** Drops the doubling slack of a bulk load. */
  endBulk(): void {
    this.flags = this.flags.slice(0, Math.max(1024, this.fill));
    this.bytes = this.bytes.slice(0, Math.max(1024, this.byteFill));
  }

  /** Renumbers by a compaction's remap (old ordinal to new, -1: retired): each kept ordinal's bytes and flags copied as they are. */
  compact(remap: Int32Array): void {
    const flags = new Uint8Array(Math.max(1024, this.fill));
    const bytes = new Uint8Array(Math.max(1024, this.byteFill));
    let fill = 0;
    let byteFill = 0;
    for (let o = 0; o < remap.length; o++) {
      const to = remap[o] ?? -1;
      if (to < 0) continue;
      const from = this.start[o]!;
      const n = this.end[o]! - from;
      const byteFrom = this.byteStart[o]!;
      // the ordinal's bytes end where its n-th gap does
      let p = byteFrom;
      for (let k = 0; k < n; k++) while (this.bytes[p++]! >= 0x80);
      flags.set(this.flags.subarray(from, from + n), fill);
      bytes.set(this.bytes.subarray(byteFrom, p), byteFill);
      this.start[to] = fill;
      this.end[to] = fill + n;
      this.byteStart[to] = byteFill;
      fill += n;
      byteFill += p - byteFrom;
    }
    this.flags = flags;
    this.bytes = bytes;
    this.fill = fill;
    this.byteFill = byteFill;
  }

  save(w: SnapshotWriter): void {
    w.json({ fill: this.fill, byteFill: this.byteFill });
    w.u32(this.start); w.u32(this.end); w.u32(this.byteStart);
    w.u8(this.flags, this.fill); w.u8(this.bytes, this.byteFill);
  }

  load(r: SnapshotReader): void {
    const { fill, byteFill } = r.json<{ fill: number; byteFill: number }>();
    this.start = r.u32(); this.end = r.u32(); this.byteStart = r.u32();
    this.flags = r.u8(); this.bytes = r.u8();
    this.fill = fill;
    this.byteFill = byteFill;
  }
}

/** A copy of `a` with room for at least `min` (doubling). */
function grown(a: Uint8Array, min: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(Math.max(a.length * 2, min));
  b.set(a);
  return b;
}
